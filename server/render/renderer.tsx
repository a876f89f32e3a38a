/**
 * The page path: session snapshot → guards → the static handler's loaders → streamed React HTML.
 * GET /_data/… runs the same path up to the loaders and answers JSON for client navigations.
 */
import { PassThrough } from 'node:stream';
import { StrictMode, type ReactNode } from 'react';
import { preinit, preloadModule } from 'react-dom';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  redirect,
  StaticRouterProvider,
  type DataStrategyFunction,
  type DataStrategyResult,
  type LoaderFunction,
  type StaticHandler,
  type StaticHandlerContext,
} from 'react-router-dom';
import { isbot } from 'isbot';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { buildRoutes, type RouteHandle } from '../../shared/routes.ts';
import type { Language } from '../../shared/sites.ts';
import { jsonForScript } from '../../shared/serialize.ts';
import { messages } from '../../shared/locales/index.ts';
import { AppProviders } from '../../client/AppProviders.tsx';
import { CONSENT_COOKIE } from '../../client/components/CookieBanner.tsx';
import { NonceContext } from '../../client/color-mode.tsx';
import type { BootData } from '../../client/boot.ts';
import type { DataEnvelope } from '../../client/data-strategy.ts';
import { loaders, type LoadContext } from '../loaders.ts';
import type { Services } from '../services/index.ts';
import { EMPTY_SNAPSHOT } from '../services/sessions.ts';
import { isLocalHost, issueSessionCookie } from '../http/request-context.ts';
import { pageSecurityHeaders } from '../http/security.ts';
import { runGuards } from './guards.ts';
import type { PageAssets } from './assets.ts';
import { STATIC_500_PAGE, STATIC_503_PAGE } from './static-pages.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/errors.ts';

export interface RendererOptions {
  services: Services;
  assets: PageAssets;
  renderTimeoutMs: number;
  /** Hide internal error messages from pages and answers. */
  production: boolean;
  dev?: boolean;
}

type SerializedErrors = Record<string, unknown> | null;

export function createRenderer(options: RendererOptions) {
  const { services, assets } = options;
  const routes = buildRoutes((id) => loaders[id] as unknown as LoaderFunction);
  // The static handler's basename is fixed per instance: one per language prefix in use.
  const handlers = new Map<string, StaticHandler>();
  const handlerFor = (basename: string) => {
    let handler = handlers.get(basename);
    if (!handler) handlers.set(basename, (handler = createStaticHandler(routes, { basename })));
    return handler;
  };

  /**
   * Runs the matched routes' loaders — after their guards. The guards run as the static handler's data
   * strategy: React Router has matched the routes already (no second match), and a guard's redirect
   * replaces every loader. The redirect path is router-relative; React Router adds the basename.
   */
  function guardedQuery(
    request: FastifyRequest,
    ctx: LoadContext,
    path: string,
    signal: AbortSignal,
    options: Pick<NonNullable<Parameters<StaticHandler['query']>[1]>, 'filterMatchesToLoad' | 'skipLoaderErrorBubbling'> = {},
  ) {
    const url = new URL(`https://${request.site.host}${path}`);
    const dataStrategy: DataStrategyFunction = async ({ matches }) => {
      const toLoad = matches.filter((m) => m.shouldCallHandler());
      const target = await runGuards(matches, ctx, url);
      if (target) {
        const first = toLoad[0] ?? matches[0]!;
        return { [first.route.id]: { type: 'data', result: redirect(target, 302) } };
      }
      const results = await Promise.all(toLoad.map((m) => m.resolve()));
      return Object.fromEntries(toLoad.map((m, i) => [m.route.id, results[i]!])) as Record<string, DataStrategyResult>;
    };
    // The Request's origin comes from the sites config, never from the Host header.
    const routerRequest = new Request(url, { method: 'GET', signal, headers: { accept: 'text/html' } });
    return handlerFor(request.basename)
      .query(routerRequest, { requestContext: ctx, dataStrategy, ...options })
      .then((context) => {
        // A loader that met the database away fails the whole answer with 503, not a page of error boundaries.
        const down = context instanceof Response ? undefined : Object.values(context.errors ?? {}).find(isDatabaseUnavailable);
        if (down) throw down;
        return context;
      });
  }

  // A page embeds its language's strings: serialised once per language, not per request.
  const translationsJson = new Map(Object.entries(messages).map(([lang, strings]) => [lang, jsonForScript(strings)]));
  const buildIdJson = jsonForScript(assets.build.id);
  const bootScript = (language: Language, basename: string) =>
    `window.__BOOT__={"language":${jsonForScript(language)},"basename":${jsonForScript(basename)},"translations":${translationsJson.get(language)},"buildId":${buildIdJson}};`;

  async function loadContext(request: FastifyRequest): Promise<LoadContext> {
    const snapshot = request.sessionIsNew ? EMPTY_SNAPSHOT : await services.sessions.snapshot(request.sessionId, request.site.id);
    return {
      site: request.site,
      language: request.siteLanguage,
      basename: request.basename,
      session: { id: request.sessionId, token: services.sessions.tokenFor(request.sessionId), snapshot },
      cookieConsent: request.cookies[CONSENT_COOKIE] === '1',
      localHost: isLocalHost(request.hostname),
      services,
    };
  }

  /** Loader errors as the browser's router expects them (RouteErrorResponse kept; internals hidden). */
  function serializeErrors(errors: StaticHandlerContext['errors'], request: FastifyRequest): SerializedErrors {
    if (!errors) return null;
    return Object.fromEntries(
      Object.entries(errors).map(([routeId, error]) => {
        if (isRouteErrorResponse(error)) return [routeId, { ...error, __type: 'RouteErrorResponse' }];
        request.log.error({ err: error, routeId }, 'loader failed');
        const message = options.production ? 'Internal Server Error' : String((error as Error)?.message ?? error);
        return [routeId, { message, __type: 'Error' }];
      }),
    );
  }

  /** A page answer; any failure before the stream starts (the database down, say) is the static 500 page. */
  async function page(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    try {
      await renderPage(request, reply);
    } catch (err) {
      if (reply.sent || reply.raw.headersSent) throw err;
      // The database away: 503 + Retry-After and a page saying so (a warning: the request is fine).
      const unavailable = isDatabaseUnavailable(err);
      request.log[unavailable ? 'warn' : 'error']({ err }, unavailable ? 'page failed: database unavailable' : 'page failed');
      if (unavailable) reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      reply
        .code(unavailable ? 503 : 500)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .headers(pageSecurityHeaders(request.cspNonce, { dev: !!options.dev, tags: request.site.tags }))
        .send(unavailable ? STATIC_503_PAGE : STATIC_500_PAGE);
    }
  }

  async function renderPage(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const path = request.url;
    // One address per page: "/vibroizolyaciya/" → "/vibroizolyaciya".
    const [pathname, search] = splitUrl(path);
    if (pathname.length > 1 && pathname.endsWith('/')) {
      // Leading slashes collapse too: "//evil.example/" must not become the protocol-relative "//evil.example".
      const target = '/' + pathname.replace(/^[/\\]+/, '').replace(/\/+$/, '');
      return void reply.redirect(target + (search ? '?' + search : ''), 301);
    }

    const ctx = await loadContext(request);
    const controller = abortOnDisconnect(reply);
    const context = await guardedQuery(request, ctx, path, controller.signal);
    if (context instanceof Response) return sendRouterResponse(reply, context);

    issueSessionCookie(request, reply);
    const handler = handlerFor(request.basename);
    const boot: BootData = { language: ctx.language, basename: ctx.basename, translations: messages[ctx.language], buildId: assets.build.id };
    const hydrationData = { loaderData: context.loaderData, actionData: context.actionData, errors: serializeErrors(context.errors, request) };
    const pageModules = context.matches.map((m) => (m.route.handle as RouteHandle | undefined)?.module).filter((m): m is string => !!m);

    const router = createStaticRouter(handler.dataRoutes, context);
    const tree = (
      <StrictMode>
        <NonceContext.Provider value={request.cspNonce}>
        <AppProviders boot={boot} i18n={request.i18n}>
          <Preloads modules={assets.modulePreloads(pageModules)} stylesheets={assets.stylesheets(pageModules)} nonce={request.cspNonce} />
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
        </NonceContext.Provider>
      </StrictMode>
    );

    reply
      .code(context.statusCode)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'private, no-cache')
      .headers(pageSecurityHeaders(request.cspNonce, { dev: !!options.dev, tags: request.site.tags }));
    await streamHtml(request, reply, tree, {
      nonce: request.cspNonce,
      bootstrapModules: assets.bootstrapModules,
      bootstrapScriptContent: `${bootScript(ctx.language, ctx.basename)}window.__staticRouterHydrationData=${jsonForScript(hydrationData)};`,
      waitForAll: isbot(request.headers['user-agent'] ?? ''),
      controller,
      timeoutMs: options.renderTimeoutMs,
    });
  }

  /** GET /_data{path}?…&_routes=a,b — the loader data a client navigation needs, in one answer. */
  async function data(request: FastifyRequest, reply: FastifyReply): Promise<DataEnvelope> {
    const [rawPathname, search] = splitUrl(request.url.slice('/_data'.length) || '/');
    const params = new URLSearchParams(search);
    const wanted = new Set((params.get('_routes') ?? '').split(',').filter(Boolean));
    params.delete('_routes');
    const query = params.toString();
    const path = rawPathname + (query ? '?' + query : '');

    reply.header('cache-control', 'private, no-cache');
    const ctx = await loadContext(request);
    const controller = abortOnDisconnect(reply);
    const context = await guardedQuery(request, ctx, path, controller.signal, {
      filterMatchesToLoad: (m) => wanted.size === 0 || wanted.has(m.route.id),
      // Errors stay with the route that threw, so the browser's router places them itself.
      skipLoaderErrorBubbling: true,
    });
    if (context instanceof Response) {
      const location = context.headers.get('location');
      // A redirect to another origin (another site) leaves this document: the browser loads it in full.
      if (location) return /^https?:\/\//.test(location) ? { redirect: location, reloadDocument: true } : { redirect: location };
      throw new Error(`a loader answered status ${context.status} without a location`);
    }
    const results: NonNullable<DataEnvelope['results']> = {};
    for (const [id, value] of Object.entries(context.loaderData)) results[id] = { data: value };
    const errors = serializeErrors(context.errors, request) ?? {};
    for (const [id, error] of Object.entries(errors)) {
      const e = error as { __type: string; status?: number; statusText?: string; data?: unknown; message?: string };
      results[id] = e.__type === 'RouteErrorResponse' ? { error: { status: e.status!, statusText: e.statusText, data: e.data } } : { error: { message: e.message! } };
    }
    return { results };
  }

  return { page, data };
}

/** An AbortController that fires when the client goes away before the answer is complete. */
export function abortOnDisconnect(reply: FastifyReply): AbortController {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller;
}

/**
 * Streams a React tree into the reply: at shell-ready (at all-ready for crawlers), a static 500 page when the
 * shell fails, aborted when the client disconnects or after timeoutMs (React then sends what it has and leaves
 * the rest to the browser). Status and headers must be set before: they go out with the shell.
 */
export function streamHtml(
  request: FastifyRequest,
  reply: FastifyReply,
  tree: ReactNode,
  opts: {
    nonce: string;
    bootstrapModules: string[];
    bootstrapScriptContent: string;
    waitForAll: boolean;
    controller: AbortController;
    timeoutMs: number;
  },
): Promise<void> {
  return new Promise<void>((resolve) => {
    let settled = false;
    const finish = (send: () => void) => {
      if (settled) return;
      settled = true;
      send();
      resolve();
    };
    const { pipe, abort } = renderToPipeableStream(tree, {
      nonce: opts.nonce,
      bootstrapModules: opts.bootstrapModules,
      bootstrapScriptContent: opts.bootstrapScriptContent,
      onShellReady() {
        if (!opts.waitForAll) finish(() => reply.send(pipe(new PassThrough())));
      },
      onAllReady() {
        if (opts.waitForAll) finish(() => reply.send(pipe(new PassThrough())));
      },
      onShellError(error) {
        request.log.error({ err: error }, 'shell render failed');
        finish(() => {
          reply.code(500).type('text/html; charset=utf-8').send(STATIC_500_PAGE);
        });
      },
      onError(error) {
        if (!opts.controller.signal.aborted) request.log.error({ err: error }, 'render error');
      },
    });
    // A stream that takes too long is cut: React sends what it has and leaves the rest to the client.
    const timer = setTimeout(() => abort(new Error('render timeout')), opts.timeoutMs);
    reply.raw.once('close', () => clearTimeout(timer));
    opts.controller.signal.addEventListener('abort', () => abort(new Error('client disconnected')), { once: true });
  });
}

/** Server-only: asks React to emit <link rel="modulepreload"> and stylesheets in <head>. Renders nothing. */
function Preloads({ modules, stylesheets, nonce }: { modules: string[]; stylesheets: string[]; nonce: string }) {
  for (const href of stylesheets) preinit(href, { as: 'style', precedence: 'default' });
  for (const href of modules) preloadModule(href, { as: 'script', nonce });
  return null;
}

function sendRouterResponse(reply: FastifyReply, response: Response): void {
  const location = response.headers.get('location');
  if (location && response.status >= 300 && response.status < 400) return void reply.redirect(location, response.status);
  reply.code(response.status).send(response.body);
}

function splitUrl(url: string): [pathname: string, search: string] {
  const i = url.indexOf('?');
  return i < 0 ? [url, ''] : [url.slice(0, i), url.slice(i + 1)];
}

/**
 * The router runtime's page path: the host's request context (session snapshot …) → guards → the static handler's
 * loaders (and, for a form post, the route's action) → streamed React HTML. The same path answers JSON for the
 * browser's router:
 *   GET  /_data{path}?_routes=a,b    the loaders a client navigation needs, in one answer;
 *   POST /_data{path}?_action=<id>   a route's action, from a <Form> or fetcher once the page is hydrated.
 * A form posted without JavaScript (POST {path}) runs the same action and gets a 303 back (docs/decisions/021).
 * Generic over the page context: what sites, sessions, storage and security policy mean comes from the host
 * (server/render/host.ts), never from an import (docs/decisions/020-route-modules.md, addendum).
 */

import type { FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import {
  createStaticHandler,
  createStaticRouter,
  type DataStrategyFunction,
  type DataStrategyResult,
  isRouteErrorResponse,
  redirect,
  type StaticHandler,
  type StaticHandlerContext,
} from 'react-router-dom';
import { appRoutes, ServerApp } from '../../client/ssr.tsx';
import {
  type BootData,
  DATA_ACTION_PARAM,
  DATA_PREFIX,
  DATA_ROUTES_PARAM,
  type DataEnvelope,
  type RouteResult,
} from '../../shared/contracts.ts';
import { pageModuleKey, type RouteId, stringsOf } from '../../shared/routes.ts';
import { jsonForScript } from '../../shared/serialize.ts';
import type { Language } from '../../shared/sites.ts';
import { logRequestError } from '../platform/logger.ts';
import type { PageAssets } from './assets.ts';
import { applyEffects, type FormFields, formFields, readFlash, refuseWithoutToken } from './form-posts.ts';
import { type Guards, runGuards } from './guards.ts';
import type { PageStore, PageValues, RenderHost, RequestFacts } from './host.ts';
import { notFoundError, type RouterContext, type ServerRoutes } from './route-module.ts';
import { STATIC_500_PAGE, STATIC_503_PAGE } from './static-pages.ts';
import { abortOnDisconnect, capture, streamHtml } from './stream.ts';
import { type PageStrings, pageStrings, stringsVersion } from './strings.ts';

export interface RendererOptions<Ctx extends RouterContext> {
  /** What the runtime asks of the application: the request context, cookies, security headers … */
  host: RenderHost<Ctx>;
  assets: PageAssets;
  /** The server page modules by route id. */
  serverRoutes: ServerRoutes<Ctx>;
  /** The implementation of each guard a page module may name. */
  guards: Guards<Ctx>;
  renderTimeoutMs: number;
  /** Hide internal error messages from pages and answers. */
  production: boolean;
}

type SerializedErrors = Record<string, unknown> | null;

export function createRenderer<Ctx extends RouterContext>(options: RendererOptions<Ctx>) {
  const { host, assets, serverRoutes, guards } = options;
  const routes = appRoutes((id: RouteId) => {
    const module = serverRoutes.get(id);
    return { loader: module?.loader as never, action: module?.action as never };
  });
  // The static handler's basename is fixed per instance: one per language prefix in use.
  const handlers = new Map<string, StaticHandler>();
  const handlerFor = (basename: string) => {
    let handler = handlers.get(basename);
    if (!handler) {
      handler = createStaticHandler(routes, { basename });
      handlers.set(basename, handler);
    }
    return handler;
  };

  /**
   * Runs the matched routes' loaders (or the action of a POST) — after their guards. The guards run as the static
   * handler's data strategy: React Router has matched the routes already (no second match), and a guard's redirect
   * replaces every loader. The redirect path is router-relative; React Router adds the basename.
   */
  function guardedQuery(
    facts: RequestFacts,
    ctx: Ctx,
    path: string,
    signal: AbortSignal,
    form: FormFields | null,
    options: Pick<
      NonNullable<Parameters<StaticHandler['query']>[1]>,
      'filterMatchesToLoad' | 'skipLoaderErrorBubbling' | 'skipRevalidation'
    > = {},
  ) {
    const url = new URL(`${facts.routerOrigin}${path}`);
    const dataStrategy: DataStrategyFunction = async ({ matches }) => {
      const toLoad = matches.filter((m) => m.shouldCallHandler());
      const verdict = await runGuards(matches, ctx, url, serverRoutes, guards);
      if (verdict && 'redirect' in verdict) {
        const first = toLoad[0] ?? matches[0]!;
        return { [first.route.id]: { type: 'data', result: redirect(verdict.redirect, 302) } };
      }
      // A guard's 404: that route answers the spec's not-found error (its loader never runs); the shell loads as usual.
      const results = await Promise.all(
        toLoad.map((m) =>
          verdict && m.route.id === verdict.notFound ? { type: 'error' as const, result: notFoundError(url.href) } : m.resolve(),
        ),
      );
      signal.throwIfAborted(); // the client left: an aborted lazy route resolves to undefined in React Router 7.18
      return Object.fromEntries(toLoad.map((m, i) => [m.route.id, results[i]!])) as Record<string, DataStrategyResult>;
    };
    // The Request's origin comes from the sites config, never from the Host header.
    const routerRequest = form
      ? new Request(url, {
          method: 'POST',
          signal,
          body: new URLSearchParams(form),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      : new Request(url, { method: 'GET', signal, headers: { accept: 'text/html' } });
    return handlerFor(facts.basename)
      .query(routerRequest, { requestContext: ctx, dataStrategy, ...options })
      .then((context) => {
        // A loader or action that met the database away (the host's verdict) fails the whole answer with 503, not a page
        // of error boundaries.
        const down =
          context instanceof Response ? undefined : Object.values(context.errors ?? {}).find((e) => host.unavailable(e) !== null);
        if (down) throw down;
        return context;
      });
  }

  // A page embeds the strings of its routes (shared/routes.ts): serialised once per language and units, not per request.
  const buildIdJson = jsonForScript(assets.build.id);
  const bootScript = (language: Language, basename: string, strings: PageStrings) =>
    `window.__BOOT__={"language":${jsonForScript(language)},"basename":${jsonForScript(basename)},"translations":${strings.json},"stringsVersion":${jsonForScript(stringsVersion(language))},"buildId":${buildIdJson}};`;

  /** The host's context around the runtime's own fields (a document request reads the flash it was sent back with). */
  function loadContext(request: FastifyRequest, facts: RequestFacts, document: boolean): Promise<Ctx> {
    const base: RouterContext = {
      language: facts.language,
      basename: facts.basename,
      document,
      flash: document ? readFlash(request) : null,
      effects: {},
    };
    return host.loadContext(request, base);
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

  /** A page answer; any failure before the stream starts (the database down, say) is a static page. */
  async function page(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    try {
      await renderPage(request, reply, null);
    } catch (err) {
      failurePage(request, reply, err, 'page failed');
    }
  }

  /** POST {path}: a form posted without JavaScript. The route's action answers 303; a failure is a static page. */
  async function formPost(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const fields = formFields(request.body);
    if (refuseWithoutToken(request, reply, fields, host.describe(request), true, host)) return;
    try {
      await renderPage(request, reply, fields);
    } catch (err) {
      failurePage(request, reply, err, 'form post failed');
    }
  }

  /** The static 500 page for a failure before the stream started; the database away: 503 + Retry-After and a page saying so. */
  function failurePage(request: FastifyRequest, reply: FastifyReply, err: unknown, what: string): void {
    if (reply.sent || reply.raw.headersSent) throw err;
    // A warning, not an error, when the database is away: the request is fine.
    const retryAfter = host.unavailable(err);
    const unavailable = retryAfter !== null;
    if (unavailable) request.log.warn({ err }, `${what}: database unavailable`);
    else logRequestError(request, err, what);
    if (unavailable) reply.header('retry-after', String(retryAfter));
    reply
      .code(unavailable ? 503 : 500)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .headers(host.htmlHeaders(request, 'static'))
      .send(unavailable ? STATIC_503_PAGE : STATIC_500_PAGE);
  }

  async function renderPage(request: FastifyRequest, reply: FastifyReply, form: FormFields | null): Promise<void> {
    const path = request.url;
    // One address per page: "/vibroizolyaciya/" → "/vibroizolyaciya".
    const [pathname, search] = splitUrl(path);
    if (!form && pathname.length > 1 && pathname.endsWith('/')) {
      // Leading slashes collapse too: "//evil.example/" must not become the protocol-relative "//evil.example".
      const target = '/' + pathname.replace(/^[/\\]+/, '').replace(/\/+$/, '');
      return void reply.redirect(target + (search ? '?' + search : ''), 301);
    }

    const facts = host.describe(request);
    const ctx = await loadContext(request, facts, true);
    const cache = host.pageCache?.enabled ? host.pageCache : undefined;
    const cacheable = !form && cache ? (host.cacheablePage?.(request, ctx) ?? null) : null;
    const found = cacheable ? cache!.lookup(cacheable.key) : undefined;
    if (cacheable && found?.state === 'hit')
      return sendStoredPage(request, reply, cache!, found.page, { nonce: facts.nonce, token: cacheable.token });
    reply.header('x-page-cache', !cacheable ? 'bypass' : found?.state === 'stale' ? 'refresh' : 'miss');

    const controller = abortOnDisconnect(reply);
    let context: Awaited<ReturnType<typeof guardedQuery>>;
    try {
      context = await guardedQuery(facts, ctx, path, controller.signal, form);
    } catch (err) {
      if (cacheable) cache!.abandon(cacheable.key);
      throw err;
    }
    applyEffects(request, reply, ctx, facts, host);
    // Kept only a complete 200 page that set nothing but the session cookie.
    const keep =
      cacheable && !(context instanceof Response) && context.statusCode === 200 && !context.errors && Object.keys(ctx.effects).length === 0;
    if (cacheable && !keep) cache!.abandon(cacheable.key);
    if (context instanceof Response) return sendRouterResponse(reply, context, form !== null);
    if (!ctx.effects.session) host.issueSessionCookie(request, reply);

    const handler = handlerFor(facts.basename);
    const units = stringsOf(context.matches.map((m) => m.route.id));
    const strings = pageStrings(ctx.language, units);
    const boot: BootData = {
      language: ctx.language,
      basename: ctx.basename,
      translations: strings.translations,
      stringsVersion: stringsVersion(ctx.language),
      buildId: assets.build.id,
    };
    const hydrationData = {
      loaderData: context.loaderData,
      actionData: context.actionData,
      errors: serializeErrors(context.errors, request),
    };
    const pageModules = context.matches.filter((m) => m.route.lazy).map((m) => pageModuleKey(m.route.id));

    let renderFailed = false;
    const router = createStaticRouter(handler.dataRoutes, context);
    const tree = (
      <ServerApp
        boot={boot}
        translator={strings.translator}
        nonce={facts.nonce}
        router={router}
        context={context}
        modules={assets.modulePreloads(pageModules)}
        stylesheets={assets.stylesheets(pageModules)}
      />
    );

    reply
      .code(context.statusCode)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'private, no-cache')
      .headers(host.htmlHeaders(request, 'page'));
    await streamHtml(request, reply, tree, {
      nonce: facts.nonce,
      bootstrapModules: assets.bootstrapModules,
      bootstrapScriptContent: `${bootScript(ctx.language, ctx.basename, strings)}window.__staticRouterHydrationData=${jsonForScript(hydrationData)};`,
      waitForAll: isbot(request.headers['user-agent'] ?? ''),
      controller,
      timeoutMs: options.renderTimeoutMs,
      destination: () => {
        const out = host.htmlDestination(request, reply);
        if (keep)
          capture(
            out,
            reply,
            controller,
            () => renderFailed,
            (html) => cache!.store(cacheable.key, 200, html, { nonce: facts.nonce, token: cacheable.token }),
            () => cache!.abandon(cacheable.key),
          );
        return out;
      },
      onError: () => {
        renderFailed = true;
      },
    });
  }

  /** A kept page, with this request's nonce and token, gzip as stored when the browser takes it. */
  function sendStoredPage(
    request: FastifyRequest,
    reply: FastifyReply,
    cache: PageStore,
    page: { status: number },
    values: PageValues,
  ): void {
    host.issueSessionCookie(request, reply);
    const gzip = host.acceptsGzip?.(request) ?? false;
    reply
      .code(page.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'private, no-cache')
      .headers(host.htmlHeaders(request, 'page'))
      .header('x-page-cache', 'hit')
      .header('vary', 'Accept-Encoding');
    if (gzip) reply.header('content-encoding', 'gzip');
    reply.send(cache.answer(page as never, values, gzip));
  }

  /** GET /_data{path}?…&_routes=a,b — the loader data a client navigation needs, in one answer. */
  async function data(request: FastifyRequest, reply: FastifyReply): Promise<DataEnvelope> {
    const { path, params } = dataPath(request);
    const wanted = new Set((params.get(DATA_ROUTES_PARAM) ?? '').split(',').filter(Boolean));
    reply.header('cache-control', 'private, no-cache');
    const facts = host.describe(request);
    const ctx = await loadContext(request, facts, false);
    const controller = abortOnDisconnect(reply);
    const context = await guardedQuery(facts, ctx, path, controller.signal, null, {
      filterMatchesToLoad: (m) => wanted.size === 0 || wanted.has(m.route.id),
      // Errors stay with the route that threw, so the browser's router places them itself.
      skipLoaderErrorBubbling: true,
    });
    applyEffects(request, reply, ctx, facts, host);
    if (context instanceof Response) return redirectEnvelope(context);
    const results: Record<string, RouteResult> = {};
    for (const [id, value] of Object.entries(context.loaderData)) results[id] = { data: value };
    Object.assign(results, errorResults(context, request));
    return { results };
  }

  /** POST /_data{path}?_action=<route id> — a route's action for the hydrated page's <Form> or fetcher. */
  async function action(request: FastifyRequest, reply: FastifyReply): Promise<DataEnvelope | undefined> {
    const { path } = dataPath(request);
    const fields = formFields(request.body);
    reply.header('cache-control', 'no-store');
    const facts = host.describe(request);
    if (refuseWithoutToken(request, reply, fields, facts, false, host)) return;
    const ctx = await loadContext(request, facts, false);
    const controller = abortOnDisconnect(reply);
    // Only the action runs here: the browser's router then revalidates the loaders it needs through GET /_data.
    const context = await guardedQuery(facts, ctx, path, controller.signal, fields, {
      skipRevalidation: true,
      skipLoaderErrorBubbling: true,
    });
    applyEffects(request, reply, ctx, facts, host);
    if (context instanceof Response) return redirectEnvelope(context);
    const results: Record<string, RouteResult> = {};
    for (const [id, value] of Object.entries(context.actionData ?? {})) results[id] = { data: value, status: context.statusCode };
    Object.assign(results, errorResults(context, request));
    return { results };
  }

  function errorResults(context: StaticHandlerContext, request: FastifyRequest): Record<string, RouteResult> {
    const results: Record<string, RouteResult> = {};
    for (const [id, error] of Object.entries(serializeErrors(context.errors, request) ?? {})) {
      const e = error as { __type: string; status?: number; statusText?: string; data?: unknown; message?: string };
      results[id] =
        e.__type === 'RouteErrorResponse'
          ? { error: { status: e.status!, statusText: e.statusText, data: e.data } }
          : { error: { message: e.message! } };
    }
    return results;
  }

  return { page, formPost, data, action };
}

/** The page path of a /_data request, without the router's own parameters. */
function dataPath(request: FastifyRequest): { path: string; params: URLSearchParams } {
  const [rawPathname, search] = splitUrl(request.url.slice(DATA_PREFIX.length) || '/');
  const params = new URLSearchParams(search);
  const own = new URLSearchParams(params);
  params.delete(DATA_ROUTES_PARAM);
  params.delete(DATA_ACTION_PARAM);
  const query = params.toString();
  return { path: rawPathname + (query ? '?' + query : ''), params: own };
}

function redirectEnvelope(response: Response): DataEnvelope {
  const location = response.headers.get('location');
  // A redirect to another origin (another site) leaves this document: the browser loads it in full.
  if (location) return /^https?:\/\//.test(location) ? { redirect: location, reloadDocument: true } : { redirect: location };
  throw new Error(`a route answered status ${response.status} without a location`);
}

/** A loader's or action's redirect; after a form post always 303, so the browser follows it with a GET. */
function sendRouterResponse(reply: FastifyReply, response: Response, afterPost: boolean): void {
  const location = response.headers.get('location');
  if (location && response.status >= 300 && response.status < 400) return void reply.redirect(location, afterPost ? 303 : response.status);
  reply.code(response.status).send(response.body);
}

function splitUrl(url: string): [pathname: string, search: string] {
  const i = url.indexOf('?');
  return i < 0 ? [url, ''] : [url.slice(0, i), url.slice(i + 1)];
}

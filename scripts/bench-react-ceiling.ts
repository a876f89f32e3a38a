/**
 * The "React ceiling" of npm run bench (scripts/bench.ts): the shop's own React tree rendered by bare node:http and
 * renderToPipeableStream, from loader data captured once from the real server, so the bench can show what our
 * plumbing (Fastify, its hooks, sessions, guards, the database, the CSP) costs above React's own rendering.
 *
 * What it keeps from a real page answer (server/render/renderer.tsx): React Router's static handler matching the path
 * and resolving the lazy page module, the same route tree (client/ssr.tsx: appRoutes, ServerApp with its providers,
 * preloads and stylesheets from the build's manifest), the hydration data serialised into the bootstrap script on
 * every answer, and the same compression (brotli at the app's quality, or gzip, flushed as React writes).
 * What it leaves out: Fastify and every hook, the session, guards, the loaders' database work (each loader answers
 * the data the page had when it was captured), the CSP header and nonce generation (one fixed nonce).
 *
 *   PORT          where to listen (127.0.0.1)
 *   CEILING_PAGES a JSON file: [{ path, boot, hydrationData }] — the page addresses to answer (exact match on the
 *                 request's path and query) and what the bench read from each page's bootstrap script
 * Any other address answers 404. Run with NODE_ENV=production (React's production build), as the bench does.
 */
import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { PassThrough, type Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createBrotliCompress, createGzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import { createElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, type LoaderFunction } from 'react-router-dom';
import { appRoutes, ServerApp } from '../client/ssr.tsx';
import { BROTLI_OPTIONS } from '../server/http/compression.ts';
import { productionAssets } from '../server/render/assets.ts';
import type { BootData } from '../shared/contracts.ts';
import { pageModuleKey, type RouteId } from '../shared/routes.ts';
import { jsonForScript } from '../shared/serialize.ts';
import { createTranslator } from '../shared/translator.ts';

/** One page as the bench captured it from the real server's answer. */
export interface CeilingPage {
  /** The request's path and query, e.g. "/cart" or "/search?q=…". */
  path: string;
  /** window.__BOOT__ of the page. */
  boot: BootData;
  /** window.__staticRouterHydrationData of the page: loaderData by route id (actionData and errors are null). */
  hydrationData: { loaderData: Record<string, unknown> };
}

const root = fileURLToPath(new URL('..', import.meta.url));
const pages = new Map((JSON.parse(readFileSync(process.env.CEILING_PAGES!, 'utf8')) as CeilingPage[]).map((page) => [page.path, page]));
const assets = productionAssets(join(root, 'dist/client/.vite/manifest.json'));
// The same shape as a per-request CSP nonce (16 random bytes in base64), fixed: generating one is plumbing.
const NONCE = Buffer.alloc(16, 7).toString('base64');

/** Each loader answers what it answered when the page was captured, found by the request's path. */
const loaderFor =
  (id: RouteId): LoaderFunction =>
  ({ request }) => {
    const url = new URL(request.url);
    return pages.get(url.pathname + url.search)?.hydrationData.loaderData[id] ?? null;
  };
const routes = appRoutes((id) => ({ loader: loaderFor(id) }));

/** Static handlers by basename (the language prefix), as the renderer keeps them. */
const handlers = new Map<string, ReturnType<typeof createStaticHandler>>();
function handlerFor(basename: string) {
  const known = handlers.get(basename);
  if (known) return known;
  const made = createStaticHandler(routes, { basename });
  handlers.set(basename, made);
  return made;
}

/** Each page's translator over the strings its boot data carries, built once (server/render/strings.ts caches it too). */
const translators = new Map([...pages].map(([path, page]) => [path, createTranslator(page.boot.language, page.boot.translations)]));

/** The boot part of the bootstrap script, serialised once per page (the renderer caches it per language). */
const bootScripts = new Map([...pages].map(([path, page]) => [path, `window.__BOOT__=${jsonForScript(page.boot)};`]));

/** Where React's stream goes: compressed as the app compresses a page (server/http/compression.ts, htmlDestination). */
function destination(acceptEncoding: string | undefined, res: ServerResponse): Writable {
  res.setHeader('vary', 'Accept-Encoding');
  const encoding = acceptEncoding ? negotiate(acceptEncoding.toLowerCase().replace(/\*/g, 'gzip'), ['br', 'gzip']) : null;
  if (!encoding) return new PassThrough();
  res.setHeader('content-encoding', encoding);
  return encoding === 'br' ? createBrotliCompress(BROTLI_OPTIONS) : createGzip();
}

const server = createServer(async (req, res) => {
  const path = req.url ?? '/';
  const page = pages.get(path);
  if (!page) {
    res.writeHead(404).end();
    return;
  }
  try {
    const { boot } = page;
    const handler = handlerFor(boot.basename);
    // The origin does not matter to the captured loaders; the renderer's comes from the sites config.
    const context = await handler.query(new Request(`http://localhost${path}`, { headers: { accept: 'text/html' } }));
    if (context instanceof Response) throw new Error(`${path} answered ${context.status} from captured data`);
    const pageModules = context.matches.filter((m) => m.route.lazy).map((m) => pageModuleKey(m.route.id));
    const tree = createElement(ServerApp, {
      boot,
      translator: translators.get(path)!,
      nonce: NONCE,
      router: createStaticRouter(handler.dataRoutes, context),
      context,
      modules: assets.modulePreloads(pageModules),
      stylesheets: assets.stylesheets(pageModules),
    });
    // Serialised on every answer, as the renderer does: turning the data into the page is React's side of the work.
    const hydrationData = { loaderData: context.loaderData, actionData: context.actionData, errors: null };
    const { pipe, abort } = renderToPipeableStream(tree, {
      nonce: NONCE,
      bootstrapModules: assets.bootstrapModules,
      bootstrapScriptContent: `${bootScripts.get(path)}window.__staticRouterHydrationData=${jsonForScript(hydrationData)};`,
      onShellReady() {
        res.statusCode = context.statusCode;
        res.setHeader('content-type', 'text/html; charset=utf-8');
        pipe(destination(req.headers['accept-encoding'], res)).pipe(res);
      },
      onShellError(error) {
        console.error(error);
        res.writeHead(500).end();
      },
      onError(error) {
        if (!res.destroyed) console.error(error);
      },
    });
    // A client that leaves stops its render, as the shop's does (server/render/stream.ts): when a run's connections
    // close, the renders they asked for must not eat into the next run.
    res.on('close', () => {
      if (!res.writableFinished) abort(new Error('client disconnected'));
    });
  } catch (error) {
    console.error(error);
    if (!res.headersSent) res.writeHead(500);
    res.end();
  }
});
server.keepAliveTimeout = 72_000; // as Fastify's default: autocannon keeps its connections
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));

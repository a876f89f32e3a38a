/**
 * buildApp(): the whole server as a Fastify instance, cheap to start in tests (fastify.inject) and in
 * production (server/main.ts). Layout of the request path:
 *   security headers (all) → static files (public/, dist/client/assets) → health checks, /_build/latest.json
 *   → storefront scope: host → site, language, session → /api/* | /_data/* | every other GET: the streamed page
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import i18next from 'i18next';
import { plugin as i18nextPlugin } from 'i18next-http-middleware';
import type { ViteDevServer } from 'vite';
import { SiteDirectory } from '../shared/sites.ts';
import { allResources } from '../shared/locales/index.ts';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import { HttpError } from './http/errors.ts';
import { isDatabaseUnavailable } from './db/errors.ts';
import { sendDatabaseUnavailable } from './http/unavailable.ts';
import { registerRequestContext } from './http/request-context.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { developmentAssets, DEV_ENTRY_PATH, DEV_ENTRY_SOURCE, productionAssets, type PageAssets } from './render/assets.ts';
import { createRenderer } from './render/renderer.tsx';
import { LATEST_BUILD_PATH } from '../client/robustness/constants.ts';
import { registerApiRoutes } from './routes/api.ts';
import { createServices, type Services } from './services/index.ts';
import { loadSessionSecret } from './services/sessions.ts';

export const ROOT_DIR = fileURLToPath(new URL('..', import.meta.url));
export const CLIENT_DIST = ROOT_DIR + 'dist/client/';
const MANIFEST = CLIENT_DIST + '.vite/manifest.json';
export const BODY_LIMIT_BYTES = 64 * 1024;

export interface AppOptions {
  config: Config;
  db: Db;
  /** A pino logger; without one the app logs nothing (tests). */
  logger?: FastifyBaseLogger;
  /** Development: Vite in middleware mode serves the client sources with hot reload. */
  vite?: ViteDevServer;
}

export interface App {
  fastify: FastifyInstance;
  services: Services;
}

export async function buildApp(options: AppOptions): Promise<App> {
  const { config, db } = options;
  const sites = new SiteDirectory(config.sites);
  const sessionSecret = await loadSessionSecret(db, config.sessionSecret);
  const services = createServices(db, { sessionSecret, shellCacheTtlMs: config.shellCacheTtlMs, addressSuggest: config.addressSuggest });
  const assets: PageAssets = options.vite ? developmentAssets() : productionAssets(MANIFEST);

  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    // A hop count is valid at run time (proxy-addr) though Fastify's types omit it.
    trustProxy: config.trustProxy as boolean | string | string[],
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // Bounded work per request: slow clients and huge headers are cut off.
    requestTimeout: 30_000,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
  });

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ statusCode: error.statusCode, error: error.code, message: error.message, issues: error.issues });
    }
    if (isDatabaseUnavailable(error)) return sendDatabaseUnavailable(request, reply, error);
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ statusCode: 500, error: 'internal_error', message: 'Internal Server Error' });
    }
    // Fastify's own client errors: malformed JSON, body too large, unsupported media type …
    return reply.code(status).send({ statusCode: status, error: error.code ?? 'bad_request', message: error.message });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ statusCode: 404, error: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });
  // HTML forms (sign-in, sign-out) post urlencoded bodies; they become plain objects for zod.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  // Graceful shutdown: once close() starts, answers in flight end their connection, so keep-alive sockets
  // do not hold the process open until the shutdown timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    if (closing) reply.header('connection', 'close');
    // The id of the request's log lines, for a shopper's or operator's bug report.
    reply.header('x-request-id', request.id);
  });

  registerSecurityHeaders(app);
  await app.register(fastifyCookie, { secret: sessionSecret });

  app.get('/healthz', async () => ({ status: 'ok' }));
  // The client build this server serves (spec §7 "latest-build file"): open pages poll it to learn of a deploy.
  app.get(LATEST_BUILD_PATH, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { id: assets.build.id, timestamp: assets.build.timestamp };
  });
  app.get('/readyz', async (_request, reply) => {
    try {
      await db.ping(config.readyzTimeoutMs);
      return { status: 'ok', database: db.kind };
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: db.kind });
    }
  });

  // Files of public/ at their own paths (favicon, robots.txt, images), each registered as a route.
  await app.register(fastifyStatic, { root: ROOT_DIR + 'public', wildcard: false, decorateReply: false, maxAge: '1h' });
  if (options.vite) {
    const { default: middie } = await import('@fastify/middie');
    await app.register(middie);
    app.use(options.vite.middlewares);
    app.get(DEV_ENTRY_PATH, (_req, reply) => reply.type('text/javascript').send(DEV_ENTRY_SOURCE));
  } else if (existsSync(CLIENT_DIST + 'assets')) {
    // Hashed build files: cached for a year, immutable.
    await app.register(fastifyStatic, {
      root: CLIENT_DIST + 'assets',
      prefix: '/assets/',
      wildcard: false,
      decorateReply: false,
      immutable: true,
      maxAge: '365d',
    });
  }

  // A build file that does not exist (an old hash after a deploy) is a plain 404, not a rendered page.
  app.get('/assets/*', (_request, reply) => reply.callNotFound());

  await i18next.init({ resources: allResources(), fallbackLng: 'ru', initAsync: false, interpolation: { escapeValue: false } });
  const renderer = createRenderer({
    services,
    assets,
    renderTimeoutMs: config.renderTimeoutMs,
    production: config.env === 'production',
    dev: !!options.vite,
  });

  await app.register(async (storefront) => {
    registerRequestContext(storefront, sites);
    // Sets request.i18n / request.t from request.lng (our language), and Content-Language.
    // API answers need no translations. (A list here would be matched anywhere in the URL, query included.)
    await storefront.register(i18nextPlugin, { i18next, ignoreRoutes: (req: { url: string }) => req.url.startsWith('/api/') });
    registerApiRoutes(storefront, services, sites);
    storefront.get('/_data/*', (request, reply) => renderer.data(request, reply));
    // Returning the reply tells Fastify the answer is (being) sent: the page streams after the handler returns.
    storefront.get('/*', async (request, reply) => {
      await renderer.page(request, reply);
      return reply;
    });
  });

  return { fastify: app, services };
}

/**
 * buildApp(): the whole server as a Fastify instance, cheap to start in tests (fastify.inject) and in
 * production (server/main.ts). It only composes plugins (docs/decisions/017):
 *   security headers (every answer) → db → services (built once) → mail worker → cookies → static files, health checks,
 *   /_build/latest.json → storefront scope: request context (host → site, language, session) → i18n (one
 *   i18next per language) → /api/* (server/api/: one plugin per domain, zod schemas, OpenAPI) | pages
 *   (/_data/* and every other GET: server/http/pages.ts around the renderer); with no SMTP configured, the demo inbox
 *   page (/_demo/inbox: server/http/demo-inbox.ts)
 */

import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ViteDevServer } from 'vite';
import { DATA_PREFIX, LATEST_BUILD_PATH } from '../shared/contracts.ts';
import { STRINGS_PREFIX } from '../shared/locales/slices.ts';
import { safeLocalPath } from '../shared/safe-path.ts';
import { apiPlugin } from './api/index.ts';
import { isDatabaseUnavailable } from './db/errors.ts';
import type { Db } from './db/index.ts';
import { registerCompression } from './http/compression.ts';
import { databasePlugin } from './http/database.ts';
import { demoInboxPlugin } from './http/demo-inbox.ts';
import { fromSchemaValidation, HttpError, notFound } from './http/errors.ts';
import { feedsPlugin } from './http/feeds.ts';
import { i18nPlugin } from './http/i18n.ts';
import { mailPlugin } from './http/mail.ts';
import { mediaPlugin } from './http/media.ts';
import { registerMetrics } from './http/metrics.ts';
import { pagesPlugin } from './http/pages.ts';
import { requestContextPlugin } from './http/request-context.ts';
import { pageSecurityHeaders, securityHeadersPlugin } from './http/security.ts';
import { servicesPlugin } from './http/services.ts';
import { staffPlugin } from './http/staff.ts';
import { sendDatabaseUnavailable } from './http/unavailable.ts';
import { webAppPlugin } from './http/web-app.ts';
import type { Config } from './platform/config.ts';
import { logRequestError, StorefrontLogController, warnUntrustedProxy } from './platform/logger.ts';
import { CLIENT_DIST, PUBLIC_DIR } from './platform/paths.ts';
import { DEV_ENTRY_PATH, DEV_ENTRY_SOURCE, developmentAssets, type PageAssets, productionAssets } from './render/assets.ts';
import { formRefusedPage } from './render/static-pages.ts';
import { stringsFile } from './render/strings.ts';
import type { Services } from './services/index.ts';
import { loadSessionSecret } from './sessions/index.ts';

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

/**
 * A page's form posted by the browser itself (no JavaScript): urlencoded, to a page address (not the router's data
 * path or the API), on a request the page hooks have resolved to a site.
 */
function isDocumentFormPost(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0]!;
  return (
    request.method === 'POST' &&
    !!request.site &&
    !path.startsWith(DATA_PREFIX) &&
    !path.startsWith('/api/') &&
    String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')
  );
}

export async function buildApp(options: AppOptions): Promise<App> {
  const { config, db } = options;
  const sessionSecret = await loadSessionSecret(db, config.sessionSecret);
  const assets: PageAssets = options.vite ? developmentAssets() : productionAssets(MANIFEST);

  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    logController: new StorefrontLogController(),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // Bounded work per request: slow clients and huge headers are cut off.
    requestTimeout: 30_000,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  // Route schemas are zod schemas (server/api/*): validated before the handler, documented in /api/openapi.json.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const known = error instanceof HttpError ? error : fromSchemaValidation(error);
    if (known) {
      return reply
        .code(known.statusCode)
        .send({ statusCode: known.statusCode, error: known.code, message: known.message, issues: known.issues });
    }
    if (isDatabaseUnavailable(error)) return sendDatabaseUnavailable(request, reply, error);
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      logRequestError(request, error, 'request failed');
      return reply.code(500).send({ statusCode: 500, error: 'internal_error', message: 'Internal Server Error' });
    }
    if (status === 413 && isDocumentFormPost(request)) {
      // A form posted without JavaScript gets a page in its language with a way back, not a JSON answer.
      const back = safeLocalPath(request.url.split('?')[0]) ?? '/';
      return reply
        .code(413)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .headers(pageSecurityHeaders(request.cspNonce, { dev: !!options.vite, tags: request.site.tags }))
        .send(formRefusedPage(request.siteLanguage, 'tooLarge', back));
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

  // The composition: each plugin decorates the instance or adds hooks (fastify-plugin lets them reach the scope
  // that registers them); awaiting each one loads it now, so `app.services` is ready below.
  await registerMetrics(app, { config, db });
  warnUntrustedProxy(app, config.trustProxy);
  await app.register(securityHeadersPlugin, { hstsIncludeSubdomains: config.hstsIncludeSubdomains });
  await app.register(databasePlugin, { db });
  await app.register(servicesPlugin, { config, sessionSecret });
  await app.register(mailPlugin, { mail: config.mail }); // the outbox's worker: beside the requests, never in one
  await registerCompression(app); // before the routes: it hooks each route as it is added
  await app.register(fastifyCookie, { secret: sessionSecret });

  app.get('/healthz', async () => ({ status: 'ok' }));
  // The client build this server serves (spec §7 "latest-build file"): open pages poll it to learn of a deploy.
  app.get(LATEST_BUILD_PATH, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { id: assets.build.id, timestamp: assets.build.timestamp };
  });
  app.get('/readyz', async (_request, reply) => {
    // While the circuit is open (server/db/index.ts) the ping is refused at once: the answer says why.
    const circuit = () => (app.db.circuit ? { circuit: app.db.circuit().state } : {});
    try {
      await app.db.ping(config.readyzTimeoutMs);
      return { status: 'ok', database: app.db.kind, ...circuit() };
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: app.db.kind, ...circuit() });
    }
  });

  // Files of public/ at their own paths (favicon, images), each registered as a route (robots.txt is per site: feeds).
  await app.register(fastifyStatic, { root: PUBLIC_DIR, wildcard: false, decorateReply: false, maxAge: '1h' });
  // Photos uploaded in the back office: stored in the database (every pod serves every upload), immutable addresses.
  await app.register(mediaPlugin);
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
      preCompressed: true, // the build's .br/.gz copies, with Vary: Accept-Encoding
    });
  }

  // The strings a client navigation loads (decision 050): named by their version, so cached for a year like build files.
  app.get<{ Params: { language: string; file: string } }>(`${STRINGS_PREFIX}:language/:file`, (request, reply) => {
    const json = stringsFile(request.params.language, request.params.file);
    if (json === null) return reply.callNotFound();
    return reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=31536000, immutable').send(json);
  });
  // A build file that does not exist (an old hash after a deploy) is a plain 404, not a rendered page.
  app.get('/assets/*', (_request, reply) => reply.callNotFound());

  // The back office (decision 049): its own scope, hooks, cookie and pages; on the staff hosts only.
  await app.register(staffPlugin, { hosts: config.staffHosts, assets: assets.staff, dev: !!options.vite });

  // The storefront: every request in it knows its site, language and session, and has its language's i18next.
  await app.register(async (storefront) => {
    await storefront.register(requestContextPlugin, { legacySessionCookie: config.legacySessionCookie });
    await storefront.register(i18nPlugin);
    await storefront.register(apiPlugin, { docsPage: config.env === 'development' });
    // Any other POST under /api/ is the API's JSON 404, not a page's form post (POST /* in the pages plugin).
    storefront.post('/api/*', async (request) => {
      throw notFound(`No route for ${request.method} ${request.url.split('?')[0]}`);
    });
    // robots.txt, sitemaps, YML and RSS per site (before the pages' catch-all GET /*).
    await storefront.register(feedsPlugin);
    await storefront.register(webAppPlugin);
    // No SMTP server: the mails the shop would have sent, readable on local hosts from this computer (decision 042).
    if (app.demoInbox) await storefront.register(demoInboxPlugin, { inbox: app.demoInbox });
    await storefront.register(pagesPlugin, {
      assets,
      renderTimeoutMs: config.renderTimeoutMs,
      production: config.env === 'production',
      dev: !!options.vite,
    });
  });

  return { fastify: app, services: app.services };
}

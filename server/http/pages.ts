/**
 * Page rendering as an encapsulated plugin around the router runtime (server/render/renderer.tsx): GET /_data/* (the
 * loader data of a client navigation, JSON), POST /_data/* (a route's action from the hydrated page), POST /* (a form
 * posted without JavaScript: the route's action, then a 303 — docs/decisions/021) and every other GET (the streamed
 * page), each answer stating its language.
 * It is the runtime's host (server/render/host.ts): the page context with the services and the session, the page
 * modules and their guards (server/pages/helpers/), the session cookies, the CSP, the database's 503 and compression.
 * Registered inside the storefront scope, after the request context and i18n plugins it relies on.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { CONSENT_COOKIE } from '../../shared/contracts.ts';
import { isLocalHost } from '../../shared/sites.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/errors.ts';
import { guards } from '../pages/helpers/guards.ts';
import type { LoadContext } from '../pages/helpers/route-module.ts';
import { loadServerRoutes } from '../pages/helpers/server-routes.ts';
import type { PageAssets } from '../render/assets.ts';
import type { RenderHost } from '../render/host.ts';
import { createRenderer } from '../render/renderer.tsx';
import { EMPTY_SNAPSHOT } from '../sessions/index.ts';
import { htmlDestination } from './compression.ts';
import { issueSessionCookie, setSessionCookie } from './request-context.ts';
import { pageSecurityHeaders } from './security.ts';

export interface PagesPluginOptions {
  assets: PageAssets;
  renderTimeoutMs: number;
  /** Hide internal error messages from pages and answers. */
  production: boolean;
  /** Vite serves the client (CSP admits its WebSocket). */
  dev: boolean;
}

/** What the router runtime asks of this application: read from the request context's hooks and the services. */
function renderHost(app: FastifyInstance, { dev }: { dev: boolean }): RenderHost<LoadContext> {
  const { services } = app;
  return {
    describe: (request) => ({
      routerOrigin: `https://${request.site.host}`,
      language: request.siteLanguage,
      basename: request.basename,
      nonce: request.cspNonce,
      i18n: request.i18n,
      secureCookies: !isLocalHost(request.hostname),
    }),
    async loadContext(request, base) {
      const snapshot = request.sessionIsNew ? EMPTY_SNAPSHOT : await services.sessions.snapshot(request.sessionId, request.site.id);
      return {
        ...base,
        site: request.site,
        session: { id: request.sessionId, token: services.sessions.tokenFor(request.sessionId), snapshot },
        cookieConsent: request.cookies[CONSENT_COOKIE] === '1',
        localHost: isLocalHost(request.hostname),
        origin: services.addresses.originOf(request.site, request),
        clientAddress: request.ip,
        services,
      };
    },
    htmlHeaders: (request, answer) =>
      pageSecurityHeaders(request.cspNonce, {
        dev,
        tags: request.site.tags,
        // A rendered page's pay button (no JavaScript) is answered with a 303 to the payment provider.
        ...(answer === 'page' ? { formActions: services.payments.formActionSources(request.site.id) } : {}),
      }),
    verifyToken: (request, token) => !request.sessionIsNew && services.sessions.verifyToken(request.sessionId, token),
    issueSessionCookie,
    setSessionCookie,
    unavailable: (error) => (isDatabaseUnavailable(error) ? DATABASE_RETRY_AFTER_SECONDS : null),
    htmlDestination,
  };
}

export const pagesPlugin: FastifyPluginAsync<PagesPluginOptions> = async (app, options) => {
  const { assets, renderTimeoutMs, production, dev } = options;
  const renderer = createRenderer({
    host: renderHost(app, { dev }),
    serverRoutes: await loadServerRoutes(),
    guards,
    assets,
    renderTimeoutMs,
    production,
  });
  // Pages and their data are in the request's language (API answers are language-neutral JSON: none there).
  app.addHook('onRequest', async (request, reply) => {
    reply.header('content-language', request.siteLanguage);
  });
  app.get('/_data/*', (request, reply) => renderer.data(request, reply));
  // A refused action (no or a wrong site token) has answered already: returning the reply, not undefined, keeps
  // Fastify from sending a second answer (it logged "Reply was already sent" and a 500 for every refusal).
  app.post('/_data/*', async (request, reply) => (await renderer.action(request, reply)) ?? reply);
  app.post('/*', async (request, reply) => {
    await renderer.formPost(request, reply);
    return reply;
  });
  // Returning the reply tells Fastify the answer is (being) sent: the page streams after the handler returns.
  app.get('/*', async (request, reply) => {
    await renderer.page(request, reply);
    return reply;
  });
};

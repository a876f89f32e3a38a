/**
 * Page rendering as an encapsulated plugin around the router runtime (server/render/renderer.tsx): GET /_data/* (the
 * loader data of a client navigation, JSON), POST /_data/* (a route's action from the hydrated page), POST /* (a form
 * posted without JavaScript: the route's action, then a 303 — docs/decisions/021) and every other GET (the streamed
 * page), each answer stating its language.
 * It is the runtime's host (server/render/host.ts): the page context with the services and the session, the page
 * modules and their guards (server/pages/helpers/), the session cookies, the CSP, the database's 503 and compression.
 * Registered inside the storefront scope, after the request context and i18n plugins it relies on.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { matchRoutes } from 'react-router-dom';
import { CONSENT_COOKIE, DATA_PREFIX } from '../../shared/contracts.ts';
import { type RouteId, routeTree } from '../../shared/routes.ts';
import { isLocalHost } from '../../shared/sites.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/errors.ts';
import { guards } from '../pages/helpers/guards.ts';
import type { LoadContext } from '../pages/helpers/route-module.ts';
import { loadServerRoutes } from '../pages/helpers/server-routes.ts';
import type { PageAssets } from '../render/assets.ts';
import type { RenderHost } from '../render/host.ts';
import { createRenderer } from '../render/renderer.tsx';
import { EMPTY_SNAPSHOT } from '../sessions/index.ts';
import { acceptsGzip, htmlDestination } from './compression.ts';
import { demoInboxAllowed } from './demo-inbox.ts';
import { issueSessionCookie, secureCookies, setSessionCookie } from './request-context.ts';
import { pageSecurityHeaders } from './security.ts';
import { signInGate } from './signin-gate.ts';

export interface PagesPluginOptions {
  assets: PageAssets;
  renderTimeoutMs: number;
  /** Hide internal error messages from pages and answers. */
  production: boolean;
  /** Vite serves the client (CSP admits its WebSocket). */
  dev: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The visitor's own state went into this answer: signed in, a cart, a flash of posted values (see no-store below). */
    personalSession: boolean;
  }
}

/**
 * Pages that hold a shopper's own data whoever looks: every guarded page (account area, order results, invoices; the
 * sign-in and registration forms, refilled from a flash), the cart and checkout, and the pages a mailed link opens.
 */
const PERSONAL_ROUTES: ReadonlySet<RouteId> = new Set<RouteId>(['cart', 'password-reset', 'account-confirm']);

/** Matched only to decide the Cache-Control: loaders never run here. */
const routes = routeTree();

/**
 * Matches by basename and path, remembered: React Router's matchRoutes flattens and ranks the whole route tree on
 * every call, which a profile of kept pages showed as a quarter of the server's time (decision 052). Bounded: a
 * crawler's random addresses only ever refill it.
 */
const matches = new Map<string, RouteId[]>();
const MAX_MATCHES = 5000;

/** The route ids a page or /_data address matches, root to leaf ([] for a malformed one). */
function matchedRoutes(request: FastifyRequest): RouteId[] {
  const url = request.url.startsWith(DATA_PREFIX) ? request.url.slice(DATA_PREFIX.length) || '/' : request.url;
  const pathname = url.split('?')[0]!;
  const key = `${request.basename}\n${pathname}`;
  const known = matches.get(key);
  if (known) return known;
  let ids: RouteId[];
  try {
    ids = (matchRoutes(routes, pathname, request.basename) ?? []).map((m) => m.route.id);
  } catch {
    ids = [];
  }
  if (matches.size >= MAX_MATCHES) matches.clear();
  matches.set(key, ids);
  return ids;
}

/** What the router runtime asks of this application: read from the request context's hooks and the services. */
function renderHost(
  app: FastifyInstance,
  { dev, personalRoutes }: { dev: boolean; personalRoutes: ReadonlySet<RouteId> },
): RenderHost<LoadContext> {
  const { services } = app;
  return {
    pageCache: services.pages,
    acceptsGzip,
    cacheablePage(request, ctx) {
      const { snapshot } = ctx.session;
      const personal = snapshot.userId !== null || snapshot.cartCount > 0 || snapshot.compareCount > 0 || ctx.flash !== null;
      if (personal || matchedRoutes(request).some((id) => personalRoutes.has(id))) return null;
      // The host and the shell facts that differ between visitors without personal state; the build is the process's.
      const facts = [request.hostname, request.site.id, ctx.language, ctx.cookieConsent, ctx.localHost, ctx.demoInbox];
      return { key: `${facts.join('|')}|${request.url}`, token: ctx.session.token };
    },
    describe: (request) => ({
      routerOrigin: `https://${request.site.host}`,
      language: request.siteLanguage,
      basename: request.basename,
      nonce: request.cspNonce,
      secureCookies: secureCookies(request.hostname),
    }),
    async loadContext(request, base) {
      const snapshot = request.sessionIsNew ? EMPTY_SNAPSHOT : await services.sessions.snapshot(request.sessionId, request.site.id);
      request.personalSession = snapshot.userId !== null || snapshot.cartCount > 0 || base.flash !== null;
      return {
        ...base,
        site: request.site,
        session: { id: request.sessionId, token: services.sessions.tokenFor(request.sessionId), snapshot },
        cookieConsent: request.cookies[CONSENT_COOKIE] === '1',
        localHost: isLocalHost(request.hostname),
        demoInbox: demoInboxAllowed(request),
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
  const serverRoutes = await loadServerRoutes();
  const personalRoutes = new Set<RouteId>([...PERSONAL_ROUTES, ...[...serverRoutes].filter(([, m]) => m.guard).map(([id]) => id)]);
  const host = renderHost(app, { dev, personalRoutes });
  const renderer = createRenderer({
    host,
    serverRoutes,
    guards,
    assets,
    renderTimeoutMs,
    production,
  });
  // Pages and their data are in the request's language (API answers are language-neutral JSON: none there).
  app.decorateRequest('personalSession', false);
  // Sign-ins the password checks cannot take now are refused before the session is read (a flood costs no action).
  app.addHook(
    'onRequest',
    signInGate((request) => host.htmlHeaders(request, 'static')),
  );
  app.addHook('onRequest', async (request, reply) => {
    reply.header('content-language', request.siteLanguage);
  });
  /**
   * A page or /_data answer holding personal data is never stored (no-store): not by the browser's disk cache, which the
   * next person on a shared computer reaches with Back, nor by anything between. Other pages keep the renderer's
   * `private, no-cache` (revalidated, never shared).
   */
  app.addHook('onSend', async (request, reply) => {
    if (reply.getHeader('cache-control') !== 'private, no-cache') return;
    if (request.personalSession || matchedRoutes(request).some((id) => personalRoutes.has(id))) reply.header('cache-control', 'no-store');
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

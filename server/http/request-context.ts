/**
 * What every storefront request knows about itself: its site (from the host), its language (from the
 * path prefix) and its session (from the signed cookie). A plugin's onRequest hook sets them, for the
 * scope it is registered in (the storefront: API and pages, not health checks or files); everything else reads them.
 */

import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_COOKIE, TOKEN_COOKIE } from '../../shared/contracts.ts';
import { DEFAULT_LANGUAGE, isLocalHost, type Language, type Site, splitLanguagePrefix } from '../../shared/sites.ts';
import { isSessionId, newSessionId } from '../sessions/index.ts';

export { SESSION_COOKIE, TOKEN_COOKIE };

const SESSION_MAX_AGE_S = 180 * 24 * 3600;

declare module 'fastify' {
  interface FastifyRequest {
    site: Site;
    /** The page language and the router basename ('/' or '/en'). */
    siteLanguage: Language;
    basename: string;
    sessionId: string;
    /** True when the visitor had no valid session cookie: a page answer sets one. */
    sessionIsNew: boolean;
  }
}

/** The host → site, language and session hooks; fastify-plugin lets them cover the scope that registers it. */
export const requestContextPlugin = fp(
  async (app) => {
    const { sites } = app.services;
    // Declared up front, so every request object has the same shape.
    app.decorateRequest('site', null as unknown as Site);
    app.decorateRequest('siteLanguage', DEFAULT_LANGUAGE);
    app.decorateRequest('basename', '/');
    app.decorateRequest('sessionId', '');
    app.decorateRequest('sessionIsNew', false);

    app.addHook('onRequest', async (request, reply) => {
      const site = sites.find(request.hostname);
      if (!site) {
        // Unknown hosts go to the main site; the target is built from config, never from the request's Host.
        // Only the path and query travel (an absolute-form target "GET http://x/y" gives just "/y").
        const { pathname, search } = new URL(request.url, 'http://unknown.invalid');
        return reply.redirect(`https://${sites.defaultSite.host}${pathname}${search}`, 302);
      }
      request.site = site;
      const path = request.url.split('?')[0]!;
      const lang = splitLanguagePrefix(path.startsWith('/_data/') ? path.slice('/_data'.length) : path, site);
      // An offered prefix sets the language; an unoffered one stays in the path, where no route matches it (404).
      if (lang && 'language' in lang) {
        request.siteLanguage = lang.language;
        request.basename = lang.basename;
      } else {
        request.siteLanguage = DEFAULT_LANGUAGE;
        request.basename = '/';
      }

      const raw = request.cookies[SESSION_COOKIE];
      const unsigned = raw ? request.unsignCookie(raw) : undefined;
      if (unsigned?.valid && unsigned.value && isSessionId(unsigned.value)) {
        request.sessionId = unsigned.value;
        request.sessionIsNew = false;
      } else {
        request.sessionId = newSessionId();
        request.sessionIsNew = true;
      }
    });
  },
  { name: 'tihoavto-request-context', fastify: '5.x', dependencies: ['tihoavto-services', '@fastify/cookie'] },
);

/** Sets the session cookie, only when the visitor has none yet (a cookie on every answer defeats caches). */
export function issueSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  if (request.sessionIsNew) setSessionCookie(request, reply, request.sessionId);
}

/**
 * The signed session cookie (httpOnly, SameSite=Lax, Secure everywhere but on local hosts) and, beside it,
 * the `_token` cookie with that session's site token. Both change only together — when a session is issued
 * or rotated (sign-in, sign-out) — so no other answer carries a Set-Cookie.
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, sessionId: string): void {
  reply.setCookie(SESSION_COOKIE, sessionId, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: !isLocalHost(request.hostname),
    path: '/',
    maxAge: SESSION_MAX_AGE_S,
  });
  // Readable by the page's scripts on purpose (spec §3; clients of the original backend read it). It is no
  // credential on its own: another origin can neither read it nor make the browser send it as a parameter.
  reply.setCookie(TOKEN_COOKIE, request.server.services.sessions.tokenFor(sessionId), {
    httpOnly: false,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: SESSION_MAX_AGE_S,
  });
}

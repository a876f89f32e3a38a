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

/**
 * The session cookie's name on every host but a local one (docs/decisions/035-failing-fast.md): the browser keeps a
 * `__Host-` cookie only if it is Secure, for Path=/ and without Domain, so no sibling subdomain and no plain-http
 * answer can plant one. Local hosts (the demo over http) keep `sid`, which a browser accepts without TLS.
 */
export const HOST_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** The session cookie's name on this host. */
export function sessionCookieName(hostname: string): string {
  return isLocalHost(hostname) ? SESSION_COOKIE : HOST_SESSION_COOKIE;
}

/** Cookies are Secure on every host but a local one — whatever the protocol this process sees (TLS may end at a proxy). */
export const secureCookies = (hostname: string): boolean => !isLocalHost(hostname);

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

export interface RequestContextOptions {
  /**
   * Accept a session under the old cookie name (`sid`) on a host that now uses `__Host-sid`, once: the answer sets it
   * under the new name and clears the old one. Off once visitors have come back (LEGACY_SESSION_COOKIE=0).
   */
  legacySessionCookie: boolean;
}

/** The host → site, language and session hooks; fastify-plugin lets them cover the scope that registers it. */
export const requestContextPlugin = fp<RequestContextOptions>(
  async (app, { legacySessionCookie }) => {
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

      const name = sessionCookieName(request.hostname);
      const current = sessionFromCookie(request, request.cookies[name]);
      // The old name, read only when the new one is absent: a visitor who signed in before the rename stays signed in.
      const legacy =
        !current && legacySessionCookie && name !== SESSION_COOKIE ? sessionFromCookie(request, request.cookies[SESSION_COOKIE]) : null;
      request.sessionId = current ?? legacy ?? newSessionId();
      request.sessionIsNew = !current && !legacy;
      if (legacy) {
        setSessionCookie(request, reply, legacy);
        reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: true });
      }
    });
  },
  { name: 'tihoavto-request-context', fastify: '5.x', dependencies: ['tihoavto-services', '@fastify/cookie'] },
);

/** The session id a signed cookie holds, or null when it is missing, forged or malformed. */
function sessionFromCookie(request: FastifyRequest, raw: string | undefined): string | null {
  const unsigned = raw ? request.unsignCookie(raw) : undefined;
  return unsigned?.valid && unsigned.value && isSessionId(unsigned.value) ? unsigned.value : null;
}

/** Sets the session cookie, only when the visitor has none yet (a cookie on every answer defeats caches). */
export function issueSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  if (request.sessionIsNew) setSessionCookie(request, reply, request.sessionId);
}

/**
 * The signed session cookie (httpOnly, SameSite=Lax; `__Host-sid`, Secure, everywhere but on local hosts) and,
 * beside it, the `_token` cookie with that session's site token, under the same Secure rule. Both change only
 * together — when a session is issued or rotated (sign-in, sign-out), or moved to its new name — so no other answer
 * carries a Set-Cookie. `_token` keeps the spec's name: the server never reads it (the token travels as a parameter
 * and is checked against the session), so a planted one can deceive no check.
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, sessionId: string): void {
  const secure = secureCookies(request.hostname);
  reply.setCookie(sessionCookieName(request.hostname), sessionId, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: SESSION_MAX_AGE_S,
  });
  // Readable by the page's scripts on purpose (spec §3; clients of the original backend read it). It is no
  // credential on its own: another origin can neither read it nor make the browser send it as a parameter.
  reply.setCookie(TOKEN_COOKIE, request.server.services.sessions.tokenFor(sessionId), {
    httpOnly: false,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: SESSION_MAX_AGE_S,
  });
}

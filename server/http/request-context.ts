/**
 * What every storefront request knows about itself: its site (from the host), its language (from the
 * path prefix) and its session (from the signed cookie). Set by onRequest hooks, read everywhere else.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, splitLanguagePrefix, type Language, type Site, type SiteDirectory } from '../../shared/sites.ts';
import { isSessionId, newSessionId } from '../services/sessions.ts';

import { SESSION_COOKIE } from '../../shared/contracts.ts';

export { SESSION_COOKIE };
const SESSION_MAX_AGE_S = 180 * 24 * 3600;

declare module 'fastify' {
  interface FastifyRequest {
    site: Site;
    /** The page language and the router basename ('/' or '/en'). */
    siteLanguage: Language;
    basename: string;
    /** i18next-http-middleware skips its own detection when this is set. */
    lng?: string;
    sessionId: string;
    /** True when the visitor had no valid session cookie: a page answer sets one. */
    sessionIsNew: boolean;
    cspNonce: string;
  }
}

export function isLocalHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '127.0.0.1' || hostname === '[::1]';
}

/** Registers the host → site, language and session hooks on an encapsulated scope. */
export function registerRequestContext(app: FastifyInstance, sites: SiteDirectory): void {
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
    request.lng = request.siteLanguage;

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
}

/** Sets the session cookie, only when the visitor has none yet (a cookie on every answer defeats caches). */
export function issueSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  if (request.sessionIsNew) setSessionCookie(request, reply, request.sessionId);
}

/** The signed session cookie: httpOnly, SameSite=Lax, Secure everywhere but on local hosts. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, sessionId: string): void {
  reply.setCookie(SESSION_COOKIE, sessionId, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: !isLocalHost(request.hostname),
    path: '/',
    maxAge: SESSION_MAX_AGE_S,
  });
}

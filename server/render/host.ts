/**
 * The port through which the router runtime (server/render/) reaches the application that hosts it
 * (server/http/pages.ts): everything that knows sites, sessions, storage, security policy and compression. The
 * runtime itself imports no domain, HTTP plugin or database module (docs/decisions/020-route-modules.md, addendum).
 */
import type { Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '../../shared/sites.ts';
import type { RouterContext } from './route-module.ts';

/** What the host's request hooks decided about a request (host → site, path prefix → language): no I/O. */
export interface RequestFacts {
  /** The origin of the Request the router sees ("https://host"): from the sites config, never the Host header. */
  routerOrigin: string;
  language: Language;
  /** The router's basename: '/' or the language prefix ('/en'). */
  basename: string;
  /** This request's CSP nonce: the page's inline scripts carry it. */
  nonce: string;
  /** Whether cookies the runtime sets itself (the flash) are Secure: everywhere but on local hosts. */
  secureCookies: boolean;
}

/** An HTML answer's kind: a rendered page (its forms may lead to other hosts) or a static page (refusal, 500, 503). */
export type HtmlAnswer = 'page' | 'static';

/** The nonce and the site token: the two values of a page that differ per request. */
export interface PageValues {
  nonce: string;
  token: string;
}

/**
 * Where cacheable pages are kept (server/cache/page-cache.ts, decision 052), as the runtime sees it: `page` is the
 * store's own record, handed back to `answer`.
 */
export interface PageStore {
  readonly enabled: boolean;
  lookup(key: string): { state: 'hit' | 'stale'; page: { status: number } } | { state: 'miss' };
  abandon(key: string): void;
  store(key: string, status: number, html: Buffer, values: PageValues): void;
  answer(page: never, values: PageValues, gzip: boolean): Buffer;
}

/** A page the page cache may keep (page-cache.ts): its key and the per-request values it holds. */
export interface CacheablePage {
  /** Everything the rendered page depends on besides the per-request values. */
  key: string;
  /** This request's site token: in every form of the page (the nonce is the facts'). */
  token: string;
}

export interface RenderHost<Ctx extends RouterContext> {
  describe(request: FastifyRequest): RequestFacts;
  /**
   * The page cache (decision 052) for a GET page answer: its key and token when this visitor's answer holds nothing
   * personal (not signed in, no cart, no compare list, no flash, no personal route), else null: rendered, never kept.
   */
  cacheablePage?(request: FastifyRequest, ctx: Ctx): CacheablePage | null;
  /** Where cacheable pages are kept (absent or disabled: every page is rendered). */
  pageCache?: PageStore;
  /** Whether the browser takes gzip (a cached page is stored gzip-ready). */
  acceptsGzip?(request: FastifyRequest): boolean;
  /**
   * The context the loaders, actions and guards receive: the runtime's own fields (`base`, kept as they are —
   * `effects` is read back after the route ran) and the host's. May read storage (the session).
   */
  loadContext(request: FastifyRequest, base: RouterContext): Promise<Ctx>;
  /** The security headers of an HTML answer: the Content-Security-Policy with the request's nonce. */
  htmlHeaders(request: FastifyRequest, answer: HtmlAnswer): Record<string, string>;
  /** Whether `token` is the site token of the request's session (the CSRF check before any action; a new session has none). */
  verifyToken(request: FastifyRequest, token: string): boolean;
  /** Sets the session cookie when the visitor has none yet (a cookie on every answer defeats caches). */
  issueSessionCookie(request: FastifyRequest, reply: FastifyReply): void;
  /** Sets the cookie of the session an action switched to (sign-in, sign-out). */
  setSessionCookie(request: FastifyRequest, reply: FastifyReply, sessionId: string): void;
  /**
   * The Retry-After (seconds) when an error means the storage behind the pages is away — the answer is 503, not a page
   * of error boundaries — or null for any other error.
   */
  unavailable(error: unknown): number | null;
  /** Where the page's HTML stream goes (a compressing stream when the browser accepts one); called with headers still open. */
  htmlDestination(request: FastifyRequest, reply: FastifyReply): Writable;
}

/** Security headers for every answer, and the Content-Security-Policy of pages (a fresh nonce each request). */
import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import { isLocalHost } from '../../shared/sites.ts';
import type { SiteTags } from '../../shared/sites-config.ts';
import { tagCspSources } from '../../shared/third-party.ts';

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

export interface CspOptions {
  dev: boolean;
  /** The site's third-party tags: the policy admits their hosts, and nothing else, on that site's pages. */
  tags?: SiteTags;
  /**
   * Where a form post may lead besides this origin: a form answered with a 303 to another host is blocked by
   * form-action otherwise (the pay button without JavaScript goes on to the payment provider).
   */
  formActions?: string[];
}

/**
 * Scripts: only our own files and inline scripts carrying this request's nonce — no 'unsafe-inline'.
 * Styles allow inline style attributes (React's style={…}); no script can come through them.
 * A site's configured tags add their hosts to the directives they need (shared/third-party.ts); a site
 * without tags gets exactly the base policy.
 */
export function contentSecurityPolicy(nonce: string, opts: CspOptions): string {
  const extra = tagCspSources(opts.tags);
  const withExtra = (directive: keyof typeof extra, base: string) => [`${directive} ${base}`, ...(extra[directive] ?? [])].join(' ');
  return [
    "default-src 'self'",
    withExtra('script-src', `'self' 'nonce-${nonce}'`),
    withExtra('style-src', "'self' 'unsafe-inline'"),
    "img-src 'self' data: https:",
    withExtra('font-src', "'self'"),
    // Vite's dev server talks to the page over a WebSocket.
    withExtra('connect-src', opts.dev ? "'self' ws: wss:" : "'self'"),
    // Frames otherwise fall back to default-src 'self'.
    ...(extra['frame-src'] ? [withExtra('frame-src', "'self'")] : []),
    "object-src 'none'",
    "base-uri 'none'",
    ["form-action 'self'", ...(opts.formActions ?? [])].join(' '),
    "frame-ancestors 'none'",
  ].join('; ');
}

export function pageSecurityHeaders(nonce: string, opts: CspOptions): Record<string, string> {
  return { 'content-security-policy': contentSecurityPolicy(nonce, opts) };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** This request's CSP nonce: inline scripts of the page carry it. */
    cspNonce: string;
  }
}

export interface SecurityHeadersOptions {
  /**
   * Add includeSubDomains to Strict-Transport-Security. Off by default: the shop cannot know that every subdomain of
   * its domains serves HTTPS, and the `__Host-` session cookie needs no help from it (docs/decisions/035-failing-fast.md).
   */
  hstsIncludeSubdomains: boolean;
}

/** One year: browsers go to the site over HTTPS only, for a year after each visit. */
const HSTS_MAX_AGE_S = 31_536_000;

/** Headers every answer carries (pages, API, files); registered at the root, so its hooks cover everything. */
export const securityHeadersPlugin = fp<SecurityHeadersOptions>(
  async (app, { hstsIncludeSubdomains }) => {
    const hsts = `max-age=${HSTS_MAX_AGE_S}${hstsIncludeSubdomains ? '; includeSubDomains' : ''}`;
    app.decorateRequest('cspNonce', '');
    app.addHook('onRequest', async (request) => {
      request.cspNonce = newNonce();
    });
    app.addHook('onSend', async (request, reply) => {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
      reply.header('x-frame-options', 'DENY');
      reply.header('cross-origin-opener-policy', 'same-origin');
      reply.header('permissions-policy', 'camera=(), microphone=(), payment=(self), geolocation=(self)');
      // Every host but a local one, whatever the protocol this process sees: TLS often ends at a proxy that is not
      // trusted for X-Forwarded-Proto. A browser ignores the header on a plain-http answer, so nothing breaks there.
      if (!isLocalHost(request.hostname)) reply.header('strict-transport-security', hsts);
      // Answers that are not pages need no script at all.
      if (!reply.hasHeader('content-security-policy'))
        reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
    });
  },
  { name: 'tihoavto-security-headers', fastify: '5.x' },
);

/**
 * The back office at /staff (issue 21, docs/decisions/049-back-office.md), registered beside the storefront, not in
 * it: no site, language or shopper session is resolved for it. The hooks of its scope:
 *  - a host not named by STAFF_HOSTS: not found — the storefront's hosts do not carry the staff area;
 *  - its own cookie (`__Host-staff`, or `staff` on local hosts): httpOnly, SameSite=Strict, a session id only;
 *  - every route's `access` from the route table (server/staff/routes/ (one module per area, joined in index.tsx)): anonymous → the staff sign-in (303),
 *    a role without the area, or a site-scoped member changing what serves every site (roles.ts mayUse) → 403;
 *  - every POST: the Origin (when sent) must be this host, and a signed-in form must carry the session's token.
 * Pages are `noindex` (header and meta), never cached, under a CSP with this request's nonce and nothing else.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isLocalHost, normalizeHost } from '../../shared/sites.ts';
import { CSV_MAX_BYTES, forbidden, mayUse, STAFF_ROUTES, type StaffAssets, type StaffContext, type StaffSession } from '../staff/index.ts';
import { forbidden as forbiddenError } from './errors.ts';
import { pageSecurityHeaders } from './security.ts';

export const STAFF_COOKIE = 'staff';
export const staffCookieName = (hostname: string) => (isLocalHost(hostname) ? STAFF_COOKIE : `__Host-${STAFF_COOKIE}`);

export interface StaffPluginOptions {
  hosts: string[];
  assets: StaffAssets;
  dev: boolean;
}

/** A POST from another origin (a page elsewhere making the browser post here) is refused whatever it carries. */
function crossOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return request.headers['sec-fetch-site'] === 'cross-site';
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}

export const staffPlugin: FastifyPluginAsync<StaffPluginOptions> = async (app, options) => {
  const hosts = new Set(options.hosts.map(normalizeHost));
  // Staff forms repeat a name for a set of checkboxes (a member's sites): here a repeated name is an array (the
  // storefront's parser keeps the last value, server/app.ts).
  app.removeContentTypeParser('application/x-www-form-urlencoded');
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    const fields: Record<string, string | string[]> = {};
    for (const [key, value] of new URLSearchParams(body as string)) {
      const had = fields[key];
      fields[key] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
    }
    done(null, fields);
  });
  // Uploads (the prices-and-stock CSV) stream to their handler: one file, bounded, a few fields.
  await app.register(fastifyMultipart, { limits: { fileSize: CSV_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 6 } });
  const staff = app.services.staff;
  /** Each request's staff context, from its preValidation hook to its handler. */
  const contexts = new WeakMap<FastifyRequest, StaffContext>();
  // Another host has no staff area: not found, before anything is read or validated.
  app.addHook('onRequest', async (request, reply) => {
    if (!hosts.has(normalizeHost(request.hostname))) return reply.callNotFound();
  });

  for (const route of STAFF_ROUTES) {
    app.route({
      method: route.method,
      url: route.url,
      schema: route.schema,
      // Who may come in is decided before the input is validated: an anonymous post is sent to sign in, not told
      // what its body lacks.
      preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
        reply.headers(pageSecurityHeaders(request.cspNonce, { dev: options.dev }));
        reply.header('x-robots-tag', 'noindex, nofollow');
        reply.header('cache-control', 'no-store');
        const cookie = staffCookieName(request.hostname);
        const sessionId = request.cookies[cookie];
        const session: StaffSession | undefined = sessionId ? await staff.read(sessionId) : undefined;
        const secure = !isLocalHost(request.hostname);
        const ctx: StaffContext = {
          services: app.services,
          staff,
          assets: options.assets,
          session,
          sessionId: session ? sessionId : undefined,
          setSession: (id) => reply.setCookie(cookie, id, { path: '/', httpOnly: true, sameSite: 'strict', secure }),
          clearSession: () => reply.clearCookie(cookie, { path: '/', httpOnly: true, sameSite: 'strict', secure }),
        };
        contexts.set(request, ctx);
        if (route.method === 'POST' && crossOrigin(request))
          throw forbiddenError('cross_origin', 'A staff form posted from another origin');
        if (route.access !== 'public') {
          if (session?.stage !== 'active') {
            const next = route.method === 'GET' && request.url !== '/staff' ? `?next=${encodeURIComponent(request.url)}` : '';
            return reply.redirect(`/staff/sign-in${next}`, 303);
          }
          if (!mayUse(session.member, route.access, route.method)) return forbidden(ctx, request, reply);
        }
        if (route.method === 'POST' && ctx.sessionId && !route.tokenless && !route.multipart) {
          const token = (request.body as { _token?: unknown } | undefined)?._token;
          if (typeof token !== 'string' || !staff.verifyToken(ctx.sessionId, token))
            throw forbiddenError('staff_token', 'The staff form token is missing or stale: reload the page');
        }
      },
      handler: async (request: FastifyRequest, reply: FastifyReply) => route.handler(contexts.get(request)!, request, reply),
    });
  }
};

/**
 * What the /api route plugins share: the zod schemas of the inputs several routes take (declared once; the
 * type provider validates them before a handler runs and /api/openapi.json documents them), the site-token
 * rule, and a few helpers for answers.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Site } from '../../shared/sites.ts';
import { plainText } from '../../shared/text.ts';
import { cartTotal } from '../checkout/index.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import type { Services } from '../services/index.ts';
import type { RequestOrigin } from '../sites/index.ts';

// ── schemas ────────────────────────────────────────────────────────────────

export const siteToken = plainText({ missing: 'the site token is required', invalid: 'must not contain control characters' })
  .min(1)
  .max(128)
  .describe('The site token (spec §3 `_token`): from the page data or the `_token` cookie. Also accepted as the X-CSRF-Token header.');

export const domain = plainText({ invalid: 'must not contain control characters' })
  .min(1)
  .max(253)
  .optional()
  .describe('The site the call is about: a configured host name or address (spec §7). Default: the host the call came to.');

/** The query of the spec's GET calls: `token`, `domain`. */
export const tokenQuery = z.object({ token: siteToken.optional(), domain });

// PostgreSQL text cannot hold U+0000: such a value is refused here (400), not by the database (500).
export const searchText = plainText({ invalid: 'must not contain control characters' }).trim().min(1, 'must not be empty').max(200);

/**
 * A request body: no body (or JSON null) counts as an empty object, so a missing field is named ("body.search")
 * rather than the whole body. Everything else that is not an object is refused as "body".
 */
export function jsonBody<S extends z.ZodType>(schema: S) {
  return z.preprocess((value) => value ?? {}, schema);
}

// ── the site token ─────────────────────────────────────────────────────────

/**
 * Who must present the site token: `required` (every state-changing call, and the GET calls the spec lists
 * with `token`), `optional` (the spec's read-only POST calls: checked when present), `none`.
 */
export type TokenRule = 'required' | 'optional' | 'none';

declare module 'fastify' {
  interface FastifyContextConfig {
    token?: TokenRule;
  }
}

export function tokenRule(method: string, config: { token?: TokenRule } | undefined): TokenRule {
  return config?.token ?? (method === 'GET' || method === 'HEAD' ? 'none' : 'required');
}

/** Where the token may travel: the spec's `token` query parameter, a `token` body field (forms), or a header. */
function presentedToken(request: FastifyRequest): string | undefined {
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.token;
  const fromBody = (request.body as Record<string, unknown> | undefined)?.token;
  const fromHeader = request.headers['x-csrf-token'];
  for (const value of [fromQuery, fromBody, fromHeader]) if (typeof value === 'string' && value) return value;
  return undefined;
}

/**
 * The token check, run before validation (preValidation): a call without a good token learns nothing about
 * its inputs. The first token present counts: a wrong one is not rescued by a right one elsewhere.
 */
export function checkSiteToken(services: Services) {
  return async (request: FastifyRequest) => {
    const rule = tokenRule(request.method, request.routeOptions.config);
    if (rule === 'none') return;
    const value = presentedToken(request);
    if (!value) {
      if (rule === 'optional') return;
      throw forbidden('token_required', 'The site token (token) is required');
    }
    if (request.sessionIsNew || !services.sessions.verifyToken(request.sessionId, value)) {
      throw forbidden('token_invalid', 'The site token does not belong to this session');
    }
  };
}

// ── helpers ────────────────────────────────────────────────────────────────

/** The site named by `domain` (spec: the current host, or a demo domain on localhost), else the request's. */
export function siteFor(services: Services, request: FastifyRequest, domainValue: string | undefined, part: 'query' | 'body'): Site {
  if (domainValue === undefined) return request.site;
  const site = services.sites.find(domainValue);
  if (!site) throw badRequest(`Unknown domain "${domainValue}"`, [{ field: `${part}.domain`, message: 'not a configured site' }]);
  return site;
}

/** The cart in the spec's shape (data.cart): the lines the site sells, their total (§9 rule), currency and line count. */
export async function cartAnswer(services: Services, request: FastifyRequest, site: Site) {
  const cart = await services.cart.entries(request.sessionId, site.id, site.priceList);
  return { data: { cart, total: cartTotal(cart), currency: site.currency, count: cart.length } };
}

export function requestOrigin(request: FastifyRequest): RequestOrigin {
  return { protocol: request.protocol, hostname: request.hostname, port: request.port, site: request.site };
}

/** Form posts may send urlencoded bodies; JSON is the default. (Documentation: the OpenAPI `consumes`.) */
export const FORM_OR_JSON = ['application/json', 'application/x-www-form-urlencoded'];

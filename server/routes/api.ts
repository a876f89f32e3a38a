/**
 * The spec's API (§7) — same paths, parameters and answer shapes as the original backend — plus sign-in.
 * Every input is validated with zod (parseInput → 400 naming the field). Calls that carry the site token
 * are checked against the session (403 without it); every non-GET call must carry it (CSRF).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { splitLanguagePrefix, type Site, type SiteDirectory } from '../../shared/sites.ts';
import { safeLocalPath } from '../../shared/safe-path.ts';
import { localPath } from '../render/guards.ts';
import { cartTotal, MAX_QUANTITY } from '../../shared/cart.ts';
import { badRequest, conflict, forbidden, notFound, parseInput } from '../http/errors.ts';
import { setSessionCookie } from '../http/request-context.ts';
import type { Services } from '../services/index.ts';
import { AuthService } from '../services/auth.ts';
import { WIDGET_CODES } from '../services/widgets.ts';
import { MAX_COMPARE_ITEMS } from '../services/compare.ts';
import { SiteAddresses, type RequestOrigin } from '../services/site-address.ts';
import type { City } from '../services/cities.ts';

const token = z.string({ error: 'the site token is required' }).min(1).max(128);
const domain = z.string().min(1).max(253).optional();
const tokenQuery = z.object({ token: token.optional(), domain });
const domainBody = z.object({ domain, token: token.optional() });
// PostgreSQL text cannot hold U+0000: such a value is refused here (400), not by the database (500).
const searchText = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(200)
  .refine((s) => !s.includes('\u0000'), 'must not contain NUL characters');

/** Where the token may travel: the spec's `token` query parameter, a `token` body field (forms), or a header. */
function presentedToken(request: FastifyRequest): string | undefined {
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.token;
  const fromBody = (request.body as Record<string, unknown> | undefined)?.token;
  const fromHeader = request.headers['x-csrf-token'];
  for (const value of [fromQuery, fromBody, fromHeader]) if (typeof value === 'string' && value) return value;
  return undefined;
}

export function registerApiRoutes(app: FastifyInstance, services: Services, sites: SiteDirectory): void {
  const auth = new AuthService(services.db);
  const addresses = new SiteAddresses(sites);

  /** The site named by `domain` (spec: the current host, or a demo domain on localhost), else the request's. */
  const siteFor = (request: FastifyRequest, domainValue: string | undefined, part: 'query' | 'body'): Site => {
    if (domainValue === undefined) return request.site;
    const site = sites.find(domainValue);
    if (!site) throw badRequest(`Unknown domain "${domainValue}"`, [{ field: `${part}.domain`, message: 'not a configured site' }]);
    return site;
  };

  // The API takes JSON (and urlencoded forms for sign-in/out); Fastify's default text/plain parser would hand
  // the handlers a bare string. Without it a text/plain body is refused with 415 like any other media type.
  app.removeContentTypeParser('text/plain');

  const requireToken = async (request: FastifyRequest) => {
    const value = presentedToken(request);
    if (!value) throw forbidden('token_required', 'The site token (token) is required');
    if (request.sessionIsNew || !services.sessions.verifyToken(request.sessionId, value)) {
      throw forbidden('token_invalid', 'The site token does not belong to this session');
    }
  };

  // Every call below that is not GET must carry the token; GET calls that name it in the spec too.
  app.addHook('preHandler', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return requireToken(request);
    if (request.routeOptions.config && (request.routeOptions.config as { token?: boolean }).token) return requireToken(request);
  });
  const withToken = { config: { token: true } };

  app.get('/api/shop/categories', withToken, async (request) => {
    const q = parseInput(tokenQuery, request.query, 'query');
    // The same per-site cache as the page shell: no database round trip.
    return { data: { categories: (await services.publicShell(siteFor(request, q.domain, 'query'))).categories } };
  });

  app.post('/api/site/search', async (request) => {
    const q = parseInput(tokenQuery, request.query, 'query');
    const body = parseInput(z.object({ search: searchText }), request.body, 'body');
    siteFor(request, q.domain, 'query');
    return { data: { results: await services.catalog.search(body.search) } };
  });

  /** The cart in the spec's shape (data.cart), with its total (§9 rule), currency and line count. */
  const cartAnswer = async (request: FastifyRequest, site: Site) => {
    const cart = await services.cart.entries(request.sessionId, site.id, site.priceList);
    return { data: { cart, total: cartTotal(cart), currency: site.currency, count: cart.length } };
  };

  app.get('/api/shop/cart', withToken, async (request) => {
    const q = parseInput(tokenQuery, request.query, 'query');
    const site = siteFor(request, q.domain, 'query');
    return cartAnswer(request, site);
  });

  app.get('/api/site/city', withToken, async (request) => {
    const q = parseInput(tokenQuery.extend({ search: searchText }), request.query, 'query');
    const site = siteFor(request, q.domain, 'query');
    // A city's url is where the browser goes when it is picked: only configured sites, else none.
    const results = (await services.cities.search(q.search, site.id)).map((c) => ({ ...c, url: addresses.isAllowed(c.url) ? c.url : null }));
    return { data: { results } };
  });

  /**
   * The region overlay (spec §4): the visitor's location from their IP, and where 'Все верно' leads — the
   * first city of that name with a site address, else the default business domain. `sites` maps every
   * configured host to its origin for this request: the only places a picked city may lead to.
   */
  app.get('/api/site/region', withToken, async (request, reply) => {
    const q = parseInput(tokenQuery, request.query, 'query');
    const site = siteFor(request, q.domain, 'query');
    const origin = requestOrigin(request);
    const lookup = await services.location.lookup(request.ip);
    if (lookup.status === 'failed') request.log.warn({ reason: lookup.reason }, 'location lookup failed');
    let address: string | null = null;
    if (lookup.status === 'found') {
      const city = lookup.location.city ? await cityNamed(lookup.location.city, site.id) : undefined;
      address = addresses.resolve(city?.url, origin) ?? addresses.defaultAddress(origin);
    }
    // Personal (it depends on the visitor's IP): never stored by a shared cache.
    reply.header('cache-control', 'private, no-store');
    return {
      data: {
        status: lookup.status,
        location: lookup.status === 'found' ? lookup.location : null,
        address,
        sites: addresses.originsFor(origin),
      },
    };
  });

  /** The first city titled exactly so (case and ё/е aside), the request's site's own first. */
  const cityNamed = async (title: string, siteId: string): Promise<City | undefined> => {
    const key = (s: string) => s.trim().toLowerCase().replaceAll('ё', 'е');
    const wanted = key(title);
    if (!wanted || wanted.length > 200 || wanted.includes('\u0000')) return undefined;
    return (await services.cities.search(title, siteId)).find((c) => key(c.title) === wanted);
  };

  app.get('/api/site/widget', withToken, async (request) => {
    const q = parseInput(tokenQuery.extend({ code: z.enum(WIDGET_CODES) }), request.query, 'query');
    const site = siteFor(request, q.domain, 'query');
    const widgets = (await services.publicShell(site)).widgets;
    return { data: { widget: { code: q.code, content: { html: widgets[q.code] } } } };
  });

  // Spec: POST /api/cart {domain} answers the list of cart entries itself.
  app.post('/api/cart', async (request) => {
    const body = parseInput(domainBody, request.body, 'body');
    const site = siteFor(request, body.domain, 'body');
    return services.cart.entries(request.sessionId, site.id, site.priceList);
  });

  // Cart changes (not in the spec, which leaves checkout calls unshown). JSON for the page's scripts; a form post
  // (the page without JavaScript) is sent back to `next` or the cart. Prices always come from the database.
  const productId = z.coerce.number({ error: 'must be a product id' }).int().positive().max(2_147_483_647);
  const cartChangeBody = z
    .object({
      productId,
      quantity: z.coerce.number({ error: 'must be a whole number' }).int().min(0).max(MAX_QUANTITY).default(1),
      mode: z.enum(['add', 'set']).default('add'),
      domain,
      token: token.optional(),
      next: z.string().max(2000).optional(),
    })
    .refine((b) => b.mode === 'set' || b.quantity > 0, { message: 'must be at least 1 when adding', path: ['quantity'] });

  app.post('/api/cart/items', async (request, reply) => {
    const body = parseInput(cartChangeBody, request.body, 'body');
    const site = siteFor(request, body.domain, 'body');
    const refused = await services.cart.change(request.sessionId, site, body.productId, body.quantity, body.mode);
    if (refused) throw notFound(`Product ${body.productId} is not sold on this site`);
    if (isFormPost(request)) return reply.redirect(safeLocalPath(body.next) ?? localTarget(request, '/cart'), 303);
    return cartAnswer(request, site);
  });

  // The whole kit in one call: every line added in one statement, or nothing when the site does not sell all
  // of them (409 kit_not_sold). Same answers as /api/cart/items: JSON, or a 303 back for a form post.
  const cartKitBody = z.object({
    slug: z.string({ error: 'must be a kit slug' }).regex(/^[a-z0-9][a-z0-9-]{0,119}$/, 'must be a kit slug'),
    domain,
    token: token.optional(),
    next: z.string().max(2000).optional(),
  });

  app.post('/api/cart/kit', async (request, reply) => {
    const body = parseInput(cartKitBody, request.body, 'body');
    const site = siteFor(request, body.domain, 'body');
    const kit = await services.kits.find(body.slug, site);
    if (!kit) throw notFound(`Kit "${body.slug}" does not exist`);
    const refused = kit.purchasable ? await services.cart.addKit(request.sessionId, site, kit.id) : 'not_sold';
    if (refused) throw conflict('kit_not_sold', `Kit "${body.slug}" is not sold on this site: it holds products this site does not sell`);
    if (isFormPost(request)) return reply.redirect(safeLocalPath(body.next) ?? localTarget(request, '/cart'), 303);
    return cartAnswer(request, site);
  });

  app.delete('/api/cart/items/:productId', async (request) => {
    const params = parseInput(z.object({ productId }), request.params, 'params');
    const q = parseInput(tokenQuery, request.query, 'query');
    const site = siteFor(request, q.domain, 'query');
    await services.cart.remove(request.sessionId, site.id, params.productId);
    return cartAnswer(request, site);
  });

  app.post('/api/compare', async (request) => {
    const body = parseInput(domainBody, request.body, 'body');
    siteFor(request, body.domain, 'body');
    return { totalItems: await services.compare.count(request.sessionId) };
  });

  // Compare list changes (not in the spec): add or remove one product, or clear the list. Answers the new
  // totalItems; a form post goes back to `next`.
  const compareChangeBody = z.object({
    productId,
    mode: z.enum(['add', 'remove']).default('add'),
    token: token.optional(),
    next: z.string().max(2000).optional(),
  });
  const compareAnswer = async (request: FastifyRequest, reply: FastifyReply, next: string | undefined) => {
    if (isFormPost(request)) return reply.redirect(safeLocalPath(next) ?? localTarget(request, '/compare'), 303);
    return { data: { totalItems: await services.compare.count(request.sessionId) } };
  };

  app.post('/api/compare/items', async (request, reply) => {
    const body = parseInput(compareChangeBody, request.body, 'body');
    if (body.mode === 'remove') {
      await services.compare.remove(request.sessionId, body.productId);
    } else {
      const refused = await services.compare.add(request.sessionId, body.productId);
      if (refused === 'not_found') throw notFound(`Product ${body.productId} does not exist`);
      if (refused === 'full') throw conflict('compare_full', `The compare list holds at most ${MAX_COMPARE_ITEMS} products`);
    }
    return compareAnswer(request, reply, body.next);
  });

  app.post('/api/compare/clear', async (request, reply) => {
    const body = parseInput(z.object({ token: token.optional(), next: z.string().max(2000).optional() }), request.body ?? {}, 'body');
    await services.compare.clear(request.sessionId);
    return compareAnswer(request, reply, body.next);
  });

  // Any other /api/ address is a JSON 404, not the storefront's HTML "page not found" (GET /* would take it).
  app.get('/api/*', async (request) => {
    throw notFound(`No route for ${request.method} ${request.url.split('?')[0]}`);
  });

  // Spec: GET /api/location answers the visitor's IP (behind a proxy only when TRUST_PROXY allows it).
  app.get('/api/location', async (request) => ({ data: request.ip }));

  const loginBody = z.object({
    email: z.email().max(254),
    password: z.string().min(1).max(200),
    next: z.string().max(2000).optional(),
    token: token.optional(),
  });

  app.post('/api/auth/login', async (request, reply) => {
    const body = parseInput(loginBody, request.body, 'body');
    const result = await auth.login(body.email, body.password, request.ip, request.sessionId);
    const isForm = isFormPost(request);
    if (!result.ok) {
      const status = result.reason === 'rate_limited' ? 429 : 401;
      if (result.reason === 'rate_limited') reply.header('retry-after', String(result.retryAfterSeconds));
      if (isForm) {
        // Back to the form, which says what went wrong (the page works without JavaScript).
        const params = new URLSearchParams({ failed: result.reason === 'rate_limited' ? 'limit' : 'credentials' });
        const next = safeLocalPath(body.next);
        if (next) params.set('next', next);
        return reply.redirect(`${localTarget(request, '/auth')}?${params}`, 303);
      }
      return reply.code(status).send({
        statusCode: status,
        error: result.reason,
        message: result.reason === 'rate_limited' ? 'Too many failed attempts; try again later' : 'Wrong e-mail or password',
      });
    }
    setSessionCookie(request, reply, result.sessionId);
    if (isForm) return reply.redirect(safeLocalPath(body.next) ?? localTarget(request, '/personal'), 303);
    return { data: { user: result.user, token: services.sessions.tokenFor(result.sessionId) } };
  });

  app.post('/api/auth/logout', async (request, reply) => {
    const sessionId = await auth.logout(request.sessionId);
    setSessionCookie(request, reply, sessionId);
    if (isFormPost(request)) return reply.redirect(localTarget(request, '/'), 303);
    return { data: { signedIn: false, token: services.sessions.tokenFor(sessionId) } };
  });
}

function requestOrigin(request: FastifyRequest): RequestOrigin {
  return { protocol: request.protocol, hostname: request.hostname, port: request.port, site: request.site };
}

function isFormPost(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
}


/** The page a form post returns to, in the language the form was shown in (from its Referer's prefix). */
function localTarget(request: FastifyRequest, path: string): string {
  let refererPath = '/';
  try {
    refererPath = new URL(request.headers.referer ?? '/', 'http://x').pathname;
  } catch {
    // a malformed Referer: the default language
  }
  const lang = splitLanguagePrefix(refererPath, request.site);
  return localPath(lang && 'basename' in lang ? lang.basename : '/', path);
}

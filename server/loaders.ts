/**
 * The loader of every route in shared/routes.ts, keyed by route id. They run in-process: on a page request
 * inside the static handler, on a client navigation through GET /_data/… (server/render/renderer.tsx).
 * A loader throws `notFoundError(url)` for a missing thing: the page answers 404 with the spec's message.
 */
import { data, redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { z } from 'zod';
import { splitLanguagePrefix, type Language, type Site } from '../shared/sites.ts';
import type { RouteId } from '../shared/routes.ts';
import type { Services } from './services/index.ts';
import type { SessionSnapshot } from './services/sessions.ts';
import { publicSite, type PublicSite } from '../shared/public-site.ts';
import { safeLocalPath } from '../shared/safe-path.ts';
import { SEARCH_MAX_LENGTH, SEARCH_PAGE_LIMIT } from '../shared/search.ts';
import type { SearchResult } from './services/catalog.ts';
import { parseListingQuery } from './services/listing.ts';
import { KITS_PATH } from '../shared/navigation.ts';

/** The kits list stands in for the listing of the kits category (same slug): its description is the list's lead. */
const KITS_CATEGORY_SLUG = KITS_PATH.slice(1);

export interface LoadContext {
  site: Site;
  language: Language;
  basename: string;
  session: { id: string; token: string; snapshot: SessionSnapshot };
  /** The visitor accepted cookies (spec §3 `cooky`): the banner is not rendered. */
  cookieConsent: boolean;
  /** The request came to a local host (localhost, *.localhost), where test notices show too. */
  localHost: boolean;
  services: Services;
}

/** The spec's unknown-route error (§8): status 404, "Page not found: {fullPath}", the path in the data. */
export interface NotFoundData {
  message: string;
  path: string;
}

export function notFoundError(requestUrl: string) {
  const url = new URL(requestUrl);
  const fullPath = url.pathname + url.search;
  // statusText given explicitly: React Router's default for a thrown data() is "Internal Server Error".
  return data<NotFoundData>({ message: `Page not found: ${fullPath}`, path: fullPath }, { status: 404, statusText: 'Not Found' });
}

type Args = LoaderFunctionArgs<LoadContext> & { context: LoadContext };

/** Catalogue slugs are lower-case latin, digits and dashes; anything else (a NUL byte, say) is simply not found. */
const isSlug = (value: string | undefined): value is string => !!value && /^[a-z0-9][a-z0-9-]{0,119}$/.test(value);

const positiveInt = (value: string | undefined): number | undefined =>
  value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined;

/**
 * `?q=` of the search results page: control characters (NUL included, which PostgreSQL text cannot hold)
 * become spaces, then trimmed; at most SEARCH_MAX_LENGTH characters. Empty is valid: the page with no results.
 */
const withoutControls = (s: string) => s.replace(/[\u0000-\u001f\u007f]/g, ' ');
const searchQuery = z.string().transform(withoutControls).pipe(z.string().trim().max(SEARCH_MAX_LENGTH));

export interface SearchPageData {
  query: string;
  results: SearchResult[];
  /** Set when the query was refused (answered with status 400): it is longer than SEARCH_MAX_LENGTH. */
  problem: 'tooLong' | null;
}

/** The cart result pages' first segment (spec: /cart/{success}); anything else is not a page. */
export const CART_RESULTS = ['success', 'fail'] as const;

export const loaders = {
  async root({ context }: Args) {
    const { site, session, services } = context;
    const shell = await services.publicShell(site);
    return {
      site: publicSite(site) as PublicSite,
      categories: shell.categories,
      widgets: shell.widgets,
      /** Chat scripts from allowlisted hosts only, loaded after hydration (client/third-party/). */
      chatScripts: shell.chatScripts,
      cartCount: session.snapshot.cartCount,
      compareCount: session.snapshot.compareCount,
      /** The products in the visitor's compare list, so any product card can show whether it is in it. */
      compared: session.snapshot.compareCount > 0 ? await services.compare.ids(session.id) : [],
      signedIn: session.snapshot.userId !== null,
      cookieConsent: context.cookieConsent,
      /** Spec §4: the notification dialog, on the test and local hosts only, when the modal widget has content. */
      showNotice: (site.isTest || context.localHost) && shell.widgets.modal !== '',
      /** The site token (spec §3 `_token`): sent as `token` with API calls. */
      token: session.token,
    };
  },

  pages: () => null,

  home: () => null,

  async auth({ request }: Args) {
    const params = new URL(request.url).searchParams;
    const failed = params.get('failed');
    return {
      // Only a local path may be a return target: no open redirect through ?next=.
      next: safeLocalPath(params.get('next')),
      /** A plain-form sign-in that failed comes back here with the reason. */
      failed: failed === 'limit' || failed === 'credentials' ? failed : null,
    };
  },

  async personal({ request, context }: Args) {
    const user = await context.services.users.find(context.session.snapshot.userId!);
    if (!user) throw notFoundError(request.url);
    return { user };
  },

  async history({ context }: Args) {
    const orders = await context.services.orders.listForUser(context.session.snapshot.userId!, context.site);
    return { orders: orders.map(withoutOwner) };
  },

  async 'history-entry'({ request, params, context }: Args) {
    const id = positiveInt(params.id);
    const order = id ? await context.services.orders.find(id, context.site) : undefined;
    if (!order || order.user_id !== context.session.snapshot.userId) throw notFoundError(request.url);
    return { order: withoutOwner(order), result: null };
  },

  async 'cart-result'({ request, params, context }: Args) {
    const result = cartResult(params.success);
    const order = result && (await context.services.orders.latestForSession(context.session.id, context.site));
    if (!result || !order) throw notFoundError(request.url);
    return { result, order: { ...withoutOwner(order), items: [] } };
  },

  async 'cart-order'({ request, params, context }: Args) {
    const result = cartResult(params.success);
    const id = positiveInt(params.id);
    const order = result && id ? await context.services.orders.find(id, context.site) : undefined;
    if (!result || !order) throw notFoundError(request.url);
    return { result, order: withoutOwner(order) };
  },

  /**
   * A category listing: sort, attribute and price filters, page (docs/decisions/013-category-listing.md).
   * The query string is normalised by zod (never an error); a page past the last one is the 404 page.
   */
  async category({ request, params, context }: Args) {
    const category = isSlug(params.category) ? await context.services.catalog.findCategory(params.category) : undefined;
    if (!category) throw notFoundError(request.url);
    const { listing } = context.services;
    const { priceList, currency } = context.site;
    const facets = await listing.facets(category.id, priceList);
    const state = parseListingQuery(new URL(request.url).searchParams, facets);
    const page = await listing.page(category, priceList, state);
    if (state.page > page.pages) throw notFoundError(request.url);
    return {
      category,
      products: page.products,
      currency,
      listing: { ...state, total: page.total, pages: page.pages, facets },
      /** Canonical: the same page of the unfiltered, default-sorted listing (SeoLinks appends it). */
      canonicalSearch: state.page > 1 ? `?page=${state.page}` : '',
    };
  },

  /** The materials catalogue: every category with its image, product count and most popular products. */
  async materials({ context }: Args) {
    const categories = await context.services.listing.materials(context.site.priceList);
    return { categories, currency: context.site.currency };
  },

  async product({ request, params, context }: Args) {
    const { catalog } = context.services;
    if (!isSlug(params.category) || !isSlug(params.product)) throw notFoundError(request.url);
    const product = await catalog.findProduct(params.category, params.product, context.site.priceList);
    if (!product) {
      // "/kk/<product>" on a site without kk is a refused language prefix (spec: the 404 page), not an old link.
      const segment = splitLanguagePrefix('/' + params.category, context.site);
      if (segment && 'unknownPrefix' in segment) throw notFoundError(request.url);
      // A product reached under another category (an old link, a moved product): send to its one address.
      // The path is relative to the router: the static handler prepends the basename ("/en") itself.
      const canonical = await catalog.productUrlBySlug(params.product);
      if (canonical) throw redirect(canonical, 301);
      throw notFoundError(request.url);
    }
    const { services, site } = context;
    const related = await services.related.forProduct({ id: product.id, categoryId: product.category.id, price: product.price }, site.priceList);
    return { product, related, currency: site.currency };
  },

  async kits({ context }: Args) {
    const { services, site } = context;
    const [kits, category] = await Promise.all([services.kits.list(site), services.catalog.findCategory(KITS_CATEGORY_SLUG)]);
    return { kits, description: category?.description ?? '', currency: site.currency };
  },

  async kit({ request, params, context }: Args) {
    const kit = isSlug(params.slug) ? await context.services.kits.find(params.slug, context.site) : undefined;
    if (!kit) throw notFoundError(request.url);
    return { kit, currency: context.site.currency };
  },

  async compare({ context }: Args) {
    const { session, site, services } = context;
    const products = session.snapshot.compareCount > 0 ? await services.compare.list(session.id, site.priceList) : [];
    return { products, currency: site.currency };
  },

  async search({ request, context }: Args) {
    const raw = new URL(request.url).searchParams.get('q') ?? '';
    const parsed = searchQuery.safeParse(raw);
    if (!parsed.success) {
      // The input shows the start of what was sent, cut to what it accepts.
      const refused: SearchPageData = { query: withoutControls(raw).trim().slice(0, SEARCH_MAX_LENGTH), results: [], problem: 'tooLong' };
      return data(refused, { status: 400 });
    }
    const query = parsed.data;
    // The same service, ranking and SQL as POST /api/site/search, with a larger bound.
    const results = query ? await context.services.catalog.search(query, SEARCH_PAGE_LIMIT) : [];
    return { query, results, problem: null } satisfies SearchPageData;
  },

  async cart({ context }: Args) {
    const { services, session, site } = context;
    const entries = context.session.snapshot.cartCount > 0 ? await services.cart.entries(session.id, site.id, site.priceList) : [];
    return { entries, currency: site.currency };
  },

  'not-found'({ request }: Args): never {
    throw notFoundError(request.url);
  },
} satisfies Record<RouteId, (args: Args) => unknown>;

function cartResult(value: string | undefined): (typeof CART_RESULTS)[number] | null {
  return (CART_RESULTS as readonly string[]).includes(value ?? '') ? (value as (typeof CART_RESULTS)[number]) : null;
}

/** Orders leave the server without the session id and user id they are keyed by. */
function withoutOwner<T extends { session_id: unknown; user_id: unknown }>(order: T): Omit<T, 'session_id' | 'user_id'> {
  const { session_id: _s, user_id: _u, ...rest } = order;
  return rest;
}

/** The data a route's loader returns, for `useLoaderData` in its page. */
export type LoaderData<K extends RouteId> = Awaited<ReturnType<(typeof loaders)[K]>>;

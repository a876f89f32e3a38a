/**
 * The one route table, used by the server (guards, loaders, actions, streamed render) and the browser (hydration,
 * client navigation). It is data only: every page is a route id, and the id names its modules
 * (docs/decisions/020-route-modules.md):
 *
 *   client/pages/<id>.tsx   the page: component, head tags, `handle` (forced colour mode)     — the browser's chunk
 *   server/pages/<id>.ts    its loader, action, guard and the zod schemas of params, query, form — run on the server
 *
 * Adding a page: one line below, those two modules, its strings in shared/locales/.
 * Two routes wrap every page: 'root' (the shell: client/Root.tsx, its data from server/pages/root.ts) and 'pages', the
 * pathless layout whose error boundary keeps the header and footer around a failed page (server/pages/pages.ts).
 */

export interface RouteEntry {
  /** The route id and the name of its modules. */
  id: string;
  path?: string;
  index?: true;
  /**
   * The strings the page shows beyond the shell's (SHELL_STRINGS): locale namespaces ("calc") or parts of one
   * ("seo.home"), embedded in the page's boot data and loaded before a client navigation renders the page
   * (docs/decisions/050-translations-per-page.md; test/page-strings.test.ts holds every key the page uses to them).
   */
  strings: readonly string[];
}

/**
 * The strings of every page, in the boot data: what the shell (client/Root.tsx, its header, footer, menus, region and
 * cookie dialogs, lightbox, form errors, the pages' error boundary) shows. A namespace of shared/locales or a part of one.
 */
export const SHELL_STRINGS: readonly string[] = [
  'city',
  'colorMode',
  'consent',
  'cookies',
  'error',
  'footer',
  'form',
  'header',
  'lightbox.close',
  'lightbox.elementNotFound',
  'lightbox.error',
  'meta',
  'nav',
  'notFound',
  'notice',
  'productPage.layer',
  'region',
  'search.found',
  'search.label',
  'search.nothing',
  'search.placeholder',
  'search.results',
  'search.submit',
  'seo.notFound',
  'site.law',
  'site.policyLine',
  'site.policyLink',
  'site.social',
  'site.socialLinks',
];

/** Strings a part of the shell loads with its own chunk when it first shows (the lightbox: client/components/GalleryHost.tsx). */
export const LAZY_STRINGS: readonly string[] = ['lightbox'];

/** A product or kit tile and its buttons (add to cart, compare), as lists of products show them. */
const TILES = [
  'product',
  'productPage.in_stock',
  'productPage.on_order',
  'compare.add',
  'compare.added',
  'compare.failed',
  'kits.added',
  'kits.addFailed',
  'kits.lines',
  'kits.mass',
  'kits.notSold',
  'kits.total',
] as const;
/** The trail above a page (client/components/Breadcrumbs.tsx). */
const CRUMBS = ['productPage.breadcrumbs', 'productPage.home'] as const;
/** The account's forms: their shared labels, errors, password strength and the demo inbox's link. */
const ACCOUNT_FORMS = ['auth', 'account.shared', 'account.errors', 'account.strength', 'account.demoInbox'] as const;
/** The sign-up form's fields the account page's forms share. */
const PROFILE_FIELDS = [
  'account.register.name',
  'account.register.passwordHint',
  'account.register.phone',
  'account.register.phoneHint',
] as const;
/** A content page (decision 027): its texts, teasers and the products an article names. */
const CONTENT = ['content', 'seo.content', ...CRUMBS, ...TILES] as const;

/**
 * The pages. Order does not matter to React Router (it ranks by path: a static segment beats a dynamic one, so
 * "/search" is never a category slug and "komplekty-sumoizoliacii", the kits category's own slug, is the kits list);
 * static paths come first for the reader.
 */
export const pageRoutes = [
  { id: 'home', index: true, strings: ['home', 'seo.home', 'content.empty', 'content.readingTime', ...TILES] },
  {
    id: 'auth',
    path: 'auth',
    strings: [
      'auth',
      'account.forgot.link',
      'account.register.create',
      'account.register.noAccount',
      'account.shared',
      'account.demoInbox',
      'seo.auth',
    ],
  },
  { id: 'personal', path: 'personal', strings: ['personal', 'account.personal', ...PROFILE_FIELDS, ...ACCOUNT_FORMS, 'seo.personal'] },
  {
    id: 'history',
    path: 'history',
    strings: ['history', 'order', 'orders', 'personal.history', 'account.history', 'account.personal', 'seo.history'],
  },
  { id: 'history-entry', path: 'history/:id', strings: ['order', 'orders', 'account.history', 'seo.order'] },
  { id: 'register', path: 'register', strings: ['account.register', ...ACCOUNT_FORMS, 'site.consentLaw', 'seo.register'] },
  {
    id: 'password-forgot',
    path: 'auth/forgot',
    strings: ['account.forgot', 'account.register.signIn', ...ACCOUNT_FORMS, 'seo.passwordForgot'],
  },
  {
    id: 'password-reset',
    path: 'auth/reset',
    strings: ['account.reset', 'account.register.signIn', 'account.register.passwordHint', ...ACCOUNT_FORMS, 'seo.passwordReset'],
  },
  { id: 'account-confirm', path: 'account/confirm', strings: ['account.confirm', 'account.reset', ...ACCOUNT_FORMS, 'seo.accountConfirm'] },
  {
    id: 'records',
    path: 'records',
    strings: ['account.records', 'account.history', 'account.personal', 'account.errors', 'personal.history', 'seo.records'],
  },
  { id: 'cart', path: 'cart', strings: ['cart', 'checkout', 'details.emptyCart', 'site.offer', 'seo.cart'] },
  { id: 'cart-result', path: 'cart/:success', strings: ['checkout', 'order', 'orders', 'seo.receipt'] },
  { id: 'cart-order', path: 'cart/:success/:id', strings: ['checkout', 'order', 'orders', 'payment', 'seo.receipt'] },
  { id: 'cart-invoice', path: 'cart/invoice/:id', strings: ['orders', 'payment.invoice', 'seo.invoice'] },
  { id: 'search', path: 'search', strings: ['search', 'seo.search', ...CRUMBS, ...TILES] },
  { id: 'compare', path: 'compare', strings: ['compare', 'attr', 'seo.compare'] },
  { id: 'materials', path: 'materials', strings: ['materials', 'details.kitsCount', 'seo.materials', ...CRUMBS, ...TILES] },
  { id: 'kits', path: 'komplekty-sumoizoliacii', strings: ['kits', 'seo.kits', ...CRUMBS, ...TILES] },
  { id: 'kit', path: 'komplekty-sumoizoliacii/:slug', strings: ['kits', 'checkout.kitCartNote', 'seo.kits', ...CRUMBS, ...TILES] },
  // Content and forms (decision 027).
  { id: 'about', path: 'about', strings: CONTENT },
  { id: 'about-noise', path: 'about_noise_insulation', strings: CONTENT },
  { id: 'about-noise-page', path: 'about_noise_insulation/:page', strings: CONTENT },
  { id: 'news', path: 'news', strings: [...CONTENT, 'details.rssTitle'] },
  { id: 'news-item', path: 'news/:slug', strings: CONTENT },
  { id: 'articles', path: 'stati', strings: CONTENT },
  { id: 'article', path: 'stati/:slug', strings: CONTENT },
  { id: 'payment', path: 'oplata-i-vozvraty', strings: [...CONTENT, 'site.offer'] },
  { id: 'privacy', path: 'politika-konfidencialnosti', strings: CONTENT },
  { id: 'faq', path: 'voprosy-i-otvety', strings: CONTENT },
  { id: 'reviews', path: 'otzyvy-i-predlojeniya', strings: [...CONTENT, 'forms'] },
  { id: 'partner', path: 'stat-partnerom', strings: [...CONTENT, 'forms'] },
  { id: 'handmade', path: 'handmade', strings: [...CONTENT, 'forms'] },
  { id: 'calc', path: 'calc', strings: ['calc', 'product', 'productPage'] },
  { id: 'builder', path: 'constructor', strings: ['calc', 'productPage'] },
  { id: 'map', path: 'map', strings: ['map', 'productPage'] },
  { id: 'category', path: ':category', strings: ['listing', 'category', 'attr', 'notice', 'seo.category', ...CRUMBS, ...TILES] },
  { id: 'product', path: ':category/:product', strings: ['attr', 'productPage', 'seo.category', ...TILES] },
  // Every other path: the loader answers 404 "Page not found: {fullPath}".
  { id: 'not-found', path: '*', strings: [] },
] as const satisfies readonly RouteEntry[];

export type PageRouteId = (typeof pageRoutes)[number]['id'];
export type RouteId = 'root' | 'pages' | PageRouteId;

/** A node of the route tree as data: what both sides (and the metrics' route labels) match URLs against. */
export type RouteNode =
  | { id: RouteId; path?: string; index?: false; children?: RouteNode[] }
  | { id: RouteId; index: true; children?: undefined };

/** The whole tree: the shell ('root', path '/') → the pathless 'pages' layout → every page. */
export function routeTree(): RouteNode[] {
  return [
    {
      id: 'root',
      path: '/',
      children: [
        {
          id: 'pages',
          children: pageRoutes.map(
            (entry): RouteNode => ('index' in entry ? { id: entry.id, index: true } : { id: entry.id, path: entry.path }),
          ),
        },
      ],
    },
  ];
}

/**
 * Pages whose query string is state the page computes from in the browser (the calculator and the constructor:
 * docs/decisions/028-calculator.md): a navigation that changes only the query reloads none of their data.
 */
export const queryStateRoutes: ReadonlySet<RouteId> = new Set<RouteId>(['calc', 'builder']);

/** The strings a page with these matched routes shows: the shell's and each matched page's, each named once, sorted. */
export function stringsOf(routeIds: Iterable<string>): string[] {
  const units = new Set(SHELL_STRINGS);
  for (const id of routeIds) for (const unit of pageStrings.get(id) ?? []) units.add(unit);
  return [...units].sort();
}

const pageStrings = new Map<string, readonly string[]>(pageRoutes.map((r) => [r.id, r.strings]));

/** Every string unit some page shows: what the browser may ask for (never the server's own, like `mail`). */
export const browserStrings: ReadonlySet<string> = new Set([...SHELL_STRINGS, ...pageRoutes.flatMap((r) => r.strings), ...LAZY_STRINGS]);

/** The strings of one page beyond the shell's (a client navigation loads those it lacks). */
export const pageStringsOf = (id: string): readonly string[] => pageStrings.get(id) ?? [];

/** The route ids that have a server module in server/pages (all of them: every route has a loader). */
export const serverModuleIds: readonly RouteId[] = ['root', 'pages', ...pageRoutes.map((r) => r.id)];

/** The Vite manifest key of a page's lazy chunk: derived from its id, never written twice. */
export const pageModuleKey = (id: string): string => `client/pages/${id}.tsx`;

export type ForcedColorMode = 'light' | 'dark';

/** A page module's `handle`, read by the shell (client) and the renderer (server) alike. */
export interface RouteHandle {
  /** A colour mode the page forces over the visitor's choice (spec §3: printable order receipts are light). */
  colorMode?: ForcedColorMode;
}

/** The guards of spec §6 a server page module may name; the server runs them before any loader or action. */
export type GuardName = 'auth' | 'cart' | 'personal';

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
}

/**
 * The pages. Order does not matter to React Router (it ranks by path: a static segment beats a dynamic one, so
 * "/search" is never a category slug and "komplekty-sumoizoliacii", the kits category's own slug, is the kits list);
 * static paths come first for the reader.
 */
export const pageRoutes = [
  { id: 'home', index: true },
  { id: 'auth', path: 'auth' },
  { id: 'personal', path: 'personal' },
  { id: 'history', path: 'history' },
  { id: 'history-entry', path: 'history/:id' },
  { id: 'register', path: 'register' },
  { id: 'password-forgot', path: 'auth/forgot' },
  { id: 'password-reset', path: 'auth/reset' },
  { id: 'account-confirm', path: 'account/confirm' },
  { id: 'records', path: 'records' },
  { id: 'cart', path: 'cart' },
  { id: 'cart-result', path: 'cart/:success' },
  { id: 'cart-order', path: 'cart/:success/:id' },
  { id: 'cart-invoice', path: 'cart/invoice/:id' },
  { id: 'search', path: 'search' },
  { id: 'compare', path: 'compare' },
  { id: 'materials', path: 'materials' },
  { id: 'kits', path: 'komplekty-sumoizoliacii' },
  { id: 'kit', path: 'komplekty-sumoizoliacii/:slug' },
  // Content and forms (decision 027).
  { id: 'about', path: 'about' },
  { id: 'about-noise', path: 'about_noise_insulation' },
  { id: 'about-noise-page', path: 'about_noise_insulation/:page' },
  { id: 'news', path: 'news' },
  { id: 'news-item', path: 'news/:slug' },
  { id: 'articles', path: 'stati' },
  { id: 'article', path: 'stati/:slug' },
  { id: 'payment', path: 'oplata-i-vozvraty' },
  { id: 'privacy', path: 'politika-konfidencialnosti' },
  { id: 'faq', path: 'voprosy-i-otvety' },
  { id: 'reviews', path: 'otzyvy-i-predlojeniya' },
  { id: 'partner', path: 'stat-partnerom' },
  { id: 'handmade', path: 'handmade' },
  { id: 'calc', path: 'calc' },
  { id: 'builder', path: 'constructor' },
  { id: 'map', path: 'map' },
  { id: 'category', path: ':category' },
  { id: 'product', path: ':category/:product' },
  // Every other path: the loader answers 404 "Page not found: {fullPath}".
  { id: 'not-found', path: '*' },
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

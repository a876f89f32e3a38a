/**
 * The one route table, used by the server (guards, static handler, streaming render) and the browser
 * (hydration, client navigation). Routes carry:
 *   - `id`: the key of the route's loader in server/loaders.ts (every route has one),
 *   - `handle.guard`: the guard the server runs before any loader (spec §6),
 *   - `handle.module`: the page module's source path, so the server can preload its chunk from the Vite manifest,
 *   - `handle.colorMode`: a colour mode the page forces over the visitor's choice (spec §3).
 * Loaders are attached by each side: the server runs them in-process, the browser fetches their data as JSON
 * (client/data-strategy.ts). Page components load lazily, one chunk per page.
 */
import type { ComponentType } from 'react';
import type { LoaderFunction, RouteObject, ShouldRevalidateFunction } from 'react-router-dom';
import { Root, RootErrorBoundary } from '../client/Root.tsx';
import { PageErrorBoundary } from '../client/pages/PageError.tsx';
import { galleryAware } from '../client/gallery.ts';

export type GuardName = 'auth' | 'cart' | 'personal';
export type ForcedColorMode = 'light' | 'dark';

export interface RouteHandle {
  guard?: GuardName;
  /** Source path of the lazy page module, a key of the Vite manifest. */
  module?: string;
  colorMode?: ForcedColorMode;
}

interface PageModule {
  Component: ComponentType;
}

interface RouteDef {
  id: RouteId;
  path?: string;
  index?: true;
  guard?: GuardName;
  colorMode?: ForcedColorMode;
  /** The page module: its manifest key and its importer (a literal import() so Vite splits it). */
  page?: [module: string, load: () => Promise<PageModule>];
  Component?: ComponentType;
  ErrorBoundary?: ComponentType;
  shouldRevalidate?: ShouldRevalidateFunction;
  children?: RouteDef[];
}

export type RouteId =
  | 'root'
  | 'pages'
  | 'home'
  | 'auth'
  | 'personal'
  | 'history'
  | 'history-entry'
  | 'cart'
  | 'cart-result'
  | 'cart-order'
  | 'search'
  | 'compare'
  | 'materials'
  | 'kits'
  | 'kit'
  | 'category'
  | 'product'
  | 'not-found';

const routeDefs: RouteDef[] = [
  {
    id: 'root',
    path: '/',
    Component: Root,
    ErrorBoundary: RootErrorBoundary,
    // Shell data (categories, widgets, counters) is reloaded after a form submission or an explicit
    // revalidation (same URL: e.g. after a cart change), not on every navigation.
    shouldRevalidate: ({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }) =>
      formMethod || currentUrl.href === nextUrl.href ? defaultShouldRevalidate : false,
    children: [
      {
        // A pathless layout: its error boundary renders inside the root layout, so the header and footer stay.
        id: 'pages',
        ErrorBoundary: PageErrorBoundary,
        children: [
          { id: 'home', index: true, page: ['client/pages/HomePage.tsx', () => import('../client/pages/HomePage.tsx')] },
          { id: 'auth', path: 'auth', guard: 'auth', page: ['client/pages/AuthPage.tsx', () => import('../client/pages/AuthPage.tsx')] },
          { id: 'personal', path: 'personal', guard: 'personal', page: ['client/pages/PersonalPage.tsx', () => import('../client/pages/PersonalPage.tsx')] },
          { id: 'history', path: 'history', guard: 'personal', page: ['client/pages/HistoryPage.tsx', () => import('../client/pages/HistoryPage.tsx')] },
          // Order receipts are printed: they force the light mode.
          { id: 'history-entry', path: 'history/:id', guard: 'personal', colorMode: 'light', page: ['client/pages/OrderPage.tsx', () => import('../client/pages/OrderPage.tsx')] },
          { id: 'cart', path: 'cart', page: ['client/pages/CartPage.tsx', () => import('../client/pages/CartPage.tsx')] },
          { id: 'cart-result', path: 'cart/:success', guard: 'cart', page: ['client/pages/CartResultPage.tsx', () => import('../client/pages/CartResultPage.tsx')] },
          { id: 'cart-order', path: 'cart/:success/:id', guard: 'cart', colorMode: 'light', page: ['client/pages/OrderPage.tsx', () => import('../client/pages/OrderPage.tsx')] },
          // A static segment: React Router ranks it above ":category", so "/search" is never a category slug.
          { id: 'search', path: 'search', page: ['client/pages/SearchPage.tsx', () => import('../client/pages/SearchPage.tsx')] },
          { id: 'compare', path: 'compare', page: ['client/pages/ComparePage.tsx', () => import('../client/pages/ComparePage.tsx')] },
          { id: 'materials', path: 'materials', page: ['client/pages/MaterialsPage.tsx', () => import('../client/pages/MaterialsPage.tsx')] },
          // Static prefixes: they rank above ":category" and ":category/:product" (the kits category's own slug).
          { id: 'kits', path: 'komplekty-sumoizoliacii', page: ['client/pages/KitsPage.tsx', () => import('../client/pages/KitsPage.tsx')] },
          { id: 'kit', path: 'komplekty-sumoizoliacii/:slug', page: ['client/pages/KitPage.tsx', () => import('../client/pages/KitPage.tsx')] },
          { id: 'category', path: ':category', page: ['client/pages/CategoryPage.tsx', () => import('../client/pages/CategoryPage.tsx')] },
          { id: 'product', path: ':category/:product', page: ['client/pages/ProductPage.tsx', () => import('../client/pages/ProductPage.tsx')] },
          // Every other path: the loader answers 404 "Page not found: {fullPath}".
          { id: 'not-found', path: '*', page: ['client/pages/NotFoundPage.tsx', () => import('../client/pages/NotFoundPage.tsx')] },
        ],
      },
    ],
  },
];

/** Builds React Router route objects, giving every route the loader `loaderFor(id)` returns. */
export function buildRoutes(loaderFor: (id: RouteId) => LoaderFunction): RouteObject[] {
  const build = (def: RouteDef): RouteObject => {
    const handle: RouteHandle = {};
    if (def.guard) handle.guard = def.guard;
    if (def.page) handle.module = def.page[0];
    if (def.colorMode) handle.colorMode = def.colorMode;
    const route = {
      id: def.id,
      path: def.path,
      handle,
      loader: loaderFor(def.id),
      Component: def.Component,
      ErrorBoundary: def.ErrorBoundary,
      shouldRevalidate: galleryAware(def.shouldRevalidate),
      lazy: def.page?.[1],
    } as RouteObject;
    if (def.index) return { ...route, index: true } as RouteObject;
    if (def.children) route.children = def.children.map(build);
    return route;
  };
  return routeDefs.map(build);
}

/**
 * The route tree of shared/routes.ts with the browser's parts attached: the shell (Root), the pages' error boundary,
 * and each page's lazy module client/pages/<id>.tsx — one chunk per page, found by its id (the template import
 * below is split by Vite into one chunk per file). Loaders and actions are attached by the caller: the server gives
 * the server page modules' functions, the browser gives functions that call the server (client/data-strategy.ts).
 */
import type { ComponentType } from 'react';
import type { ActionFunction, LoaderFunction, RouteObject, ShouldRevalidateFunction } from 'react-router-dom';
import { pageRoutes, type RouteHandle, type RouteId } from '../shared/routes.ts';
import { Root, RootErrorBoundary } from './Root.tsx';
import { PageErrorBoundary } from './components/PageError.tsx';
import { galleryAware } from './gallery.ts';

export interface RouteFunctions {
  loader?: LoaderFunction;
  action?: ActionFunction;
}

/** What a page module (client/pages/<id>.tsx) exports. */
export interface PageModule {
  Component: ComponentType;
  handle?: RouteHandle;
}

/** Loads a page module by its route id. */
export const loadPage = (id: string): Promise<PageModule> => import(`./pages/${id}.tsx`);

/**
 * Shell data (categories, widgets, counters) is reloaded after a form submission or an explicit revalidation (same
 * URL), not on every navigation.
 */
const rootShouldRevalidate: ShouldRevalidateFunction = ({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }) =>
  formMethod || currentUrl.href === nextUrl.href ? defaultShouldRevalidate : false;

/**
 * A page's data is reloaded after a mutation only when the form was posted to the page's own address (the cart's
 * quantity form on /cart); a mutation posted elsewhere (add to cart on a product page) changes only the shell, which
 * the root reloads. Navigations keep the router's default.
 */
const pageShouldRevalidate: ShouldRevalidateFunction = ({ formMethod, formAction, nextUrl, defaultShouldRevalidate }) => {
  if (!formMethod || formMethod.toUpperCase() === 'GET' || !formAction) return defaultShouldRevalidate;
  return new URL(formAction, nextUrl).pathname === nextUrl.pathname ? defaultShouldRevalidate : false;
};

/** The pathless layout has no data of its own: nothing to reload after a mutation. */
const layoutShouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod && formMethod.toUpperCase() !== 'GET' ? false : defaultShouldRevalidate;

export function appRoutes(attach: (id: RouteId) => RouteFunctions): RouteObject[] {
  const pages: RouteObject[] = pageRoutes.map((entry) => {
    const route: RouteObject = {
      id: entry.id,
      path: 'path' in entry ? entry.path : undefined,
      ...attach(entry.id),
      shouldRevalidate: galleryAware(pageShouldRevalidate),
      lazy: () => loadPage(entry.id),
    };
    return 'index' in entry ? ({ ...route, index: true, path: undefined } as RouteObject) : route;
  });
  return [
    {
      id: 'root',
      path: '/',
      Component: Root,
      ErrorBoundary: RootErrorBoundary,
      ...attach('root'),
      shouldRevalidate: galleryAware(rootShouldRevalidate),
      // A pathless layout: its error boundary renders inside the root layout, so the header and footer stay.
      children: [
        { id: 'pages', ErrorBoundary: PageErrorBoundary, ...attach('pages'), shouldRevalidate: galleryAware(layoutShouldRevalidate), children: pages },
      ],
    },
  ];
}

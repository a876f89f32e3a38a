/**
 * The route tree of shared/routes.ts with the browser's parts attached: the shell (Root), the pages' error boundary,
 * and each page's lazy module client/pages/<id>.tsx — one chunk per page, found by its id (the template import
 * below is split by Vite into one chunk per file). Loaders and actions are attached by the caller: the server gives
 * the server page modules' functions, the browser gives functions that call the server (client/data-strategy.ts).
 */
import type { ComponentType } from 'react';
import type { ActionFunction, LoaderFunction, RouteObject, ShouldRevalidateFunction } from 'react-router-dom';
import { pageStringsOf, queryStateRoutes, type RouteHandle, type RouteId, type RouteNode, routeTree } from '../shared/routes.ts';
import { PageErrorBoundary } from './components/PageError.tsx';
import { galleryAware } from './gallery.ts';
import { Root, RootErrorBoundary } from './Root.tsx';

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

/** A page computing from its query (queryStateRoutes): a new query on the same path keeps the data it has. */
const queryStateShouldRevalidate: ShouldRevalidateFunction = (args) =>
  !args.formMethod && args.currentUrl.pathname === args.nextUrl.pathname && args.currentUrl.href !== args.nextUrl.href
    ? false
    : pageShouldRevalidate(args);

/**
 * The pathless layout has no data of its own: nothing to reload after a mutation, nor when only the query changes
 * (so a page computing from its query, queryStateRoutes, changes it without a request).
 */
const layoutShouldRevalidate: ShouldRevalidateFunction = ({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }) =>
  (formMethod && formMethod.toUpperCase() !== 'GET') || currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

/**
 * `loadStrings`: the browser's loader of string units (client/strings.ts); a page's lazy() then resolves once its
 * code and its strings are there. The server renders with the page's strings at hand and passes none.
 */
export function appRoutes(
  attach: (id: RouteId) => RouteFunctions,
  loadStrings?: (units: readonly string[]) => Promise<void>,
): RouteObject[] {
  const build = (node: RouteNode): RouteObject => {
    const own = { id: node.id, ...attach(node.id) };
    if (node.id === 'root') {
      const children = node.children?.map(build);
      return {
        ...own,
        path: '/',
        Component: Root,
        ErrorBoundary: RootErrorBoundary,
        shouldRevalidate: galleryAware(rootShouldRevalidate),
        children,
      };
    }
    // A pathless layout: its error boundary renders inside the root layout, so the header and footer stay.
    if (node.id === 'pages') {
      return {
        ...own,
        ErrorBoundary: PageErrorBoundary,
        shouldRevalidate: galleryAware(layoutShouldRevalidate),
        children: node.children?.map(build),
      };
    }
    const revalidate = queryStateRoutes.has(node.id) ? queryStateShouldRevalidate : pageShouldRevalidate;
    const units = pageStringsOf(node.id);
    const lazy =
      loadStrings && units.length > 0
        ? () => Promise.all([loadPage(node.id), loadStrings(units)]).then(([module]) => module)
        : () => loadPage(node.id);
    const page = { ...own, shouldRevalidate: galleryAware(revalidate), lazy };
    return node.index ? { ...page, index: true } : { ...page, path: node.path };
  };
  return routeTree().map(build);
}

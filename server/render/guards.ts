/**
 * The guards of spec §6, run by the server before any loader of a matched route (as the static handler's
 * data strategy, server/render/renderer.tsx); a route names its guard in its server module (`export const guard`). Each returns the path to redirect to — relative to the router,
 * React Router adds the language basename — or null to let the request through.
 *   auth     — /auth and /register are for visitors who are not signed in: a signed-in one goes on to `next` (a safe
 *              local path in the same language) or /personal.
 *   personal — the personal area needs a signed-in visitor: others go to /auth?next=<the path they wanted>.
 *   cart     — an order's result page (/cart/{result}/{id}) is for the session or user that placed the order: for
 *              anyone else, and for an id that is no order, it is the 404 page — whether the order exists is not
 *              revealed. /cart/{result} without an id shows the session's latest order: without one, /cart.
 */
import type { DataRouteMatch } from 'react-router-dom';
import type { GuardName, RouteId } from '../../shared/routes.ts';
import { routerPath, safeLocalPath } from '../../shared/safe-path.ts';
import type { LoadContext } from './route-module.ts';
import type { ServerRoutes } from './server-routes.ts';

/** A guard's verdict: let through (null), a path to redirect to, or the 404 page in place of the route's data. */
export type GuardOutcome = string | null | typeof NOT_FOUND;
export const NOT_FOUND = Symbol('not found');

type Guard = (ctx: LoadContext, match: DataRouteMatch, url: URL) => Promise<GuardOutcome>;

/** A path inside the current language: "/personal" → "/en/personal", "/" → "/en" under the /en basename. */
export function localPath(basename: string, path: string): string {
  if (basename === '/') return path;
  return path === '/' ? basename : basename + path;
}

const guards: Record<GuardName, Guard> = {
  async auth(ctx, _match, url) {
    if (ctx.session.snapshot.userId === null) return null;
    // next is a full document path (basename included), as the personal guard writes it.
    const next = safeLocalPath(url.searchParams.get('next'));
    const target = next && routerPath(next, ctx.basename);
    return target && !/^\/(auth|register)(?=[/?#]|$)/.test(target) ? target : '/personal';
  },
  async personal(ctx, _match, url) {
    if (ctx.session.snapshot.userId !== null) return null;
    // next is the full document path (basename included): sign-in returns there with a page load.
    return '/auth?next=' + encodeURIComponent(url.pathname + url.search);
  },
  async cart(ctx, match) {
    const { orders } = ctx.services;
    const id = match.params.id;
    if (id === undefined) return (await orders.latestForSession(ctx.session.id, ctx.site)) !== undefined ? null : '/cart';
    const visible = /^[1-9]\d{0,8}$/.test(id) && (await orders.isVisibleTo(Number(id), ctx.session.id, ctx.session.snapshot.userId));
    return visible ? null : NOT_FOUND;
  },
};

/**
 * Runs the guards named by the matched routes' server modules, outermost first; the first verdict that is not a
 * pass wins: a redirect, or the 404 page for that route (its loader is not run; the shell's still are).
 */
export async function runGuards(
  matches: DataRouteMatch[],
  ctx: LoadContext,
  url: URL,
  routes: ServerRoutes,
): Promise<{ redirect: string } | { notFound: RouteId } | null> {
  for (const match of matches) {
    const guard = routes.get(match.route.id as RouteId)?.guard;
    if (!guard) continue;
    const outcome = await guards[guard](ctx, match, url);
    if (outcome === NOT_FOUND) return { notFound: match.route.id as RouteId };
    if (outcome) return { redirect: outcome };
  }
  return null;
}

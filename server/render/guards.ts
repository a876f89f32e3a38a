/**
 * The guards of spec §6, run by the server before any loader of a matched route (as the static handler's
 * data strategy, server/render/renderer.tsx); a route names its guard in its server module (`export const guard`). Each returns the path to redirect to — relative to the router,
 * React Router adds the language basename — or null to let the request through.
 *   auth     — /auth and /register are for visitors who are not signed in: a signed-in one goes on to `next` (a safe
 *              local path in the same language) or /personal.
 *   personal — the personal area needs a signed-in visitor: others go to /auth?next=<the path they wanted>.
 *   cart     — an order's result page is for the session or user that placed the order: others go to /cart.
 */
import type { DataRouteMatch } from 'react-router-dom';
import type { GuardName, RouteId } from '../../shared/routes.ts';
import { routerPath, safeLocalPath } from '../../shared/safe-path.ts';
import type { LoadContext } from './route-module.ts';
import type { ServerRoutes } from './server-routes.ts';

type Guard = (ctx: LoadContext, match: DataRouteMatch, url: URL) => Promise<string | null>;

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
    const allowed =
      id === undefined
        ? (await orders.latestForSession(ctx.session.id, ctx.site)) !== undefined
        : /^[1-9]\d{0,8}$/.test(id) && (await orders.isVisibleTo(Number(id), ctx.session.id, ctx.session.snapshot.userId));
    return allowed ? null : '/cart';
  },
};

/** Runs the guards named by the matched routes' server modules, outermost first; the first redirect wins. */
export async function runGuards(matches: DataRouteMatch[], ctx: LoadContext, url: URL, routes: ServerRoutes): Promise<string | null> {
  for (const match of matches) {
    const guard = routes.get(match.route.id as RouteId)?.guard;
    if (!guard) continue;
    const target = await guards[guard](ctx, match, url);
    if (target) return target;
  }
  return null;
}

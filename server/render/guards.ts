/**
 * Running the guards of spec §6: before any loader or action of a matched route (as the static handler's data
 * strategy, server/render/renderer.tsx). A route names its guard in its server module (`export const guard`); the
 * host hands the runtime the table of their implementations (server/pages/helpers/guards.ts). Each returns the path
 * to redirect to — relative to the router, React Router adds the language basename — null to let the request
 * through, or NOT_FOUND for the 404 page in place of the route's data.
 */
import type { DataRouteMatch } from 'react-router-dom';
import type { GuardName, RouteId } from '../../shared/routes.ts';
import type { RouterContext, ServerRoutes } from './route-module.ts';

/** A guard's verdict: let through (null), a path to redirect to, or the 404 page in place of the route's data. */
export type GuardOutcome = string | null | typeof NOT_FOUND;
export const NOT_FOUND = Symbol('not found');

export type Guard<Ctx extends RouterContext> = (ctx: Ctx, match: DataRouteMatch, url: URL) => Promise<GuardOutcome>;
/** An implementation for every guard name of shared/routes.ts. */
export type Guards<Ctx extends RouterContext> = Readonly<Record<GuardName, Guard<Ctx>>>;

/**
 * Runs the guards named by the matched routes' server modules, outermost first; the first verdict that is not a
 * pass wins: a redirect, or the 404 page for that route (its loader is not run; the shell's still are).
 */
export async function runGuards<Ctx extends RouterContext>(
  matches: DataRouteMatch[],
  ctx: Ctx,
  url: URL,
  routes: ServerRoutes<Ctx>,
  guards: Guards<Ctx>,
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

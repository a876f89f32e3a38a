/**
 * The guards of spec §6, which a page names in its server module (`export const guard`); the router runtime runs them
 * before any loader or action of the matched routes (server/render/guards.ts). Each returns the path to redirect to —
 * relative to the router, React Router adds the language basename — or null to let the request through.
 *   auth     — /auth and /register are for visitors who are not signed in: a signed-in one goes on to `next` (a safe
 *              local path in the same language) or /personal.
 *   personal — the personal area needs a signed-in visitor: others go to /auth?next=<the path they wanted>.
 *   cart     — an order's result page (/cart/{result}/{number}) is for the session or user that placed the order: for
 *              anyone else, and for an id that is no order, it is the 404 page — whether the order exists is not
 *              revealed. /cart/{result} without an id shows the session's latest order: without one, /cart.
 */
import { routerPath, safeLocalPath } from '../../../shared/safe-path.ts';
import { ORDER_NUMBER_PATTERN } from '../../checkout/index.ts';
import { type Guards, NOT_FOUND } from '../../render/guards.ts';
import type { LoadContext } from './route-module.ts';

export const guards: Guards<LoadContext> = {
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
    if (id === undefined)
      return (await orders.latestForSession(ctx.session.id, ctx.session.snapshot.userId, ctx.site)) !== undefined ? null : '/cart';
    const visible = ORDER_NUMBER_PATTERN.test(id) && (await orders.isVisibleTo(id, ctx.session.id, ctx.session.snapshot.userId));
    return visible ? null : NOT_FOUND;
  },
};

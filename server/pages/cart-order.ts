/**
 * /cart/{success|fail}/{id} (cart guard): a placed order's result page — number, lines, delivery, payment and its
 * state, totals, what happens next; printed (the page forces the light mode). Only the order's own session or its
 * signed-in owner sees it; for anyone else, and for an unknown id, it is the 404 page (server/render/guards.ts).
 */
import { z } from 'zod';
import type { GuardName } from '../../shared/routes.ts';
import { type LoaderArgs, notFoundError, routeParams } from '../render/route-module.ts';
import { CART_RESULTS, orderIdParam } from '../services/orders.ts';

export const guard: GuardName = 'cart';

export const params = z.object({ success: z.enum(CART_RESULTS), id: orderIdParam });

export async function loader(args: LoaderArgs) {
  const { request, context } = args;
  const { success: result, id } = routeParams(params, args);
  const order = await context.services.orders.receipt(id, context.site);
  if (!order) throw notFoundError(request.url);
  return { result, order, phone: context.site.phone };
}

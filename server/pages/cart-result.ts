/** /cart/{success|fail} (cart guard): the result of the session's latest order. */
import { z } from 'zod';
import type { GuardName } from '../../shared/routes.ts';
import { type LoaderArgs, notFoundError, routeParams } from '../render/route-module.ts';
import { CART_RESULTS, withoutOwner } from '../services/orders.ts';

export const guard: GuardName = 'cart';

export const params = z.object({ success: z.enum(CART_RESULTS) });

export async function loader(args: LoaderArgs) {
  const { request, context } = args;
  const { success: result } = routeParams(params, args);
  const order = await context.services.orders.latestForSession(context.session.id, context.site);
  if (!order) throw notFoundError(request.url);
  return { result, order: { ...withoutOwner(order), items: [] } };
}

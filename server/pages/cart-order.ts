/** /cart/{success|fail}/{id} (cart guard): a placed order's receipt (printed: the page forces the light mode). */
import { z } from 'zod';
import type { GuardName } from '../../shared/routes.ts';
import { type LoaderArgs, notFoundError, routeParams } from '../render/route-module.ts';
import { CART_RESULTS, orderIdParam, withoutOwner } from '../services/orders.ts';

export const guard: GuardName = 'cart';

export const params = z.object({ success: z.enum(CART_RESULTS), id: orderIdParam });

export async function loader(args: LoaderArgs) {
  const { request, context } = args;
  const { success: result, id } = routeParams(params, args);
  const order = await context.services.orders.find(id, context.site);
  if (!order) throw notFoundError(request.url);
  return { result, order: withoutOwner(order) };
}

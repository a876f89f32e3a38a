/** /history/{id} (personal guard): one of the account's orders; another account's order is the 404 page. */
import { z } from 'zod';
import type { GuardName } from '../../shared/routes.ts';
import { type LoaderArgs, notFoundError, routeParams } from '../render/route-module.ts';
import { orderIdParam, withoutOwner } from '../services/orders.ts';

export const guard: GuardName = 'personal';

export const params = z.object({ id: orderIdParam });

export async function loader(args: LoaderArgs) {
  const { request, context } = args;
  const { id } = routeParams(params, args);
  const order = await context.services.orders.find(id, context.site);
  if (!order || order.user_id !== context.session.snapshot.userId) throw notFoundError(request.url);
  return { order: withoutOwner(order), result: null };
}

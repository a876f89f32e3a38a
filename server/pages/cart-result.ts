/** /cart/{success|fail} (cart guard): the result page of the session's latest order on this site. */
import { z } from 'zod';
import type { GuardName } from '../../shared/routes.ts';
import { CART_RESULTS } from '../checkout/index.ts';
import { type LoaderArgs, notFoundError, routeParams } from './helpers/route-module.ts';

export const guard: GuardName = 'cart';

export const params = z.object({ success: z.enum(CART_RESULTS) });

export async function loader(args: LoaderArgs) {
  const { request, context } = args;
  const { success: result } = routeParams(params, args);
  const latest = await context.services.orders.latestForSession(context.session.id, context.session.snapshot.userId, context.site);
  const order = latest && (await context.services.orders.receipt(latest.id, context.site, context.language));
  if (!order) throw notFoundError(request.url);
  return { result, order, phone: context.site.phone };
}

/**
 * /cart/invoice/{number} (cart guard): the printable invoice of an order for a legal entity paying by bank transfer — the
 * shop's requisites (server/checkout/requisites.ts), the order's lines, the total and its VAT. The page forces
 * the light colour mode; the browser prints it (print styles hide the shell).
 */
import { z } from 'zod';
import { formatDate } from '../../shared/format.ts';
import type { GuardName } from '../../shared/routes.ts';
import { orderNumberParam, shopRequisites, vatRate } from '../checkout/index.ts';
import { orderIdOf } from './helpers/order-address.ts';
import { type LoaderArgs, notFoundError, routeParams } from './helpers/route-module.ts';

export const guard: GuardName = 'cart';

export const params = z.object({ id: orderNumberParam });

export async function loader(args: LoaderArgs) {
  const { request, context } = args;
  const id = await orderIdOf(args, routeParams(params, args).id);
  const order = await context.services.orders.receipt(id, context.site, context.language);
  if (!order) throw notFoundError(request.url);
  const rate = vatRate(context.services.payments.vatCode(context.site.id));
  // VAT included in the total: total × rate / (100 + rate), rounded to kopecks.
  const vat = rate === null ? null : { rate, amount: Math.round((order.total * rate * 100) / (100 + rate)) / 100 };
  // An invoice writes its day in full: "от 12 марта 2026 г.".
  const date = formatDate(order.created_at, context.language, context.site.timeZone, 'long');
  return { order, date, requisites: shopRequisites(context.site), vat };
}

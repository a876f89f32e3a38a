/**
 * /cart/{success|fail}/{number} (cart guard): a placed order's result page — number, lines, delivery, payment and its
 * state, totals, what happens next; printed (the page forces the light mode). Only the order's own session or its
 * signed-in owner sees it; for anyone else, and for an unknown number, it is the 404 page (server/pages/helpers/guards.ts).
 * Its action `pay` starts paying an unpaid order online (decision 024).
 */
import { redirect } from 'react-router-dom';
import { z } from 'zod';
import type { GuardName } from '../../shared/routes.ts';
import { plainText } from '../../shared/text.ts';
import { CART_RESULTS, orderNumberParam } from '../checkout/index.ts';
import { orderIdOf } from './helpers/order-address.ts';
import { orderReturnUrl } from './helpers/order-payment.ts';
import {
  type ActionArgs,
  continueTo,
  type LoaderArgs,
  leaveForPayment,
  localPath,
  mutationFailed,
  notFoundError,
  readForm,
  routeParams,
} from './helpers/route-module.ts';

export const guard: GuardName = 'cart';

export const params = z.object({ success: z.enum(CART_RESULTS), id: orderNumberParam });

export async function loader(args: LoaderArgs) {
  const { request, context } = args;
  const { success: result, id: number } = routeParams(params, args);
  const id = await orderIdOf(args, number);
  const { orders, payments, checkout } = context.services;
  let order = await orders.receipt(id, context.site, context.language);
  if (!order) throw notFoundError(request.url);
  // Orders without the checkout's snapshot were only ever paid through the provider.
  const online = !order.payment || order.payment.kind === 'online';
  // Back from the provider (return_url is the success page): a pending payment is read back from the API first.
  const payment = online ? await payments.forOrder(id, context.site.id, { refresh: true }) : null;
  if (payment?.status === 'succeeded' && order.status !== 'paid')
    order = (await orders.receipt(id, context.site, context.language)) ?? order;
  const fits = paymentResult(payment?.status);
  if (fits && fits !== result) throw redirect(localPath(context.basename, `/cart/${fits}/${number}`), 302);
  const alternatives = online ? await checkout.paymentAlternatives(id, context.site, context.language) : [];
  return { result, order, payment, alternatives, phone: context.site.phone };
}

/** The result page a payment's state belongs on: a failed payment on the fail page, a paid one on success. */
function paymentResult(status: string | undefined): (typeof CART_RESULTS)[number] | null {
  return status === 'canceled' ? 'fail' : status === 'succeeded' ? 'success' : null;
}

export const payForm = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal('pay') }),
    // Another (offline) method instead of paying online; its id is checked against the site's methods.
    z.object({
      intent: z.literal('switch'),
      method: plainText({ missing: 'form.required' }).min(1, 'form.required').max(40, 'form.invalid'),
    }),
  ],
  'form.invalid',
);

/** Why paying could not start → the message key the page shows. */
const PAY_ERRORS = {
  not_configured: 'payment.errors.notConfigured',
  not_found: 'payment.errors.notFound',
  not_payable: 'payment.errors.notPayable',
  unavailable: 'payment.errors.unavailable',
  rejected: 'payment.errors.rejected',
} as const;

/**
 * intent 'pay': a new payment for this unpaid order (or the one still under way), and off to the provider.
 * intent 'switch': pay it another way (an offline method of the site); the order goes back to the shop to confirm.
 */
export async function action(args: ActionArgs) {
  const { id: number } = routeParams(params, args);
  const id = await orderIdOf(args, number);
  const form = await readForm(args.request, payForm);
  if (!form.ok) return mutationFailed(args, form, undefined, `/cart/fail/${number}`, form.result, 400);
  const { context } = args;
  if (form.data.intent === 'switch') {
    const switched = await context.services.checkout.switchPayment(id, context.site, form.data.method);
    if (!switched.ok)
      return mutationFailed(
        args,
        form,
        undefined,
        `/cart/fail/${number}`,
        { ok: false, errors: { method: 'payment.switch.unavailable' } },
        409,
      );
    return continueTo(args, undefined, `/cart/success/${number}`);
  }
  const started = await context.services.payments.payAgain({ orderId: id, site: context.site.id, returnUrl: orderReturnUrl(args, number) });
  if (started.ok) return leaveForPayment(args, started.confirmationUrl);
  if (started.reason === 'paid' || started.reason === 'processing') return continueTo(args, undefined, `/cart/success/${number}`);
  const status = started.reason === 'unavailable' ? 503 : 409;
  return mutationFailed(args, form, undefined, `/cart/fail/${number}`, { ok: false, errors: { '': PAY_ERRORS[started.reason] } }, status);
}

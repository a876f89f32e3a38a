/**
 * Paying a placed order online (decision 024), shared by the order's result page (server/pages/cart-order.ts: pay
 * again) and the cart's place-order action (server/pages/cart.ts: pay right after placing it).
 */
import { type ActionArgs, continueTo, leaveForPayment, localPath } from './route-module.ts';

/** The order's success page as an absolute address on this site, in the visitor's language (the provider's return_url). */
export function orderReturnUrl(args: { context: ActionArgs['context'] }, number: string): string {
  return args.context.origin + localPath(args.context.basename, `/cart/success/${number}`);
}

/**
 * Checkout's online payment in one call (the place-order action, after its transaction committed): starts paying the
 * order and sends the shopper to the provider; when that cannot be done now, to the order's fail page, which says why
 * and offers to pay again. The order stays placed either way.
 */
export async function payOrderOnline(args: ActionArgs, order: { id: number; number: string }) {
  const { context } = args;
  const returnUrl = orderReturnUrl(args, order.number);
  const started = await context.services.payments.payAgain({ orderId: order.id, site: context.site.id, returnUrl });
  if (started.ok) return leaveForPayment(args, started.confirmationUrl);
  const page = started.reason === 'paid' || started.reason === 'processing' || started.reason === 'not_configured' ? 'success' : 'fail';
  return continueTo(args, undefined, `/cart/${page}/${order.number}`);
}

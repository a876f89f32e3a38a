/**
 * /cart/{success}/{id}: a placed order's receipt, printed: it forces the light colour mode. The success page
 * reports the purchase to the e-commerce data layer, once per order (decision 025).
 */
import { useEffect } from 'react';
import { useLoaderData } from 'react-router-dom';
import type { loader } from '../../server/pages/cart-order.ts';
import type { RouteHandle } from '../../shared/routes.ts';
import { OrderView } from '../components/OrderView.tsx';
import { PaymentPanel } from '../components/PaymentPanel.tsx';
import { reportPurchase } from '../third-party/ecommerce.ts';

export const handle: RouteHandle = { colorMode: 'light' };

export function Component() {
  const { order, result, payment } = useLoaderData<typeof loader>();
  useEffect(() => {
    if (result !== 'success') return;
    // The order's lines carry no product id yet: Metrika takes the name where the id is missing.
    reportPurchase({
      id: order.id,
      revenue: order.total,
      currency: order.currency,
      lines: order.items.map((line) => ({ name: line.title, price: line.price, quantity: line.quantity })),
    });
  }, [order, result]);
  return (
    <>
      <OrderView order={order} result={result} />
      <PaymentPanel payment={payment} orderId={order.id} result={result} orderStatus={order.status} />
    </>
  );
}

/**
 * /cart/{success|fail}/{id}: a placed order's result page; printed, so it forces the light colour mode. The success
 * page reports the purchase to the e-commerce data layer, once per order (decision 025); an unpaid online order
 * offers to pay (decision 024).
 */
import { useEffect } from 'react';
import { useLoaderData } from 'react-router-dom';
import type { loader } from '../../server/pages/cart-order.ts';
import type { RouteHandle } from '../../shared/routes.ts';
import { OrderReceiptView } from '../components/OrderReceiptView.tsx';
import { PaymentPanel } from '../components/PaymentPanel.tsx';
import { reportPurchase } from '../third-party/ecommerce.ts';

export const handle: RouteHandle = { colorMode: 'light' };

export function Component() {
  const { order, result, payment, alternatives, phone } = useLoaderData<typeof loader>();
  useEffect(() => {
    if (result !== 'success') return;
    reportPurchase({
      id: order.number,
      revenue: order.total,
      currency: order.currency,
      // The price a line was sold at, its kit discount included: the lines add up to the order's goods total.
      lines: order.items.map((line) => ({
        id: line.sku ?? undefined,
        name: line.title,
        price: line.total / line.quantity,
        quantity: line.quantity,
      })),
    });
  }, [order, result]);
  return (
    <>
      <OrderReceiptView order={order} result={result} phone={phone} />
      <PaymentPanel
        payment={payment}
        orderNumber={order.number}
        result={result}
        orderStatus={order.status}
        paymentKind={order.payment?.kind ?? null}
        alternatives={alternatives}
      />
    </>
  );
}

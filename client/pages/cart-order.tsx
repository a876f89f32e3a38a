/** /cart/{success}/{id}: a placed order's receipt, printed: it forces the light colour mode. */
import { useLoaderData } from 'react-router-dom';
import type { loader } from '../../server/pages/cart-order.ts';
import type { RouteHandle } from '../../shared/routes.ts';
import { OrderView } from '../components/OrderView.tsx';
import { PaymentPanel } from '../components/PaymentPanel.tsx';

export const handle: RouteHandle = { colorMode: 'light' };

export function Component() {
  const { order, result, payment } = useLoaderData<typeof loader>();
  return (
    <>
      <OrderView order={order} result={result} />
      <PaymentPanel payment={payment} orderId={order.id} result={result} orderStatus={order.status} />
    </>
  );
}

/** /cart/{success|fail}/{id}: a placed order's result page; printed, so it forces the light colour mode. */
import { useLoaderData } from 'react-router-dom';
import type { loader } from '../../server/pages/cart-order.ts';
import type { RouteHandle } from '../../shared/routes.ts';
import { OrderReceiptView } from '../components/OrderReceiptView.tsx';

export const handle: RouteHandle = { colorMode: 'light' };

export function Component() {
  const { order, result, phone } = useLoaderData<typeof loader>();
  return <OrderReceiptView order={order} result={result} phone={phone} />;
}

/** /cart/{success|fail}: the result of the session's latest order, the same page as /cart/{result}/{id}. */
import { useLoaderData } from 'react-router-dom';
import type { loader } from '../../server/pages/cart-result.ts';
import type { RouteHandle } from '../../shared/routes.ts';
import { OrderReceiptView } from '../components/OrderReceiptView.tsx';

export const handle: RouteHandle = { colorMode: 'light' };

export function Component() {
  const { order, result, phone } = useLoaderData<typeof loader>();
  return <OrderReceiptView order={order} result={result} phone={phone} />;
}

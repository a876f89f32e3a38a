/** One order: /history/{id} for its signed-in owner, /cart/{success}/{id} right after checkout. */
import { useLoaderData } from 'react-router-dom';
import { useTranslation } from '../i18n.tsx';
import type { LoaderData } from '../../server/loaders.ts';
import { PageTitle } from '../components/PageTitle.tsx';
import { OrderSummary } from '../components/OrderSummary.tsx';

export function Component() {
  const { t } = useTranslation();
  const { order, result } = useLoaderData() as LoaderData<'cart-order'> | LoaderData<'history-entry'>;
  const title = t('order.title', { id: order.id });
  return (
    <section>
      <PageTitle>{title}</PageTitle>
      <h1>{title}</h1>
      {result && <p className={`order-result order-result--${result}`}>{t(`order.${result}`)}</p>}
      <OrderSummary order={order} />
    </section>
  );
}

/** /cart/{success}: the result of the session's latest order. */
import { Link, useLoaderData } from 'react-router-dom';
import type { loader } from '../../server/pages/cart-result.ts';
import { OrderSummary } from '../components/OrderSummary.tsx';
import { PageHead } from '../components/PageHead.tsx';
import { useTranslation } from '../i18n.tsx';

export function Component() {
  const { t } = useTranslation();
  const { order, result } = useLoaderData<typeof loader>();
  return (
    <section>
      <PageHead title={t(`order.${result}`)} description={t('seo.order')} noindex />
      <h1>{t(`order.${result}`)}</h1>
      <h2>
        <Link to={`/cart/${result}/${order.id}`}>{t('order.title', { id: order.id })}</Link>
      </h2>
      <OrderSummary order={order} />
    </section>
  );
}

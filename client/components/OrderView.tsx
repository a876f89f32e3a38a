/** One order: /history/{id} for its signed-in owner, /cart/{success}/{id} right after checkout. */

import type { PublicOrder } from '../../shared/orders.ts';
import { useTranslation } from '../i18n.tsx';
import { OrderSummary } from './OrderSummary.tsx';
import { PageHead } from './PageHead.tsx';

export function OrderView({ order, result }: { order: PublicOrder; result: 'success' | 'fail' | null }) {
  const { t } = useTranslation();
  const title = t('order.title', { id: order.id });
  return (
    <section>
      <PageHead title={title} description={t('seo.order')} noindex />
      <h1>{title}</h1>
      {result && <p className={`order-result order-result--${result}`}>{t(`order.${result}`)}</p>}
      <OrderSummary order={order} />
    </section>
  );
}

/** One order of the account (/history/{id}): its number, facts (state, delivery, payment and their states) and lines. */

import type { HistoryEntry, OrderLine } from '../../shared/orders.ts';
import { useTranslation } from '../i18n.tsx';
import { OrderFacts } from './OrderFacts.tsx';
import { PageHead } from './PageHead.tsx';
import { Price } from './Price.tsx';

export function OrderView({ order }: { order: HistoryEntry & { items: OrderLine[] } }) {
  const { t } = useTranslation();
  const title = t('order.title', { number: order.number });
  return (
    <section className="order">
      <PageHead title={title} description={t('seo.order')} noindex />
      <h1>{title}</h1>
      <OrderFacts order={order} />
      {order.items.length > 0 && (
        <ul className="order__items">
          {order.items.map((item) => (
            <li key={item.title}>
              {item.title} × {item.quantity} — <Price amount={item.price * item.quantity} currency={order.currency} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

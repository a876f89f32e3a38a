/** One order of the account (/history/{id}): its number, facts (state, delivery, payment and their states) and lines. */

import type { HistoryEntry, OrderLine } from '../../shared/orders.ts';
import { useStoredRussian } from '../boot.ts';
import { useTranslation } from '../i18n.tsx';
import { OrderFacts } from './OrderFacts.tsx';
import { PageHead } from './PageHead.tsx';
import { Price } from './Price.tsx';

export function OrderView({ order }: { order: HistoryEntry & { items: OrderLine[] } }) {
  // An order keeps its goods' Russian titles (decision 048): marked so on the other languages' pages.
  const titleLang = useStoredRussian();
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
              <span lang={titleLang}>{item.title}</span> × {item.quantity} —{' '}
              <Price amount={item.price * item.quantity} currency={order.currency} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import type { PublicOrder } from '../../shared/orders.ts';
import { useTranslation } from '../i18n.tsx';
import { Price } from './Price.tsx';

export function OrderSummary({ order }: { order: PublicOrder }) {
  const { t } = useTranslation();
  return (
    <div className="order">
      <dl className="order__facts">
        <dt>{t('order.date')}</dt>
        <dd>{order.created_date}</dd>
        <dt>{t('order.status')}</dt>
        <dd>{t(`order.statuses.${order.status}`, { defaultValue: order.status })}</dd>
        <dt>{t('order.total')}</dt>
        <dd>
          <Price amount={order.total} currency={order.currency} />
        </dd>
      </dl>
      {order.items.length > 0 && (
        <ul className="order__items">
          {order.items.map((item) => (
            <li key={item.title}>
              {item.title} × {item.quantity} — <Price amount={item.price * item.quantity} currency={order.currency} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * An order's facts as /history and /history/{id} show them: date, state, delivery (method and where), payment
 * (method and where it stands) and total — the state names from the one mapping (shared/orders.ts orderStateKey,
 * paymentStateKey), the same the result page, the mails and the invoice use.
 */
import { type HistoryEntry, orderStateKey, paymentStateKey } from '../../shared/orders.ts';
import { useTranslation } from '../i18n.tsx';
import { Price } from './Price.tsx';

export type OrderFactsOf = Pick<HistoryEntry, 'created_date' | 'status' | 'delivery' | 'payment' | 'paymentState' | 'total' | 'currency'>;

export function OrderFacts({ order }: { order: OrderFactsOf }) {
  const { t } = useTranslation();
  const d = order.delivery;
  // A pickup point's address names its city already.
  const where = d ? (d.point ? d.point.address : [d.city, d.address].filter(Boolean).join(', ')) : '';
  return (
    <dl className="order__facts">
      <dt>{t('order.date')}</dt>
      <dd>{order.created_date}</dd>
      <dt>{t('orders.facts.status')}</dt>
      <dd data-testid="order-state">{t(orderStateKey(order.status), { defaultValue: order.status })}</dd>
      {d && (
        <>
          <dt>{t('orders.facts.delivery')}</dt>
          <dd>{d.label}</dd>
          {where && (
            <>
              <dt>{d.point ? t('orders.facts.pickupPoint') : t('orders.facts.address')}</dt>
              <dd>{where}</dd>
            </>
          )}
        </>
      )}
      {order.payment && (
        <>
          <dt>{t('orders.facts.payment')}</dt>
          <dd>{order.payment.label}</dd>
        </>
      )}
      {order.paymentState && (
        <>
          <dt>{t('orders.facts.paymentState')}</dt>
          <dd data-testid="payment-state">{t(paymentStateKey(order.paymentState))}</dd>
        </>
      )}
      <dt>{t('order.total')}</dt>
      <dd>
        <Price amount={order.total} currency={order.currency} />
      </dd>
    </dl>
  );
}

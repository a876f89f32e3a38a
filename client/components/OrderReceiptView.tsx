/**
 * A placed order's result page (/cart/{success|fail}/{id}, and /cart/{success} for the session's latest): its number
 * to give over the phone, the lines with their kit discounts, delivery, payment and its state, totals, what happens
 * next, and a print button (the page forces the light colour mode, so the receipt prints light).
 */
import { Link } from 'react-router-dom';
import { formatHours } from '../../shared/dealers.ts';
import { type OrderReceipt, orderStateKey, paymentStateKey } from '../../shared/orders.ts';
import { useBoot, useStoredRussian } from '../boot.ts';
import { useTranslation } from '../i18n.tsx';
import { PageHead } from './PageHead.tsx';
import { Price } from './Price.tsx';

export function OrderReceiptView({ order, result, phone }: { order: OrderReceipt; result: 'success' | 'fail'; phone: string }) {
  const { t } = useTranslation();
  const { language } = useBoot();
  const storedRussian = useStoredRussian();
  const heading = result === 'fail' ? t('checkout.result.failed') : t('checkout.result.placed');
  const number = t('order.title', { number: order.number });
  const c = order.customer;
  const d = order.delivery;
  return (
    <section className="receipt">
      <PageHead title={`${heading}: ${number}`} description={t('seo.receipt')} noindex />
      <h1>{heading}</h1>
      <p className="receipt__number">
        <strong>{number}</strong>
        <br />
        <span className="checkout__hint">{t('checkout.result.numberHint', { phone })}</span>
      </p>
      {result === 'fail' && (
        <p className="form__error" role="alert">
          {t('checkout.result.failText', { phone })}
        </p>
      )}
      <dl className="receipt__facts">
        <dt>{t('checkout.result.date')}</dt>
        <dd>{order.created_date}</dd>
        <dt>{t('checkout.result.status')}</dt>
        <dd data-testid="order-state">{t(orderStateKey(order.status), { defaultValue: order.status })}</dd>
        <dt>{t('checkout.result.customer')}</dt>
        <dd>
          {[c.company, c.inn && `${t('checkout.inn')} ${c.inn}`, c.kpp && `${t('checkout.kpp')} ${c.kpp}`, c.name, c.phone, c.email]
            .filter(Boolean)
            .join(', ')}
        </dd>
        {d && (
          <>
            <dt>{t('checkout.delivery')}</dt>
            <dd>{d.label}</dd>
            <dt>{d.point ? t('checkout.result.pickupAt') : t('checkout.result.deliveryTo')}</dt>
            <dd>
              {/* A pickup point's address names its city already. */}
              {d.point
                ? `${d.point.address}${d.point.hours ? ` (${formatHours(d.point.hours, language)})` : ''}`
                : [d.city, d.address].filter(Boolean).join(', ')}
            </dd>
          </>
        )}
        {order.payment && (
          <>
            <dt>{t('checkout.result.payment')}</dt>
            <dd>{order.payment.label}</dd>
          </>
        )}
        {order.paymentState && (
          <>
            <dt>{t('orders.facts.paymentState')}</dt>
            <dd data-testid="payment-state">{t(paymentStateKey(order.paymentState))}</dd>
          </>
        )}
        {order.comment && (
          <>
            <dt>{t('checkout.comment')}</dt>
            <dd className="receipt__comment">{order.comment}</dd>
          </>
        )}
      </dl>
      <h2>{t('checkout.result.lines')}</h2>
      <div className="cart-table-wrap">
        <table className="cart-table receipt__lines">
          <thead>
            <tr>
              <th scope="col">{t('checkout.result.product')}</th>
              <th scope="col">{t('checkout.result.price')}</th>
              <th scope="col">{t('checkout.result.quantity')}</th>
              <th scope="col">{t('checkout.result.sum')}</th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={`${item.sku}:${item.title}`}>
                {/* An order keeps its goods' Russian titles (decision 048). */}
                <td lang={storedRussian}>{item.title}</td>
                <td>
                  <Price amount={item.price} currency={order.currency} />
                </td>
                <td>{item.quantity}</td>
                <td>
                  <Price amount={item.total} currency={order.currency} />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                {t('checkout.subtotal')}
              </th>
              <td>
                <Price amount={order.subtotal} currency={order.currency} />
              </td>
            </tr>
            {order.discount > 0 && (
              <tr>
                <th scope="row" colSpan={3}>
                  {t('checkout.discount')}
                </th>
                <td>
                  −<Price amount={order.discount} currency={order.currency} />
                </td>
              </tr>
            )}
            <tr>
              <th scope="row" colSpan={3}>
                {t('checkout.delivery')}
              </th>
              <td>{order.deliveryCost === 0 ? t('checkout.free') : <Price amount={order.deliveryCost} currency={order.currency} />}</td>
            </tr>
            <tr className="receipt__total">
              <th scope="row" colSpan={3}>
                {t('checkout.total')}
              </th>
              <td data-testid="order-total">
                <Price amount={order.total} currency={order.currency} />
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      {order.payment && result === 'success' && (
        <>
          <h2>{t('checkout.result.next')}</h2>
          <p>{t(`checkout.result.nextBy.${order.status === 'awaiting_payment' ? 'online' : order.payment.kind}`)}</p>
        </>
      )}
      <p className="receipt__actions">
        <PrintButton label={t('checkout.result.print')} />
        <Link to="/">{t('checkout.result.continue')}</Link>
      </p>
    </section>
  );
}

/** Printing needs JavaScript: without it the button is hidden (.needs-script; the browser's own print still works). */
function PrintButton({ label }: { label: string }) {
  return (
    <button type="button" className="button button--secondary receipt__print needs-script" onClick={() => window.print()}>
      {label}
    </button>
  );
}

/**
 * An order's online payment on its result pages: the state, what happens next, why a payment failed (the provider's
 * reason as a sentence), the pay / pay again button (the result route's action, intent 'pay' — with JavaScript a
 * fetcher, without it a plain post; either way the server sends the browser on to the provider), and the invoice link.
 */
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { paymentStateKey } from '../../shared/orders.ts';
import type { PaymentView } from '../../shared/payments.ts';
import { useTranslation } from '../i18n.tsx';
import { FormError, RouteForm } from '../route-form.tsx';

/** The reasons the locale names; any other code reads as 'unknown'. */
function reasonKey(reason: string | null, known: (key: string) => boolean): string {
  const key = `payment.reasons.${reason ?? 'unknown'}`;
  return known(key) ? key : 'payment.reasons.unknown';
}

export function PaymentPanel({
  payment,
  orderNumber,
  result,
  orderStatus,
  paymentKind,
  alternatives,
}: {
  payment: PaymentView | null;
  orderNumber: string;
  result: 'success' | 'fail';
  orderStatus: string;
  /** The order's payment method's kind (null: an order without the checkout's snapshot, paid online). */
  paymentKind: string | null;
  /** Offline methods the order may switch to (an unpaid online order), labels in the visitor's language. */
  alternatives: { id: string; label: string }[];
}) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const unpaid = orderStatus === 'new' || orderStatus === 'awaiting_payment';
  const invoice = unpaid && paymentKind === 'invoice';
  if (!payment && !invoice && alternatives.length === 0) return null;
  const failed = payment !== null && (payment.status === 'canceled' || payment.reason !== null);
  const label = payment?.reason === 'provider_unavailable' ? 'pay' : payment?.status === 'pending' ? 'continue' : 'payAgain';
  return (
    <section className="payment" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('payment.heading')}</h2>
      {payment && (
        <>
          <p className={`payment__status payment__status--${failed ? 'failed' : payment.status}`}>
            {t(paymentStateKey(payment.reason === 'provider_unavailable' ? 'canceled' : payment.status))}
          </p>
          {failed ? (
            <p className="payment__reason">
              <span className="payment__reason-label">{t('payment.reason')}: </span>
              {t(reasonKey(payment.reason, (key) => i18n.exists(key)))}
            </p>
          ) : null}
          <p>{t(`payment.next.${failed ? 'canceled' : payment.status}`)}</p>
          {payment.canPay && (
            <RouteForm action={`/cart/${result}/${orderNumber}`} formKey={`payment:${orderNumber}`} className="payment__form">
              {(state) => (
                <>
                  <input type="hidden" name="intent" value="pay" />
                  <button type="submit" className="button" disabled={state.pending}>
                    {t(`payment.${label}`)}
                  </button>
                  <FormError state={state} />
                </>
              )}
            </RouteForm>
          )}
        </>
      )}
      {alternatives.length > 0 && (
        <RouteForm action={`/cart/${result}/${orderNumber}`} formKey={`payment-switch:${orderNumber}`} className="payment__switch">
          {(state) => (
            <fieldset>
              <legend>{t('payment.switch.heading')}</legend>
              <input type="hidden" name="intent" value="switch" />
              {alternatives.map((m, i) => (
                <label key={m.id} className="payment__method">
                  <input type="radio" name="method" value={m.id} defaultChecked={i === 0} /> {m.label}
                </label>
              ))}
              <button type="submit" className="button button--secondary" disabled={state.pending}>
                {t('payment.switch.button')}
              </button>
              <FormError state={state} />
            </fieldset>
          )}
        </RouteForm>
      )}
      {invoice && (
        <p className="payment__invoice">
          <Link to={`/cart/invoice/${orderNumber}`}>{t('payment.invoice.link')}</Link>
        </p>
      )}
    </section>
  );
}

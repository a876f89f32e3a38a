/**
 * /cart/invoice/{number}: the printable invoice for a legal entity (light colour mode; print styles hide the shell).
 * The print button appears once scripts run (without them the browser's own Print does the same).
 */
import { useLoaderData } from 'react-router-dom';
import type { loader } from '../../server/pages/cart-invoice.ts';
import { orderStateKey } from '../../shared/orders.ts';
import type { RouteHandle } from '../../shared/routes.ts';
import { useStoredRussian } from '../boot.ts';
import { PageHead } from '../components/PageHead.tsx';
import { Price } from '../components/Price.tsx';
import { useTranslation } from '../i18n.tsx';

export const handle: RouteHandle = { colorMode: 'light' };

export function Component() {
  const { order, date, requisites, vat } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const storedRussian = useStoredRussian();
  const number = order.number;
  const buyer = order.customer;
  const title = t('payment.invoice.title', { number, date });
  return (
    <article className="invoice">
      <PageHead title={title} description={t('seo.invoice')} noindex />
      {requisites ? (
        <table className="invoice__bank">
          <tbody>
            <tr>
              <th scope="row">{t('payment.invoice.bank')}</th>
              <td>{requisites.bank.name}</td>
              <th scope="row">{t('payment.invoice.bik')}</th>
              <td>{requisites.bank.bik}</td>
            </tr>
            <tr>
              <th scope="row">{t('payment.invoice.recipient')}</th>
              <td>
                {requisites.name}
                <br />
                {t('payment.invoice.inn')} {requisites.inn}
                {requisites.kpp ? ` ${t('payment.invoice.kpp')} ${requisites.kpp}` : ''}
              </td>
              <th scope="row">{t('payment.invoice.account')}</th>
              <td>
                {requisites.bank.account}
                {requisites.bank.corrAccount ? (
                  <>
                    <br />
                    {t('payment.invoice.corrAccount')} {requisites.bank.corrAccount}
                  </>
                ) : null}
              </td>
            </tr>
          </tbody>
        </table>
      ) : (
        <p className="invoice__missing" role="note">
          {t('payment.invoice.missing')}
        </p>
      )}
      <h1>{title}</h1>
      <dl className="invoice__parties">
        <dt>{t('payment.invoice.seller')}</dt>
        <dd>
          {requisites
            ? [
                requisites.name,
                `${t('payment.invoice.inn')} ${requisites.inn}`,
                requisites.kpp && `${t('payment.invoice.kpp')} ${requisites.kpp}`,
                requisites.ogrn && `${t('payment.invoice.ogrn')} ${requisites.ogrn}`,
                requisites.address,
              ]
                .filter(Boolean)
                .join(', ')
            : '—'}
        </dd>
        <dt>{t('orders.facts.status')}</dt>
        <dd data-testid="order-state">{t(orderStateKey(order.status), { defaultValue: order.status })}</dd>
        <dt>{t('payment.invoice.buyer')}</dt>
        <dd>
          {[
            buyer.company || buyer.name,
            buyer.inn && `${t('payment.invoice.inn')} ${buyer.inn}`,
            buyer.kpp && `${t('payment.invoice.kpp')} ${buyer.kpp}`,
          ]
            .filter(Boolean)
            .join(', ')}
        </dd>
      </dl>
      <table className="invoice__lines">
        <thead>
          <tr>
            <th scope="col">№</th>
            <th scope="col">{t('payment.invoice.line')}</th>
            <th scope="col">{t('payment.invoice.quantity')}</th>
            <th scope="col">{t('payment.invoice.price')}</th>
            <th scope="col">{t('payment.invoice.sum')}</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item, i) => (
            <tr key={`${item.sku}:${item.title}`}>
              <td>{i + 1}</td>
              <td lang={storedRussian}>{item.title}</td>
              <td>
                {item.quantity} {t('payment.invoice.unit')}
              </td>
              <td>
                {/* The price the line is sold at: a kit's discount is spread over its units. */}
                <Price amount={item.total / item.quantity} currency={order.currency} />
              </td>
              <td>
                <Price amount={item.total} currency={order.currency} />
              </td>
            </tr>
          ))}
          {order.deliveryCost > 0 && order.delivery && (
            <tr>
              <td>{order.items.length + 1}</td>
              <td>{order.delivery.label}</td>
              <td>1</td>
              <td>
                <Price amount={order.deliveryCost} currency={order.currency} />
              </td>
              <td>
                <Price amount={order.deliveryCost} currency={order.currency} />
              </td>
            </tr>
          )}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4}>
              {t('payment.invoice.total')}
            </th>
            <td>
              <Price amount={order.total} currency={order.currency} />
            </td>
          </tr>
          <tr>
            <th scope="row" colSpan={4}>
              {vat && vat.rate > 0 ? `${t('payment.invoice.vatIncluded')} ${vat.rate} %` : t('payment.invoice.vatNone')}
            </th>
            <td>{vat && vat.rate > 0 ? <Price amount={vat.amount} currency={order.currency} /> : '—'}</td>
          </tr>
        </tfoot>
      </table>
      <p>{t('payment.invoice.purpose', { number, date })}</p>
      <p className="invoice__terms">{t('payment.invoice.terms')}</p>
      <button type="button" className="button invoice__print needs-script" onClick={() => window.print()}>
        {t('payment.invoice.print')}
      </button>
    </article>
  );
}

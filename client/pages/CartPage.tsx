import { Link, useLoaderData } from 'react-router-dom';
import { useTranslation } from '../i18n.tsx';
import type { LoaderData } from '../../server/loaders.ts';
import { cartTotal } from '../../shared/cart.ts';
import { PageTitle } from '../components/PageTitle.tsx';
import { Price } from '../components/Price.tsx';

export function Component() {
  const { t } = useTranslation();
  const { entries, currency } = useLoaderData() as LoaderData<'cart'>;
  return (
    <>
      <PageTitle>{t('cart.title')}</PageTitle>
      <h1>{t('cart.title')}</h1>
      {entries.length === 0 ? (
        <p>{t('cart.empty')}</p>
      ) : (
        <table className="cart-table">
          <thead>
            <tr>
              <th scope="col">{t('cart.product')}</th>
              <th scope="col">{t('cart.price')}</th>
              <th scope="col">{t('cart.quantity')}</th>
              <th scope="col">{t('cart.sum')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.sku.id}>
                <td>
                  <Link to={e.sku.url}>{e.sku.title}</Link>
                </td>
                <td><Price amount={e.sku.actual_price} currency={currency} /></td>
                <td>{e.quantity}</td>
                <td><Price amount={cartTotal([e])} currency={currency} /></td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>{t('cart.total')}</th>
              <td className="cart-total"><Price amount={cartTotal(entries)} currency={currency} /></td>
            </tr>
          </tfoot>
        </table>
      )}
    </>
  );
}

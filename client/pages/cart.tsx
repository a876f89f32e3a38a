/** The cart (spec §2 /cart): its lines priced from the site's list, quantities to change, lines to remove, the total. */
import { Link, useLoaderData } from 'react-router-dom';
import type { loader } from '../../server/pages/cart.ts';
import { type CartEntry, cartTotal, MAX_QUANTITY } from '../../shared/cart.ts';
import { PageHead } from '../components/PageHead.tsx';
import { Price } from '../components/Price.tsx';
import { useTranslation } from '../i18n.tsx';
import { FormError, RouteForm } from '../route-form.tsx';

export function Component() {
  const { t } = useTranslation();
  const { entries, currency } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHead title={t('cart.title')} description={t('seo.cart')} noindex />
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
              <td />
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <CartLine key={e.sku.id} entry={e} currency={currency} />
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                {t('cart.total')}
              </th>
              <td className="cart-total" aria-live="polite">
                <Price amount={cartTotal(entries)} currency={currency} />
              </td>
              <td />
            </tr>
          </tfoot>
        </table>
      )}
    </>
  );
}

function CartLine({ entry, currency }: { entry: CartEntry; currency: string }) {
  const { t } = useTranslation();
  const title = entry.sku.title;
  return (
    <tr>
      <td>
        <Link to={entry.sku.url}>{title}</Link>
      </td>
      <td>
        <Price amount={entry.sku.actual_price} currency={currency} />
      </td>
      <td>
        <RouteForm action="/cart" formKey={`cart:set:${entry.sku.id}`} className="cart-line__quantity">
          {(state) => (
            <>
              <input type="hidden" name="intent" value="item" />
              <input type="hidden" name="productId" value={entry.sku.id} />
              <input type="hidden" name="mode" value="set" />
              {/* key: a fresh input when the server's quantity changes (e.g. capped), not a stale typed value. */}
              <input
                key={entry.quantity}
                type="number"
                name="quantity"
                min={1}
                max={MAX_QUANTITY}
                step={1}
                required
                defaultValue={state.values.quantity ?? entry.quantity}
                aria-label={t('cart.quantityOf', { title })}
                aria-invalid={state.errors.quantity ? true : undefined}
                aria-describedby={state.errors.quantity ? `cart-set-${entry.sku.id}-error` : undefined}
                inputMode="numeric"
              />
              <button type="submit" className="button button--secondary button--small" disabled={state.pending}>
                {t('cart.update')}
              </button>
              <FormError state={state} id={`cart-set-${entry.sku.id}-error`} />
            </>
          )}
        </RouteForm>
      </td>
      <td>
        <Price amount={cartTotal([entry])} currency={currency} />
      </td>
      <td>
        <RouteForm action="/cart" formKey={`cart:remove:${entry.sku.id}`}>
          {(state) => (
            <>
              <input type="hidden" name="intent" value="item" />
              <input type="hidden" name="productId" value={entry.sku.id} />
              <input type="hidden" name="mode" value="set" />
              <input type="hidden" name="quantity" value="0" />
              <button type="submit" className="link-button" aria-label={t('cart.removeOf', { title })} disabled={state.pending}>
                {t('cart.remove')}
              </button>
              <FormError state={state} />
            </>
          )}
        </RouteForm>
      </td>
    </tr>
  );
}

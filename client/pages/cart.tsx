/**
 * The cart (spec §2 /cart): its lines priced from the site's list with the kit discounts, quantities to change, lines
 * to remove, the totals — and below them the order form (issue 10, decision 022). 'Оформить заказ' opens the form
 * as ?step=checkout (an address of its own, so Back closes it, with or without JavaScript); 'Подтвердить заказ'
 * places the order through the cart's action (intent=checkout) and goes to /cart/success/{id}.
 */
import { useEffect, useId, useRef } from 'react';
import { Link, useLoaderData, useSearchParams } from 'react-router-dom';
import type { loader } from '../../server/pages/cart.ts';
import { MAX_QUANTITY } from '../../shared/cart.ts';
import { formatMoney } from '../../shared/format.ts';
import { KITS_PATH, MATERIALS_PATH } from '../../shared/navigation.ts';
import { useBoot } from '../boot.ts';
import { type CartData, CheckoutForm } from '../components/CheckoutForm.tsx';
import { PageHead } from '../components/PageHead.tsx';
import { Price } from '../components/Price.tsx';
import { useTranslation } from '../i18n.tsx';
import { FormError, RouteForm } from '../route-form.tsx';

type Line = CartData['cart']['lines'][number];
type UnavailableLine = CartData['cart']['unavailable'][number];

export function Component() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const { cart, currency, checkout } = data;
  const [params] = useSearchParams();
  const step = params.get('step') === 'checkout';
  return (
    <>
      <PageHead title={step && checkout ? t('checkout.title') : t('cart.title')} description={t('seo.cart')} noindex />
      <h1>{t('cart.title')}</h1>
      {cart.lines.length === 0 && cart.unavailable.length === 0 ? (
        <EmptyCart />
      ) : (
        // On a wide screen the lines and the order form on the left, the order's summary beside them (styles.css
        // .cart-layout); on a phone one column: lines, summary, form.
        <div className={`cart-layout${step && checkout ? ' cart-layout--checkout' : ''}`}>
          <div className="cart-table-wrap">
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
                {cart.lines.map((line) => (
                  <CartLine key={line.sku.id} line={line} currency={currency} />
                ))}
                {cart.unavailable.map((line) => (
                  <NoLongerSoldLine key={line.sku.id} line={line} />
                ))}
              </tbody>
            </table>
          </div>
          <CartSummary cart={cart} currency={currency} start={!!checkout && !step} />
          {checkout && step && <CheckoutForm data={data} checkout={checkout} />}
        </div>
      )}
    </>
  );
}

/** The order's summary: the goods' sum (with the kit discount), the kit notes and 'Оформить заказ' before the form opens. */
function CartSummary({ cart, currency, start }: { cart: CartData['cart']; currency: string; start: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  const discounted = cart.kits.filter((k) => k.discountPercent > 0);
  return (
    <aside className="cart-summary" aria-labelledby={titleId}>
      <h2 id={titleId} className="cart-summary__title">
        {t('cart.summary')}
      </h2>
      <dl className="cart-summary__totals">
        {cart.discount > 0 && (
          <>
            <dt>{t('checkout.subtotal')}</dt>
            <dd>
              <Price amount={cart.subtotal} currency={currency} />
            </dd>
            <dt>{t('checkout.discount')}</dt>
            <dd className="cart-discount">
              −<Price amount={cart.discount} currency={currency} />
            </dd>
          </>
        )}
        <dt className="cart-summary__total">{t('cart.total')}</dt>
        <dd className="cart-summary__total cart-total" aria-live="polite">
          <Price amount={cart.goods} currency={currency} />
        </dd>
      </dl>
      {discounted.length > 0 && (
        <ul className="cart-kits">
          {discounted.map((k) => (
            <li key={k.slug} className={k.complete > 0 ? 'cart-kits__complete' : 'cart-kits__incomplete'}>
              {t(k.complete > 0 ? 'checkout.kitComplete' : 'checkout.kitIncomplete', { title: k.title, percent: k.discountPercent })}
            </li>
          ))}
        </ul>
      )}
      {start && <StartCheckout />}
    </aside>
  );
}

/** 'Оформить заказ': a link to ?step=checkout (Back closes the form again), focusing the form once it opens. */
function StartCheckout() {
  const { t } = useTranslation();
  const ref = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    // Returning from the form with Back: the button is where the focus belongs.
    if (document.activeElement === document.body) ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <p className="cart-actions">
      <Link ref={ref} to="?step=checkout#checkout" className="button">
        {t('checkout.start')}
      </Link>
    </p>
  );
}

function CartLine({ line, currency }: { line: Line; currency: string }) {
  const { t } = useTranslation();
  const { language } = useBoot();
  const title = line.sku.title;
  return (
    <tr>
      <td>
        <Link to={line.sku.url} lang={line.sku.lang ?? undefined}>
          {title}
        </Link>
      </td>
      <td>
        <Price amount={line.sku.actual_price} currency={currency} />
      </td>
      <td>
        <RouteForm action="/cart" formKey={`cart:set:${line.sku.id}`} className="cart-line__quantity">
          {(state) => (
            <>
              <input type="hidden" name="intent" value="item" />
              <input type="hidden" name="productId" value={line.sku.id} />
              <input type="hidden" name="mode" value="set" />
              {/* key: a fresh input when the server's quantity changes (e.g. capped), not a stale typed value. */}
              <input
                key={line.quantity}
                type="number"
                name="quantity"
                min={1}
                max={MAX_QUANTITY}
                step={1}
                required
                defaultValue={state.values.quantity ?? line.quantity}
                aria-label={t('cart.quantityOf', { title })}
                aria-invalid={state.errors.quantity ? true : undefined}
                aria-describedby={state.errors.quantity ? `cart-set-${line.sku.id}-error` : undefined}
                inputMode="numeric"
              />
              <button type="submit" className="button button--secondary button--small" disabled={state.pending}>
                {t('cart.update')}
              </button>
              <FormError state={state} id={`cart-set-${line.sku.id}-error`} />
            </>
          )}
        </RouteForm>
        {line.available !== null && line.quantity > line.available && (
          <p className="form__error cart-line__stock">{t('checkout.stockLine', { title, available: line.available })}</p>
        )}
      </td>
      <td>
        <Price amount={line.total} currency={currency} />
        {line.discount > 0 && (
          <span className="cart-line__discount">
            {t('checkout.lineDiscount', { amount: formatMoney(line.discount, currency, language) })}
          </span>
        )}
      </td>
      <td>
        <RemoveLine id={line.sku.id} title={title} />
      </td>
    </tr>
  );
}

/**
 * A line whose product the site no longer sells (taken off sale, or no price here any more): its title, a line saying
 * so, and its remove button. It has no price, is in no total and is not ordered (decision 031); the product's page may
 * be gone, so the title is not a link.
 */
function NoLongerSoldLine({ line }: { line: UnavailableLine }) {
  const { t } = useTranslation();
  return (
    <tr className="cart-line cart-line--unavailable">
      <td lang={line.sku.lang ?? undefined}>{line.sku.title}</td>
      <td colSpan={3}>
        <span className="cart-line__unavailable">{t('cart.unavailable')}</span>
      </td>
      <td>
        <RemoveLine id={line.sku.id} title={line.sku.title} />
      </td>
    </tr>
  );
}

/** A line's remove button: the cart's action, the quantity set to 0. */
function RemoveLine({ id, title }: { id: number; title: string }) {
  const { t } = useTranslation();
  return (
    <RouteForm action="/cart" formKey={`cart:remove:${id}`}>
      {(state) => (
        <>
          <input type="hidden" name="intent" value="item" />
          <input type="hidden" name="productId" value={id} />
          <input type="hidden" name="mode" value="set" />
          <input type="hidden" name="quantity" value="0" />
          <button type="submit" className="link-button" aria-label={t('cart.removeOf', { title })} disabled={state.pending}>
            {t('cart.remove')}
          </button>
          <FormError state={state} />
        </>
      )}
    </RouteForm>
  );
}

/** The empty cart is no dead end: the calculator (the shop's main way in), the catalogue and the ready kits. */
function EmptyCart() {
  const { t } = useTranslation();
  return (
    <div className="empty-cart">
      <p>{t('cart.empty')}</p>
      <p className="empty-cart__lead">{t('details.emptyCart.lead')}</p>
      <p className="empty-cart__actions">
        <Link to="/calc" className="button">
          {t('details.emptyCart.calc')}
        </Link>
        <Link to={MATERIALS_PATH} className="button button--secondary">
          {t('details.emptyCart.catalog')}
        </Link>
        <Link to={KITS_PATH} className="button button--secondary">
          {t('details.emptyCart.kits')}
        </Link>
      </p>
    </div>
  );
}

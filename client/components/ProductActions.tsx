/** A product's buy box: quantity and add-to-cart (when the site sells it), and add to / remove from compare. */

import { MAX_QUANTITY } from '../../shared/cart.ts';
import { useTranslation } from '../i18n.tsx';
import { FormError, type FormState, RouteForm } from '../route-form.tsx';
import { CompareToggle } from './CompareToggle.tsx';

export function ProductActions({ productId, sold }: { productId: number; sold: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="product-actions">
      {sold && (
        <RouteForm action="/cart" formKey={`cart:add:${productId}`} className="product-actions__cart">
          {(state) => (
            <>
              <input type="hidden" name="intent" value="item" />
              <input type="hidden" name="productId" value={productId} />
              <label>
                <span className="visually-hidden">{t('product.quantity')}</span>
                <input
                  type="number"
                  name="quantity"
                  min={1}
                  max={MAX_QUANTITY}
                  step={1}
                  defaultValue={state.values.quantity ?? 1}
                  required
                  inputMode="numeric"
                  aria-invalid={state.errors.quantity ? true : undefined}
                  aria-describedby={state.errors.quantity ? `cart-add-${productId}-error` : undefined}
                />
              </label>
              <button type="submit" className="button" disabled={state.pending}>
                {t('product.addToCart')}
              </button>
              <CartStatus state={state} errorId={`cart-add-${productId}-error`} />
            </>
          )}
        </RouteForm>
      )}
      <CompareToggle productId={productId} className="product-actions__compare" />
    </div>
  );
}

/** Says "added" after a successful submit (the header badge changes too), or why it failed. */
function CartStatus({ state, errorId }: { state: FormState; errorId: string }) {
  const { t } = useTranslation();
  const failed = Object.keys(state.errors).length > 0;
  return failed ? (
    <FormError state={state} id={errorId} />
  ) : (
    <span role="status" className="product-actions__status">
      {state.done ? t('product.added') : ''}
    </span>
  );
}

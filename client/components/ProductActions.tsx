/** A product's buy box: quantity and add-to-cart (when the site sells it), and add to / remove from compare. */
import { useTranslation } from '../i18n.tsx';
import { MAX_QUANTITY } from '../../shared/cart.ts';
import { ApiForm, type ApiFormStatus } from '../api-form.tsx';
import { CompareToggle } from './CompareToggle.tsx';

export function ProductActions({ productId, sold }: { productId: number; sold: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="product-actions">
      {sold && (
        <ApiForm action="/api/cart/items" className="product-actions__cart">
          {(status) => (
            <>
              <input type="hidden" name="productId" value={productId} />
              <label>
                <span className="visually-hidden">{t('product.quantity')}</span>
                <input type="number" name="quantity" min={1} max={MAX_QUANTITY} step={1} defaultValue={1} required inputMode="numeric" />
              </label>
              <button type="submit" className="button" disabled={status === 'pending'}>
                {t('product.addToCart')}
              </button>
              <CartStatus status={status} />
            </>
          )}
        </ApiForm>
      )}
      <CompareToggle productId={productId} className="product-actions__compare" />
    </div>
  );
}

/** Says "added" after a successful submit (the header badge changes too), or why it failed. */
function CartStatus({ status }: { status: ApiFormStatus }) {
  const { t } = useTranslation();
  return (
    <span role="status" className={status === 'failed' ? 'form__error' : 'product-actions__status'}>
      {status === 'failed' ? t('product.addFailed') : status === 'done' ? t('product.added') : ''}
    </span>
  );
}

/**
 * Adds a product to the compare list or takes it out (spec §2: compare from cards and product pages). Its
 * state comes from the shell's `compared` ids, so after a change the revalidated shell flips every toggle of
 * that product on the page and the header counter together.
 */
import { useTranslation } from '../i18n.tsx';
import { useShell } from '../loader-data.ts';
import { FormError, RouteForm } from '../route-form.tsx';

/** `title`: given on cards, where the button needs the product's name to make sense on its own. */
export function CompareToggle({ productId, title, className }: { productId: number; title?: string; className?: string }) {
  const { t } = useTranslation();
  const shell = useShell();
  const inCompare = shell.compared.includes(productId);
  const text = inCompare ? t('compare.added') : t('compare.add');
  return (
    <RouteForm action="/compare" formKey={`compare:${productId}`} className={className ?? 'compare-toggle'}>
      {(state) => (
        <>
          <input type="hidden" name="productId" value={productId} />
          <input type="hidden" name="intent" value={inCompare ? 'remove' : 'add'} />
          <button
            type="submit"
            className={title ? 'link-button' : 'button button--secondary'}
            aria-pressed={inCompare}
            aria-label={title ? `${text}: ${title}` : undefined}
            disabled={state.pending}
          >
            {text}
          </button>
          <FormError state={state} />
        </>
      )}
    </RouteForm>
  );
}

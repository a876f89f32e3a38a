/**
 * The compare list (/compare): one attribute table per category, products side by side, the rows whose values
 * differ highlighted; remove one product or clear the list (forms that work without JavaScript).
 */
import { Link, useLoaderData } from 'react-router-dom';
import type { loader } from '../../server/pages/compare.ts';
import type { ComparedProduct } from '../../shared/catalog.ts';
import { ATTRIBUTE_ROW_ORDER, attributeRows, attributeText } from '../../shared/product-info.ts';
import { useBoot } from '../boot.ts';
import { PageHead } from '../components/PageHead.tsx';
import { Price } from '../components/Price.tsx';
import { useTranslation } from '../i18n.tsx';
import { FormError, RouteForm } from '../route-form.tsx';

export function Component() {
  const { t } = useTranslation();
  const { products, currency } = useLoaderData<typeof loader>();
  const groups = groupByCategory(products);
  return (
    <>
      <PageHead title={t('compare.title')} description={t('seo.compare')} noindex />
      <h1>{t('compare.title')}</h1>
      {products.length === 0 ? (
        <p>{t('compare.empty')}</p>
      ) : (
        <>
          <p className="muted">{t('compare.differs')}</p>
          {groups.map((group) => (
            <CompareTable key={group[0]!.category.id} products={group} currency={currency} />
          ))}
          <RouteForm action="/compare" formKey="compare:clear">
            {(state) => (
              <>
                <input type="hidden" name="intent" value="clear" />
                <button type="submit" className="button button--secondary" disabled={state.pending}>
                  {t('compare.clear')}
                </button>
                <FormError state={state} />
              </>
            )}
          </RouteForm>
        </>
      )}
    </>
  );
}

/** Consecutive products of one category (the loader sorts them by category). */
function groupByCategory(products: ComparedProduct[]): ComparedProduct[][] {
  const groups: ComparedProduct[][] = [];
  for (const p of products) {
    const last = groups[groups.length - 1];
    if (last && last[0]!.category.id === p.category.id) last.push(p);
    else groups.push([p]);
  }
  return groups;
}

function CompareTable({ products, currency }: { products: ComparedProduct[]; currency: string }) {
  const { t } = useTranslation();
  const { language } = useBoot();
  const category = products[0]!.category;
  // Each product's values as its product page writes them (shared/product-info.ts): the same rows, numbers in the
  // language's own format, codes through their translations; only the rows the shop can name, in the table's order.
  const valuesOf = products.map(
    (p) => new Map(attributeRows(p.attributes, language, p.ru_attributes).map((row) => [row.key, row] as const)),
  );
  const keys = ATTRIBUTE_ROW_ORDER.filter((key) => valuesOf.some((values) => values.has(key)) && t(`attr.${key}`, { defaultValue: '' }));
  const differs = (values: unknown[]) => products.length > 1 && new Set(values.map((v) => String(v ?? '—'))).size > 1;
  return (
    <section className="compare-group" aria-labelledby={`compare-${category.id}`}>
      <h2 id={`compare-${category.id}`}>
        <Link to={category.url} lang={category.lang ?? undefined}>
          {category.title}
        </Link>
      </h2>
      <div className="compare-scroll">
        <table className="compare-table">
          <thead>
            <tr>
              <td />
              {products.map((p) => (
                <th scope="col" key={p.id}>
                  <Link to={p.url} lang={p.lang ?? undefined}>
                    {p.title}
                  </Link>
                  <RouteForm action="/compare" formKey={`compare:${p.id}`}>
                    {(state) => (
                      <>
                        <input type="hidden" name="productId" value={p.id} />
                        <input type="hidden" name="intent" value="remove" />
                        <button
                          type="submit"
                          className="link-button"
                          aria-label={t('compare.removeOf', { title: p.title })}
                          disabled={state.pending}
                        >
                          {t('compare.remove')}
                        </button>
                        <FormError state={state} />
                      </>
                    )}
                  </RouteForm>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr className={differs(products.map((p) => p.price)) ? 'compare-row--differs' : undefined}>
              <th scope="row">{t('compare.price')}</th>
              {products.map((p) => (
                <td key={p.id}>{p.price !== null ? <Price amount={p.price} currency={currency} /> : t('compare.notSold')}</td>
              ))}
            </tr>
            {keys.map((key) => {
              const rows = valuesOf.map((v) => v.get(key));
              const values = rows.map((row) => row && attributeText(row, t));
              return (
                <tr key={key} className={differs(values) ? 'compare-row--differs' : undefined}>
                  <th scope="row">{t(`attr.${key}`)}</th>
                  {values.map((value, i) => (
                    <td key={products[i]!.id} lang={rows[i]?.lang}>
                      {value ?? '—'}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

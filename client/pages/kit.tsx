/**
 * /komplekty-sumoizoliacii/{slug}: one kit — its products × quantity at this site's prices, the kit's price
 * (its discount applied, rounded to the site's step), its mass, and one button that puts every line in the cart.
 */
import { Link, useLoaderData } from 'react-router-dom';
import type { loader } from '../../server/pages/kit.ts';
import { formatNumber } from '../../shared/format.ts';
import { KITS_PATH } from '../../shared/navigation.ts';
import { useBoot } from '../boot.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { breadcrumbList, PageHead } from '../components/PageHead.tsx';
import { Price } from '../components/Price.tsx';
import { siteUrl, useCanonicalUrl } from '../components/SeoLinks.tsx';
import { useTranslation } from '../i18n.tsx';
import { useShell } from '../loader-data.ts';
import { FormError, RouteForm } from '../route-form.tsx';

export function Component() {
  const { t } = useTranslation();
  const { language } = useBoot();
  const { kit, currency } = useLoaderData<typeof loader>();
  const { site } = useShell();
  const url = useCanonicalUrl();
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: kit.title,
    description: kit.description,
    brand: { '@type': 'Brand', name: site.brand },
    url,
    ...(kit.price !== null ? { offers: { '@type': 'Offer', price: kit.price, priceCurrency: currency, url } } : {}),
  };
  const crumbs = breadcrumbList([
    { name: t('productPage.home'), item: siteUrl(site, '/', language) },
    { name: t('kits.title'), item: siteUrl(site, KITS_PATH, language) },
    { name: kit.title, item: url },
  ]);
  return (
    <article className="kit">
      <PageHead title={kit.title} description={kit.description || t('seo.kits')} type="product" jsonLd={[product, crumbs]} />
      <Breadcrumbs items={[{ label: t('productPage.home'), to: '/' }, { label: t('kits.title'), to: KITS_PATH }, { label: kit.title }]} />
      <h1 lang={kit.lang ?? undefined}>{kit.title}</h1>
      <p className="lead" lang={kit.lang ?? undefined}>
        {kit.description}
      </p>
      <h2>{t('kits.contents')}</h2>
      <table className="kit-lines">
        <thead>
          <tr>
            <th scope="col">{t('kits.product')}</th>
            <th scope="col">{t('kits.quantity')}</th>
            <th scope="col">{t('kits.price')}</th>
            <th scope="col">{t('kits.sum')}</th>
          </tr>
        </thead>
        <tbody>
          {kit.lines.map((line) => (
            <tr key={line.productId}>
              <th scope="row">
                <Link to={line.url} lang={line.lang ?? undefined}>
                  {line.title}
                </Link>
              </th>
              {/* data-label: the column's name, shown beside the value when a phone stacks the row (styles.css). */}
              <td data-label={t('kits.quantity')}>× {line.quantity}</td>
              <td data-label={t('kits.price')}>
                {line.price !== null ? <Price amount={line.price} currency={currency} /> : t('product.notSold')}
              </td>
              <td data-label={t('kits.sum')}>{line.price !== null && <Price amount={line.price * line.quantity} currency={currency} />}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="kit-totals">
        {kit.price !== null && kit.separatePrice !== null && kit.discountPercent > 0 && (
          <>
            <dt>{t('kits.separately')}</dt>
            <dd>
              <Price amount={kit.separatePrice} currency={currency} />
            </dd>
            <dt>{t('kits.discount', { percent: formatNumber(kit.discountPercent, language, 2) })}</dt>
            <dd>
              −<Price amount={kit.separatePrice - kit.price} currency={currency} />
            </dd>
          </>
        )}
        <dt>{t('kits.total')}</dt>
        <dd className="kit-totals__price">
          {kit.price !== null ? <Price amount={kit.price} currency={currency} /> : t('product.notSold')}
        </dd>
        <dt>{t('kits.mass')}</dt>
        <dd>≈ {formatNumber(kit.massKg, language, 1)}</dd>
      </dl>
      {kit.massPartial && <p className="muted">{t('kits.massPartial')}</p>}
      {kit.purchasable ? (
        <RouteForm action="/cart" formKey={`cart:kit:${kit.slug}`} className="kit-actions">
          {(state) => (
            <>
              <input type="hidden" name="intent" value="kit" />
              <input type="hidden" name="slug" value={kit.slug} />
              <button type="submit" className="button" disabled={state.pending}>
                {t('kits.addAll')}
              </button>
              {Object.keys(state.errors).length > 0 ? (
                <FormError state={state} />
              ) : (
                <span role="status" className="product-actions__status">
                  {state.done ? t('kits.added') : ''}
                </span>
              )}
            </>
          )}
        </RouteForm>
      ) : (
        <p className="form__error">{t('kits.notSold')}</p>
      )}
      {kit.purchasable && kit.discountPercent > 0 && <p className="muted">{t('checkout.kitCartNote')}</p>}
      <p>
        <Link to={KITS_PATH}>{t('kits.all')}</Link>
      </p>
    </article>
  );
}

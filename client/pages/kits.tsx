/** /komplekty-sumoizoliacii: the ready kits, each with its price on this site and its mass. */
import { Link, useLoaderData } from 'react-router-dom';
import type { loader } from '../../server/pages/kits.ts';
import { formatNumber } from '../../shared/product-info.ts';
import { useBoot } from '../boot.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { PageHead } from '../components/PageHead.tsx';
import { Price } from '../components/Price.tsx';
import { useTranslation } from '../i18n.tsx';

export function Component() {
  const { t } = useTranslation();
  const { language } = useBoot();
  const { kits, description, currency } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHead title={t('kits.title')} description={description || t('seo.kits')} image="/img/categories/komplekty-sumoizoliacii.svg" />
      <Breadcrumbs items={[{ label: t('productPage.home'), to: '/' }, { label: t('kits.title') }]} />
      <h1>{t('kits.title')}</h1>
      {description && <p className="lead">{description}</p>}
      {kits.length === 0 ? (
        <p>{t('kits.empty')}</p>
      ) : (
        <ul className="kit-list">
          {kits.map((kit) => (
            <li key={kit.id} className="kit-card">
              <h2>
                <Link to={kit.url}>{kit.title}</Link>
              </h2>
              <p>{kit.description}</p>
              <p className="muted">{t('kits.lines', { n: kit.lines.length })}</p>
              <dl className="kit-totals">
                <dt>{t('kits.total')}</dt>
                <dd>{kit.price !== null ? <Price amount={kit.price} currency={currency} /> : t('product.notSold')}</dd>
                <dt>{t('kits.mass')}</dt>
                <dd>≈ {formatNumber(kit.massKg, language, 1)}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

import { Link, useLoaderData } from 'react-router-dom';
import { useTranslation } from '../i18n.tsx';
import type { LoaderData } from '../../server/loaders.ts';
import { PageTitle } from '../components/PageTitle.tsx';
import { Price } from '../components/Price.tsx';

export function Component() {
  const { t } = useTranslation();
  const { category, products, currency } = useLoaderData() as LoaderData<'category'>;
  return (
    <>
      <PageTitle>{category.title}</PageTitle>
      <h1>{category.title}</h1>
      {category.description && <p className="lead">{category.description}</p>}
      <p className="muted">{t('category.count', { count: products.length })}</p>
      {products.length === 0 ? (
        <p>{t('category.empty')}</p>
      ) : (
        <ul className="product-grid">
          {products.map((p) => (
            <li key={p.id} className="product-card">
              <Link to={p.url}>{p.title}</Link>
              {p.price !== null ? <Price amount={p.price} currency={currency} /> : <span className="muted">{t('product.notSold')}</span>}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

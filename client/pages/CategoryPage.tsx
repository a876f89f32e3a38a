import { Link, useLoaderData } from 'react-router-dom';
import { useTranslation } from '../i18n.tsx';
import type { LoaderData } from '../../server/loaders.ts';
import { PageTitle } from '../components/PageTitle.tsx';
import { Price } from '../components/Price.tsx';
import { ResponsiveImage } from '../components/ResponsiveImage.tsx';

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
          {products.map((p, i) => (
            <li key={p.id} className="product-card">
              {p.preview_image && (
                <ResponsiveImage src={p.preview_image} alt="" width={240} height={180} sizes="(max-width: 40rem) 50vw, 15rem" eager={i < 4} />
              )}
              <Link to={p.url}>{p.title}</Link>
              {p.price !== null ? <Price amount={p.price} currency={currency} /> : <span className="muted">{t('product.notSold')}</span>}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

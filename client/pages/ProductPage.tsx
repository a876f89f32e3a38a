import { Link, useLoaderData } from 'react-router-dom';
import { useTranslation } from '../i18n.tsx';
import type { LoaderData } from '../../server/loaders.ts';
import { PageTitle } from '../components/PageTitle.tsx';
import { Price } from '../components/Price.tsx';

export function Component() {
  const { t } = useTranslation();
  const { product, currency } = useLoaderData() as LoaderData<'product'>;
  const attributes = Object.entries(product.attributes).filter(([key]) => t(`attr.${key}`, { defaultValue: '' }));
  return (
    <article className="product">
      <PageTitle>{product.title}</PageTitle>
      <nav aria-label="breadcrumbs" className="breadcrumbs">
        <Link to="/">{t('notFound.home')}</Link> / <Link to={product.category.url}>{product.category.title}</Link>
      </nav>
      <h1>{product.title}</h1>
      <p className="muted">
        {t('product.sku')}: {product.sku}
      </p>
      <p className="product__price">
        {product.price !== null ? <Price amount={product.price} currency={currency} /> : t('product.notSold')}
      </p>
      <p>{product.description}</p>
      {attributes.length > 0 && (
        <>
          <h2>{t('product.attributes')}</h2>
          <table className="attributes">
            <tbody>
              {attributes.map(([key, value]) => (
                <tr key={key}>
                  <th scope="row">{t(`attr.${key}`)}</th>
                  <td>{String(value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </article>
  );
}

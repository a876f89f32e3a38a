import { Link, useLoaderData } from 'react-router-dom';
import { useTranslation } from '../i18n.tsx';
import type { LoaderData } from '../../server/loaders.ts';
import { PageTitle } from '../components/PageTitle.tsx';
import { Price } from '../components/Price.tsx';
import { ProductActions } from '../components/ProductActions.tsx';
import { ResponsiveImage } from '../components/ResponsiveImage.tsx';

type Product = LoaderData<'product'>['product'];

/**
 * The product's photos as gallery items (spec §2 "Image lightbox"): each links to the full image, so without
 * JavaScript a click opens the picture itself; the shell's gallery host opens them in the lightbox.
 * The first photo is shown large, the others as thumbnails (lazy: they may sit below the fold).
 */
function ProductGallery({ product }: { product: Product }) {
  const { t } = useTranslation();
  const slug = product.sku.toLowerCase().replace(/[^a-z0-9-]/g, '-');
  return (
    <div className="product-gallery">
      {product.images.map((src, i) => (
        <a key={src} href={src} data-gallery={slug} className={i === 0 ? 'product-gallery__main' : 'product-gallery__thumb'}>
          <ResponsiveImage
            src={src}
            alt={t('lightbox.photo', { title: product.title, n: i + 1 })}
            width={i === 0 ? 480 : 96}
            height={i === 0 ? 360 : 72}
            sizes={i === 0 ? '(max-width: 32rem) 100vw, 30rem' : '6rem'}
            eager={i === 0}
          />
        </a>
      ))}
    </div>
  );
}

export function Component() {
  const { t } = useTranslation();
  const { product, currency, inCompare } = useLoaderData() as LoaderData<'product'>;
  const attributes = Object.entries(product.attributes).filter(([key]) => t(`attr.${key}`, { defaultValue: '' }));
  return (
    <article className="product">
      <PageTitle>{product.title}</PageTitle>
      <nav aria-label="breadcrumbs" className="breadcrumbs">
        <Link to="/">{t('notFound.home')}</Link> / <Link to={product.category.url}>{product.category.title}</Link>
      </nav>
      <h1>{product.title}</h1>
      {product.images.length > 0 && <ProductGallery product={product} />}
      <p className="muted">
        {t('product.sku')}: {product.sku}
      </p>
      <p className="product__price">
        {product.price !== null ? <Price amount={product.price} currency={currency} /> : t('product.notSold')}
      </p>
      <ProductActions productId={product.id} sold={product.price !== null} inCompare={inCompare} />
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

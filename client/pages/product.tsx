import { memo, useId } from 'react';
import { preload } from 'react-dom';
import { useLoaderData } from 'react-router-dom';
import type { loader } from '../../server/pages/product.ts';
import { renditionsOf } from '../../shared/image-renditions.ts';
import { attributeRows, attributeText, availabilityOf, SCHEMA_AVAILABILITY } from '../../shared/product-info.ts';
import { useBoot, useStoredRussian } from '../boot.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { absoluteAsset, breadcrumbList, PageHead } from '../components/PageHead.tsx';
import { Price } from '../components/Price.tsx';
import { ProductActions } from '../components/ProductActions.tsx';
import { ProductTile } from '../components/ProductTile.tsx';
import { ResponsiveImage } from '../components/ResponsiveImage.tsx';
import { siteUrl } from '../components/SeoLinks.tsx';
import { useTranslation } from '../i18n.tsx';
import type { LoaderData } from '../loader-data.ts';
import { useShell } from '../loader-data.ts';
import { useProductView } from '../third-party/ecommerce.ts';

type Data = LoaderData<typeof loader>;
type Product = Data['product'];

/** How wide the main photo is shown: the whole phone screen, else 30rem. */
const MAIN_SIZES = '(max-width: 32rem) 100vw, 30rem';

/**
 * The main photo is the page's largest paint (LCP): a <link rel="preload" as="image"> with the same srcset and
 * sizes lets the browser fetch it from the head, before it reaches the <img> (React 19 hoists it into <head>).
 */
function preloadMainPhoto(src: string) {
  const renditions = renditionsOf(src);
  preload(
    src,
    renditions
      ? { as: 'image', imageSrcSet: renditions.srcset, imageSizes: MAIN_SIZES, fetchPriority: 'high' }
      : { as: 'image', fetchPriority: 'high' },
  );
}

/**
 * The product's photos as gallery items (spec §2 "Image lightbox"): each links to the full image, so without
 * JavaScript a click opens the picture itself; the shell's gallery host opens them in the lightbox.
 * The first photo is shown large, the others as thumbnails (lazy: they may sit below the fold).
 */
/** The height of a `width`-wide box for the picture at `src`, in its own proportions (an upload's may be any). */
function boxHeight(src: string, width: number): number {
  const size = renditionsOf(src);
  return Math.round((width * (size ? size.height : 3)) / (size ? size.width : 4));
}

function ProductGallery({ product }: { product: Product }) {
  const slug = product.sku.toLowerCase().replace(/[^a-z0-9-]/g, '-');
  const storedRussian = useStoredRussian();
  preloadMainPhoto(product.images[0]!.src);
  return (
    <div className="product-gallery">
      {product.images.map(({ src, alt }, i) => (
        <a key={src} href={src} data-gallery={slug} className={i === 0 ? 'product-gallery__main' : 'product-gallery__thumb'}>
          <ResponsiveImage
            src={src}
            alt={alt}
            // Photo descriptions are stored in Russian, the catalogue's language (decision 048).
            lang={storedRussian}
            width={i === 0 ? 480 : 96}
            // The picture's own proportions (the box is reserved before the file arrives); 4:3 when unknown.
            height={boxHeight(src, i === 0 ? 480 : 96)}
            sizes={i === 0 ? MAIN_SIZES : '6rem'}
            eager={i === 0}
          />
        </a>
      ))}
    </div>
  );
}

/**
 * Head and structured data of the product (React 19 hoists <title>, <meta> into <head>): description, Open
 * Graph, and JSON-LD Product (offer in the site's currency) and BreadcrumbList. Every address is absolute on
 * the site's own host from the sites config, like the canonical link (SeoLinks), never the request's Host.
 */
function ProductHead({ product, currency }: { product: Product; currency: string }) {
  const { t } = useTranslation();
  const { language } = useBoot();
  const { site } = useShell();
  const url = siteUrl(site, product.url, language);
  // Photos are static files: the same address in every language.
  const images = product.images.map(({ src }) => absoluteAsset(site.host, src));
  const offer =
    product.price === null
      ? undefined
      : {
          '@type': 'Offer',
          price: product.price,
          priceCurrency: currency,
          availability: SCHEMA_AVAILABILITY[availabilityOf(product.stock)],
          url,
        };
  const crumbs = [
    { name: t('productPage.home'), item: siteUrl(site, '/', language) },
    { name: product.category.title, item: siteUrl(site, product.category.url, language) },
    { name: product.title, item: url },
  ];
  const structured = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    sku: product.sku,
    description: product.description,
    ...(images.length > 0 ? { image: images } : {}),
    category: product.category.title,
    brand: { '@type': 'Brand', name: site.brand },
    url,
    ...(offer ? { offers: offer } : {}),
  };
  return (
    <PageHead
      title={product.title}
      description={product.description || t('seo.category', { title: product.category.title })}
      type="product"
      {...(product.images[0] ? { image: product.images[0].src } : {})}
      jsonLd={[structured, breadcrumbList(crumbs)]}
    />
  );
}

export function Component() {
  return <ProductView data={useLoaderData<typeof loader>()} />;
}

/**
 * The page itself, memoised on its loader data: gallery steps change only the URL hash (no loader runs, the
 * data object stays the same), so moving through the lightbox does not re-render the page under it.
 */
const ProductView = memo(function ProductView({ data }: { data: Data }) {
  const { t } = useTranslation();
  const { language } = useBoot();
  const { product, related, currency } = data;
  useProductView(currency, product);
  const relatedTitle = useId();
  const sold = product.price !== null;
  const availability = availabilityOf(product.stock);
  const attributes = attributeRows(product.attributes, language, product.ru_attributes).filter((row) =>
    t(`attr.${row.key}`, { defaultValue: '' }),
  );
  return (
    <article className="product">
      <ProductHead product={product} currency={currency} />
      <Breadcrumbs
        items={[
          { label: t('productPage.home'), to: '/' },
          { label: product.category.title, to: product.category.url, lang: product.category.lang },
          { label: product.title, lang: product.lang },
        ]}
      />
      <h1 lang={product.lang ?? undefined}>{product.title}</h1>
      {product.images.length > 0 && <ProductGallery product={product} />}
      <p className="muted">
        {t('product.sku')}: {product.sku}
      </p>
      <p className="product__price">{sold ? <Price amount={product.price!} currency={currency} /> : t('product.notSold')}</p>
      {sold && (
        <p className={`availability availability--${availability}`}>
          <span className="visually-hidden">{t('productPage.availability')}: </span>
          {t(`productPage.${availability}`)}
        </p>
      )}
      <ProductActions productId={product.id} sold={sold} />
      <p lang={product.lang ?? undefined}>{product.description}</p>
      {attributes.length > 0 && (
        <>
          <h2>{t('product.attributes')}</h2>
          <table className="attributes">
            <tbody>
              {attributes.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{t(`attr.${row.key}`)}</th>
                  <td lang={row.lang}>{attributeText(row, t)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {related.length > 0 && (
        <section aria-labelledby={relatedTitle} className="related">
          <h2 id={relatedTitle}>{t('productPage.related')}</h2>
          <ul className="product-grid">
            {related.map((p) => (
              <ProductTile key={p.id} product={p} currency={currency} picture={{ sizes: '(max-width: 40rem) 50vw, 12rem' }} />
            ))}
          </ul>
        </section>
      )}
    </article>
  );
});

/**
 * A product as a card in a grid — category listings, /materials, related products, products named by an article:
 * its picture and name (one link), its price, 'В корзину' (one unit, without leaving the page) and the compare
 * toggle. The buttons sit at the card's foot, so the cards of a row line up whatever the length of their names.
 * A product the site does not sell says so instead of a price and has no cart button.
 */
import { Link } from 'react-router-dom';
import type { ProductCard } from '../../shared/catalog.ts';
import { availabilityOf } from '../../shared/product-info.ts';
import { useTranslation } from '../i18n.tsx';
import { FormError, RouteForm } from '../route-form.tsx';
import { CompareToggle } from './CompareToggle.tsx';
import { Price } from './Price.tsx';
import { ResponsiveImage } from './ResponsiveImage.tsx';

/** How wide the picture is shown (the srcset's `sizes`), and whether it is above the fold. */
export interface TilePicture {
  sizes: string;
  eager?: boolean;
}

export function ProductTile({
  product,
  currency,
  picture,
  note,
  kit = false,
}: {
  product: ProductCard;
  currency: string;
  picture: TilePicture;
  /** A line under the name (the search's snippet), cut to three lines. */
  note?: string;
  /** The card is a ready kit (its `sku` is the kit's slug): 'В корзину' adds every line; kits are not compared. */
  kit?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <li className="product-card">
      <Link to={product.url} className="product-card__link">
        {product.preview_image ? (
          <ResponsiveImage src={product.preview_image} alt="" width={240} height={180} sizes={picture.sizes} eager={picture.eager} />
        ) : (
          <span className="content-placeholder" aria-hidden="true" />
        )}
        <span className="product-card__title" lang={product.lang ?? undefined}>
          {product.title}
        </span>
      </Link>
      {note && <p className="product-card__note">{note}</p>}
      {product.price !== null ? (
        <Price amount={product.price} currency={currency} />
      ) : (
        <span className="muted">{t('product.notSold')}</span>
      )}
      {product.price !== null && product.stock !== null && (
        <span className={`product-card__stock availability--${availabilityOf(product.stock)}`}>
          {t(`productPage.${availabilityOf(product.stock)}`)}
        </span>
      )}
      <div className="product-card__actions">
        {product.price !== null && (
          <AddToCart title={product.title} item={kit ? { intent: 'kit', slug: product.sku } : { intent: 'item', productId: product.id }} />
        )}
        {!kit && <CompareToggle productId={product.id} title={product.title} />}
      </div>
    </li>
  );
}

/**
 * 'В корзину': one unit of a product, or a kit's lines; the header's counter changes and the card says it was added
 * (or why not). Without JavaScript the form posts and the server brings the shopper back to this page.
 */
export function AddToCart({
  title,
  item,
}: {
  title: string;
  item: { intent: 'item'; productId: number } | { intent: 'kit'; slug: string };
}) {
  const { t } = useTranslation();
  const label = t('product.addToCart');
  const key = item.intent === 'kit' ? `card:kit:${item.slug}` : `card:add:${item.productId}`;
  return (
    <RouteForm action="/cart" formKey={key} className="product-card__buy">
      {(state) => (
        <>
          <input type="hidden" name="intent" value={item.intent} />
          {item.intent === 'kit' ? (
            <input type="hidden" name="slug" value={item.slug} />
          ) : (
            <>
              <input type="hidden" name="productId" value={item.productId} />
              <input type="hidden" name="quantity" value="1" />
            </>
          )}
          <button type="submit" className="button" disabled={state.pending} aria-label={`${label}: ${title}`}>
            {label}
          </button>
          {Object.keys(state.errors).length > 0 ? (
            <FormError state={state} />
          ) : (
            <span role="status" className="product-card__status quiet-status">
              {state.done ? t(item.intent === 'kit' ? 'kits.added' : 'product.added') : ''}
            </span>
          )}
        </>
      )}
    </RouteForm>
  );
}

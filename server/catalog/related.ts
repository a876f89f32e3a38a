/** Related products of a product page: one query, priced for the site. */
import type { Language } from '../../shared/sites.ts';
import type { Queryable } from '../db/index.ts';
import type { ProductCard } from './catalog.ts';

export const RELATED_LIMIT = 4;

export class RelatedService {
  constructor(private readonly db: Queryable) {}

  /**
   * Up to RELATED_LIMIT other active products of the same category that the site sells, nearest first by
   * popularity, then by price (a shopper looking at a product compares it with its closest alternatives).
   */
  forProduct(
    product: { id: number; categoryId: number; price: number | null },
    priceList: string,
    language: Language,
  ): Promise<ProductCard[]> {
    return this.db.query<ProductCard>(
      `SELECT p.id, p.sku, p.title, p.lang, '/' || c.slug || '/' || p.slug AS url, p.images->0->>'src' AS preview_image,
              p.price::float8 AS price, p.stock
         FROM site_offers_in($2, $6) p
         JOIN categories c ON c.id = p.category_id
        WHERE p.category_id = $1 AND p.id <> $3 AND p.sold
        ORDER BY abs(p.popularity - (SELECT popularity FROM products WHERE id = $3)), abs(p.price - $4::numeric) NULLS LAST, p.id
        LIMIT $5`,
      [product.categoryId, priceList, product.id, product.price, RELATED_LIMIT, language],
    );
  }
}

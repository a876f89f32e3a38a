/**
 * The cart as the e-commerce data layer sees it (shared/ecommerce.ts): each line's SKU, title, category,
 * price on the site's list and quantity. Read before and after a cart action on sites with an analytics
 * counter, so the browser can report exactly what was added or removed (docs/decisions/025-analytics-consent.md).
 */
import type { CartLineSnapshot } from '../../shared/ecommerce.ts';
import type { Queryable } from '../db/index.ts';

export async function cartLinesForAnalytics(
  db: Queryable,
  sessionId: string,
  site: { id: string; priceList: string },
): Promise<CartLineSnapshot[]> {
  const rows = await db.query<{ id: string; name: string; category: string; price: number; quantity: number }>(
    `SELECT p.sku AS id, p.title AS name, cat.title AS category, pp.amount::float8 AS price, ci.quantity
       FROM carts c
       JOIN cart_items ci ON ci.cart_id = c.id
       JOIN products p ON p.id = ci.product_id
       JOIN categories cat ON cat.id = p.category_id
       JOIN product_prices pp ON pp.product_id = p.id AND pp.price_list = $3
      WHERE c.session_id = $1 AND c.site = $2
      ORDER BY ci.added_at, p.id`,
    [sessionId, site.id, site.priceList],
  );
  return rows;
}

/** The cart of a session on a site, priced from the site's price list. */
import type { Queryable } from '../db/index.ts';
import type { CartEntry } from '../../shared/cart.ts';

export class CartService {
  constructor(private readonly db: Queryable) {}

  async entries(sessionId: string, siteId: string, priceList: string): Promise<CartEntry[]> {
    const rows = await this.db.query<{ id: number; code: string; title: string; url: string; actual_price: number; quantity: number }>(
      `SELECT p.id, p.sku AS code, p.title, '/' || cat.slug || '/' || p.slug AS url,
              pp.amount::float8 AS actual_price, ci.quantity
         FROM carts c
         JOIN cart_items ci ON ci.cart_id = c.id
         JOIN products p ON p.id = ci.product_id
         JOIN categories cat ON cat.id = p.category_id
         JOIN product_prices pp ON pp.product_id = p.id AND pp.price_list = $3
        WHERE c.session_id = $1 AND c.site = $2
        ORDER BY ci.added_at, p.id`,
      [sessionId, siteId, priceList],
    );
    return rows.map(({ quantity, ...sku }) => ({ sku, quantity }));
  }
}

export class CompareService {
  constructor(private readonly db: Queryable) {}

  async count(sessionId: string): Promise<number> {
    const [row] = await this.db.query<{ n: number }>('SELECT count(*)::int AS n FROM compare_items WHERE session_id = $1', [sessionId]);
    return row!.n;
  }
}

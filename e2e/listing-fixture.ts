/**
 * Listing fixtures for the browser tests (e2e/listing.spec.ts): ten more products in "Аксессуары и
 * расходники", so that the category has two pages (12 a page), priced on every price list.
 */
import type { Queryable } from '../server/db/index.ts';

export const E2E_PAGED_CATEGORY = '/aksessuary';

export async function seedListingFixtures(db: Queryable): Promise<void> {
  for (let i = 1; i <= 10; i++) {
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO products (sku, slug, category_id, title, attributes, popularity)
       SELECT $1, $2, id, $3, '{"unit": "шт"}'::jsonb, 0 FROM categories WHERE slug = 'aksessuary' RETURNING id`,
      [`E2E-RAG-${i}`, `vetosh-${i}`, `Ветошь безворсовая № ${i}`],
    );
    await db.query(`INSERT INTO product_prices (product_id, price_list, amount) SELECT $1, code, $2 FROM price_lists`, [row!.id, 100 + i]);
  }
}

/**
 * Related products of a product page (server/catalog/related.ts): the order the shopper sees, and how much of the
 * category the query reads. The query ranks only a window of the category's popularity index. These tests show that
 * the window gives the same answer as ranking the whole category: generated categories, full of ties, with unpriced
 * and inactive products. They also show that with a grown catalogue the final ranking reads a few rows, not the
 * category. Runs on PGlite and, in its lane, on PostgreSQL.
 */
import fc from 'fast-check';
import t from 'tap';
import { RELATED_LIMIT, RELATED_SQL } from '../server/catalog/related.ts';
import { generateCatalog } from '../server/demo/generate-catalog.ts';
import { startTestApp } from './helpers/app.ts';
import { rowsReadFrom } from './helpers/plan.ts';

const CATEGORY = 97;

interface Generated {
  popularity: number;
  price: number | null;
  active: boolean;
}

/**
 * The ranking as the product page promises it: popularity distance, then price distance (unknown last), then id. A
 * product that is not in the catalogue (popularity null) has no popularity distance: price, then id.
 */
function expected(products: Array<Generated & { id: number }>, me: { id: number; popularity: number | null; price: number | null }) {
  const distance = (a: number, b: number | null) => (b === null ? Number.POSITIVE_INFINITY : Math.abs(a - b));
  const popularityDistance = (p: Generated) => (me.popularity === null ? 0 : Math.abs(p.popularity - me.popularity));
  return products
    .filter((p) => p.id !== me.id && p.active && p.price !== null)
    .sort(
      (a, b) => popularityDistance(a) - popularityDistance(b) || distance(a.price!, me.price) - distance(b.price!, me.price) || a.id - b.id,
    )
    .slice(0, RELATED_LIMIT)
    .map((p) => p.id);
}

t.test('the nearest products by popularity, then price, for any category', async (t) => {
  const app = await startTestApp(t);
  const site = app.config.sites.sites.find((s) => s.id === 'ru') ?? app.config.sites.sites[0]!;
  await app.db.query(`INSERT INTO categories (id, slug, title, sort) VALUES ($1, 'related-test', 'Похожие', 97)`, [CATEGORY]);
  const product = fc.record({
    // A narrow range makes ties common; the extremes check that no distance overflows.
    popularity: fc.oneof(fc.integer({ min: 0, max: 6 }), fc.constantFrom(-2147483648, 2147483647)),
    price: fc.option(fc.integer({ min: 1, max: 5 }).map((n) => n * 100)),
    active: fc.integer({ min: 0, max: 9 }).map((n) => n < 8),
  });
  let run = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.array(product, { maxLength: 14 }),
      fc.nat(),
      fc.option(fc.integer({ min: 1, max: 5 }).map((n) => n * 100 + 50)),
      fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
      async (products, pick, ownPrice, missing) => {
        run++;
        await app.db.query(`DELETE FROM products WHERE category_id = $1`, [CATEGORY]);
        const rows = await app.db.query<{ id: number }>(
          `INSERT INTO products (sku, slug, category_id, title, popularity, is_active)
           SELECT 'REL-' || $4 || '-' || n, 'rel-' || $4 || '-' || n, $1, 'Похожий ' || n, pop, active
             FROM unnest($2::int[], $3::boolean[]) WITH ORDINALITY AS g(pop, active, n)
           ORDER BY n RETURNING id`,
          [CATEGORY, products.map((p) => p.popularity), products.map((p) => p.active), run],
        );
        const stored = products.map((p, i) => ({ ...p, id: rows[i]!.id }));
        for (const p of stored)
          if (p.price !== null)
            await app.db.query(`INSERT INTO product_prices (product_id, price_list, amount) VALUES ($1, $2, $3)`, [
              p.id,
              site.priceList,
              p.price,
            ]);
        // The product looked at: one of the category's, or an id that is no product (sometimes, and always when the
        // category is empty).
        const me =
          stored.length && !missing ? { ...stored[pick % stored.length]!, price: ownPrice } : { id: 0, popularity: null, price: ownPrice };
        const got = await app.services.related.forProduct({ id: me.id, categoryId: CATEGORY, price: me.price }, site.priceList, 'ru');
        const want = expected(stored, me);
        if (JSON.stringify(got.map((p) => p.id)) !== JSON.stringify(want)) throw new Error(`got ${got.map((p) => p.id)}, expected ${want}`);
      },
    ),
    { numRuns: 150, seed: 22 },
  );
  t.pass(`${run} generated categories ranked as the whole-category order ranks them`);
});

t.test('with a grown catalogue the ranking reads a window of the category, not all of it', async (t) => {
  const app = await startTestApp(t);
  await generateCatalog(app.db, app.config.sites, { count: 1500 });
  await app.db.exec('ANALYZE');
  const site = app.config.sites.sites.find((s) => s.id === 'ru') ?? app.config.sites.sites[0]!;
  const [target] = await app.db.query<{ id: number; category_id: number; size: number }>(
    `SELECT p.id, p.category_id, (SELECT count(*)::int FROM products q WHERE q.category_id = p.category_id) AS size
       FROM products p ORDER BY size DESC, p.popularity, p.id OFFSET 20 LIMIT 1`,
  );
  const params = [target!.category_id, site.priceList, target!.id, 1000, RELATED_LIMIT, 'ru'];
  t.equal((await app.db.query(RELATED_SQL, params)).length, RELATED_LIMIT, 'four related products');
  const touched = (await rowsReadFrom(app.db, 'products', RELATED_SQL, params)).reduce((sum, rows) => sum + rows, 0);
  t.ok(
    touched < target!.size / 3,
    `the products read (${touched} rows) are a fraction of the category's ${target!.size} (whole-category ranking reads them all)`,
  );
});

/**
 * The cart read's plan (migration 034): with a grown catalogue, the cart page reads the cart's products by id, never the
 * whole price list. `cart_lines JOIN site_offers_in(…)` joined ten relations, past the planner's from_collapse_limit:
 * PostgreSQL planned the offers on their own and read every product before joining three lines (35 ms a cart page at
 * 50,000 products). Runs on PGlite and, in its lane, on PostgreSQL.
 */
import t from 'tap';
import { CART_LINES_SQL } from '../server/cart/cart.ts';
import { generateCatalog } from '../server/demo/generate-catalog.ts';
import { startTestApp } from './helpers/app.ts';
import { rowsReadFrom } from './helpers/plan.ts';

const GENERATED = 1500;

t.test(`a cart of three lines among ${GENERATED} more products: the products are looked up, not scanned`, async (t) => {
  const app = await startTestApp(t);
  await generateCatalog(app.db, app.config.sites, { count: GENERATED });
  await app.db.exec('ANALYZE');
  const site = app.config.sites.sites.find((s) => s.id === 'ru') ?? app.config.sites.sites[0]!;
  const v = app.visitor();
  const products = await app.db.query<{ id: number }>(
    `SELECT product_id AS id FROM product_prices WHERE price_list = $1 ORDER BY product_id DESC LIMIT 3`,
    [site.priceList],
  );
  for (const { id } of products) t.equal(await app.services.cart.change(v.sessionId, site, id, 1, 'add'), null, `product ${id} added`);

  for (const language of ['ru', 'en']) {
    const params = [v.sessionId, site.id, site.priceList, language];
    t.equal((await app.db.query(CART_LINES_SQL, params)).length, 3, `${language}: the read gives the three lines`);
    const touched = await rowsReadFrom(app.db, 'products', CART_LINES_SQL, params);
    t.ok(touched.length > 0, `${language}: the plan reads products`);
    t.ok(
      touched.every((rows) => rows <= 3),
      `${language}: each read of products touches at most the cart's three rows (touched ${touched.join(', ')})`,
    );
  }
});

/**
 * The generated catalogue (issue 4 item 10, decision 015): products in batches on every price list, a re-run that
 * changes nothing, and pages that stay bounded and free of per-product queries as the catalogue grows.
 */
import t from 'tap';
import { GENERATED_CATEGORIES, generateCatalog, generatedProduct } from '../server/demo/generate-catalog.ts';
import { convertPrice } from '../server/demo/seed.ts';
import { slugify } from '../shared/slug.ts';
import { startTestApp } from './helpers/app.ts';

const COUNT = 500;
const genCount = async (app: Awaited<ReturnType<typeof startTestApp>>) =>
  (
    await app.db.query<{ n: number; active: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE is_active)::int AS active FROM products WHERE sku LIKE 'GEN-%'`,
    )
  )[0]!;

t.test('generated products are deterministic and plausible', async (t) => {
  t.same(generatedProduct(42), generatedProduct(42), 'product n is the same on every run');
  const sample = Array.from({ length: 70 }, (_, i) => generatedProduct(i + 1));
  t.same(new Set(sample.map((p) => p.category)), new Set(GENERATED_CATEGORIES), 'spread over every material category');
  t.notOk(GENERATED_CATEGORIES.includes('komplekty-sumoizoliacii'), 'none in the kits category');
  const implausible = sample
    .filter(
      (p) =>
        !/^GEN-\d{6}$/.test(p.sku) ||
        !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(p.slug) ||
        !(p.priceRub > 0 && p.title.length > 5 && p.description.length > 20 && p.attributes.unit),
    )
    .map((p) => `${p.sku} ${p.slug}: ${p.title}`);
  t.same(implausible, [], `all ${sample.length}: a GEN-nnnnnn sku, a latin slug, a price, title, description and unit`);
  t.equal(slugify('Вибро Стандарт 2.2 М-00001'), 'vibro-standart-2-2-m-00001');
});

t.test(`${COUNT} generated products: counts, prices, idempotent re-runs, bounded pages without per-product queries`, async (t) => {
  const app = await startTestApp(t);
  const sites = app.config.sites;

  // Queries of a category page before the catalogue grows (the shell cache warmed first).
  const pageQueries = async (url: string) => {
    await app.request({ url });
    const before = app.db.queries.length;
    const res = await app.request({ url });
    t.equal(res.statusCode, 200, `${url} answers`);
    return { count: app.db.queries.length - before, body: res.body };
  };
  const small = await pageQueries('/vibroizolyaciya');

  const batches: number[] = [];
  const result = await generateCatalog(app.db, sites, { count: COUNT, batchSize: 200, onBatch: (n) => batches.push(n) });
  t.same(batches, [200, 400, 500], 'written in batches');
  t.same(result, { written: COUNT, deactivated: 0 });
  t.same(await genCount(app), { n: COUNT, active: COUNT });

  const perCategory = await app.db.query<{ slug: string; n: number }>(
    `SELECT c.slug, count(*)::int AS n FROM products p JOIN categories c ON c.id = p.category_id WHERE p.sku LIKE 'GEN-%' GROUP BY c.slug`,
  );
  t.equal(perCategory.length, GENERATED_CATEGORIES.length, 'in every material category');
  t.ok(
    perCategory.every((r) => r.n >= 60),
    'evenly spread',
  );

  const [prices] = await app.db.query<{ n: number; lists: number }>(
    `SELECT count(*)::int AS n, count(DISTINCT price_list)::int AS lists FROM product_prices pp JOIN products p ON p.id = pp.product_id WHERE p.sku LIKE 'GEN-%'`,
  );
  t.same(prices, { n: COUNT * 5, lists: 5 }, 'every product on all five price lists');
  const p7 = generatedProduct(7);
  const p7Prices = await app.db.query<{ price_list: string; amount: number }>(
    `SELECT price_list, amount::float8 AS amount FROM product_prices pp JOIN products p ON p.id = pp.product_id WHERE p.sku = $1 ORDER BY 1`,
    [p7.sku],
  );
  t.same(p7Prices, [
    { price_list: 'kg', amount: convertPrice(p7.priceRub, 0.98, 10) },
    { price_list: 'kz', amount: convertPrice(p7.priceRub, 5.6, 10) },
    { price_list: 'md', amount: convertPrice(p7.priceRub, 0.2, 1) },
    { price_list: 'ru', amount: p7.priceRub },
    { price_list: 'uz', amount: convertPrice(p7.priceRub, 140, 1000) },
  ]);

  // Re-running changes nothing: the same rows with the same ids.
  const rows = () =>
    app.db.query(
      `SELECT p.id, p.sku, p.slug, p.title, p.attributes, pp.price_list, pp.amount::float8 AS amount FROM products p JOIN product_prices pp ON pp.product_id = p.id ORDER BY p.id, pp.price_list`,
    );
  const before = await rows();
  t.same(await generateCatalog(app.db, sites, { count: COUNT }), { written: COUNT, deactivated: 0 });
  t.same(await rows(), before, 'a re-run leaves the same rows');
  // A smaller run deactivates the rest; the full run brings them back.
  t.same(await generateCatalog(app.db, sites, { count: 400 }), { written: 400, deactivated: 100 });
  t.same(await genCount(app), { n: COUNT, active: 400 });
  await generateCatalog(app.db, sites, { count: COUNT });
  t.same(await genCount(app), { n: COUNT, active: COUNT });

  // Pages: a category listing is bounded to its page size and costs as many queries as before.
  const large = await pageQueries('/vibroizolyaciya');
  const cards = large.body.match(/class="product-card"/g)?.length ?? 0;
  t.ok(cards > 0 && cards <= 48, `the category page shows one page of cards (${cards})`);
  t.equal(large.count, small.count, `no query per product (${large.count} queries before and after)`);

  const [gen] = await app.db.query<{ url: string; title: string }>(
    `SELECT '/' || c.slug || '/' || p.slug AS url, p.title FROM products p JOIN categories c ON c.id = p.category_id WHERE p.sku = 'GEN-000123'`,
  );
  const product = await app.request({ url: gen!.url });
  t.equal(product.statusCode, 200, 'a generated product page answers');
  t.match(product.body, gen!.title);
  const kz = await app.request({ url: gen!.url, host: 'kz.localhost' });
  t.equal(kz.statusCode, 200);
  t.match(kz.body, /₸/, 'priced in tenge on the Kazakh site');

  const v = app.visitor();
  const search = await app.request({
    method: 'POST',
    url: '/api/site/search',
    as: v,
    query: { token: v.token },
    payload: { search: 'GEN-000123' },
  });
  t.equal(search.statusCode, 200);
  t.ok(
    search.json().data.results.some((r: { title: string }) => r.title === gen!.title),
    'found by SKU',
  );
  const page = await app.request({ url: '/search?q=' + encodeURIComponent('Вибро') });
  t.equal(page.statusCode, 200, 'the search page answers');
});

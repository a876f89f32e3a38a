/**
 * The compare list: POST /api/compare/items (add / remove), POST /api/compare/clear, the spec's POST /api/compare
 * counter, the /compare page (grouped by category, differing rows marked) and its persistence in the database.
 */
import t from 'tap';
import { startTestApp, hydrationData, type Visitor } from './helpers/app.ts';
import { MAX_COMPARE_ITEMS } from '../server/services/compare.ts';
import { buildApp } from '../server/app.ts';

const app = await startTestApp(t);

const product = async (sku: string) => {
  const [row] = await app.db.query<{ id: number }>('SELECT id FROM products WHERE sku = $1', [sku]);
  return row!.id;
};
const post = (v: Visitor, url: string, body: Record<string, unknown> = {}) =>
  app.request({ method: 'POST', url, as: v, headers: { 'x-csrf-token': v.token }, payload: body });
const total = async (v: Visitor) => (await post(v, '/api/compare', {})).json().totalItems;

t.test('add, add again, remove, clear — and the spec counter follows', async (t) => {
  const v = app.visitor();
  const a = await product('VIB-STD-22');
  const b = await product('VIB-MAX-40');
  t.same((await post(v, '/api/compare/items', { productId: a })).json(), { data: { totalItems: 1 } });
  t.same((await post(v, '/api/compare/items', { productId: a })).json(), { data: { totalItems: 1 } }, 'adding twice keeps one');
  await post(v, '/api/compare/items', { productId: b });
  t.equal(await total(v), 2);
  t.same((await post(v, '/api/compare/items', { productId: a, mode: 'remove' })).json(), { data: { totalItems: 1 } });
  t.same((await post(v, '/api/compare/clear')).json(), { data: { totalItems: 0 } });
  t.equal(await total(v), 0);
});

t.test('bad input and unknown products', async (t) => {
  const v = app.visitor();
  for (const body of [{}, { productId: 'x' }, { productId: 0 }, { productId: 1, mode: 'toggle' }, { productId: '<script>' }]) {
    const res = await post(v, '/api/compare/items', body);
    t.equal(res.statusCode, 400, JSON.stringify(body));
  }
  t.equal((await post(v, '/api/compare/items', { productId: 99999 })).statusCode, 404);
  const noToken = await app.request({ method: 'POST', url: '/api/compare/items', as: v, payload: { productId: await product('VIB-STD-22') } });
  t.equal(noToken.statusCode, 403);
  t.equal((await app.request({ method: 'POST', url: '/api/compare/clear', as: v })).statusCode, 403);
});

t.test(`the list holds at most ${MAX_COMPARE_ITEMS} products`, async (t) => {
  const v = app.visitor();
  const ids = await app.db.query<{ id: number }>('SELECT id FROM products WHERE is_active ORDER BY id LIMIT $1', [MAX_COMPARE_ITEMS + 1]);
  await Promise.all(ids.slice(0, MAX_COMPARE_ITEMS).map((p) => post(v, '/api/compare/items', { productId: p.id })));
  t.equal(await total(v), MAX_COMPARE_ITEMS);
  const over = await post(v, '/api/compare/items', { productId: ids[MAX_COMPARE_ITEMS]!.id });
  t.equal(over.statusCode, 409);
  t.equal(over.json().error, 'compare_full');
  t.equal(await total(v), MAX_COMPARE_ITEMS);
  const again = await post(v, '/api/compare/items', { productId: ids[0]!.id });
  t.equal(again.statusCode, 200, 'adding a product already in a full list changes nothing and is no error');
  t.equal(await total(v), MAX_COMPARE_ITEMS);
});

t.test('the /compare page: grouped by category, differing rows marked, prices of the site', async (t) => {
  const v = app.visitor();
  for (const sku of ['VIB-STD-22', 'VIB-MAX-40', 'ABS-AK-10']) await post(v, '/api/compare/items', { productId: await product(sku) });
  const page = await app.request({ url: '/compare', as: v });
  t.equal(page.statusCode, 200);
  const data = hydrationData(page.body).loaderData.compare;
  t.same(
    data.products.map((p: { sku: string; category: { title: string } }) => [p.category.title, p.sku]),
    [
      ['Виброизоляция', 'VIB-STD-22'],
      ['Виброизоляция', 'VIB-MAX-40'],
      ['Шумопоглощение', 'ABS-AK-10'],
    ],
  );
  t.equal(data.currency, 'RUB');
  t.equal((page.body.match(/class="compare-table"/g) ?? []).length, 2, 'one table per category');
  // Thickness differs between the two vibration sheets: marked; a one-product table marks nothing.
  const [vibration, absorber] = page.body.split('class="compare-group"').slice(1);
  t.match(vibration, /<tr class="compare-row--differs"><th scope="row">Толщина, мм<\/th>/);
  t.notMatch(absorber, 'compare-row--differs');
  t.equal(hydrationData(page.body).loaderData.root.compareCount, 3, 'the header counter');

  const kz = await app.request({ url: '/compare', host: 'kz.localhost', as: v });
  t.equal(hydrationData(kz.body).loaderData.compare.currency, 'KZT', 'the same list, priced for the site');
  t.equal(hydrationData(kz.body).loaderData.compare.products[0].price, 2130);
});

t.test('empty /compare page, and the list is kept in the database (another pod sees it)', async (t) => {
  const v = app.visitor();
  const empty = await app.request({ url: '/compare', as: v });
  t.match(empty.body, 'В сравнении пока нет товаров');
  await post(v, '/api/compare/items', { productId: await product('VIB-STD-22') });
  // A second app on the same database: a pod that never saw this visitor.
  const other = await buildApp({ config: app.config, db: app.db });
  t.teardown(() => other.fastify.close());
  const res = await other.fastify.inject({ url: '/compare', headers: { host: 'localhost', cookie: v.cookie } });
  t.equal(hydrationData(res.body).loaderData.compare.products.length, 1);
});

t.test('without JavaScript: form posts come back to the page', async (t) => {
  const v = app.visitor();
  const form = (url: string, fields: Record<string, string>) =>
    app.request({
      method: 'POST',
      url,
      as: v,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token: v.token, ...fields }).toString(),
    });
  const added = await form('/api/compare/items', { productId: String(await product('VIB-STD-22')), next: '/en/vibroizolyaciya' });
  t.equal(added.statusCode, 303);
  t.equal(added.headers.location, '/en/vibroizolyaciya');
  const cleared = await form('/api/compare/clear', { next: 'https://evil.example/' });
  t.equal(cleared.headers.location, '/compare', 'never off the site');
  t.equal(await total(v), 0);
});

t.test('the product page offers add to cart (only where sold) and add/remove compare', async (t) => {
  const v = app.visitor();
  const url = '/shumopogloshchenie/akustik-10';
  const before = await app.request({ url, as: v });
  t.match(before.body, /<form class="product-actions__cart" action="\/api\/cart\/items" method="post">/);
  t.match(before.body, `<input type="hidden" name="token" value="${v.token}"/>`, 'the form carries the site token');
  t.match(before.body, `<input type="hidden" name="next" value="${url}"/>`, 'and comes back to this page');
  t.match(before.body, /<input type="hidden" name="mode" value="add"\/><button type="submit" class="button button--secondary" aria-pressed="false">Сравнить<\/button>/);
  t.same(hydrationData(before.body).loaderData.root.compared, []);

  await post(v, '/api/compare/items', { productId: await product('ABS-AK-10') });
  const after = await app.request({ url, as: v });
  t.same(hydrationData(after.body).loaderData.root.compared, [await product('ABS-AK-10')], 'the shell lists the compared ids');
  t.match(after.body, /<input type="hidden" name="mode" value="remove"\/><button type="submit" class="button button--secondary" aria-pressed="true">В сравнении<\/button>/);

  await app.db.query(`DELETE FROM product_prices WHERE product_id = $1 AND price_list = 'md'`, [await product('ABS-AK-10')]);
  const md = await app.request({ url, host: 'md.localhost', as: v });
  t.notMatch(md.body, 'product-actions__cart', 'no add-to-cart where the site does not sell it');
  t.match(md.body, 'product-actions__compare');
});

t.test('product cards in a listing add to and remove from compare, showing their state', async (t) => {
  const v = app.visitor();
  const ak = await product('ABS-AK-10');
  await post(v, '/api/compare/items', { productId: ak });
  const page = await app.request({ url: '/shumopogloshchenie', as: v });
  t.match(page.body, /aria-pressed="true" aria-label="В сравнении: Акустик 10"/, 'the compared product');
  t.match(page.body, /aria-pressed="false" aria-label="Сравнить: Акустик 6"/, 'another product');
  const toggles = page.body.match(/action="\/api\/compare\/items"/g) ?? [];
  t.ok(toggles.length >= 5, 'a toggle on every card');
});

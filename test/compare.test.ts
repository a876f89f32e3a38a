/**
 * The compare list: the /compare route's action (intent add / remove / clear) from the fetcher and as a plain form
 * post, the spec's POST /api/compare counter, the /compare page (grouped by category, differing rows marked), its
 * persistence in the database, and the toggles' markup on product pages and cards.
 */
import t from 'tap';
import { buildApp } from '../server/app.ts';
import { MAX_COMPARE_ITEMS } from '../server/catalog/compare.ts';
import { FLASH_COOKIE } from '../shared/contracts.ts';
import { hydrationData, setCookies, startTestApp, type Visitor } from './helpers/app.ts';

const app = await startTestApp(t);

const product = async (sku: string) => {
  const [row] = await app.db.query<{ id: number }>('SELECT id FROM products WHERE sku = $1', [sku]);
  return row!.id;
};
/** One change of the list through the action: `js` as the fetcher sends it, else a plain form post. */
const compare = (v: Visitor, fields: Record<string, string | number>, opts: { js?: boolean; path?: string; token?: string | null } = {}) =>
  app.submit({ path: opts.path ?? '/compare', as: v, js: opts.js ?? true, token: opts.token, fields });
const add = (v: Visitor, productId: number) => compare(v, { intent: 'add', productId });
/** The fetcher's answer for the compare route. */
const result = (res: { json(): any }) =>
  res.json().results.compare as { data: { ok: boolean; errors?: Record<string, string> }; status: number };
/** The spec's counter (§7 POST /api/compare). */
const total = async (v: Visitor) =>
  (await app.request({ method: 'POST', url: '/api/compare', as: v, headers: { 'x-csrf-token': v.token }, payload: {} })).json().totalItems;

t.test('add, add again, remove, clear — and the spec counter follows', async (t) => {
  for (const js of [true, false]) {
    const v = app.visitor();
    const a = await product('VIB-STD-22');
    const b = await product('VIB-MAX-40');
    const ok = (res: Awaited<ReturnType<typeof compare>>, what: string) =>
      js
        ? t.same(res.json(), { results: { compare: { data: { ok: true }, status: 200 } } }, `${what}: ok`)
        : t.equal(res.statusCode, 303, `${what}: 303`);
    ok(await compare(v, { intent: 'add', productId: a }, { js }), 'add');
    t.equal(await total(v), 1);
    ok(await compare(v, { intent: 'add', productId: a }, { js }), 'add again');
    t.equal(await total(v), 1, 'adding twice keeps one');
    await compare(v, { intent: 'add', productId: b }, { js });
    t.equal(await total(v), 2);
    ok(await compare(v, { intent: 'remove', productId: a }, { js }), 'remove');
    t.equal(await total(v), 1);
    ok(await compare(v, { intent: 'clear' }, { js }), 'clear');
    t.equal(await total(v), 0);
  }
});

t.test('bad input and unknown products change nothing; the token is required', async (t) => {
  const v = app.visitor();
  const std = await product('VIB-STD-22');
  await add(v, std);
  // Refusals are field errors (message keys) with their status inside the envelope, where the old JSON call named body.*.
  for (const [fields, errors] of [
    [{}, { intent: 'form.invalid' }],
    [{ intent: 'add' }, { productId: 'form.invalid' }],
    [{ intent: 'add', productId: 'x' }, { productId: 'form.invalid' }],
    [{ intent: 'add', productId: 0 }, { productId: 'form.invalid' }],
    [{ intent: 'toggle', productId: 1 }, { intent: 'form.invalid' }],
    [{ intent: 'remove', productId: '<script>' }, { productId: 'form.invalid' }],
  ] as const) {
    const res = await compare(v, fields);
    t.equal(result(res).status, 400, JSON.stringify(fields));
    t.same(result(res).data.errors, errors, JSON.stringify(errors));
  }
  const unknown = await add(v, 99999);
  t.equal(result(unknown).status, 404, 'an unknown product');
  t.same(result(unknown).data.errors, { '': 'form.invalid' });
  for (const js of [true, false]) {
    t.equal(
      (await compare(v, { intent: 'add', productId: await product('ABS-AK-10') }, { js, token: null })).statusCode,
      403,
      'add without the token',
    );
    t.equal((await compare(v, { intent: 'clear' }, { js, token: null })).statusCode, 403, 'clear without the token');
    t.equal((await compare(v, { intent: 'clear' }, { js, token: app.visitor().token })).statusCode, 403, 'clear with a foreign token');
  }
  t.equal(await total(v), 1, 'still only the first product');
});

t.test(`the list holds at most ${MAX_COMPARE_ITEMS} products`, async (t) => {
  const v = app.visitor();
  const ids = await app.db.query<{ id: number }>('SELECT id FROM products WHERE is_active ORDER BY id LIMIT $1', [MAX_COMPARE_ITEMS + 1]);
  // Concurrent adds (several tabs) cannot push it past the cap either.
  await Promise.all(ids.slice(0, MAX_COMPARE_ITEMS).map((p) => add(v, p.id)));
  t.equal(await total(v), MAX_COMPARE_ITEMS);
  const lastId = ids[MAX_COMPARE_ITEMS]!.id;
  const over = await add(v, lastId);
  t.equal(result(over).status, 409);
  t.same(result(over).data.errors, { '': 'form.compareFull' });
  t.equal(await total(v), MAX_COMPARE_ITEMS);

  // Without JavaScript: back to the page, which says so beside that product's toggle.
  const [over21] = await app.db.query<{ url: string }>(
    `SELECT '/' || c.slug || '/' || p.slug AS url FROM products p JOIN categories c ON c.id = p.category_id WHERE p.id = $1`,
    [lastId],
  );
  const plain = await compare(v, { intent: 'add', productId: lastId, next: over21!.url, _form: `compare:${lastId}` }, { js: false });
  t.equal(plain.statusCode, 303);
  t.equal(plain.headers.location, over21!.url);
  const page = await app.request({
    url: over21!.url,
    headers: { cookie: `${v.cookie}; ${FLASH_COOKIE}=${setCookies(plain)[FLASH_COOKIE]}` },
  });
  const toggle = /<form class="product-actions__compare".*?<\/form>/s.exec(page.body)?.[0] ?? '';
  t.match(toggle, '<span role="alert" class="form__error">В сравнении уже 20 товаров: уберите один, чтобы добавить другой.</span>');
  t.equal(await total(v), MAX_COMPARE_ITEMS);
  const again = await compare(v, { intent: 'add', productId: ids[0]!.id }, { js: true });
  t.same(again.json().results.compare.data, { ok: true }, 'adding a product already in a full list changes nothing and is no error');
  t.equal(await total(v), MAX_COMPARE_ITEMS);
});

t.test('the /compare page: grouped by category, differing rows marked, prices of the site', async (t) => {
  const v = app.visitor();
  for (const sku of ['VIB-STD-22', 'VIB-MAX-40', 'ABS-AK-10']) await add(v, await product(sku));
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

  // Its forms: remove one product, clear the list — to the compare route, with the token and this page to return to.
  const ak = await product('ABS-AK-10');
  const forms = page.body.match(/<form[^>]* method="post">.*?<\/form>/gs) ?? [];
  const remove = forms.find((f) => f.includes('aria-label="Убрать Акустик 10 из сравнения"')) ?? '';
  t.match(remove, /^<form[^>]* action="\/compare" method="post">/);
  t.match(remove, `<input type="hidden" name="token" value="${v.token}"/><input type="hidden" name="next" value="/compare"/>`);
  t.match(remove, `<input type="hidden" name="_form" value="compare:${ak}"/>`);
  t.match(remove, '<input type="hidden" name="intent" value="remove"/>');
  const clear = forms.find((f) => f.includes('value="compare:clear"')) ?? '';
  t.match(clear, /^<form[^>]* action="\/compare" method="post">/);
  t.match(
    clear,
    '<input type="hidden" name="intent" value="clear"/><button type="submit" class="button button--secondary">Очистить сравнение</button>',
  );

  const kz = await app.request({ url: '/compare', host: 'kz.localhost', as: v });
  t.equal(hydrationData(kz.body).loaderData.compare.currency, 'KZT', 'the same list, priced for the site');
  t.equal(hydrationData(kz.body).loaderData.compare.products[0].price, 2130);
});

t.test('the /compare page writes values as the product page does: numbers in the language, codes translated', async (t) => {
  const v = app.visitor();
  for (const sku of ['VIB-STD-22', 'VIB-MAX-40']) await add(v, await product(sku));
  /** The table's rows as [label, ...values], the markup left out. */
  const rows = (html: string) =>
    [...html.matchAll(/<tr[^>]*><th scope="row">(.*?)<\/th>(.*?)<\/tr>/gs)].map((m) => [
      m[1],
      ...[...m[2]!.matchAll(/<td>(.*?)<\/td>/gs)].map((c) => c[1]!.replace(/<[^>]+>/g, '')),
    ]);
  const ru = rows((await app.request({ url: '/compare', as: v })).body);
  t.same(
    ru.find((r) => r[0] === 'Назначение'),
    ['Назначение', 'Виброизоляция', 'Виброизоляция'],
    "the layer's word, not its code",
  );
  t.same(
    ru.find((r) => r[0] === 'Масса, кг/м²'),
    ['Масса, кг/м²', '2,9', '5,2'],
    'a Russian decimal comma',
  );
  t.same(ru.find((r) => r[0] === 'Площадь листа, м²')?.slice(1, 2), ['0,3525']);
  t.notOk(
    ru.some((r) => r.includes('vibration')),
    'no raw code',
  );
  const en = rows((await app.request({ url: '/en/compare', as: v })).body);
  t.same(
    en.find((r) => r[0] === 'Weight, kg/m²'),
    ['Weight, kg/m²', '2.9', '5.2'],
    'an English decimal point',
  );
  t.same(en.find((r) => r[0] === 'Purpose')?.slice(1), ['Vibration damping', 'Vibration damping']);
});

t.test('empty /compare page, and the list is kept in the database (another pod sees it)', async (t) => {
  const v = app.visitor();
  const empty = await app.request({ url: '/compare', as: v });
  t.match(empty.body, 'В сравнении пока нет товаров');
  await add(v, await product('VIB-STD-22'));
  // A second app on the same database: a pod that never saw this visitor.
  const other = await buildApp({ config: app.config, db: app.db });
  t.teardown(() => other.fastify.close());
  const res = await other.fastify.inject({ url: '/compare', headers: { host: 'localhost', cookie: v.cookie } });
  t.equal(hydrationData(res.body).loaderData.compare.products.length, 1);
});

t.test('without JavaScript: form posts come back to the page, in its language', async (t) => {
  const v = app.visitor();
  const added = await compare(
    v,
    { intent: 'add', productId: await product('VIB-STD-22'), next: '/en/vibroizolyaciya' },
    { js: false, path: '/en/compare' },
  );
  t.equal(added.statusCode, 303);
  t.equal(added.headers.location, '/en/vibroizolyaciya');
  t.equal(await total(v), 1);
  const cleared = await compare(v, { intent: 'clear', next: 'https://evil.example/' }, { js: false });
  t.equal(cleared.statusCode, 303);
  t.equal(cleared.headers.location, '/compare', 'never off the site');
  t.equal(await total(v), 0);
});

t.test('the product page offers add to cart (only where sold) and add/remove compare', async (t) => {
  const v = app.visitor();
  const url = '/shumopogloshchenie/akustik-10';
  const ak = await product('ABS-AK-10');
  const before = await app.request({ url, as: v });
  t.match(before.body, /<form class="product-actions__cart"[^>]* action="\/cart" method="post">/);
  const toggle = (html: string) => /<form class="product-actions__compare".*?<\/form>/s.exec(html)?.[0] ?? '';
  t.match(
    toggle(before.body),
    /^<form class="product-actions__compare"[^>]* action="\/compare" method="post">/,
    'the toggle posts to the compare route',
  );
  t.match(toggle(before.body), `<input type="hidden" name="token" value="${v.token}"/>`, 'the form carries the site token');
  t.match(toggle(before.body), `<input type="hidden" name="next" value="${url}"/>`, 'and comes back to this page');
  t.match(toggle(before.body), `<input type="hidden" name="_form" value="compare:${ak}"/>`);
  t.match(
    toggle(before.body),
    /<input type="hidden" name="intent" value="add"\/><button type="submit" class="button button--secondary" aria-pressed="false">Сравнить<\/button>/,
  );
  t.same(hydrationData(before.body).loaderData.root.compared, []);

  await add(v, ak);
  const after = await app.request({ url, as: v });
  t.same(hydrationData(after.body).loaderData.root.compared, [ak], 'the shell lists the compared ids');
  t.match(
    toggle(after.body),
    /<input type="hidden" name="intent" value="remove"\/><button type="submit" class="button button--secondary" aria-pressed="true">В сравнении<\/button>/,
  );

  await app.db.query(`DELETE FROM product_prices WHERE product_id = $1 AND price_list = 'md'`, [ak]);
  const md = await app.request({ url, host: 'md.localhost', as: v });
  t.notMatch(md.body, 'product-actions__cart', 'no add-to-cart where the site does not sell it');
  t.match(md.body, 'product-actions__compare');
});

t.test('product cards in a listing add to and remove from compare, showing their state', async (t) => {
  const v = app.visitor();
  const ak = await product('ABS-AK-10');
  await add(v, ak);
  const page = await app.request({ url: '/shumopogloshchenie', as: v });
  t.match(page.body, /aria-pressed="true" aria-label="В сравнении: Акустик 10"/, 'the compared product');
  t.match(page.body, /aria-pressed="false" aria-label="Сравнить: Акустик 6"/, 'another product');
  const toggles = page.body.match(/<form class="compare-toggle"[^>]* action="\/compare" method="post">/g) ?? [];
  t.ok(toggles.length >= 5, `a toggle on every card (${toggles.length})`);
  const en = await app.request({ url: '/en/shumopogloshchenie', as: v });
  t.ok(
    (en.body.match(/<form class="compare-toggle"[^>]* action="\/en\/compare" method="post">/g) ?? []).length >= 5,
    "in the page's language",
  );
});

/**
 * The spec's API (§7): every route with good input (exact answer shape and content from the seeded demo
 * data), the `domain` parameter, bad inputs (always a 4xx JSON answer, never a 500) and the site token (CSRF).
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

import type { LightMyRequestResponse } from 'fastify';
import t, { type Test } from 'tap';
import { BODY_LIMIT_BYTES } from '../server/app.ts';
import { demoCategories, demoProducts } from '../server/demo/demo-data.ts';
import { demoProductImages } from '../server/demo/demo-pictures.ts';
import { SESSION_COOKIE } from '../server/http/request-context.ts';
import { startTestApp, type TestApp, type Visitor } from './helpers/app.ts';

const app: TestApp = await startTestApp(t);

// ── helpers ────────────────────────────────────────────────────────────────

function qs(params: Record<string, string | undefined>): string {
  const entries = Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined);
  return entries.length ? '?' + new URLSearchParams(entries).toString() : '';
}

const get = (path: string, params: Record<string, string | undefined>, as?: Visitor, extra: { host?: string } = {}) =>
  app.request({ method: 'GET', url: path + qs(params), as, ...extra });

const post = (
  path: string,
  opts: {
    as?: Visitor;
    query?: Record<string, string | undefined>;
    payload?: unknown;
    headers?: Record<string, string>;
    host?: string;
  } = {},
) =>
  app.request({
    method: 'POST',
    url: path + qs(opts.query ?? {}),
    as: opts.as,
    host: opts.host,
    headers: opts.headers,
    ...(opts.payload === undefined ? {} : { payload: opts.payload as string | object }),
  });

/** Every error answer: the status, a JSON body { statusCode, error, message } agreeing with it. */
function isJsonError(t: Test, res: LightMyRequestResponse, status: number, error?: string): Record<string, any> {
  t.equal(res.statusCode, status, `status ${status}`);
  t.match(res.headers['content-type'], /^application\/json/, 'answer is JSON');
  const body = res.json();
  t.equal(body.statusCode, status, 'body.statusCode');
  t.type(body.error, 'string', 'body.error');
  t.type(body.message, 'string', 'body.message');
  t.ok(body.message.length > 0, 'a message');
  if (error !== undefined) t.equal(body.error, error, `error ${error}`);
  return body;
}

/** A 400 whose issues name exactly these fields. */
function isBadRequest(t: Test, res: LightMyRequestResponse, fields: string[]): void {
  const body = isJsonError(t, res, 400, 'bad_request');
  t.ok(Array.isArray(body.issues), 'issues listed');
  t.strictSame(
    [...new Set((body.issues ?? []).map((i: { field: string }) => i.field))].sort(),
    [...fields].sort(),
    `issues name ${fields.join(', ')}`,
  );
  for (const issue of body.issues ?? []) t.type(issue.message, 'string');
}

async function productBySku(sku: string): Promise<{ id: number; sku: string; title: string; url: string }> {
  const [row] = await app.db.query<{ id: number; sku: string; title: string; url: string }>(
    `SELECT p.id, p.sku, p.title, '/' || c.slug || '/' || p.slug AS url FROM products p JOIN categories c ON c.id = p.category_id WHERE p.sku = $1`,
    [sku],
  );
  if (!row) throw new Error('no product ' + sku);
  return row;
}

/** Puts items into the visitor's cart on a site, the way the cart service stores them. */
async function fillCart(v: Visitor, site: string, items: Array<[sku: string, quantity: number]>): Promise<void> {
  await app.db.query('INSERT INTO sessions (id) VALUES ($1) ON CONFLICT DO NOTHING', [v.sessionId]);
  const [cart] = await app.db.query<{ id: number }>('INSERT INTO carts (session_id, site) VALUES ($1, $2) RETURNING id', [
    v.sessionId,
    site,
  ]);
  let i = 0;
  for (const [sku, quantity] of items) {
    const p = await productBySku(sku);
    await app.db.query(
      `INSERT INTO cart_items (cart_id, product_id, quantity, added_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
      [cart!.id, p.id, quantity, i++],
    );
  }
}

async function productCount(): Promise<number> {
  const [row] = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
  return row!.n;
}

// The demo data the answers are checked against.
const RU_PHONE_HTML = '<a href="tel:+78005553535">8 800 555-35-35</a>';
const KZ_PHONE_HTML = '<a href="tel:+77272000000">+7 727 200-00-00</a>';

/**
 * The demo seeds no headerPhone widget (the header shows the site's configured phone, migration 025): these tests
 * give the shop an owner's rows — a default one and the kz site's own — to read back through the API.
 */
async function ownerPhoneWidgets() {
  await app.db.query(
    `INSERT INTO widgets (code, site, html) VALUES ('headerPhone', '*', $1), ('headerPhone', 'kz', $2) ON CONFLICT (code, site) DO NOTHING`,
    [RU_PHONE_HTML, KZ_PHONE_HTML],
  );
  app.services.invalidateCaches();
}
const expectedCategories = [...demoCategories]
  .sort((a, b) => a.sort - b.sort || a.id - b.id)
  .map((c) => ({ id: c.id, title: c.title, url: '/' + c.slug, preview_image: `/img/categories/${c.slug}.svg` }));

// ── the routes with good input ─────────────────────────────────────────────

t.test('GET /api/shop/categories: data.categories, the 8 demo categories in menu order', async (t) => {
  const v = app.visitor();
  const res = await get('/api/shop/categories', { token: v.token }, v);
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /^application\/json/);
  const body = res.json();
  t.strictSame(Object.keys(body), ['data']);
  t.strictSame(Object.keys(body.data), ['categories']);
  const categories = body.data.categories;
  t.equal(categories.length, 8);
  for (const c of categories) t.strictSame(Object.keys(c).sort(), ['id', 'preview_image', 'title', 'url']);
  t.strictSame(categories, expectedCategories);
  t.strictSame(
    categories.find((c: { id: number }) => c.id === 20),
    {
      id: 20,
      title: 'Комплекты шумоизоляции',
      url: '/komplekty-sumoizoliacii',
      preview_image: '/img/categories/komplekty-sumoizoliacii.svg',
    },
    'the kits category, id 20, is last',
  );
  t.equal(categories.at(-1).id, 20);
  // The same list on another site (the catalogue is shared).
  const kz = await get('/api/shop/categories', { token: v.token, domain: 'tihoavto.kz' }, v);
  t.equal(kz.statusCode, 200);
  t.strictSame(kz.json().data.categories, expectedCategories);
});

t.test('POST /api/site/search: data.results by title, then by SKU; LIKE wildcards match nothing', async (t) => {
  const v = app.visitor();
  const search = (text: unknown, domain?: string) =>
    post('/api/site/search', { as: v, query: { token: v.token, domain }, payload: { search: text } });

  const vibro = demoProducts.filter((p) => p.title.toLowerCase().includes('вибро')).sort((a, b) => b.popularity - a.popularity);
  t.equal(vibro.length, 6, 'six "Вибро" products in the demo data');
  const expected = await Promise.all(
    vibro.map(async (p) => {
      const row = await productBySku(p.sku);
      return {
        id: row.id,
        title: p.title,
        url: row.url,
        // The product's main photo (server/demo/demo-pictures.ts); a product without one would show its category's.
        preview_image: demoProductImages(p)[0]!.src,
        preview_content: p.description.slice(0, 160),
      };
    }),
  );
  t.equal(expected[0]!.title, 'Вибро Стандарт 2.2', 'most popular first');

  const res = await search('Вибро');
  t.equal(res.statusCode, 200);
  const body = res.json();
  t.strictSame(Object.keys(body), ['data']);
  t.strictSame(Object.keys(body.data), ['results']);
  for (const r of body.data.results) t.strictSame(Object.keys(r).sort(), ['id', 'preview_content', 'preview_image', 'title', 'url']);
  t.strictSame(body.data.results, expected);

  // Case-insensitive, trimmed, and the same on another site.
  t.strictSame((await search('  вИБРО ')).json().data.results, expected);
  t.strictSame((await search('Вибро', 'tihoavto.kz')).json().data.results, expected);

  // SKU: no title contains latin "VIB", all six SKUs do.
  const bySku = await search('VIB');
  t.equal(bySku.statusCode, 200);
  t.strictSame(bySku.json().data.results, expected, 'SKU search finds the same six products');
  const one = await search('vib-std-22');
  t.strictSame(
    one.json().data.results.map((r: { title: string }) => r.title),
    ['Вибро Стандарт 2.2'],
    'a whole SKU finds exactly its product',
  );

  // "%" and "_" would match everything unescaped; escaped they match no title or SKU.
  for (const wildcard of ['%', '_', '%%', '_%_', 'VIB_STD', '\\']) {
    const r = await search(wildcard);
    t.equal(r.statusCode, 200, `search ${JSON.stringify(wildcard)} answers`);
    t.strictSame(r.json(), { data: { results: [] } }, `search ${JSON.stringify(wildcard)} matches nothing`);
  }
  // Beside a word, "%" is punctuation like any other (the search matches words): the word's own results.
  t.strictSame((await search('Вибро%')).json().data.results, expected, '"Вибро%" finds what "Вибро" finds, no more');

  t.strictSame((await search('нет такого товара')).json(), { data: { results: [] } });
  // At most ten results.
  const many = await search('а');
  t.equal(many.statusCode, 200);
  t.equal(many.json().data.results.length, 10);
});

t.test('GET /api/site/city: data.results with a url per city (null when the city has no regional site)', async (t) => {
  const v = app.visitor();
  const city = (search: string | undefined, domain?: string) => get('/api/site/city', { token: v.token, domain, search }, v);
  const [almaty] = await app.db.query<{ id: number }>(`SELECT id FROM cities WHERE title = 'Алматы'`);
  const [yakutsk] = await app.db.query<{ id: number }>(`SELECT id FROM cities WHERE title = 'Якутск'`);

  const res = await city('Алм');
  t.equal(res.statusCode, 200);
  t.strictSame(res.json(), { data: { results: [{ id: almaty!.id, title: 'Алматы', url: 'https://tihoavto.kz/', region: 'Алматы' }] } });

  const noSite = await city('якут');
  t.strictSame(noSite.json(), {
    data: { results: [{ id: yakutsk!.id, title: 'Якутск', url: null, region: 'Республика Саха (Якутия)' }] },
  });

  // Names starting with the text; the current site's cities first (ru: Самара, Санкт-Петербург; uz: Самарканд).
  const titles = async (domain?: string) => (await city('Са', domain)).json().data.results.map((c: { title: string }) => c.title);
  t.strictSame(await titles(), ['Самара', 'Санкт-Петербург', 'Самарканд']);
  t.strictSame(await titles('tihoavto.uz'), ['Самарканд', 'Самара', 'Санкт-Петербург']);
  // A name starting with the text before one only containing it.
  const contains = (await city('ош')).json().data.results.map((c: { title: string }) => c.title);
  t.equal(contains[0], 'Ош');
  t.strictSame((await city('%')).json(), { data: { results: [] } }, '"%" is literal');
  t.strictSame((await city('_')).json(), { data: { results: [] } }, '"_" is literal');
});

t.test("GET /api/shop/cart: data.cart priced from the site's price list, data.total = Σ price × quantity", async (t) => {
  const v = app.visitor();
  await fillCart(v, 'ru', [
    ['VIB-STD-22', 3],
    ['ABS-AK-10', 2],
  ]);
  await fillCart(v, 'kz', [
    ['VIB-STD-22', 3],
    ['ABS-AK-10', 2],
  ]);
  const std = await productBySku('VIB-STD-22');
  const ak = await productBySku('ABS-AK-10');
  const entry = (p: typeof std, price: number, quantity: number) => ({
    sku: { id: p.id, code: p.sku, title: p.title, url: p.url, actual_price: price },
    quantity,
  });
  // RUB list: 380 and 690. KZT list: RUB × 5.6 rounded to 10 → 2128 → 2130, 3864 → 3860.
  const ruCart = [entry(std, 380, 3), entry(ak, 690, 2)];
  const kzCart = [entry(std, 2130, 3), entry(ak, 3860, 2)];

  const ru = await get('/api/shop/cart', { token: v.token }, v);
  t.equal(ru.statusCode, 200);
  t.strictSame(ru.json(), { data: { cart: ruCart, total: 380 * 3 + 690 * 2, currency: 'RUB', count: 2 } });
  t.equal(ru.json().data.total, 2520);
  for (const e of ru.json().data.cart) {
    t.strictSame(Object.keys(e).sort(), ['quantity', 'sku']);
    t.strictSame(Object.keys(e.sku).sort(), ['actual_price', 'code', 'id', 'title', 'url']);
  }

  const kz = await get('/api/shop/cart', { token: v.token, domain: 'tihoavto.kz' }, v);
  t.equal(kz.statusCode, 200);
  t.strictSame(kz.json(), { data: { cart: kzCart, total: 2130 * 3 + 3860 * 2, currency: 'KZT', count: 2 } });
  t.equal(kz.json().data.total, 14110);

  const kzHost = await get('/api/shop/cart', { token: v.token }, v, { host: 'kz.localhost' });
  t.strictSame(kzHost.json(), kz.json(), 'the kz host gives the kz cart without domain');
  const ruFromKzHost = await get('/api/shop/cart', { token: v.token, domain: 'tihoavto.ru' }, v, { host: 'kz.localhost' });
  t.strictSame(ruFromKzHost.json(), ru.json(), 'domain wins over the host');

  // A site where this session has no cart, and another session: empty.
  t.strictSame((await get('/api/shop/cart', { token: v.token, domain: 'tihoavto.md' }, v)).json(), {
    data: { cart: [], total: 0, currency: 'MDL', count: 0 },
  });
  const other = app.visitor();
  t.strictSame((await get('/api/shop/cart', { token: other.token }, other)).json(), {
    data: { cart: [], total: 0, currency: 'RUB', count: 0 },
  });
});

t.test('POST /api/cart answers the bare list of cart entries', async (t) => {
  const v = app.visitor();
  await fillCart(v, 'ru', [['BAR-IZ-4', 6]]);
  await fillCart(v, 'kz', [['BAR-IZ-4', 1]]);
  const iz = await productBySku('BAR-IZ-4');
  const [ruPrice] = await app.db.query<{ amount: number }>(
    `SELECT amount::float8 AS amount FROM product_prices WHERE product_id = $1 AND price_list = 'ru'`,
    [iz.id],
  );
  const rub = ruPrice!.amount;
  const kzt = Math.round((rub * 5.6) / 10) * 10;

  const res = await post('/api/cart', { as: v, payload: { token: v.token } });
  t.equal(res.statusCode, 200);
  t.strictSame(res.json(), [{ sku: { id: iz.id, code: 'BAR-IZ-4', title: iz.title, url: iz.url, actual_price: rub }, quantity: 6 }]);

  const kz = await post('/api/cart', { as: v, payload: { domain: 'tihoavto.kz', token: v.token } });
  t.equal(kz.statusCode, 200);
  t.strictSame(kz.json(), [{ sku: { id: iz.id, code: 'BAR-IZ-4', title: iz.title, url: iz.url, actual_price: kzt }, quantity: 1 }]);

  const empty = app.visitor();
  const none = await post('/api/cart', {
    as: empty,
    payload: { domain: 'https://tihoavto.ru/' },
    headers: { 'x-csrf-token': empty.token },
  });
  t.equal(none.statusCode, 200);
  t.strictSame(none.json(), []);
});

t.test('POST /api/compare: { totalItems } of the session', async (t) => {
  const v = app.visitor();
  const res0 = await post('/api/compare', { as: v, payload: { domain: 'tihoavto.ru', token: v.token } });
  t.equal(res0.statusCode, 200);
  t.strictSame(res0.json(), { totalItems: 0 });

  await app.db.query('INSERT INTO sessions (id) VALUES ($1)', [v.sessionId]);
  for (const sku of ['VIB-STD-22', 'ABS-AK-10', 'BAR-MEM-2']) {
    await app.db.query('INSERT INTO compare_items (session_id, product_id) VALUES ($1, $2)', [v.sessionId, (await productBySku(sku)).id]);
  }
  const res = await post('/api/compare', { as: v, payload: { domain: 'tihoavto.ru', token: v.token } });
  t.equal(res.statusCode, 200);
  t.strictSame(res.json(), { totalItems: 3 });
  t.strictSame((await post('/api/compare', { as: v, payload: {}, headers: { 'x-csrf-token': v.token } })).json(), { totalItems: 3 });

  const other = app.visitor();
  t.strictSame((await post('/api/compare', { as: other, payload: { token: other.token } })).json(), { totalItems: 0 }, 'per session');
});

t.test("GET /api/location: { data: the visitor's IP }, no token needed", async (t) => {
  const res = await get('/api/location', {});
  t.equal(res.statusCode, 200);
  t.strictSame(res.json(), { data: '127.0.0.1' });
  const other = await app.request({ url: '/api/location', remoteAddress: '203.0.113.7', headers: { 'x-forwarded-for': '198.51.100.1' } });
  t.strictSame(other.json(), { data: '203.0.113.7' }, 'X-Forwarded-For is not trusted without TRUST_PROXY');
});

t.test('GET /api/site/widget: data.widget.content.html per site, sanitised', async (t) => {
  const v = app.visitor();
  const widget = (code: string | undefined, domain?: string, host?: string) =>
    get('/api/site/widget', { token: v.token, domain, code }, v, { host });

  t.strictSame(
    (await widget('headerPhone')).json(),
    { data: { widget: { code: 'headerPhone', content: { html: '' } } } },
    'no owner row: empty',
  );
  await ownerPhoneWidgets();
  const ru = await widget('headerPhone');
  t.equal(ru.statusCode, 200);
  t.strictSame(ru.json(), { data: { widget: { code: 'headerPhone', content: { html: RU_PHONE_HTML } } } });
  t.match(ru.json().data.widget.content.html, '8 800 555-35-35');

  const kz = await widget('headerPhone', 'tihoavto.kz');
  t.strictSame(kz.json(), { data: { widget: { code: 'headerPhone', content: { html: KZ_PHONE_HTML } } } }, 'the kz site has its own phone');
  t.strictSame((await widget('headerPhone', undefined, 'kz.localhost')).json(), kz.json(), 'kz host');
  t.strictSame((await widget('headerPhone', 'tihoavto.md')).json(), ru.json(), 'md falls back to the default row');

  // The test-site notice exists only for the test site; a code without a row is an empty string.
  t.match((await widget('modal', 'test.tihoavto.ru')).json().data.widget.content.html, 'Это тестовый сайт.');
  t.strictSame((await widget('modal')).json(), { data: { widget: { code: 'modal', content: { html: '' } } } });
  t.strictSame((await widget('policy')).json().data.widget.content.html, '', 'the policy line comes from the site config, not a demo row');

  // Owner-edited HTML with hostile parts comes back sanitised.
  await app.db.query(`INSERT INTO widgets (code, site, html) VALUES ('onlineChat', 'ru', $1)`, [
    '<script>alert(1)</script><p onclick="alert(2)" class="chat">Чат <b>онлайн</b></p>' +
      '<img src="/img/chat.png" onerror="alert(3)" alt="chat">' +
      '<a href="javascript:alert(4)">плохая</a><a href="https://t.me/tihoavto" target="_blank">хорошая</a>' +
      '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>',
  ]);
  app.services.invalidateCaches();
  const chat = await widget('onlineChat');
  t.equal(chat.statusCode, 200);
  const html: string = chat.json().data.widget.content.html;
  t.notMatch(html, /<script/i, 'no <script>');
  t.notMatch(html, /alert\(1\)/, 'script body dropped');
  t.notMatch(html, /onerror|onclick/i, 'no event handler attributes');
  t.notMatch(html, /javascript:/i, 'no javascript: URLs');
  t.notMatch(html, /<iframe|<style/i, 'no iframe or style');
  t.match(html, '<p class="chat">Чат <b>онлайн</b></p>', 'harmless markup kept');
  t.match(html, '<img src="/img/chat.png" alt="chat" />', 'image kept without its handler');
  t.match(html, '<a href="https://t.me/tihoavto" target="_blank" rel="noopener noreferrer">хорошая</a>', 'new-tab links get noopener');
  t.match(html, '<a>плохая</a>', 'the javascript: link loses its href');
  // Only the ru row was replaced: kz still has the empty default.
  t.strictSame((await widget('onlineChat', 'tihoavto.kz')).json().data.widget.content.html, '');
});

// ── domain ─────────────────────────────────────────────────────────────────

t.test('domain: host names, addresses and local aliases of a configured site', async (t) => {
  await ownerPhoneWidgets();
  const v = app.visitor();
  for (const domain of [
    'tihoavto.kz',
    'https://tihoavto.kz/',
    'http://tihoavto.kz',
    'kz.localhost',
    'www.tihoavto.kz',
    'TIHOAVTO.KZ',
    'tihoavto.kz:443',
  ]) {
    const cart = await get('/api/shop/cart', { token: v.token, domain }, v);
    t.equal(cart.statusCode, 200, `${domain} accepted`);
    t.equal(cart.json().data.currency, 'KZT', `${domain} is the kz site`);
    const w = await get('/api/site/widget', { token: v.token, domain, code: 'headerPhone' }, v);
    t.equal(w.json().data.widget.content.html, KZ_PHONE_HTML, `${domain}: the kz widget`);
    const c = await post('/api/cart', { as: v, payload: { domain, token: v.token } });
    t.equal(c.statusCode, 200, `${domain} accepted in a body`);
  }
  t.equal((await get('/api/shop/cart', { token: v.token, domain: 'test.tihoavto.ru' }, v)).json().data.currency, 'RUB');
});

t.test('domain: an unknown one is a 400 naming the domain field, on every route that takes it', async (t) => {
  const v = app.visitor();
  for (const domain of [
    'evil.example',
    'tihoavto.kz.evil.example',
    'https://evil.example/tihoavto.kz',
    'tihoavto',
    'localhost.evil.example',
  ]) {
    const tokenQ = { token: v.token, domain };
    isBadRequest(t, await get('/api/shop/categories', tokenQ, v), ['query.domain']);
    isBadRequest(t, await get('/api/shop/cart', tokenQ, v), ['query.domain']);
    isBadRequest(t, await get('/api/site/city', { ...tokenQ, search: 'Мос' }, v), ['query.domain']);
    isBadRequest(t, await get('/api/site/widget', { ...tokenQ, code: 'headerPhone' }, v), ['query.domain']);
    isBadRequest(t, await post('/api/site/search', { as: v, query: tokenQ, payload: { search: 'Вибро' } }), ['query.domain']);
    isBadRequest(t, await post('/api/cart', { as: v, payload: { domain, token: v.token } }), ['body.domain']);
    isBadRequest(t, await post('/api/compare', { as: v, payload: { domain, token: v.token } }), ['body.domain']);
  }
  // Wrong types and empty values.
  isBadRequest(t, await post('/api/cart', { as: v, payload: { domain: 123, token: v.token } }), ['body.domain']);
  isBadRequest(t, await post('/api/compare', { as: v, payload: { domain: ['tihoavto.kz'], token: v.token } }), ['body.domain']);
  isBadRequest(t, await post('/api/cart', { as: v, payload: { domain: '', token: v.token } }), ['body.domain']);
  isBadRequest(t, await get('/api/shop/cart', { token: v.token, domain: '' }, v), ['query.domain']);
  isBadRequest(t, await get('/api/shop/cart', { token: v.token, domain: 'x'.repeat(300) }, v), ['query.domain']);
  isBadRequest(t, await app.request({ url: `/api/shop/cart?token=${v.token}&domain=tihoavto.kz&domain=tihoavto.ru`, as: v }), [
    'query.domain',
  ]);
});

// ── bad inputs: 4xx JSON, never 500 ────────────────────────────────────────

t.test('search: wrong types, missing, empty and overlong texts are 400 naming body.search', async (t) => {
  const v = app.visitor();
  const search = (payload: unknown) => post('/api/site/search', { as: v, query: { token: v.token }, payload });
  for (const bad of [{ search: 123 }, { search: {} }, { search: [] }, { search: ['Вибро'] }, { search: null }, { search: true }, {}]) {
    isBadRequest(t, await search(bad), ['body.search']);
  }
  for (const text of ['', '   ', '\n\t', 'я'.repeat(201), 'x'.repeat(5000)]) {
    isBadRequest(t, await search({ search: text }), ['body.search']);
  }
  t.equal((await search({ search: 'x'.repeat(200) })).statusCode, 200, '200 characters are allowed');
  // Not an object at all.
  isBadRequest(t, await search([]), ['body']);
  isBadRequest(t, await search([{ search: 'Вибро' }]), ['body']);
  isBadRequest(
    t,
    await post('/api/site/search', {
      as: v,
      query: { token: v.token },
      payload: '"Вибро"',
      headers: { 'content-type': 'application/json' },
    }),
    ['body'],
  );
  isBadRequest(
    t,
    await post('/api/site/search', { as: v, query: { token: v.token }, payload: 'null', headers: { 'content-type': 'application/json' } }),
    ['body.search'],
  );
  isBadRequest(
    t,
    await post('/api/site/search', { as: v, query: { token: v.token }, payload: '42', headers: { 'content-type': 'application/json' } }),
    ['body'],
  );
  // No body at all.
  isBadRequest(t, await post('/api/site/search', { as: v, query: { token: v.token } }), ['body.search']);
});

t.test('city and widget: bad query parameters are 400 naming the parameter', async (t) => {
  const v = app.visitor();
  isBadRequest(t, await get('/api/site/city', { token: v.token }, v), ['query.search']);
  isBadRequest(t, await get('/api/site/city', { token: v.token, search: '' }, v), ['query.search']);
  isBadRequest(t, await get('/api/site/city', { token: v.token, search: '  ' }, v), ['query.search']);
  isBadRequest(t, await get('/api/site/city', { token: v.token, search: 'a'.repeat(201) }, v), ['query.search']);
  isBadRequest(t, await app.request({ url: `/api/site/city?token=${v.token}&search=a&search=b`, as: v }), ['query.search']);

  isBadRequest(t, await get('/api/site/widget', { token: v.token, code: 'nope' }, v), ['query.code']);
  isBadRequest(t, await get('/api/site/widget', { token: v.token, code: 'HEADERPHONE' }, v), ['query.code']);
  isBadRequest(t, await get('/api/site/widget', { token: v.token, code: '__proto__' }, v), ['query.code']);
  isBadRequest(t, await get('/api/site/widget', { token: v.token }, v), ['query.code']);
  isBadRequest(t, await get('/api/site/widget', { token: v.token, code: 'nope', domain: 'evil.example' }, v), ['query.code']);
});

t.test("the site token on the GET routes that name it: 403 without it or with another session's", async (t) => {
  const v = app.visitor();
  const other = app.visitor();
  const routes: Array<[string, Record<string, string>]> = [
    ['/api/shop/categories', {}],
    ['/api/shop/cart', {}],
    ['/api/site/city', { search: 'Мос' }],
    ['/api/site/widget', { code: 'headerPhone' }],
  ];
  for (const [path, params] of routes) {
    t.equal((await get(path, { ...params, token: v.token }, v)).statusCode, 200, `${path} with the token`);
    isJsonError(t, await get(path, params, v), 403, 'token_required');
    isJsonError(t, await get(path, { ...params, token: '' }, v), 403, 'token_required');
    isJsonError(t, await get(path, { ...params, token: other.token }, v), 403, 'token_invalid');
    isJsonError(
      t,
      await get(path, { ...params, token: v.token.slice(0, -1) + (v.token.endsWith('A') ? 'B' : 'A') }, v),
      403,
      'token_invalid',
    );
    isJsonError(t, await get(path, { ...params, token: v.token }), 403, 'token_invalid'); // no cookie: a new session
    // A cookie whose signature does not verify is no session either.
    const forged = { ...v, cookie: `${SESSION_COOKIE}=${v.sessionId}.forgedsignature` };
    isJsonError(t, await get(path, { ...params, token: v.token }, forged), 403, 'token_invalid');
    // The token check comes before the input check: no data about the inputs leaks without a token.
    isJsonError(t, await get(path, { ...params, domain: 'evil.example' }, v), 403, 'token_required');
  }
});

t.test('malformed, oversized and wrongly typed bodies are 4xx JSON', async (t) => {
  const v = app.visitor();
  const json = { 'content-type': 'application/json' };
  for (const path of ['/api/site/search', '/api/cart', '/api/compare']) {
    const q = { token: v.token };
    isJsonError(t, await post(path, { as: v, query: q, payload: '{"search": "Вибро"', headers: json }), 400);
    isJsonError(t, await post(path, { as: v, query: q, payload: '{search: 1}', headers: json }), 400);
    isJsonError(t, await post(path, { as: v, query: q, payload: '', headers: json }), 400);
    isJsonError(t, await post(path, { as: v, query: q, payload: '{"__proto__": {"admin": true}}', headers: json }), 400);
    isJsonError(
      t,
      await post(path, { as: v, query: q, payload: JSON.stringify({ search: 'я'.repeat(BODY_LIMIT_BYTES) }), headers: json }),
      413,
    );
    isJsonError(t, await post(path, { as: v, query: q, payload: 'search=Вибро', headers: { 'content-type': 'text/plain' } }), 415);
    isJsonError(t, await post(path, { as: v, query: q, payload: '<search/>', headers: { 'content-type': 'application/xml' } }), 415);
  }
  // Just under the limit is parsed (and then refused by validation as too long a search, not as too large a body).
  const under = JSON.stringify({ search: 'x'.repeat(BODY_LIMIT_BYTES - 100) });
  t.ok(Buffer.byteLength(under) < BODY_LIMIT_BYTES);
  isBadRequest(t, await post('/api/site/search', { as: v, query: { token: v.token }, payload: under, headers: json }), ['body.search']);
  // A form body over the limit too (the sign-in form's own limit is tested with its action, test/auth.test.ts).
  isJsonError(
    t,
    await post('/api/cart', {
      as: v,
      payload: 'token=' + v.token + '&email=' + 'a'.repeat(BODY_LIMIT_BYTES),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
    413,
  );
});

t.test('unknown /api addresses are a 404 JSON answer, whatever the method', async (t) => {
  const v = app.visitor();
  for (const [method, url] of [
    ['GET', '/api/nope'],
    ['GET', '/api/shop/nope?token=x'],
    ['GET', '/api/'],
    ['GET', '/api/cart'],
    ['POST', '/api/nope'],
    ['PUT', '/api/cart'],
    ['DELETE', '/api/shop/cart'],
  ] as const) {
    const res = await app.request({
      method,
      url,
      as: v,
      payload: method === 'GET' || method === 'DELETE' ? undefined : {},
      headers: { 'x-csrf-token': v.token },
    });
    isJsonError(t, res, 404, 'not_found');
    t.notMatch(res.body, /<html/i, `${method} ${url}: no HTML page`);
  }
});

t.test('hostile search texts never cause a 500, and the catalogue is intact afterwards', async (t) => {
  const v = app.visitor();
  const before = await productCount();
  t.equal(before, demoProducts.length);
  const hostile = [
    "'; DROP TABLE products; --",
    "' OR '1'='1",
    '"; DELETE FROM products; --',
    '<script>alert(1)</script>',
    '\u0000',
    'Вибро\u0000',
    '\u0000\u0000DROP',
    '\\',
    '\\%',
    '$$; DROP TABLE products; $$',
    '\uD800', // a lone surrogate
    '😀'.repeat(100), // 200 UTF-16 units
    'ǅ'.repeat(200),
    '\u202Eабв',
    '../../etc/passwd',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a hostile literal, not a template
    '${7*7}{{7*7}}',
    '\r\n\r\nHTTP/1.1 200 OK',
    'Ё'.repeat(10_000),
  ];
  for (const text of hostile) {
    const s = await post('/api/site/search', { as: v, query: { token: v.token }, payload: { search: text } });
    t.ok(s.statusCode === 200 || s.statusCode === 400, `search ${JSON.stringify(text.slice(0, 30))}: ${s.statusCode}`);
    t.match(s.headers['content-type'], /^application\/json/);
    if (s.statusCode === 200) t.ok(Array.isArray(s.json().data.results));
    else isBadRequest(t, s, ['body.search']);

    const c = await get('/api/site/city', { token: v.token, search: text }, v);
    t.ok(c.statusCode === 200 || c.statusCode === 400, `city ${JSON.stringify(text.slice(0, 30))}: ${c.statusCode}`);
    if (c.statusCode === 400) isBadRequest(t, c, ['query.search']);

    const d = await get('/api/shop/categories', { token: v.token, domain: text }, v);
    isBadRequest(t, d, ['query.domain']);
  }
  // A NUL byte cannot be stored in PostgreSQL text: it is refused as input, naming the field.
  isBadRequest(t, await post('/api/site/search', { as: v, query: { token: v.token }, payload: { search: 'Вибро\u0000' } }), [
    'body.search',
  ]);
  isBadRequest(t, await get('/api/site/city', { token: v.token, search: 'Мо\u0000' }, v), ['query.search']);

  t.equal(await productCount(), before, 'no product lost');
  const s = await post('/api/site/search', { as: v, query: { token: v.token }, payload: { search: 'Вибро' } });
  t.equal(s.json().data.results.length, 6, 'search still works');
});

// ── CSRF: every state-changing call carries the session's token ────────────

// Sign-in and sign-out are route actions now: their token checks are in test/auth.test.ts (cart and compare changes:
// test/cart.test.ts, test/compare.test.ts, test/actions.test.ts).
t.test('every POST route refuses a call without the token (403 token_required)', async (t) => {
  const v = app.visitor();
  // POST /api/cart and /api/compare only read: the spec's call sends no token (test/api-composition.test.ts).
  const bodies: Record<string, unknown> = {
    '/api/site/search': { search: 'Вибро' },
  };
  for (const [path, payload] of Object.entries(bodies)) {
    isJsonError(t, await post(path, { as: v, payload }), 403, 'token_required');
    isJsonError(t, await post(path, { as: v, payload: { ...(payload as object), token: '' } }), 403, 'token_required');
    isJsonError(t, await post(path, { as: v, payload: { ...(payload as object), token: 42 } }), 403, 'token_required');
    isJsonError(t, await post(path, { as: v, payload: { ...(payload as object), token: app.visitor().token } }), 403, 'token_invalid');
    isJsonError(t, await post(path, { payload: { ...(payload as object), token: v.token } }), 403, 'token_invalid'); // no cookie
    // A cross-site form post (urlencoded, no token) is refused the same way.
    isJsonError(
      t,
      await post(path, {
        as: v,
        payload: new URLSearchParams(payload as Record<string, string>).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      403,
      'token_required',
    );
  }
});

t.test('the token is accepted from the query (token), the body (token) or the x-csrf-token header', async (t) => {
  const v = app.visitor();
  await fillCart(v, 'ru', [['TLS-NOZH', 2]]);
  const nozh = await productBySku('TLS-NOZH');
  const expected = [{ sku: { id: nozh.id, code: 'TLS-NOZH', title: 'Нож монтажный', url: nozh.url, actual_price: 290 }, quantity: 2 }];
  const ways = {
    query: post('/api/cart', { as: v, query: { token: v.token }, payload: {} }),
    body: post('/api/cart', { as: v, payload: { token: v.token } }),
    header: post('/api/cart', { as: v, payload: {}, headers: { 'x-csrf-token': v.token } }),
    form: post('/api/cart', {
      as: v,
      payload: new URLSearchParams({ token: v.token, domain: 'tihoavto.ru' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
  };
  for (const [way, pending] of Object.entries(ways)) {
    const res = await pending;
    t.equal(res.statusCode, 200, `token in the ${way}`);
    t.strictSame(res.json(), expected, `token in the ${way}: the cart`);
  }
  // The same three ways on a GET route that names the token.
  t.equal((await get('/api/shop/cart', { token: v.token }, v)).statusCode, 200);
  t.equal((await app.request({ url: '/api/shop/cart', as: v, headers: { 'x-csrf-token': v.token } })).statusCode, 200);
  // One wrong token among them is not rescued by a right one elsewhere: the first present one counts.
  isJsonError(t, await post('/api/cart', { as: v, query: { token: 'wrong' }, payload: { token: v.token } }), 403, 'token_invalid');
});

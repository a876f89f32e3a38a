/**
 * Changing the cart: POST /api/cart/items (add / set / set 0 removes) and DELETE /api/cart/items/:id, as JSON
 * and as no-JS form posts. Quantities are bounded, prices come from the database, the token is required.
 */
import t from 'tap';
import { startTestApp, hydrationData, type Visitor } from './helpers/app.ts';

const app = await startTestApp(t);

const product = async (sku: string) => {
  const [row] = await app.db.query<{ id: number }>('SELECT id FROM products WHERE sku = $1', [sku]);
  return row!.id;
};

const change = (v: Visitor, body: Record<string, unknown>, opts: { host?: string; token?: string | null } = {}) =>
  app.request({
    method: 'POST',
    url: '/api/cart/items',
    host: opts.host,
    as: v,
    headers: opts.token === null ? {} : { 'x-csrf-token': opts.token ?? v.token },
    payload: body,
  });

t.test('add, add again, set, set 0 and delete', async (t) => {
  const v = app.visitor();
  const std = await product('VIB-STD-22');
  const ak = await product('ABS-AK-10');

  const first = await change(v, { productId: std });
  t.equal(first.statusCode, 200);
  t.match(first.json().data, { count: 1, total: 380, currency: 'RUB', cart: [{ sku: { id: std, code: 'VIB-STD-22', actual_price: 380 }, quantity: 1 }] });

  const again = await change(v, { productId: std, quantity: 2 });
  t.equal(again.json().data.cart[0].quantity, 3, 'adding sums with what is there');

  await change(v, { productId: ak, quantity: 2 });
  const set = await change(v, { productId: std, quantity: 1, mode: 'set' });
  t.same(set.json().data.cart.map((e: { quantity: number }) => e.quantity), [1, 2], 'set replaces');
  t.equal(set.json().data.total, 380 + 690 * 2);

  const removed = await change(v, { productId: std, quantity: 0, mode: 'set' });
  t.same(removed.json().data.cart.map((e: { sku: { id: number } }) => e.sku.id), [ak], 'set 0 removes the line');

  const deleted = await app.request({ method: 'DELETE', url: `/api/cart/items/${ak}`, as: v, headers: { 'x-csrf-token': v.token } });
  t.equal(deleted.statusCode, 200);
  t.same(deleted.json().data, { cart: [], total: 0, currency: 'RUB', count: 0 });
});

t.test('the price comes from the site price list, never from the client', async (t) => {
  const v = app.visitor();
  const std = await product('VIB-STD-22');
  const res = await change(v, { productId: std, quantity: 2, actual_price: 1, price: 1, total: 1 });
  t.equal(res.json().data.total, 760);
  const kz = await change(v, { productId: std, quantity: 1 }, { host: 'kz.localhost' });
  t.match(kz.json().data, { currency: 'KZT', total: 2130, count: 1 }, 'each site its own cart and price list');
});

t.test('quantities are bounded: capped at 999 when adding, refused beyond when set', async (t) => {
  const v = app.visitor();
  const std = await product('VIB-STD-22');
  await change(v, { productId: std, quantity: 999 });
  const capped = await change(v, { productId: std, quantity: 5 });
  t.equal(capped.json().data.cart[0].quantity, 999);
  for (const [body, field] of [
    [{ productId: std, quantity: 1000, mode: 'set' }, 'body.quantity'],
    [{ productId: std, quantity: -1 }, 'body.quantity'],
    [{ productId: std, quantity: 1.5 }, 'body.quantity'],
    [{ productId: std, quantity: 0 }, 'body.quantity'],
    [{ productId: std, quantity: 'many' }, 'body.quantity'],
    [{ productId: 'abc' }, 'body.productId'],
    [{ productId: -3 }, 'body.productId'],
    [{ productId: 1e12 }, 'body.productId'],
    [{}, 'body.productId'],
    [{ productId: std, mode: 'replace' }, 'body.mode'],
  ] as const) {
    const res = await change(v, body);
    t.equal(res.statusCode, 400, JSON.stringify(body));
    t.ok(res.json().issues.some((i: { field: string }) => i.field === field), `names ${field}`);
  }
  t.equal((await change(v, { productId: std })).json().data.cart[0].quantity, 999, 'nothing was corrupted');
});

t.test('unknown, withdrawn and unpriced products are 404', async (t) => {
  const v = app.visitor();
  t.equal((await change(v, { productId: 987654 })).statusCode, 404);
  const [withdrawn] = await app.db.query<{ id: number }>(`UPDATE products SET is_active = false WHERE sku = 'VIB-LT-18' RETURNING id`);
  t.equal((await change(v, { productId: withdrawn!.id })).statusCode, 404);
  const ak = await product('ABS-AK-10');
  await app.db.query(`DELETE FROM product_prices WHERE product_id = $1 AND price_list = 'kz'`, [ak]);
  const kz = await change(v, { productId: ak }, { host: 'kz.localhost' });
  t.equal(kz.statusCode, 404);
  t.match(kz.json().message, /not sold on this site/);
  const [{ n }] = (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE id = $1', [v.sessionId])) as [{ n: number }];
  t.equal(n, 0, 'a refused change stores no session');
});

t.test('the site token is required', async (t) => {
  const v = app.visitor();
  const std = await product('VIB-STD-22');
  t.equal((await change(v, { productId: std }, { token: null })).statusCode, 403);
  t.equal((await change(v, { productId: std }, { token: app.visitor().token })).statusCode, 403);
  const del = await app.request({ method: 'DELETE', url: `/api/cart/items/${std}`, as: v });
  t.equal(del.statusCode, 403);
});

t.test('without JavaScript: a form post adds and returns to the page (never to another site)', async (t) => {
  const v = app.visitor();
  const std = await product('VIB-STD-22');
  const post = (fields: Record<string, string>) =>
    app.request({
      method: 'POST',
      url: '/api/cart/items',
      as: v,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token: v.token, ...fields }).toString(),
    });
  const back = await post({ productId: String(std), quantity: '2', next: '/vibroizolyaciya/vibro-standart-2-2' });
  t.equal(back.statusCode, 303);
  t.equal(back.headers.location, '/vibroizolyaciya/vibro-standart-2-2');
  for (const hostile of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
    const res = await post({ productId: String(std), next: hostile });
    t.equal(res.headers.location, '/cart', `${hostile} → /cart`);
  }
  const page = await app.request({ url: '/cart', as: v });
  t.equal(hydrationData(page.body).loaderData.root.cartCount, 1, 'the header badge counts the line');
  t.equal(hydrationData(page.body).loaderData.cart.entries[0].quantity, 5);
});

t.test('concurrent adds from two tabs sum up', async (t) => {
  const v = app.visitor();
  const std = await product('VIB-STD-22');
  await Promise.all(Array.from({ length: 6 }, () => change(v, { productId: std })));
  const res = await app.request({ url: `/api/shop/cart?token=${encodeURIComponent(v.token)}`, as: v });
  t.equal(res.json().data.cart[0].quantity, 6);
});

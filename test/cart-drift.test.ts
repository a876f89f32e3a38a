/**
 * One cart read (issue 17, decision 031): a product taken off sale after it was put in the cart is treated the same
 * by every reader of the cart — the cart page's data, the spec's POST /api/cart and GET /api/shop/cart, the header
 * counter, the order form's total, the analytics lines and the placed order: it is shown as no longer sold (the page
 * says so) and neither counted nor charged. So is a product whose price the site's list no longer has. Everything
 * through real HTTP (fastify.inject) but the analytics snapshot (read as the cart action reads it), on both databases.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { cartLinesForAnalytics } from '../server/cart/index.ts';
import { demoSitesConfig } from '../server/platform/demo-sites.ts';
import { cartTotal } from '../shared/cart.ts';
import { quoteDelivery } from '../shared/delivery.ts';
import { hydrationData, orderAt, startTestApp, type Visitor } from './helpers/app.ts';

/** The demo config with an analytics counter on the ru site (localhost), so cart changes report what they did. */
function sitesFileWithCounter(): string {
  const cfg = structuredClone(demoSitesConfig) as any;
  cfg.sites.find((s: any) => s.id === 'ru').tags = { analytics: { counterId: 55501234 } };
  const file = join(mkdtempSync(join(tmpdir(), 'cart-drift-')), 'sites.json');
  writeFileSync(file, JSON.stringify(cfg));
  return file;
}

const app = await startTestApp(t, { SITES_FILE: sitesFileWithCounter() });
const site = app.services.sites.byId('ru')!;

const product = async (sku: string) =>
  (
    await app.db.query<{ id: number; title: string; price: number }>(
      `SELECT p.id, p.title, pp.amount::float8 AS price FROM products p JOIN product_prices pp ON pp.product_id = p.id
        WHERE p.sku = $1 AND pp.price_list = 'ru'`,
      [sku],
    )
  )[0]!;

// Three products sold from stock or made to order, light enough for a parcel; the last one is withdrawn later.
const kept = [
  { ...(await product('VIB-STD-22')), quantity: 2 },
  { ...(await product('ABS-AK-10')), quantity: 1 },
];
const withdrawn = { ...(await product('BAR-IZ-4')), quantity: 3 };
const keptTotal = kept.reduce((sum, p) => sum + p.price * 100 * p.quantity, 0) / 100;
const keptIds = kept.map((p) => p.id);

const change = (v: Visitor, fields: Record<string, string | number>) =>
  app.submit({ path: '/cart', as: v, js: true, fields: { intent: 'item', ...fields } });

/** The fetcher's answer for the cart route. */
const result = (res: { json(): any }) => res.json().results.cart as { data: Record<string, unknown>; status: number };

async function fill(v: Visitor) {
  for (const p of [...kept, withdrawn])
    t.equal(result(await change(v, { productId: p.id, quantity: p.quantity })).status, 200, `add ${p.title}`);
}

/** What every reader of the cart says: the products it counts and the money it charges for them. */
async function readers(v: Visitor) {
  const page = await app.request({ url: '/cart?step=checkout', as: v });
  t.equal(page.statusCode, 200);
  const { root, cart: data } = hydrationData(page.body).loaderData;
  const apiList = (await app.request({ method: 'POST', url: '/api/cart', as: v, payload: {} })).json();
  const shop = (await app.request({ url: `/api/shop/cart?token=${encodeURIComponent(v.token)}`, as: v })).json().data;
  const analytics = await cartLinesForAnalytics(app.db, v.sessionId, site);
  // The order form's total as the page renders it (no JavaScript: the goods' sum the submit carries).
  const expectedGoods = /name="expectedGoods" value="([^"]*)"/.exec(page.body)?.[1];
  return {
    html: page.body,
    data,
    page: { ids: data.cart.lines.map((l: any) => l.sku.id), total: data.cart.goods, entries: data.entries.length },
    counter: root.cartCount,
    apiCart: { ids: apiList.map((e: any) => e.sku.id), total: cartTotal(apiList) },
    shopCart: { ids: shop.cart.map((e: any) => e.sku.id), total: shop.total, count: shop.count },
    orderForm: Number(expectedGoods),
    analytics: {
      ids: analytics.map((l) => l.id),
      total: analytics.reduce((sum, l) => sum + l.price * 100 * l.quantity, 0) / 100,
    },
  };
}

t.test('before: all readers agree on the three products', async (t) => {
  const v = app.visitor();
  await fill(v);
  const r = await readers(v);
  const ids = [...keptIds, withdrawn.id];
  const total = keptTotal + withdrawn.price * withdrawn.quantity;
  t.same(r.page.ids, ids, 'the cart page');
  t.equal(r.page.total, total);
  t.equal(r.counter, 3, 'the header counter');
  t.same(r.apiCart, { ids, total }, 'POST /api/cart');
  t.same(r.shopCart, { ids, total, count: 3 }, 'GET /api/shop/cart');
  t.equal(r.orderForm, total, 'the order form');
  t.equal(r.analytics.ids.length, 3, 'analytics');
  t.equal(r.analytics.total, total);
});

t.test('a product taken off sale: shown as no longer sold, neither counted nor charged anywhere', async (t) => {
  const v = app.visitor();
  const other = app.visitor();
  await fill(v);
  await fill(other);
  await app.db.query('UPDATE products SET is_active = false WHERE id = $1', [withdrawn.id]);
  t.teardown(() => app.db.query('UPDATE products SET is_active = true WHERE id = $1', [withdrawn.id]));

  const r = await readers(v);
  t.same(r.page.ids, keptIds, 'the cart page: two products priced');
  t.equal(r.page.total, keptTotal, 'the cart page: their total');
  t.equal(r.page.entries, 2, "the cart page's spec entries");
  t.match(
    r.data.cart.unavailable,
    [{ sku: { id: withdrawn.id, title: withdrawn.title }, quantity: withdrawn.quantity, unavailable: true }],
    'the withdrawn line is in the page data, flagged',
  );
  t.equal(r.data.cart.unavailable?.length, 1);
  const row = new RegExp(`<tr class="cart-line cart-line--unavailable">.*?${withdrawn.title}.*?</tr>`, 's').exec(r.html)?.[0] ?? '';
  t.match(row, 'Больше не продаётся', 'the page says it is no longer sold');
  t.match(row, `value="cart:remove:${withdrawn.id}"`, 'and offers to remove it');
  t.equal(r.counter, 2, 'the header counter');
  t.same(r.apiCart, { ids: keptIds, total: keptTotal }, 'POST /api/cart');
  t.same(r.shopCart, { ids: keptIds, total: keptTotal, count: 2 }, 'GET /api/shop/cart');
  t.equal(r.orderForm, keptTotal, "the order form's total");
  t.same(r.analytics, { ids: ['VIB-STD-22', 'ABS-AK-10'], total: keptTotal }, 'the analytics lines');

  // Removing the withdrawn line reports no analytics change: it was in no value any more.
  const removed = await change(other, { productId: withdrawn.id, quantity: 0, mode: 'set' });
  t.same(result(removed).data, { ok: true, cartChanges: [] }, 'no remove event for a line nobody counted');

  // The order: two lines, charged for two products.
  const pickup = r.data.checkout.delivery.find((m: { id: string }) => m.id === 'pickup');
  const quote = quoteDelivery(pickup, { weightKg: r.data.cart.weightKg, subtotal: keptTotal, city: 'Москва' });
  t.ok(quote.available, 'pickup takes the parcel');
  const placed = await app.submit({
    path: '/cart',
    as: v,
    js: true,
    fields: {
      intent: 'checkout',
      checkoutKey: r.data.checkout.key,
      expectedGoods: String(keptTotal),
      expectedTotal: quote.available ? String(keptTotal + quote.cost) : '',
      name: 'Иван Петров',
      phone: '8 (916) 123-45-67',
      email: 'ivan@example.ru',
      customerType: 'person',
      delivery: 'pickup',
      point: 'msk-warehouse',
      city: 'Москва',
      payment: 'cash',
      consent: 'on',
      _form: 'checkout',
    },
  });
  const redirect = placed.json().redirect as string | undefined;
  t.match(redirect, /^\/cart\/success\/\d{4}-\d{4}$/, 'the order is placed');
  const { id } = await orderAt(app, redirect);
  const [order] = await app.db.query<{ subtotal: number }>('SELECT subtotal::float8 AS subtotal FROM orders WHERE id = $1', [id]);
  t.equal(order?.subtotal, keptTotal, 'the order charges the two products');
  const lines = await app.db.query<{ product_id: number }>('SELECT product_id FROM order_items WHERE order_id = $1 ORDER BY product_id', [
    id,
  ]);
  t.same(
    lines.map((l) => l.product_id),
    [...keptIds].sort((a, b) => a - b),
    'and holds only them',
  );
});

t.test('a price withdrawn from the site’s list: the same, and a cart of only such lines still shows them', async (t) => {
  const v = app.visitor();
  const tool = await product('TLS-ROL-30');
  t.equal(result(await change(v, { productId: tool.id, quantity: 2 })).status, 200);
  await app.db.query(`DELETE FROM product_prices WHERE product_id = $1 AND price_list = 'ru'`, [tool.id]);
  t.teardown(() =>
    app.db.query(`INSERT INTO product_prices (product_id, price_list, amount) VALUES ($1, 'ru', $2)`, [tool.id, tool.price]),
  );

  const r = await readers(v);
  t.same(r.page.ids, [], 'the cart page prices nothing');
  t.equal(r.page.total, 0);
  t.match(r.data.cart.unavailable, [{ sku: { id: tool.id }, quantity: 2, unavailable: true }], 'yet shows the line, flagged');
  t.equal(r.data.checkout, null, 'no order form for a cart that sells nothing');
  t.match(r.html, 'Больше не продаётся', 'the page says so');
  t.notMatch(r.html, '<p>Корзина пуста.</p>', 'the cart is not called empty');
  t.equal(r.counter, 0, 'the header counter');
  t.same(r.apiCart, { ids: [], total: 0 }, 'POST /api/cart');
  t.same(r.shopCart, { ids: [], total: 0, count: 0 }, 'GET /api/shop/cart');
  t.same(r.analytics, { ids: [], total: 0 }, 'the analytics lines');
});

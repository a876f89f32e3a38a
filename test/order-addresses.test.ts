/**
 * Order addresses (decision 036): the pages that address one order — /cart/{success|fail}/…, /cart/invoice/…,
 * /history/… and their /_data calls — name it by its public number, NNNN-NNNN, never by its sequential database id,
 * which would tell anyone the shop's order volume. Through the real checkout and the fake ЮKassa API:
 *  - the redirect after placing, the provider's return_url (placing, paying again, in English) and the mails' links
 *    carry the number;
 *  - the id is no address: the 404 page, even for the order's owner, on every page, /_data call and action;
 *  - no page's data (the HTML's hydration data or /_data) carries the order's id;
 *  - another site's order number is the 404 page here, and the order's page on its own site.
 * PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import t from 'tap';
import { freshIp } from './helpers/account.ts';
import {
  createOrder,
  createUser,
  hydrationData,
  ORDER_NUMBER,
  orderNumber,
  startTestApp,
  type TestApp,
  type Visitor,
} from './helpers/app.ts';
import { fakeYooKassaEnv, startFakeYooKassa } from './helpers/fake-yookassa.ts';
import { PICKUP_ORDER } from './helpers/order.ts';

const fake = await startFakeYooKassa();
t.teardown(() => fake.close());
const app: TestApp = await startTestApp(t, fakeYooKassaEnv(fake));

/** An address of order `id` by its id (/cart/{result}/{id}, /cart/invoice/{id}, /history/{id}), not a number's first digits. */
const addressedById = (id: number) => new RegExp(`/(?:cart/(?:success|fail|invoice)|history)/${id}(?![\\d-])`);
/** The order's id as a key of serialized data ("id":17), not a longer number's first digits. */
const idKey = (id: number) => new RegExp(`"id":${id}(?!\\d)`);

/** Fills the visitor's cart (one line) and submits the order form, in `prefix`'s language; the action's answer. */
async function place(v: Visitor, form: Record<string, string> = {}, opts: { js?: boolean; prefix?: string } = {}) {
  const [product] = await app.db.query<{ id: number }>(`SELECT id FROM products WHERE sku = 'VIB-STD-22'`);
  await app.submit({ path: '/cart', as: v, js: true, fields: { intent: 'item', productId: product!.id, quantity: 1, mode: 'set' } });
  const data = (await app.request({ url: '/_data/cart?_routes=cart', as: v })).json().results.cart.data;
  return app.submit({
    path: `${opts.prefix ?? ''}/cart`,
    as: v,
    js: opts.js ?? true,
    ip: freshIp(),
    fields: { ...PICKUP_ORDER, _form: 'checkout', checkoutKey: data.checkout.key, expectedGoods: String(data.cart.goods), ...form },
  });
}

/** The session's only order (one placed online leaves for the provider: its address is not in the answer). */
async function orderOf(v: Visitor): Promise<{ id: number; number: string }> {
  const rows = await app.db.query<{ id: number; number: string }>('SELECT id, number FROM orders WHERE session_id = $1', [v.sessionId]);
  if (rows.length !== 1) throw new Error(`${rows.length} orders for the session`);
  return rows[0]!;
}

t.test('placing: the redirect, the provider’s return_url and the mails carry the number, never the id', async (t) => {
  // Cash, with JavaScript: the router's redirect names the order by its number.
  const v = app.visitor();
  const placed = await place(v);
  const redirect = placed.json().redirect as string;
  t.match(redirect, /^\/cart\/success\/\d{4}-\d{4}$/, 'the redirect after placing names a number');
  const { id, number } = await orderOf(v);
  t.equal(redirect, `/cart/success/${number}`, 'the order’s own number');
  t.notMatch(redirect, addressedById(id), 'not its id');

  // Without JavaScript: the 303's Location, the same.
  const w = app.visitor();
  const plain = await place(w, {}, { js: false });
  t.equal(plain.statusCode, 303);
  t.equal(plain.headers.location, `/cart/success/${(await orderOf(w)).number}`, 'the 303 names the number');

  // The mails, while still in the outbox: the shopper's confirmation and the shop's notice link the order's page.
  const mails = await app.db.query<{ kind: string; text_body: string; html_body: string }>(
    `SELECT kind, text_body, html_body FROM outbox
      WHERE kind IN ('order.confirmation', 'order.new') AND subject LIKE '%' || $1 || '%' ORDER BY id`,
    [number],
  );
  t.same(
    mails.map((m) => m.kind),
    ['order.confirmation', 'order.new'],
  );
  for (const mail of mails) {
    t.match(mail.text_body, `https://tihoavto.ru/cart/success/${number}`, `${mail.kind}: the link names the number`);
    t.match(mail.html_body, `href="https://tihoavto.ru/cart/success/${number}"`, `${mail.kind}: so does the HTML part`);
    t.notMatch(mail.text_body, addressedById(id), `${mail.kind}: never the id`);
    t.notMatch(mail.html_body, addressedById(id), `${mail.kind}: nor in the HTML part`);
  }

  // Online: the shopper leaves for the provider, which is to send them back to the order's page by its number.
  const online = app.visitor();
  const leaving = await place(online, { payment: 'card' });
  const paid = await orderOf(online);
  const payment = fake.forOrder(paid.id)!;
  t.ok(payment, 'a payment was started');
  t.same(leaving.json(), { redirect: `${fake.url}/checkout/${payment.id}`, reloadDocument: true }, 'off to the provider');
  const returnTo = new RegExp(`^http://localhost(:\\d+)?/cart/success/${paid.number}$`);
  t.match(payment.returnUrl, returnTo, 'the return_url names the number');
  const call = fake.requests.filter((r) => r.method === 'POST' && r.body?.metadata?.order_id === String(paid.id)).pop()!;
  t.match(call.body.confirmation.return_url, returnTo, 'as the provider was asked');
  t.notMatch(payment.returnUrl, addressedById(paid.id), 'never the id');

  // The provider returns the shopper after a refusal: the success page sends them on to the fail page, by number.
  fake.cancel(payment.id, 'insufficient_funds');
  const back = await app.request({ url: new URL(payment.returnUrl).pathname, as: online });
  t.equal(back.statusCode, 302);
  t.equal(back.headers.location, `/cart/fail/${paid.number}`);
  // Paying again from the fail page: the new payment's return_url names the number too.
  const again = await app.submit({ path: `/cart/fail/${paid.number}`, fields: { intent: 'pay' }, as: online, js: false });
  t.equal(again.statusCode, 303);
  const second = fake.forOrder(paid.id)!;
  t.not(second.id, payment.id, 'a second payment');
  t.match(second.returnUrl, returnTo, 'pay again: the return_url names the number');

  // Paying another way: the shop's notice links the order by its number.
  const switched = await app.submit({
    path: `/cart/fail/${paid.number}`,
    fields: { intent: 'switch', method: 'cash' },
    as: online,
    js: false,
  });
  t.equal(switched.statusCode, 303);
  t.equal(switched.headers.location, `/cart/success/${paid.number}`, 'back to the success page, by number');
  const [notice] = await app.db.query<{ text_body: string }>(
    `SELECT text_body FROM outbox WHERE kind = 'order.payment-changed' AND subject LIKE '%' || $1 || '%'`,
    [paid.number],
  );
  t.match(notice!.text_body, `https://tihoavto.ru/cart/success/${paid.number}`, 'the payment-changed notice links the number');
  t.notMatch(notice!.text_body, addressedById(paid.id));

  // In English: the return_url keeps the language and names the number.
  const en = app.visitor();
  await place(en, { payment: 'card' }, { prefix: '/en' });
  const enOrder = await orderOf(en);
  t.match(fake.forOrder(enOrder.id)!.returnUrl, new RegExp(`^http://localhost(:\\d+)?/en/cart/success/${enOrder.number}$`));

  // The provider down while placing: the order stays, and its fail page is addressed by the number.
  const down = app.visitor();
  fake.mode.create = 'error500';
  t.teardown(() => {
    fake.mode.create = 'normal';
  });
  const refused = await place(down, { payment: 'card' });
  fake.mode.create = 'normal';
  t.equal(refused.json().redirect, `/cart/fail/${(await orderOf(down)).number}`, 'the fail page, by number');
});

t.test('the id is no address: the 404 page for the owner, where the number answers', async (t) => {
  const v = app.visitor();
  await createUser(app, { email: 'addresses-owner@example.com', signIn: v });
  await place(v, { email: 'addresses-owner@example.com' });
  const { id, number } = await orderOf(v);
  t.match(number, ORDER_NUMBER);

  for (const page of ['/cart/success', '/cart/fail', '/cart/invoice', '/history', '/en/cart/success', '/en/history']) {
    const byNumber = await app.request({ url: `${page}/${number}`, as: v });
    t.equal(byNumber.statusCode, 200, `${page}/{number}: the owner’s order`);
    const byId = await app.request({ url: `${page}/${id}`, as: v });
    t.equal(byId.statusCode, 404, `${page}/{id}: the 404 page, even for the owner`);
    t.match(byId.body, /Page not found|Страница не найдена/);
    t.notMatch(byId.body, `№ ${number}`, `${page}/{id}: nothing of the order`);
  }

  // Through /_data, as client-side navigation asks.
  for (const [page, route] of [
    ['/cart/success', 'cart-order'],
    ['/cart/invoice', 'cart-invoice'],
    ['/history', 'history-entry'],
  ] as const) {
    const byNumber = (await app.request({ url: `/_data${page}/${number}?_routes=${route}`, as: v })).json();
    t.equal(byNumber.results[route].data.order.number, number, `/_data${page}/{number}: the order`);
    const byId = (await app.request({ url: `/_data${page}/${id}?_routes=${route}`, as: v })).json();
    t.equal(byId.results[route].error.status, 404, `/_data${page}/{id}: not found`);
  }

  // The actions: paying, switching and repeating by id find nothing, and change nothing.
  const pay = await app.submit({ path: `/cart/fail/${id}`, fields: { intent: 'pay' }, as: v, js: false });
  t.equal(pay.statusCode, 404, 'pay by id: the 404 page');
  const switched = await app.submit({ path: `/cart/success/${id}`, fields: { intent: 'switch', method: 'cash' }, as: v, js: true });
  t.equal(switched.json().results['cart-order'].error.status, 404, 'switch by id: not found');
  const repeat = await app.submit({ path: `/history/${id}`, fields: { intent: 'repeat' }, as: v, js: true });
  t.equal(repeat.json().results['history-entry'].error.status, 404, 'repeat by id: not found');
  const repeated = await app.submit({ path: `/history/${number}`, fields: { intent: 'repeat' }, as: v, js: true });
  t.equal(repeated.json().results['history-entry'].data.ok, true, 'repeat by number: done');
});

t.test('no page’s data carries the order’s id', async (t) => {
  const v = app.visitor();
  await createUser(app, { email: 'addresses-data@example.com', signIn: v });
  const legal = { customerType: 'legal', company: 'ООО «Ромашка»', inn: '7707083893', kpp: '770701001', payment: 'invoice' };
  await place(v, { email: 'addresses-data@example.com', ...legal });
  const { id, number } = await orderOf(v);

  /** The order as a route's data shows it: its number, no id key, no "id":<id> anywhere in the route's data. */
  const noId = (what: string, routeData: unknown, order: Record<string, unknown> | undefined) => {
    t.equal(order?.number, number, `${what}: the order, by its number`);
    t.notOk(order && 'id' in order, `${what}: the order has no id key`);
    t.notMatch(JSON.stringify(routeData), idKey(id), `${what}: no "id":${id} in the route’s data`);
  };

  const pages = [
    { url: '/cart/success', route: 'cart-result', order: (d: any) => d.order },
    { url: '/history', route: 'history', order: (d: any) => d.orders.find((o: { number: string }) => o.number === number) },
    { url: `/cart/success/${number}`, route: 'cart-order', order: (d: any) => d.order },
    { url: `/cart/fail/${number}`, route: 'cart-order', order: (d: any) => d.order },
    { url: `/cart/invoice/${number}`, route: 'cart-invoice', order: (d: any) => d.order },
    { url: `/history/${number}`, route: 'history-entry', order: (d: any) => d.order },
  ];
  for (const { url, route, order } of pages) {
    const res = await app.request({ url, as: v });
    if (!t.equal(res.statusCode, 200, `${url}: 200`)) continue;
    const data = hydrationData(res.body).loaderData[route];
    noId(`${url} (hydration data)`, data, order(data));
    t.notMatch(res.body, addressedById(id), `${url}: no link by id`);
    const json = (await app.request({ url: `/_data${url}?_routes=${route}`, as: v })).json();
    noId(`/_data${url}`, json.results[route].data, order(json.results[route].data));
  }

  // The links the pages render: by number.
  const history = await app.request({ url: '/history', as: v });
  t.match(history.body, `href="/history/${number}"`, '/history links the order by its number');
  const result = await app.request({ url: `/cart/success/${number}`, as: v });
  t.match(result.body, `href="/cart/invoice/${number}"`, 'the result page links the invoice by its number');
  const entry = await app.request({ url: `/history/${number}`, as: v });
  t.match(entry.body, `action="/history/${number}"`, 'the repeat form posts to the order’s number');
});

t.test('the order pages write its day in the reader’s language, in the site’s time zone', async (t) => {
  const v = app.visitor();
  const userId = await createUser(app, { email: 'addresses-dates@example.com', signIn: v });
  const id = await createOrder(app, { sessionId: v.sessionId, userId, site: 'ru' });
  const number = await orderNumber(app, id);
  // 21:30 UTC is already the 13th in Moscow.
  await app.db.query(`UPDATE orders SET created_at = '2026-03-12T21:30:00Z' WHERE id = $1`, [id]);
  const data = async (url: string, route: string) => hydrationData((await app.request({ url, as: v })).body).loaderData[route];
  t.equal((await data(`/cart/success/${number}`, 'cart-order')).order.created_date, '13 мар. 2026 г.');
  t.equal((await data(`/en/cart/success/${number}`, 'cart-order')).order.created_date, 'Mar 13, 2026');
  t.equal((await data(`/en/history/${number}`, 'history-entry')).order.created_date, 'Mar 13, 2026');
  const listed = (await data('/history', 'history')).orders.find((o: { number: string }) => o.number === number);
  t.equal(listed.created_date, '13 мар. 2026 г.');
  const invoice = await app.request({ url: `/cart/invoice/${number}`, as: v });
  t.match(invoice.body, `№ ${number} от 13 марта 2026 г.`, 'the invoice writes its day in full');
  const en = await app.request({ url: `/en/cart/invoice/${number}`, as: v });
  t.match(en.body, `No. ${number} of March 13, 2026`);
});

t.test('another site’s order number is the 404 page here', async (t) => {
  const v = app.visitor();
  const userId = await createUser(app, { email: 'addresses-kz@example.com', signIn: v });
  const kzId = await createOrder(app, { sessionId: v.sessionId, userId, site: 'kz' });
  const kz = await orderNumber(app, kzId);
  const ruId = await createOrder(app, { sessionId: v.sessionId, userId, site: 'ru' });
  const ru = await orderNumber(app, ruId);

  for (const page of ['/cart/success', '/cart/fail', '/cart/invoice', '/history']) {
    t.equal((await app.request({ url: `${page}/${kz}`, as: v })).statusCode, 404, `${page}/{kz number} on the ru site: 404`);
    t.equal((await app.request({ url: `${page}/${ru}`, as: v })).statusCode, 200, `${page}/{ru number} on the ru site: 200`);
    t.equal(
      (await app.request({ url: `${page}/${kz}`, as: v, host: 'kz.localhost' })).statusCode,
      200,
      `${page}/{kz number} on its own site: 200`,
    );
    t.equal(
      (await app.request({ url: `${page}/${ru}`, as: v, host: 'kz.localhost' })).statusCode,
      404,
      `${page}/{ru number} on the kz site: 404`,
    );
  }
  const data = (await app.request({ url: `/_data/cart/success/${kz}?_routes=cart-order`, as: v })).json();
  t.equal(data.results['cart-order'].error.status, 404, 'nor through /_data');
  const pay = await app.submit({ path: `/cart/fail/${kz}`, fields: { intent: 'pay' }, as: v, js: false });
  t.equal(pay.statusCode, 404, 'nor can it be paid from here');
  const repeat = await app.submit({ path: `/history/${kz}`, fields: { intent: 'repeat' }, as: v, js: true });
  t.equal(repeat.json().results['history-entry'].error.status, 404, 'nor repeated from here');
});

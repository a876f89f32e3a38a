/**
 * Stock and mail that cannot be hoarded or aimed (issue 18, decision 036), through the cart's action as a browser
 * posts it, on a real database:
 *   - the attack: orders in a row from one session, then from one address, refused past the limiter's policies
 *     (429 checkout.tooManyOrders with Retry-After) — the product's stock is not drained;
 *   - the per-order cap on units of one product sold from stock (409 checkout.quantityCap; made to order: no cap);
 *   - the shopper's mail carries none of the form filler's words or links, the shop's copy all of them; past the
 *     per-recipient cap the order is placed but its confirmation is not sent;
 *   - lapsed reservations: an unconfirmed or unpaid order past its time is cancelled with a history row and a mail in
 *     its language, its units back in stock exactly once; fresh, paid and older orders untouched.
 * The shopper's normal path is kept beside each.
 */
import t from 'tap';
import { POLICIES } from '../server/limits/index.ts';
import { orderAt, orderNumber, startTestApp, type TestApp, type Visitor } from './helpers/app.ts';
import { PICKUP_ORDER } from './helpers/order.ts';

const app: TestApp = await startTestApp(t, { ORDER_UNCONFIRMED_RELEASE_HOURS: '72' }); // off by default (README)
const ru = app.services.sites.byId('ru')!;
const MAX_UNITS = app.services.checkout.rules.maxUnitsPerProduct;

const productOf = async (sku: string) =>
  (await app.db.query<{ id: number; stock: number }>('SELECT id, stock FROM products WHERE sku = $1', [sku]))[0]!;
const stockOf = async (sku: string) => (await productOf(sku)).stock;

let addresses = 0;
/** A client address of its own (the per-address limit is then not what a test meets). */
const freshIp = () => `198.51.100.${++addresses}`;

async function fillCart(v: Visitor, sku: string, quantity: number) {
  const res = await app.submit({
    path: '/cart',
    fields: { intent: 'item', productId: (await productOf(sku)).id, quantity, mode: 'set' },
    as: v,
    js: true,
  });
  t.equal(res.statusCode, 200, `add ${quantity} × ${sku}`);
}

/** A filled order form for the visitor's cart (pickup: free, so the total is the goods' sum). */
async function orderForm(v: Visitor, overrides: Record<string, string> = {}) {
  const res = await app.request({ url: '/_data/cart?_routes=cart', as: v });
  const data = res.json().results.cart.data;
  return {
    ...PICKUP_ORDER,
    checkoutKey: data.checkout.key,
    expectedGoods: String(data.cart.goods),
    expectedTotal: String(data.cart.goods),
    ...overrides,
  } as Record<string, string>;
}

/** Fills the cart and submits the order; the route's result (status, data) and the redirect when placed. */
async function order(v: Visitor, sku: string, quantity: number, opts: { ip?: string; form?: Record<string, string> } = {}) {
  await fillCart(v, sku, quantity);
  const res = await app.submit({ path: '/cart', fields: await orderForm(v, opts.form), as: v, js: true, ip: opts.ip ?? freshIp() });
  const body = res.json();
  return {
    placed: body.redirect ? (await orderAt(app, body.redirect)).id : null,
    status: body.results?.cart?.status as number | undefined,
    error: body.results?.cart?.data?.errors?.[''] as string | undefined,
    retryAfter: res.headers['retry-after'],
  };
}

t.test('the attack: orders in a row from one session stop at the limit; the stock is not drained', async (t) => {
  const sku = 'ABS-AK-10';
  await app.db.query('UPDATE products SET stock = 60, made_to_order = false WHERE sku = $1', [sku]);
  const v = app.visitor();
  const ip = freshIp();
  const perSession = POLICIES['checkout.session'].max;
  const results = [];
  for (let i = 0; i < 5; i++) results.push(await order(v, sku, 12, { ip }));
  t.equal(results.filter((r) => r.placed).length, perSession, `${perSession} orders placed`);
  for (const refused of results.slice(perSession)) {
    t.equal(refused.status, 429);
    t.equal(refused.error, 'checkout.tooManyOrders', 'the shopper is told why');
    t.ok(Number(refused.retryAfter) > 0, 'and when to try again');
  }
  t.equal(await stockOf(sku), 60 - perSession * 12, 'the stock keeps what the refused orders asked for');
  const placed = await app.db.query('SELECT id FROM orders WHERE session_id = $1', [v.sessionId]);
  t.equal(placed.length, perSession, 'nothing placed past the limit');

  // Another shopper still buys.
  const other = await order(app.visitor(), sku, 2);
  t.ok(other.placed, "another shopper's order is placed");
});

t.test('orders from one client address stop at its limit; other addresses are not affected', async (t) => {
  const sku = 'VIB-LT-18';
  await app.db.query('UPDATE products SET stock = 500, made_to_order = false WHERE sku = $1', [sku]);
  const ip = '2001:db8:77:1::5';
  const perAddress = POLICIES['checkout.address'].max;
  let placed = 0;
  for (let i = 0; i < perAddress; i++) {
    // Another address of the same /64: one subscriber, one limit.
    const r = await order(app.visitor(), sku, 1, { ip: i % 2 ? ip : '2001:db8:77:1::9' });
    if (r.placed) placed++;
  }
  t.equal(placed, perAddress, `${perAddress} orders from one /64`);
  const refused = await order(app.visitor(), sku, 1, { ip });
  t.equal(refused.status, 429);
  t.equal(refused.error, 'checkout.tooManyOrders');
  t.equal(await stockOf(sku), 500 - perAddress, 'the refused order took nothing');
  t.ok((await order(app.visitor(), sku, 1, { ip: '2001:db8:77:2::5' })).placed, 'another /64 still orders');
});

t.test('one order takes at most the cap of a product sold from stock; made to order is not capped', async (t) => {
  const sku = 'BAR-IZ-4';
  await app.db.query('UPDATE products SET stock = 200, made_to_order = false WHERE sku = $1', [sku]);
  const v = app.visitor();
  const over = await order(v, sku, MAX_UNITS + 1);
  t.equal(over.status, 409);
  t.equal(over.error, 'checkout.quantityCap', 'the shopper is told the cap');
  t.equal(await stockOf(sku), 200, 'nothing reserved');
  const form = (await app.request({ url: '/_data/cart?_routes=cart', as: v })).json().results.cart.data;
  t.equal(form.checkout.maxUnitsPerProduct, MAX_UNITS, 'the order form knows the cap, for its message');

  await app.submit({
    path: '/cart',
    fields: { intent: 'item', productId: (await productOf(sku)).id, quantity: MAX_UNITS, mode: 'set' },
    as: v,
    js: true,
  });
  const ok = await app.submit({ path: '/cart', fields: await orderForm(v), as: v, js: true, ip: freshIp() });
  t.match(ok.json().redirect, /^\/cart\/success\/\d{4}-\d{4}$/, 'the cap itself is allowed');
  t.equal(await stockOf(sku), 200 - MAX_UNITS);

  const madeToOrder = 'VIB-PRM-25';
  await app.db.query('UPDATE products SET made_to_order = true WHERE sku = $1', [madeToOrder]);
  t.ok((await order(app.visitor(), madeToOrder, MAX_UNITS + 5)).placed, 'made to order: no stock to hoard, no cap');
});

t.test("the shopper's mail carries none of the filler's words or links; the shop's copy keeps them", async (t) => {
  const sku = 'ABS-AK-10';
  const name = 'Иван http://evil.example/win';
  const comment = 'Приз ждёт: https://evil.example/claim?id=1 звоните';
  const address = 'www.evil.example, кв. 1';
  const r = await order(app.visitor(), sku, 1, {
    form: { name, comment, email: 'aimed@example.com', delivery: 'cdek-courier', address, point: '', expectedTotal: '' },
  });
  t.ok(r.placed, 'the order is placed');
  const [confirmation] = await app.db.query<{ subject: string; text_body: string; html_body: string }>(
    `SELECT subject, text_body, html_body FROM outbox WHERE kind = 'order.confirmation' AND recipient = 'aimed@example.com'`,
  );
  const [notice] = await app.db.query<{ text_body: string }>(
    `SELECT o.text_body FROM outbox o WHERE o.kind = 'order.new' AND o.text_body LIKE '%' || $1 || '%'`,
    ['Приз ждёт'],
  );
  t.ok(confirmation, 'the shopper is mailed');
  for (const part of [confirmation!.subject, confirmation!.text_body, confirmation!.html_body]) {
    t.notMatch(part, 'evil.example', 'no link of the filler');
    t.notMatch(part, 'Приз', 'no comment');
    t.notMatch(part, 'Иван', 'no name');
  }
  t.ok(notice, "the shop's copy has the comment");
  t.match(notice!.text_body, 'https://evil.example/claim?id=1');
  t.match(notice!.text_body, name);
  t.match(notice!.text_body, address);
});

t.test('past the per-recipient cap the order is placed, the confirmation not sent; the shop always hears', async (t) => {
  const sku = 'VIB-LT-18';
  const victim = 'victim@example.com';
  const cap = POLICIES['order-mail.recipient'].max;
  const ids: number[] = [];
  for (let i = 0; i < cap + 2; i++) {
    // A new session and address each time: only the recipient is the same.
    const r = await order(app.visitor(), sku, 1, { form: { email: victim.toUpperCase().replace('VICTIM', i % 2 ? 'Victim' : 'VICTIM') } });
    t.ok(r.placed, `order ${i + 1} placed`);
    ids.push(r.placed!);
  }
  const [sent] = await app.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM outbox WHERE kind = 'order.confirmation' AND lower(recipient) = $1`,
    [victim],
  );
  t.equal(sent!.n, cap, `${cap} confirmations to one mailbox, however its case is written`);
  const numbers = await app.db.query<{ number: string }>('SELECT number FROM orders WHERE id = ANY($1::int[])', [ids]);
  const [notices] = await app.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM outbox WHERE kind = 'order.new' AND (${numbers.map((_, i) => `subject LIKE '%' || $${i + 1} || '%'`).join(' OR ')})`,
    numbers.map((n) => n.number),
  );
  t.equal(notices!.n, cap + 2, 'the shop is told of every order');
});

t.test('the per-address mail cap: one address mailing many recipients stops at the cap', async (t) => {
  const sku = 'VIB-LT-18';
  const cap = POLICIES['order-mail.address'].max;
  const ip = '203.0.113.200';
  // The order limit per address is lower than the mail cap: claim the mail cap as checkouts from this address would.
  await app.db.query(`INSERT INTO rate_limits (policy, key, window_start, hits) VALUES ('order-mail.address', $1, now(), $2)`, [ip, cap]);
  const r = await order(app.visitor(), sku, 1, { ip, form: { email: 'fresh-recipient@example.com' } });
  t.ok(r.placed, 'the order is placed');
  const sent = await app.db.query(`SELECT 1 FROM outbox WHERE kind = 'order.confirmation' AND recipient = 'fresh-recipient@example.com'`);
  t.equal(sent.length, 0, 'past the address cap no confirmation goes out');
  const ok = await order(app.visitor(), sku, 1, { form: { email: 'fresh-recipient@example.com' } });
  t.ok(ok.placed);
  const later = await app.db.query(`SELECT 1 FROM outbox WHERE kind = 'order.confirmation' AND recipient = 'fresh-recipient@example.com'`);
  t.equal(later.length, 1, 'from another address it goes');
});

t.test('lapsed reservations: cancelled with a history row and a mail, units back exactly once', async (t) => {
  const sku = 'BAR-IZ-8';
  const made = 'VIB-PRM-25';
  await app.db.query('UPDATE products SET stock = 40, made_to_order = false WHERE sku = $1', [sku]);
  await app.db.query('UPDATE products SET made_to_order = true WHERE sku = $1', [made]);
  const release = () => app.services.checkout.releaseLapsed((id) => app.services.sites.byId(id));
  await release(); // whatever earlier tests left lapsed is not this test's business

  // Unconfirmed (cash, 'new'): 5 units and a made-to-order line, in English.
  const v = app.visitor();
  await fillCart(v, made, 2);
  await fillCart(v, sku, 5);
  const res = await app.submit({
    path: '/en/cart',
    fields: await orderForm(v, { email: 'lapsed@example.com' }),
    as: v,
    js: true,
    ip: freshIp(),
  });
  const unconfirmed = (await orderAt(app, res.json().redirect)).id;
  t.ok(unconfirmed > 0, 'placed');
  // Unpaid online: an order of 3 units, its payment kind online and state awaiting_payment (no provider in this app).
  const unpaid = (await order(app.visitor(), sku, 3, { form: { email: 'unpaid@example.com' } })).placed!;
  await app.db.query(`UPDATE orders SET status = 'awaiting_payment', payment = payment || '{"kind":"online"}' WHERE id = $1`, [unpaid]);
  // Fresh, paid and pre-reservation orders stay.
  const fresh = (await order(app.visitor(), sku, 1)).placed!;
  const paid = (await order(app.visitor(), sku, 1)).placed!;
  await app.db.query(`UPDATE orders SET status = 'paid' WHERE id = $1`, [paid]);
  const legacy = (await order(app.visitor(), sku, 1)).placed!;
  await app.db.query('UPDATE orders SET stock_held = false WHERE id = $1', [legacy]);
  t.equal(await stockOf(sku), 40 - 5 - 3 - 3);

  const { unpaidReleaseMinutes, unconfirmedReleaseHours } = app.services.checkout.rules;
  t.equal(await release(), 0, 'nothing lapsed yet');
  // Time passes (the rows are aged, not the clock).
  await app.db.query(`UPDATE orders SET created_at = now() - make_interval(mins => $2::int + 1) WHERE id = $1`, [
    unpaid,
    unpaidReleaseMinutes,
  ]);
  await app.db.query(`UPDATE orders SET created_at = now() - make_interval(hours => $2::int + 1) WHERE id = ANY($1::int[])`, [
    [unconfirmed, paid, legacy],
    unconfirmedReleaseHours,
  ]);
  t.equal(await release(), 2, 'two orders lapsed');
  t.equal(await release(), 0, 'a second run finds nothing');
  t.equal(await stockOf(sku), 40 - 3, 'the units of both came back once; the fresh, paid and older ones keep theirs');
  t.equal(await stockOf(made), 0, 'made to order: nothing to give back');

  const states = await app.db.query<{ id: number; status: string }>('SELECT id, status FROM orders WHERE id = ANY($1::int[]) ORDER BY id', [
    [unconfirmed, unpaid, fresh, paid, legacy],
  ]);
  t.same(
    Object.fromEntries(states.map((s) => [s.id, s.status])),
    { [unconfirmed]: 'cancelled', [unpaid]: 'cancelled', [fresh]: 'new', [paid]: 'paid', [legacy]: 'new' },
    'only the lapsed ones are cancelled',
  );
  const history = await app.db.query<{ order_id: number; note: string }>(
    `SELECT order_id, note FROM order_status_history WHERE status = 'cancelled' AND order_id = ANY($1::int[]) ORDER BY order_id`,
    [[unconfirmed, unpaid]],
  );
  t.same(
    history.map((h) => [h.order_id, h.note.split(':')[0]]),
    [
      [unconfirmed, 'unconfirmed'],
      [unpaid, 'unpaid'],
    ],
    'one history row each, saying why',
  );
  const mails = await app.db.query<{ recipient: string; language: string; subject: string; text_body: string }>(
    `SELECT recipient, language, subject, text_body FROM outbox WHERE kind = 'order.cancelled' ORDER BY id`,
  );
  t.same(
    mails.map((m) => [m.recipient, m.language]),
    [
      ['lapsed@example.com', 'en'],
      ['unpaid@example.com', 'ru'],
    ],
    "one mail each, in the order's language",
  );
  t.match(mails[0]!.subject, 'cancelled');
  t.match(mails[0]!.text_body, 'could not confirm');
  t.match(mails[1]!.text_body, 'не был оплачен');
  t.match(
    mails[1]!.text_body,
    `https://${ru.host}/cart/success/${await orderNumber(app, unpaid)}`,
    "a link to the order's page, by its number",
  );
  t.match(mails[0]!.text_body, `https://${ru.host}/en/cart/success/${await orderNumber(app, unconfirmed)}`, 'in its language');
  t.notMatch(mails[1]!.text_body, new RegExp(`/cart/success/${unpaid}(?![\\d-])`), 'never by its id');
});

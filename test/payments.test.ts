/**
 * Online payment (docs/decisions/024-payments.md) against a fake ЮKassa API on 127.0.0.1: the configuration per site,
 * payment creation (the request the provider gets, idempotency, a retry after a timeout or a 500, a pending payment
 * reused), the notification webhook (idempotent, forged bodies, a canceled payment, amount mismatch, unknown payments,
 * malformed bodies, fuzzed bodies), the result pages (status read back from the API, the fail reason, pay again with
 * and without JavaScript) and the secret key never reaching a page.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import t from 'tap';
import { PaymentService } from '../server/checkout/payments/payments.ts';
import { loadConfig } from '../server/platform/config.ts';
import { ConfigError } from '../server/platform/config-error.ts';
import { createOrder, hydrationData, orderNumber, startTestApp, type TestApp, type Visitor } from './helpers/app.ts';
import { FAKE_SHOP, FAKE_SHOP_KZ, fakeYooKassaEnv, startFakeYooKassa } from './helpers/fake-yookassa.ts';

const fake = await startFakeYooKassa();
t.teardown(() => fake.close());
const app: TestApp = await startTestApp(t, fakeYooKassaEnv(fake));

/** Every answer the app gave in this file: none may carry a secret key. */
const answers: LightMyRequestResponse[] = [];
async function request(options: Parameters<TestApp['request']>[0]) {
  const res = await app.request(options);
  answers.push(res);
  return res;
}

/**
 * An order of one line, 380 × 2 = 760 ₽ (plus delivery when given), placed by a fresh visitor's session: its id (what
 * the services key by) and its number (what its pages are addressed by).
 */
async function placeOrder(opts: { delivery?: number; site?: string } = {}): Promise<{ id: number; number: string; visitor: Visitor }> {
  const visitor = app.visitor();
  const id = await createOrder(app, { sessionId: visitor.sessionId, total: 760 + (opts.delivery ?? 0), site: opts.site });
  return { id, number: await orderNumber(app, id), visitor };
}

/** Starts paying order `id` as the result page does: the provider returns the shopper to the order's page, by its number. */
async function start(id: number, extra: { delivery?: { title: string; price: number } | null; site?: string } = {}) {
  return app.services.payments.start({
    orderId: id,
    site: extra.site ?? 'ru',
    orderNumber: `A-${id}`,
    customer: { email: 'buyer@example.com', phone: '+7 900 000-00-00' },
    delivery: extra.delivery ?? null,
    returnUrl: `http://localhost/cart/success/${await orderNumber(app, id)}`,
  });
}

const notify = (id: string, event = 'payment.succeeded') =>
  request({ method: 'POST', url: '/api/payments/yookassa', payload: { type: 'notification', event, object: { id, status: 'succeeded' } } });

async function orderStatus(id: number): Promise<string> {
  const [row] = await app.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [id]);
  return row!.status;
}
async function paymentRows(id: number) {
  return app.db.query<{
    attempt: number;
    status: string;
    provider_id: string | null;
    idempotence_key: string;
    cancellation_reason: string | null;
  }>('SELECT attempt, status, provider_id, idempotence_key, cancellation_reason FROM payments WHERE order_id = $1 ORDER BY attempt', [id]);
}
/** The payment the fake holds for an order (its latest). */
function remote(id: number) {
  const p = fake.forOrder(id);
  if (!p) throw new Error(`no payment at the fake for order ${id}`);
  return p;
}

t.test('configuration per site', async (t) => {
  const base = { NODE_ENV: 'test' };
  t.same(loadConfig(base).payments.shops, {}, 'no keys: no site takes online payment');
  const config = loadConfig({ ...base, YOOKASSA_KZ_SHOP_ID: '42', YOOKASSA_KZ_SECRET_KEY: 'live_abcdefgh', YOOKASSA_KZ_VAT_CODE: '6' });
  t.same(Object.keys(config.payments.shops), ['kz']);
  t.equal(config.payments.shops.kz!.vatCode, 6);
  t.equal(config.payments.apiUrl, 'https://api.yookassa.ru', 'the real API by default');
  t.notMatch(JSON.stringify(config), /live_abcdefgh/, 'the secret key never appears in the config as JSON');
  t.notMatch((await import('node:util')).inspect(config, { depth: 10 }), /live_abcdefgh/, '… nor when inspected (logged)');
  t.equal(config.payments.shops.kz!.credentials.authorization(), 'Basic ' + Buffer.from('42:live_abcdefgh').toString('base64'));

  const refused = (env: Record<string, string>, pattern: RegExp) => {
    try {
      loadConfig({ ...base, ...env });
      t.fail('accepted ' + JSON.stringify(env));
    } catch (err) {
      t.ok(err instanceof ConfigError);
      t.match((err as Error).message, pattern);
      for (const value of Object.values(env))
        if (value.length >= 8) t.notMatch((err as Error).message, value, 'the message never repeats a value');
    }
  };
  refused({ YOOKASSA_XX_SHOP_ID: '1', YOOKASSA_XX_SECRET_KEY: 'secretsecret' }, /YOOKASSA_XX_SHOP_ID: no configured site has the id xx/);
  refused({ YOOKASSA_RU_SHOP_ID: '1' }, /YOOKASSA_RU_SECRET_KEY/);
  refused({ YOOKASSA_RU_SECRET_KEY: 'secret-without-shop' }, /YOOKASSA_RU_SHOP_ID/);
  refused({ YOOKASSA_RU_SHOP_ID: 'abc', YOOKASSA_RU_SECRET_KEY: 'secretsecret' }, /SHOP_ID: must be the shop id/);
  refused({ YOOKASSA_RU_SHOP_ID: '1', YOOKASSA_RU_SECRET_KEY: 'secretsecret', YOOKASSA_RU_VAT_CODE: '13' }, /VAT_CODE/);
  refused({ YOOKASSA_API_URL: 'ftp://x' }, /YOOKASSA_API_URL/);

  t.ok(app.services.payments.onlineAvailable('ru'));
  t.ok(app.services.payments.onlineAvailable('kz'));
  t.notOk(app.services.payments.onlineAvailable('md'), 'a site without keys: online methods are not offered');
  t.notOk(app.services.payments.onlineAvailable('__proto__'));
});

t.test('no provider configured: nothing is offered or started', async (t) => {
  const bare = await startTestApp(t);
  t.notOk(bare.services.payments.onlineAvailable('ru'));
  const visitor = bare.visitor();
  const id = await createOrder(bare, { sessionId: visitor.sessionId, total: 760 });
  const number = await orderNumber(bare, id);
  const before = fake.requests.length;
  const started = await bare.services.payments.start({
    orderId: id,
    site: 'ru',
    orderNumber: number,
    customer: { email: 'a@example.com' },
    returnUrl: `http://localhost/cart/success/${number}`,
  });
  t.same(started, { ok: false, reason: 'not_configured' });
  t.equal(fake.requests.length, before, 'no call to any provider');
  const page = await bare.request({ url: `/cart/success/${number}`, as: visitor });
  t.equal(page.statusCode, 200);
  t.equal(hydrationData(page.body).loaderData['cart-order'].payment, null);
});

t.test('creating a payment: the request the provider gets', async (t) => {
  const { id, number } = await placeOrder({ delivery: 300 });
  const started = await start(id, { delivery: { title: 'Курьер СДЭК', price: 300 } });
  t.ok(started.ok, 'started');
  const p = remote(id);
  if (started.ok) t.equal(started.confirmationUrl, `${fake.url}/checkout/${p.id}`);
  const call = fake.requests.filter((r) => r.method === 'POST').pop()!;
  t.ok(call.authorized, 'HTTP Basic with the shop id and key');
  t.match(call.idempotenceKey, new RegExp(`^order-${id}-1-[0-9a-f]{12}$`), 'the key names the order and the attempt');
  t.same(call.body.amount, { value: '1060.00', currency: 'RUB' });
  t.equal(call.body.capture, true);
  t.same(call.body.confirmation, { type: 'redirect', return_url: `http://localhost/cart/success/${number}` });
  t.equal(call.body.description, `Заказ №A-${id}`);
  t.same(call.body.metadata, { order_id: String(id), site: 'ru' });
  t.same(call.body.receipt.customer, { email: 'buyer@example.com' }, 'the e-mail is preferred for the receipt');
  t.same(call.body.receipt.items, [
    {
      description: 'Вибро Стандарт 2.2',
      quantity: 2,
      amount: { value: '380.00', currency: 'RUB' },
      vat_code: 4,
      payment_subject: 'commodity',
      payment_mode: 'full_prepayment',
    },
    {
      description: 'Курьер СДЭК',
      quantity: 1,
      amount: { value: '300.00', currency: 'RUB' },
      vat_code: 4,
      payment_subject: 'service',
      payment_mode: 'full_prepayment',
    },
  ]);
  const rows = await paymentRows(id);
  t.equal(rows.length, 1);
  t.equal(rows[0]!.provider_id, p.id);
  t.equal(rows[0]!.idempotence_key, call.idempotenceKey);
  t.equal(await orderStatus(id), 'new', 'the order stays as it was until paid');
});

t.test('a phone-only customer, a long title, free delivery', async (t) => {
  const { id } = await placeOrder();
  await app.db.query(`UPDATE order_items SET title = $2 WHERE order_id = $1`, [id, 'Ш'.repeat(300)]);
  const started = await app.services.payments.start({
    orderId: id,
    site: 'ru',
    orderNumber: String(id),
    customer: { phone: '+7 (900) 111-22-33' },
    delivery: { title: 'Самовывоз', price: 0 },
    returnUrl: 'http://localhost/x',
  });
  t.ok(started.ok);
  const body = fake.requests.filter((r) => r.method === 'POST').pop()!.body;
  t.same(body.receipt.customer, { phone: '79001112233' }, 'digits of E.164');
  t.equal(body.receipt.items.length, 1, 'free delivery: no receipt line');
  t.equal([...body.receipt.items[0].description].length, 128, 'a description is cut to 128 characters');
  await t.rejects(
    app.services.payments.start({ orderId: id, site: 'ru', orderNumber: '1', customer: {}, returnUrl: 'http://localhost/x' }),
    /e-mail or phone/,
    'a receipt needs a contact',
  );
});

t.test('receipt lines that do not add up to the total: no payment', async (t) => {
  const { id } = await placeOrder({ delivery: 300 });
  const before = fake.payments.size;
  t.same(await start(id), { ok: false, reason: 'rejected' }, 'delivery forgotten: 760 ≠ 1060');
  t.equal(fake.payments.size, before);
  t.equal((await paymentRows(id))[0]!.cancellation_reason, 'receipt_mismatch');
});

t.test('the same order started twice: one payment, the pending one reused', async (t) => {
  const { id } = await placeOrder();
  const first = await start(id);
  const second = await start(id);
  t.ok(first.ok && second.ok);
  t.same(first, second, 'the same confirmation address');
  t.equal([...fake.payments.values()].filter((p) => p.metadata.order_id === String(id)).length, 1, 'one payment at the provider');
  t.equal((await paymentRows(id)).length, 1, 'one attempt');
});

t.test('parallel starts of one order: one payment', async (t) => {
  const { id } = await placeOrder();
  const results = await Promise.all([start(id), start(id), start(id)]);
  t.ok(results.every((r) => r.ok));
  t.equal(new Set(results.map((r) => r.ok && r.confirmationUrl)).size, 1);
  t.equal([...fake.payments.values()].filter((p) => p.metadata.order_id === String(id)).length, 1);
});

t.test('a retry after a timeout: the same key, the same payment', async (t) => {
  const { id } = await placeOrder();
  fake.mode.create = 'slow'; // answers after 2 s; the client gives up after 1 s — the payment exists all the same
  t.teardown(() => {
    fake.mode.create = 'normal';
  });
  const timedOut = await start(id);
  fake.mode.create = 'normal';
  t.same(timedOut, { ok: false, reason: 'unavailable' });
  const inDoubt = await paymentRows(id);
  t.equal(inDoubt.length, 1);
  t.equal(inDoubt[0]!.provider_id, null, 'the attempt is kept, in doubt');
  t.equal([...fake.payments.values()].filter((p) => p.metadata.order_id === String(id)).length, 1, 'the provider made the payment');

  const retried = await start(id);
  t.ok(retried.ok);
  const keys = fake.requests.filter((r) => r.method === 'POST' && r.body?.metadata?.order_id === String(id)).map((r) => r.idempotenceKey);
  t.equal(keys.length, 2);
  t.equal(keys[0], keys[1], 'the retry carried the same Idempotence-Key');
  t.equal([...fake.payments.values()].filter((p) => p.metadata.order_id === String(id)).length, 1, 'still one payment');
  t.equal((await paymentRows(id))[0]!.provider_id, remote(id).id);
});

t.test('a 500 from the provider, then a retry', async (t) => {
  const { id } = await placeOrder();
  fake.mode.create = 'error500';
  t.same(await start(id), { ok: false, reason: 'unavailable' });
  fake.mode.create = 'normal';
  t.ok((await start(id)).ok);
  t.equal((await paymentRows(id)).length, 1, 'the same attempt');
});

t.test('the webhook: the payment re-read from the API, the order paid exactly once', async (t) => {
  const { id } = await placeOrder();
  await start(id);
  const p = remote(id);
  fake.succeed(p.id);
  const gets = () => fake.requests.filter((r) => r.method === 'GET' && r.path === `/v3/payments/${p.id}`).length;
  const first = await notify(p.id);
  t.equal(first.statusCode, 200);
  t.same(first.json(), { ok: true, changed: true, status: 'succeeded' });
  t.equal(gets(), 1, 'the API was asked');
  t.equal(await orderStatus(id), 'paid');
  const second = await notify(p.id);
  t.equal(second.statusCode, 200);
  t.same(second.json(), { ok: true, changed: false, status: 'succeeded' }, 'a repeated notification changes nothing');
  t.equal(gets(), 1, 'a final payment is answered without calling the API');
  t.equal(await orderStatus(id), 'paid');
  t.same(await start(id), { ok: false, reason: 'paid' }, 'a paid order starts no payment');
});

t.test('a forged body: the API says otherwise, nothing changes', async (t) => {
  const { id } = await placeOrder();
  await start(id);
  const p = remote(id);
  const res = await notify(p.id, 'payment.succeeded'); // the provider still says pending
  t.equal(res.statusCode, 200);
  t.same(res.json(), { ok: true, changed: false, status: 'pending' });
  t.equal(await orderStatus(id), 'new');
  t.equal((await paymentRows(id))[0]!.status, 'pending');
});

t.test('a flood of notifications for one pending payment: the API is asked at most every 2 s', async (t) => {
  const { id } = await placeOrder();
  await start(id);
  const p = remote(id);
  const before = fake.requests.filter((r) => r.method === 'GET').length;
  const answers = await Promise.all(Array.from({ length: 5 }, () => notify(p.id)));
  const codes = answers.map((a) => a.statusCode).sort();
  t.equal(codes.filter((c) => c === 200).length, 1);
  t.equal(codes.filter((c) => c === 429).length, 4);
  // The seconds left of the 2 s window that the first claim opened: 2, or 1 on a machine slow enough to lose one.
  t.match(answers.find((a) => a.statusCode === 429)!.headers['retry-after'], /^[12]$/, 'Retry-After: what is left of the window');
  t.equal(fake.requests.filter((r) => r.method === 'GET').length - before, 1);
});

t.test('a canceled payment: the reason kept, the order stays, the fail page says why and offers to pay again', async (t) => {
  const { id, number, visitor } = await placeOrder();
  await start(id);
  const p = remote(id);
  fake.cancel(p.id, 'insufficient_funds');
  const res = await notify(p.id, 'payment.canceled');
  t.equal(res.statusCode, 200);
  t.same(res.json(), { ok: true, changed: true, status: 'canceled' });
  t.equal(await orderStatus(id), 'new', 'the order stays');
  t.equal((await paymentRows(id))[0]!.cancellation_reason, 'insufficient_funds');

  const back = await request({ url: `/cart/success/${number}`, as: visitor });
  t.equal(back.statusCode, 302, 'the return address leads a failed payment to the fail page');
  t.equal(back.headers.location, `/cart/fail/${number}`);
  const page = await request({ url: `/cart/fail/${number}`, as: visitor });
  t.equal(page.statusCode, 200);
  t.same(hydrationData(page.body).loaderData['cart-order'].payment, { status: 'canceled', reason: 'insufficient_funds', canPay: true });
  t.match(page.body, 'Недостаточно средств');
  t.match(page.body, /name="intent" value="pay"/);
  const en = await request({ url: `/en/cart/fail/${number}`, as: visitor });
  t.match(en.body, 'not enough money');
});

t.test('amount mismatch: the provider reports another amount, nothing changes', async (t) => {
  const { id } = await placeOrder();
  await start(id);
  const p = remote(id);
  fake.setAmount(p.id, '1.00');
  fake.succeed(p.id);
  const res = await notify(p.id);
  t.equal(res.statusCode, 409);
  t.equal(res.json().error, 'payment_mismatch');
  t.equal(await orderStatus(id), 'new');
  t.equal((await paymentRows(id))[0]!.status, 'pending');

  const { id: id2 } = await placeOrder();
  await start(id2);
  fake.setAmount(remote(id2).id, '760.00', 'KZT');
  fake.succeed(remote(id2).id);
  t.equal((await notify(remote(id2).id)).statusCode, 409, 'another currency');
  t.equal(await orderStatus(id2), 'new');
});

t.test('unknown payments', async (t) => {
  const unknown = await notify('2c5d5a2e-000f-5000-9000-1b2c3d4e5f60');
  t.equal(unknown.statusCode, 404, 'unknown to the shop: nothing asked, nothing changed');
  // Known to the shop (a forged row id), unknown to the API.
  const { id } = await placeOrder();
  await app.db.query(
    `INSERT INTO payments (order_id, site, attempt, provider_id, amount, currency, idempotence_key) VALUES ($1, 'ru', 1, 'forged-id', 760, 'RUB', 'k-forged')`,
    [id],
  );
  const forged = await notify('forged-id');
  t.equal(forged.statusCode, 404);
  t.equal(await orderStatus(id), 'new');
  // Another shop's payment: the kz shop's keys cannot read a ru payment and vice versa.
  const { id: kzOrder } = await placeOrder({ site: 'kz' });
  await app.db.query(`UPDATE orders SET currency = 'KZT' WHERE id = $1`, [kzOrder]);
  t.ok((await start(kzOrder, { site: 'kz' })).ok, 'the Kazakh site has its own shop');
  t.equal(remote(kzOrder).shopId, FAKE_SHOP_KZ.shopId);
  t.not(FAKE_SHOP_KZ.shopId, FAKE_SHOP.shopId);
});

t.test('the provider unavailable when notified: 503, the provider retries', async (t) => {
  const { id } = await placeOrder();
  await start(id);
  fake.succeed(remote(id).id);
  fake.mode.get = 'error500';
  t.teardown(() => {
    fake.mode.get = 'normal';
  });
  const res = await notify(remote(id).id);
  t.equal(res.statusCode, 503);
  t.equal(await orderStatus(id), 'new');
});

t.test('malformed notifications: 4xx naming the problem, never 500', async (t) => {
  const post = (payload: string, type = 'application/json') =>
    request({ method: 'POST', url: '/api/payments/yookassa', payload, headers: { 'content-type': type } });
  t.equal((await post('{"type":')).statusCode, 400, 'not JSON');
  const noId = await post(JSON.stringify({ type: 'notification', event: 'payment.succeeded', object: {} }));
  t.equal(noId.statusCode, 400);
  t.match(noId.json().message, 'body.object.id');
  t.equal((await post(JSON.stringify({ type: 'x', event: 'payment.succeeded', object: { id: 'a' } }))).statusCode, 400);
  t.equal((await post(JSON.stringify({ type: 'notification', event: 'payment.succeeded', object: { id: '../../v3/x' } }))).statusCode, 400);
  t.equal((await post('x'.repeat(100), 'text/plain')).statusCode, 415);
  const huge = JSON.stringify({ type: 'notification', event: 'payment.succeeded', object: { id: 'a', pad: 'x'.repeat(20000) } });
  t.equal((await post(huge)).statusCode, 413, 'the body is limited to 16 KiB');
  const refund = await post(JSON.stringify({ type: 'notification', event: 'refund.succeeded', object: { id: 'r1' } }));
  t.equal(refund.statusCode, 200, 'other events are acknowledged');
  t.same(refund.json(), { ok: true, changed: false, ignored: 'refund.succeeded' });
  const noToken = await post(JSON.stringify({ type: 'notification', event: 'payment.succeeded', object: { id: 'nope' } }));
  t.equal(noToken.statusCode, 404, 'server to server: no site token asked');
});

t.test('fuzzed notification bodies never fail the server nor change a payment', async (t) => {
  const { id } = await placeOrder();
  await start(id);
  const p = remote(id);
  const values = fc.oneof(
    fc.string(),
    fc.integer(),
    fc.constant(null),
    fc.constant(p.id),
    fc.constantFrom('payment.succeeded', 'notification'),
  );
  await fc.assert(
    fc.asyncProperty(
      fc.dictionary(fc.constantFrom('type', 'event', 'object', 'id'), fc.oneof(values, fc.dictionary(fc.string(), values))),
      async (body) => {
        const res = await request({ method: 'POST', url: '/api/payments/yookassa', payload: body });
        return res.statusCode < 500 || res.statusCode === 503;
      },
    ),
    { numRuns: 60 },
  );
  t.equal(await orderStatus(id), 'new');
  t.equal((await paymentRows(id))[0]!.status, 'pending');
});

t.test('back from the provider: the result page reads the payment and shows it paid before the webhook', async (t) => {
  const { id, number, visitor } = await placeOrder();
  await start(id);
  fake.succeed(remote(id).id);
  const page = await request({ url: `/cart/success/${number}`, as: visitor });
  t.equal(page.statusCode, 200);
  const data = hydrationData(page.body).loaderData['cart-order'];
  t.equal(data.payment.status, 'succeeded');
  t.equal(data.order.status, 'paid');
  t.equal(await orderStatus(id), 'paid');
  t.same((await notify(remote(id).id)).json(), { ok: true, changed: false, status: 'succeeded' }, 'the late notification changes nothing');
  const fail = await request({ url: `/cart/fail/${number}`, as: visitor });
  t.equal(fail.statusCode, 302, 'a paid order has no fail page');
  t.equal(fail.headers.location, `/cart/success/${number}`);
});

t.test('pay again, with and without JavaScript', async (t) => {
  const { id, number, visitor } = await placeOrder();
  await start(id);
  fake.cancel(remote(id).id, 'expired_on_confirmation', 'yoo_money');
  await notify(remote(id).id, 'payment.canceled');

  const plain = await app.submit({ path: `/cart/fail/${number}`, fields: { intent: 'pay' }, as: visitor, js: false });
  t.equal(plain.statusCode, 303);
  const second = remote(id);
  t.equal(plain.headers.location, `${fake.url}/checkout/${second.id}`, 'without JavaScript: 303 to the provider');
  t.equal(second.amount.value, '760.00');
  t.match(second.returnUrl, new RegExp(`^http://localhost(:\\d+)?/cart/success/${number}$`));
  t.same(
    (await paymentRows(id)).map((r) => [r.attempt, r.status]),
    [
      [1, 'canceled'],
      [2, 'pending'],
    ],
  );
  const withJs = await app.submit({ path: `/cart/fail/${number}`, fields: { intent: 'pay' }, as: visitor, js: true });
  t.equal(withJs.statusCode, 200);
  t.same(
    withJs.json(),
    { redirect: `${fake.url}/checkout/${second.id}`, reloadDocument: true },
    'the pending payment is resumed, not a third',
  );
  t.equal((await paymentRows(id)).length, 2);

  const stranger = app.visitor();
  const refused = await app.submit({ path: `/cart/fail/${number}`, fields: { intent: 'pay' }, as: stranger, js: false });
  t.equal(refused.statusCode, 404, 'another visitor cannot pay (the cart guard: the 404 page)');
  const bad = await app.submit({ path: `/cart/fail/${number}`, fields: { intent: 'steal' }, as: visitor, js: true });
  t.equal(bad.json().results['cart-order'].status, 400);
  const noToken = await app.submit({ path: `/cart/fail/${number}`, fields: { intent: 'pay' }, as: visitor, js: true, token: null });
  t.equal(noToken.statusCode, 403);
});

t.test('pay again when the provider is down: the fail page says so', async (t) => {
  const { id, number, visitor } = await placeOrder();
  await start(id);
  fake.cancel(remote(id).id, 'general_decline');
  await notify(remote(id).id, 'payment.canceled');
  fake.mode.create = 'error500';
  t.teardown(() => {
    fake.mode.create = 'normal';
  });
  const res = await app.submit({ path: `/cart/fail/${number}`, fields: { intent: 'pay' }, as: visitor, js: true });
  const result = res.json().results['cart-order'];
  t.equal(result.status, 503);
  t.same(result.data.errors, { '': 'payment.errors.unavailable' });
  const page = await request({ url: `/cart/fail/${number}`, as: visitor });
  t.same(hydrationData(page.body).loaderData['cart-order'].payment.reason, 'provider_unavailable');
});

t.test('an order never paid online has nothing to pay again', async (t) => {
  const { number, visitor } = await placeOrder();
  const res = await app.submit({ path: `/cart/fail/${number}`, fields: { intent: 'pay' }, as: visitor, js: true });
  t.same(res.json().results['cart-order'].data.errors, { '': 'payment.errors.notPayable' });
});

t.test('the secret keys never reach a page or an answer', async (t) => {
  const { id, number, visitor } = await placeOrder();
  await start(id);
  for (const url of [
    '/',
    `/cart/success/${number}`,
    `/en/cart/success/${number}`,
    `/cart/invoice/${number}`,
    '/cart',
    '/api/openapi.json',
  ]) {
    answers.push(await app.request({ url, as: visitor }));
  }
  t.ok(answers.length > 30);
  const authorization = Buffer.from(`${FAKE_SHOP.shopId}:${FAKE_SHOP.secretKey}`).toString('base64');
  const leaks = answers.flatMap((res) =>
    [FAKE_SHOP.secretKey, FAKE_SHOP_KZ.secretKey, authorization]
      .filter((secret) => res.body.includes(secret))
      .map((secret) => `${res.raw.req.url}: ${secret === authorization ? 'the Authorization value' : 'a secret key'}`),
  );
  t.same(leaks, [], `no secret key nor the Authorization value in any of the ${answers.length} answers`);
});

t.test('pages admit the provider as a form target (the no-JS pay button is answered with a 303 there)', async (t) => {
  const { number, visitor } = await placeOrder();
  const ru = await request({ url: `/cart/success/${number}`, as: visitor });
  const formAction = (res: LightMyRequestResponse) => /form-action ([^;]*)/.exec(String(res.headers['content-security-policy']))![1];
  t.equal(formAction(ru), `'self' https://yoomoney.ru https://*.yoomoney.ru https://yookassa.ru https://*.yookassa.ru ${fake.url}`);
  const md = await request({ url: '/', host: 'md.localhost' });
  t.equal(formAction(md), "'self'", 'a site without a shop: only itself');
});

t.test('back within seconds of leaving for the provider: the page still asks the provider', async (t) => {
  const { id, number, visitor } = await placeOrder();
  await start(id);
  t.equal(
    hydrationData((await request({ url: `/cart/success/${number}`, as: visitor })).body).loaderData['cart-order'].payment.status,
    'pending',
  );
  // The shopper presses "Перейти к оплате" (the pending payment is resumed) and is refused at once.
  const resumed = await app.submit({ path: `/cart/success/${number}`, fields: { intent: 'pay' }, as: visitor, js: false });
  t.equal(resumed.headers.location, `${fake.url}/checkout/${remote(id).id}`);
  fake.cancel(remote(id).id, 'card_expired');
  const back = await request({ url: `/cart/success/${number}`, as: visitor });
  t.equal(back.headers.location, `/cart/fail/${number}`, 'the refusal is seen, though the page asked a moment ago');
});

t.test('confirmation addresses: only the provider’s hosts', async (t) => {
  const p = app.services.payments;
  t.ok(p.providerUrl('https://yoomoney.ru/checkout/payments/v2/contract?orderId=1'));
  t.ok(p.providerUrl('https://pay.yookassa.ru/x'));
  t.ok(p.providerUrl(`${fake.url}/checkout/1`), 'the API’s own host (the fake)');
  for (const bad of [
    'https://evil.example/',
    'https://yoomoney.ru.evil.example/',
    'http://yoomoney.ru/',
    'https://user:pw@yoomoney.ru/',
    'javascript:alert(1)',
    '/local',
    'http://127.0.0.2/',
  ]) {
    t.equal(p.providerUrl(bad), null, bad);
  }
});

t.test('another way to pay: an unpaid online order switches to an offline method, once, and the shop is told', async (t) => {
  const { id, number, visitor } = await placeOrder();
  await app.db.query(
    `UPDATE orders SET status = 'awaiting_payment', payment = '{"id": "card", "kind": "online", "label": "Банковской картой онлайн"}'
      WHERE id = $1`,
    [id],
  );
  const page = await request({ url: `/cart/fail/${number}`, as: visitor });
  const data = hydrationData(page.body).loaderData['cart-order'];
  t.same(
    data.alternatives.map((m: { id: string }) => m.id),
    ['cash'],
    'the site’s offline methods for a person (no online ones, no invoice for legal entities only)',
  );
  t.match(page.body, 'Оплатить другим способом');

  const refused = await app.submit({ path: `/cart/fail/${number}`, fields: { intent: 'switch', method: 'card' }, as: visitor, js: true });
  t.same(
    refused.json().results['cart-order'],
    { status: 409, data: { ok: false, errors: { method: 'payment.switch.unavailable' } } },
    'an online method is not an alternative',
  );
  const stranger = await app.submit({
    path: `/cart/fail/${number}`,
    fields: { intent: 'switch', method: 'cash' },
    as: app.visitor(),
    js: false,
  });
  t.equal(stranger.statusCode, 404, 'another visitor cannot (the cart guard)');

  const switched = await app.submit({ path: `/cart/fail/${number}`, fields: { intent: 'switch', method: 'cash' }, as: visitor, js: false });
  t.equal(switched.statusCode, 303);
  t.equal(switched.headers.location, `/cart/success/${number}`);
  const [order] = await app.db.query<{ status: string; payment: { id: string; kind: string } }>(
    'SELECT status, payment FROM orders WHERE id = $1',
    [id],
  );
  t.equal(order!.status, 'new', 'back to the shop to confirm');
  t.match(order!.payment, { id: 'cash', kind: 'cash' });
  t.same(await app.db.query(`SELECT status, note FROM order_status_history WHERE order_id = $1`, [id]), [
    { status: 'new', note: 'payment method changed to cash' },
  ]);
  const mails = await app.db.query<{ recipient: string; subject: string }>(
    `SELECT recipient, subject FROM outbox WHERE kind = 'order.payment-changed' AND text_body LIKE '%Наличными%'`,
  );
  t.equal(mails.length, 1, 'one notice to the shop');
  t.match(mails[0]!.subject, /способ оплаты изменён/);

  const after = await request({ url: `/cart/success/${number}`, as: visitor });
  t.equal(after.statusCode, 200, 'the success page, not sent back to the fail page by the old payment');
  t.same(hydrationData(after.body).loaderData['cart-order'].alternatives, [], 'nothing more to switch');
  const again = await app.submit({ path: `/cart/success/${number}`, fields: { intent: 'switch', method: 'cash' }, as: visitor, js: true });
  t.equal(again.json().results['cart-order'].status, 409, 'a switched order cannot switch again');
});

t.test('the invoice page: the shop’s requisites, the buyer, the lines and delivery, VAT; only for the order’s owner', async (t) => {
  const { id, number, visitor } = await placeOrder({ delivery: 240 });
  await app.db.query(
    `UPDATE orders SET customer_type = 'legal', company = 'ООО «Покупатель»', inn = '7707083893', kpp = '773601001',
            delivery = '{"label": "СДЭК: до пункта выдачи", "city": "Москва"}', delivery_cost = 240 WHERE id = $1`,
    [id],
  );
  const page = await request({ url: `/cart/invoice/${number}`, as: visitor });
  t.equal(page.statusCode, 200);
  const data = hydrationData(page.body).loaderData['cart-invoice'];
  t.equal(
    data.requisites.inn,
    app.services.sites.find('localhost')!.requisites!.inn,
    'the seller: the site’s requisites from the sites config',
  );
  t.same(data.vat, { rate: 20, amount: 166.67 }, 'vat_code 4: 20 % included in 1 000');
  for (const text of [
    'ООО «ТихоАвто»',
    '044525225',
    `Счёт на оплату № ${number}`,
    'Вибро Стандарт 2.2',
    'ООО «Покупатель», ИНН 7707083893, КПП 773601001',
    'СДЭК: до пункта выдачи',
  ])
    t.match(page.body, text);
  t.match(page.body, 'data-force-theme="light"');

  // A site without requisites: the invoice says the manager will send one.
  const site = app.services.sites.find('localhost')! as { requisites?: unknown };
  const saved = site.requisites;
  delete site.requisites;
  t.teardown(() => {
    site.requisites = saved;
  });
  t.match((await request({ url: `/cart/invoice/${number}`, as: visitor })).body, 'Реквизиты магазина ещё не указаны');

  const stranger = await request({ url: `/cart/invoice/${number}`, as: app.visitor() });
  t.equal(stranger.statusCode, 404, 'the cart guard: another visitor gets the 404 page');
  t.equal((await request({ url: '/cart/invoice/abc', as: visitor })).statusCode, 404);
});

t.test('a payment service composed without a logger still answers when the provider fails or the order does not add up', async (t) => {
  // services/index.ts passes its `log` option through; without one the service must not throw on a failure path.
  const quiet = new PaymentService(app.db, app.config.payments);

  const odd = await createOrder(app, { sessionId: app.visitor().sessionId, total: 999 });
  const refused = await quiet.start({
    orderId: odd,
    site: 'ru',
    orderNumber: `A-${odd}`,
    customer: { email: 'buyer@example.com' },
    returnUrl: `http://localhost/cart/success/${await orderNumber(app, odd)}`,
  });
  t.same(refused, { ok: false, reason: 'rejected' }, 'lines of 760 ₽ for a total of 999 ₽: no payment started');
  t.match(await paymentRows(odd), [{ status: 'canceled', provider_id: null, cancellation_reason: 'receipt_mismatch' }]);
  t.notOk(fake.forOrder(odd), 'the provider was never asked');

  const { id, number } = await placeOrder();
  const started = await quiet.start({
    orderId: id,
    site: 'ru',
    orderNumber: `A-${id}`,
    customer: { phone: '+7 900 000-00-00' },
    returnUrl: `http://localhost/cart/success/${number}`,
  });
  t.ok(started.ok, 'started');
  fake.mode.get = 'error500';
  t.teardown(() => {
    fake.mode.get = 'normal';
  });
  t.same(
    await quiet.forOrder(id, 'ru', { refresh: true }),
    { status: 'pending', reason: null, canPay: true },
    'the provider down: the page shows what is known and offers to pay',
  );
  fake.mode.get = 'normal';
});

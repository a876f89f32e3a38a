/**
 * Refunds from the back office (issue 21 item 2, decision 049) against the fake ЮKassa on 127.0.0.1: a part by lines,
 * then the rest; a double click (the same form key) refunds once; nothing is left to refund after; an order not paid
 * online has no refund; the shopper is mailed in the order's language; history and audit record it.
 */
import t from 'tap';
import { createOrder, orderNumber, startTestApp, type TestApp } from './helpers/app.ts';
import { fakeYooKassaEnv, startFakeYooKassa } from './helpers/fake-yookassa.ts';
import { staffMember, staffPost } from './helpers/staff.ts';

const fake = await startFakeYooKassa();
t.teardown(() => fake.close());
const app: TestApp = await startTestApp(t, fakeYooKassaEnv(fake));

/** An order of 2 × 380 paid online: started, paid at the fake, and the notification applied. */
async function paidOrder(): Promise<{ id: number; number: string; productId: number }> {
  const visitor = app.visitor();
  const id = await createOrder(app, { sessionId: visitor.sessionId, total: 760 });
  await app.db.query(`UPDATE orders SET customer_email = 'paid@example.ru', language = 'en' WHERE id = $1`, [id]);
  const number = await orderNumber(app, id);
  const started = await app.services.payments.start({
    orderId: id,
    site: 'ru',
    orderNumber: number,
    customer: { email: 'paid@example.ru', phone: '+7 900 000-00-00' },
    delivery: null,
    returnUrl: `http://localhost/cart/success/${number}`,
  });
  if (!started.ok) throw new Error(`payment not started: ${started.reason}`);
  const payment = fake.forOrder(id)!;
  fake.succeed(payment.id);
  const res = await app.request({
    method: 'POST',
    url: '/api/payments/yookassa',
    payload: { type: 'notification', event: 'payment.succeeded', object: { id: payment.id, status: 'succeeded' } },
  });
  if (res.statusCode !== 200) throw new Error(`notification: ${res.statusCode} ${res.body}`);
  const [line] = await app.db.query<{ product_id: number }>('SELECT product_id FROM order_items WHERE order_id = $1', [id]);
  return { id, number, productId: line!.product_id };
}

const keyOf = (html: string) => /name="key" value="([^"]+)"/.exec(html)?.[1];

t.test('a refund by lines, a double click, the rest, then nothing left', async (t) => {
  const manager = await staffMember(app, 'manager');
  const { id, number, productId } = await paidOrder();
  const page = await app.request({ url: `/staff/orders/${number}`, headers: { cookie: manager.cookie } });
  t.match(page.body, /Возврат денег/, 'a paid online order offers a refund');
  const key = keyOf(page.body)!;
  t.ok(key);

  const one = { key, scope: 'lines', [`qty_${productId}`]: '1' };
  const [first, second] = [
    await staffPost(app, manager, `/staff/orders/${number}/refund`, one),
    await staffPost(app, manager, `/staff/orders/${number}/refund`, one),
  ];
  t.match(first.headers.location, /notice=refunded/);
  t.match(second.headers.location, /notice=refunded/, 'the repeated click answers alike');
  t.equal(fake.refunds.size, 1, 'one refund at the provider');
  t.equal([...fake.refunds.values()][0]!.amount.value, '380.00', 'one line of two: its half');
  const rows = await app.db.query<{ amount: number; status: string }>(
    'SELECT amount::float8 AS amount, status FROM refunds WHERE order_id = $1',
    [id],
  );
  t.same(rows, [{ amount: 380, status: 'succeeded' }]);

  const more = await staffPost(app, manager, `/staff/orders/${number}/refund`, {
    key: crypto.randomUUID(),
    scope: 'lines',
    [`qty_${productId}`]: '3',
  });
  t.match(more.headers.location, /notice=refund_bad_lines/, 'more than was ordered');
  const rest = await staffPost(app, manager, `/staff/orders/${number}/refund`, { key: crypto.randomUUID(), scope: 'all' });
  t.match(rest.headers.location, /notice=refunded/);
  t.same(
    [...fake.refunds.values()].map((r) => r.amount.value),
    ['380.00', '380.00'],
    'the rest',
  );
  const none = await staffPost(app, manager, `/staff/orders/${number}/refund`, { key: crypto.randomUUID(), scope: 'all' });
  t.match(none.headers.location, /notice=refund_nothing_left/);
  t.equal(fake.refunds.size, 2, 'never more than was paid');

  const mails = await app.db.query<{ subject: string; language: string }>(
    `SELECT subject, language FROM outbox WHERE kind = 'order.refunded' AND recipient = 'paid@example.ru' ORDER BY id`,
  );
  t.equal(mails.length, 2, 'a mail per refund');
  t.equal(mails[0]!.language, 'en');
  t.match(mails[0]!.subject, /Refund/);
  const audit = await app.db.query(`SELECT 1 FROM staff_audit WHERE action = 'order.refund' AND entity_id = $1`, [number]);
  t.equal(audit.length, 2, 'audited');
  const history = await app.db.query<{ note: string }>(
    `SELECT note FROM order_status_history WHERE order_id = $1 AND note LIKE 'refund%'`,
    [id],
  );
  t.equal(history.length, 2, 'in the order’s history');
});

t.test('an order not paid online has no refund', async (t) => {
  const manager = await staffMember(app, 'manager');
  const id = await createOrder(app, {});
  const number = await orderNumber(app, id);
  const page = await app.request({ url: `/staff/orders/${number}`, headers: { cookie: manager.cookie } });
  t.notMatch(page.body, /Возврат денег/);
  const tried = await staffPost(app, manager, `/staff/orders/${number}/refund`, { key: crypto.randomUUID(), scope: 'all' });
  t.match(tried.headers.location, /notice=refund_not_paid_online/);
  const badKey = await staffPost(app, manager, `/staff/orders/${number}/refund`, { key: 'x', scope: 'all' });
  t.equal(badKey.statusCode, 400, 'a key that is not a UUID is named');
});

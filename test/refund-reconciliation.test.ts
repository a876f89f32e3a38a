/**
 * Refunds whose answer never came, or that the provider finishes later, are reconciled by housekeeping (decision 049,
 * server/checkout/payments/refunds.ts reconcileRefunds) against the fake ЮKassa on 127.0.0.1: a lost answer is asked
 * again with the refund's own Idempotence-Key (one refund at the provider, never two), a refund the provider called
 * 'pending' is read by id until it ends; a success is recorded, audited in the name of the member who asked, and
 * mailed once, however many pods reconcile at once; a cancelled one frees the amount.
 */
import t from 'tap';
import { createOrder, orderNumber, startTestApp, type TestApp } from './helpers/app.ts';
import { fakeYooKassaEnv, startFakeYooKassa } from './helpers/fake-yookassa.ts';
import { staffMember, staffPost } from './helpers/staff.ts';

const fake = await startFakeYooKassa();
t.teardown(() => fake.close());
const app: TestApp = await startTestApp(t, fakeYooKassaEnv(fake));
const manager = await staffMember(app, 'manager');

async function paidOrder(email: string): Promise<{ id: number; number: string }> {
  const visitor = app.visitor();
  const id = await createOrder(app, { sessionId: visitor.sessionId, total: 760 });
  await app.db.query(`UPDATE orders SET customer_email = $2, language = 'ru' WHERE id = $1`, [id, email]);
  const number = await orderNumber(app, id);
  const started = await app.services.payments.start({
    orderId: id,
    site: 'ru',
    orderNumber: number,
    customer: { email, phone: '+7 900 000-00-00' },
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
  return { id, number };
}

const reconcile = () => app.services.payments.reconcileRefunds({ mail: app.services.mail, siteById: (id) => app.services.sites.byId(id) });
/** Housekeeping leaves a refund alone for a couple of minutes (its own call may still be under way): age it. */
const age = (orderId: number) =>
  app.db.query(`UPDATE refunds SET created_at = now() - interval '10 minutes' WHERE order_id = $1`, [orderId]);
const rowsOf = (orderId: number) =>
  app.db.query<{ status: string; provider_id: string | null }>('SELECT status, provider_id FROM refunds WHERE order_id = $1 ORDER BY id', [
    orderId,
  ]);
const mailsTo = async (email: string) =>
  (await app.db.query(`SELECT id FROM outbox WHERE kind = 'order.refunded' AND recipient = $1`, [email])).length;
const refundsAtProvider = (paymentOrderId: number) => {
  const payment = fake.forOrder(paymentOrderId)!;
  return [...fake.refunds.values()].filter((r) => r.paymentId === payment.id);
};

t.test('a lost answer: the refund is asked again with its own key, made once, recorded and mailed once', async (t) => {
  const { id, number } = await paidOrder('lost@example.ru');
  fake.mode.refund = 'lost';
  const res = await staffPost(app, manager, `/staff/orders/${number}/refund`, { key: crypto.randomUUID(), scope: 'all' });
  fake.mode.refund = 'normal';
  t.match(res.headers.location, /notice=refund_provider/, 'the desk says the provider did not answer');
  t.same(await rowsOf(id), [{ status: 'pending', provider_id: null }], 'the row waits, pending');
  t.equal(refundsAtProvider(id).length, 1, 'the provider made it all the same');

  t.equal(await reconcile(), 0, 'a fresh pending refund is left to its own call');
  await age(id);
  t.equal(await reconcile(), 1, 'housekeeping finishes it');
  const [row] = await rowsOf(id);
  t.equal(row!.status, 'succeeded');
  t.equal(row!.provider_id, refundsAtProvider(id)[0]!.id, 'the refund the first call made');
  t.equal(refundsAtProvider(id).length, 1, 'asked again with the same key: still one refund at the provider');
  t.equal(await mailsTo('lost@example.ru'), 1, 'the buyer is told');
  const audit = await app.db.query<{ staff_email: string; after: { via?: string } }>(
    `SELECT staff_email, after FROM staff_audit WHERE action = 'order.refund' AND entity_id = $1`,
    [number],
  );
  t.same(
    audit.map((a) => [a.staff_email, a.after.via]),
    [[manager.email, 'reconciliation']],
    'audited in the name of the member who asked, marked as reconciled',
  );
  const history = await app.db.query(`SELECT note FROM order_status_history WHERE order_id = $1 AND note LIKE 'refund %'`, [id]);
  t.equal(history.length, 1, 'one history row');

  t.equal(await reconcile(), 0, 'nothing left to reconcile');
  t.equal(await mailsTo('lost@example.ru'), 1, 'and no second mail');
});

t.test("the provider's 'pending': read by id until it ends", async (t) => {
  const { id, number } = await paidOrder('pending@example.ru');
  fake.mode.refund = 'pending';
  const res = await staffPost(app, manager, `/staff/orders/${number}/refund`, { key: crypto.randomUUID(), scope: 'all' });
  fake.mode.refund = 'normal';
  t.match(res.headers.location, /notice=refund_pending/, 'the desk says it is under way, not done');
  const page = await app.request({ url: `/staff/orders/${number}?notice=refund_pending`, headers: { cookie: manager.cookie } });
  t.match(page.body, /проводит его/, 'in words');
  const [made] = refundsAtProvider(id);
  t.same(await rowsOf(id), [{ status: 'pending', provider_id: made!.id }], 'pending, with the provider id');
  await age(id);
  t.equal(await reconcile(), 0, 'still pending at the provider: nothing finished');
  t.equal(await mailsTo('pending@example.ru'), 0, 'nobody told yet');
  const asked = fake.requests.filter((r) => r.method === 'GET' && r.path === `/v3/refunds/${made!.id}`).length;
  t.equal(asked, 1, 'read by id, not made again');

  fake.settleRefund(made!.id);
  // Two pods' housekeeping at once: the row finishes once.
  const [a, b] = await Promise.all([reconcile(), reconcile()]);
  t.equal(a + b, 1, 'one of them finishes it');
  t.same(await rowsOf(id), [{ status: 'succeeded', provider_id: made!.id }]);
  t.equal(await mailsTo('pending@example.ru'), 1, 'one mail');
});

t.test('a refund the provider cancels frees the amount; a provider still down waits for the next run', async (t) => {
  const { id, number } = await paidOrder('cancel@example.ru');
  fake.mode.refund = 'pending';
  await staffPost(app, manager, `/staff/orders/${number}/refund`, { key: crypto.randomUUID(), scope: 'all' });
  fake.mode.refund = 'normal';
  const [made] = refundsAtProvider(id);
  fake.settleRefund(made!.id, 'canceled');
  await age(id);
  t.equal(await reconcile(), 1);
  t.same(await rowsOf(id), [{ status: 'canceled', provider_id: made!.id }], 'cancelled');
  t.equal(await mailsTo('cancel@example.ru'), 0, 'no refund mail for a refund that did not happen');

  // The amount is free again: a new refund, its answer lost while the provider is down entirely.
  fake.mode.refund = 'down';
  const again = await staffPost(app, manager, `/staff/orders/${number}/refund`, { key: crypto.randomUUID(), scope: 'all' });
  t.match(again.headers.location, /notice=refund_provider/);
  await age(id);
  t.equal(await reconcile(), 0, 'the provider is still down: the row waits');
  t.equal((await rowsOf(id))[1]!.status, 'pending');
  fake.mode.refund = 'normal';
  t.equal(await reconcile(), 1, 'up again: made now, with the same key');
  t.equal((await rowsOf(id))[1]!.status, 'succeeded');
  t.equal(await mailsTo('cancel@example.ru'), 1);
});

t.test('a late failure of the first call never undoes what reconciliation finished', async (t) => {
  const { id, number } = await paidOrder('late@example.ru');
  fake.mode.refund = 'lost';
  fake.mode.lostAfterMs = 1500;
  // The desk's call: the provider makes the refund at once, its (failed) answer comes 1.5 s later.
  const desk = staffPost(app, manager, `/staff/orders/${number}/refund`, { key: crypto.randomUUID(), scope: 'all' });
  await t.resolves(async () => {
    while (refundsAtProvider(id).length === 0) await new Promise((r) => setTimeout(r, 20));
  });
  // Meanwhile housekeeping (another pod) finishes it: the same key answers with the refund made.
  await age(id);
  t.equal(await reconcile(), 1, 'reconciled while the first call still waits');
  t.equal((await rowsOf(id))[0]!.status, 'succeeded');
  const res = await desk;
  fake.mode.refund = 'normal';
  fake.mode.lostAfterMs = 0;
  t.match(res.headers.location, /notice=refund_provider/, 'the first call reports its own failure');
  t.equal((await rowsOf(id))[0]!.status, 'succeeded', 'and leaves the finished row as it is');
  await age(id);
  t.equal(await reconcile(), 0, 'nothing to reconcile again');
  t.equal(await mailsTo('late@example.ru'), 1, 'one mail');
});

t.test("past the provider's memory of the key (24 h) a lost refund is not sent again: a person checks it", async (t) => {
  const { id, number } = await paidOrder('stale@example.ru');
  fake.mode.refund = 'down';
  const key = crypto.randomUUID();
  await staffPost(app, manager, `/staff/orders/${number}/refund`, { key, scope: 'all' });
  fake.mode.refund = 'normal';
  await app.db.query(`UPDATE refunds SET created_at = now() - interval '23 hours 30 minutes' WHERE order_id = $1`, [id]);
  t.equal(await reconcile(), 0, 'not sent again');
  t.equal(refundsAtProvider(id).length, 0, 'nothing made at the provider');
  const [row] = await app.db.query<{ status: string; failure: string }>('SELECT status, failure FROM refunds WHERE order_id = $1', [id]);
  t.equal(row!.status, 'pending', 'its amount stays held');
  t.match(row!.failure, /check this refund/, 'with a note for a person');
  const retry = await staffPost(app, manager, `/staff/orders/${number}/refund`, { key, scope: 'all' });
  t.match(retry.headers.location, /notice=refund_key_expired/, 'the desk will not send it again either');
  t.equal(refundsAtProvider(id).length, 0);
  const page = await app.request({ url: `/staff/orders/${number}?notice=refund_key_expired`, headers: { cookie: manager.cookie } });
  t.match(page.body, /личном кабинете ЮKassa/, 'and says what to do');
});

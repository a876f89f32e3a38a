/**
 * A refund stuck past the provider's memory of its key (decision 049, refunds.ts settleRefundByHand) is ended by a
 * person from the order page: «Возврат проведён вручную» records it as a provider's success would (history, audit
 * marked manual with the note, the buyer's mail once); «Возврат не состоялся» frees its amount. A double click closes
 * it once; a refund the provider still has is refused (409, named); another site's member is refused; a note is
 * required.
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

/** A paid order whose refund got no answer (the provider down), aged past the key's lifetime unless `fresh`. */
async function stuckRefund(email: string, fresh = false): Promise<{ id: number; number: string; refundId: number }> {
  const order = await paidOrder(email);
  fake.mode.refund = 'down';
  await staffPost(app, manager, `/staff/orders/${order.number}/refund`, { key: crypto.randomUUID(), scope: 'all' });
  fake.mode.refund = 'normal';
  if (!fresh) await app.db.query(`UPDATE refunds SET created_at = now() - interval '25 hours' WHERE order_id = $1`, [order.id]);
  const [row] = await app.db.query<{ id: number; status: string }>('SELECT id, status FROM refunds WHERE order_id = $1', [order.id]);
  if (row?.status !== 'pending') throw new Error(`expected a pending refund, got ${row?.status}`);
  return { ...order, refundId: row.id };
}

const manual = (number: string, refundId: number, fields: Record<string, string>, agent = manager) =>
  staffPost(app, agent, `/staff/orders/${number}/refunds/${refundId}/manual`, fields);
const refundRow = async (id: number) =>
  (await app.db.query<{ status: string; failure: string | null }>('SELECT status, failure FROM refunds WHERE id = $1', [id]))[0];
const mailsTo = async (email: string) =>
  (await app.db.query(`SELECT id FROM outbox WHERE kind = 'order.refunded' AND recipient = $1`, [email])).length;
const auditsOf = (number: string) =>
  app.db.query<{ action: string; staff_email: string; after: Record<string, unknown> }>(
    `SELECT action, staff_email, after FROM staff_audit WHERE entity_id = $1 AND action LIKE 'order.refund%' ORDER BY id`,
    [number],
  );
const orderPage = (number: string, agent = manager) => app.request({ url: `/staff/orders/${number}`, headers: { cookie: agent.cookie } });

t.test('settled by hand: recorded as a success, the buyer told once, audited with the note', async (t) => {
  const owner = await staffMember(app, 'owner');
  const { id, number, refundId } = await stuckRefund('hand@example.ru');
  const page = await orderPage(number, owner);
  t.match(page.body, 'Возврат проведён вручную', 'the page offers both actions');
  t.match(page.body, 'Возврат не состоялся');
  t.match(page.body, `action="/staff/orders/${number}/refunds/${refundId}/manual"`);

  const res = await manual(number, refundId, { outcome: 'succeeded', note: 'Проверила в ЮKassa: возврат 760 ₽ проведён 12.11' }, owner);
  t.equal(res.statusCode, 303);
  t.match(res.headers.location, /notice=refund_manual_succeeded/);
  const after = await app.request({ url: res.headers.location as string, headers: { cookie: owner.cookie } });
  t.equal(after.statusCode, 200);
  t.match(after.body, 'отмечен проведённым вручную', 'the notice');
  t.notMatch(after.body, 'Возврат проведён вручную', 'no buttons for a closed refund');
  t.equal((await refundRow(refundId))!.status, 'succeeded');
  t.equal(await mailsTo('hand@example.ru'), 1, 'the buyer is told, like a provider success');
  const audit = await auditsOf(number);
  t.same(
    audit.map((a) => [a.action, a.staff_email, a.after.via, a.after.note, a.after.status]),
    [['order.refund', owner.email, 'manual', 'Проверила в ЮKassa: возврат 760 ₽ проведён 12.11', 'succeeded']],
    'one audit row naming the member, marked manual, with the note',
  );
  const history = await app.db.query<{ note: string }>(
    `SELECT note FROM order_status_history WHERE order_id = $1 AND note LIKE 'refund %'`,
    [id],
  );
  t.equal(history.length, 1);
  t.match(history[0]!.note, /settled by hand: Проверила/);
  // The amount counts as refunded: nothing is left to give back.
  const more = await staffPost(app, manager, `/staff/orders/${number}/refund`, { key: crypto.randomUUID(), scope: 'all' });
  t.match(more.headers.location, /notice=refund_nothing_left/);
});

t.test('not settled: the amount is free for a new refund, audited, no mail', async (t) => {
  const { number, refundId } = await stuckRefund('failed@example.ru');
  const res = await manual(number, refundId, { outcome: 'failed', note: 'В ЮKassa возврата нет — Иванов' });
  t.equal(res.statusCode, 303);
  t.match(res.headers.location, /notice=refund_manual_failed/);
  const row = (await refundRow(refundId))!;
  t.equal(row.status, 'failed');
  t.match(row.failure, 'В ЮKassa возврата нет — Иванов', 'the note on the refund');
  t.equal(await mailsTo('failed@example.ru'), 0, 'nobody told of a refund that did not happen');
  const audit = await auditsOf(number);
  t.same(
    audit.map((a) => [a.action, a.staff_email, a.after.status, a.after.via, a.after.note]),
    [['order.refund_failed', manager.email, 'failed', 'manual', 'В ЮKassa возврата нет — Иванов']],
  );
  const again = await staffPost(app, manager, `/staff/orders/${number}/refund`, { key: crypto.randomUUID(), scope: 'all' });
  t.match(again.headers.location, /notice=refunded/, 'the amount can be refunded again');
  t.equal(await mailsTo('failed@example.ru'), 1);
});

t.test('a double submit closes it once: one mail, one audit row, a clear notice for the second', async (t) => {
  const { number, refundId } = await stuckRefund('double@example.ru');
  const fields = { outcome: 'succeeded', note: 'Проверено' };
  const [a, b] = await Promise.all([manual(number, refundId, fields), manual(number, refundId, fields)]);
  t.same([a.statusCode, b.statusCode].sort(), [303, 409], 'one closes it, the other is refused');
  const refused = a.statusCode === 409 ? a : b;
  t.match(refused.body, 'уже закрыт', 'the second click is told why');
  const third = await manual(number, refundId, { outcome: 'failed', note: 'Поздно' });
  t.equal(third.statusCode, 409, 'a later click of the other button too');
  t.equal((await refundRow(refundId))!.status, 'succeeded', 'as the first click left it');
  t.equal(await mailsTo('double@example.ru'), 1, 'one mail');
  t.equal((await auditsOf(number)).length, 1, 'one audit row');
});

t.test('a refund the provider may still answer is refused (409, named), and offers no buttons', async (t) => {
  const { number, refundId } = await stuckRefund('fresh@example.ru', true);
  t.notMatch((await orderPage(number)).body, 'Возврат проведён вручную', 'no buttons while housekeeping still asks');
  const res = await manual(number, refundId, { outcome: 'succeeded', note: 'Рано' });
  t.equal(res.statusCode, 409);
  t.match(res.body, 'ещё проводит платёжная система');
  t.equal((await refundRow(refundId))!.status, 'pending', 'unchanged');
  t.equal(await mailsTo('fresh@example.ru'), 0);
  t.equal((await auditsOf(number)).length, 0);

  // Known to the provider by id: housekeeping reads it, however old.
  await app.db.query(`UPDATE refunds SET created_at = now() - interval '3 days', provider_id = 'rf-known' WHERE id = $1`, [refundId]);
  t.equal((await manual(number, refundId, { outcome: 'failed', note: 'x' })).statusCode, 409);
  t.equal((await refundRow(refundId))!.status, 'pending');
});

t.test("another site's member, another order's refund, another role: refused", async (t) => {
  const { number, refundId } = await stuckRefund('scope@example.ru');
  const kazakh = await staffMember(app, 'manager', ['kz']);
  t.equal((await orderPage(number, kazakh)).statusCode, 404, 'a ru order is not found for a kz member');
  t.equal((await manual(number, refundId, { outcome: 'succeeded', note: 'x' }, kazakh)).statusCode, 403);
  const content = await staffMember(app, 'content');
  t.equal((await manual(number, refundId, { outcome: 'succeeded', note: 'x' }, content)).statusCode, 403, 'a content member');
  const other = await paidOrder('other@example.ru');
  t.equal((await manual(other.number, refundId, { outcome: 'succeeded', note: 'x' })).statusCode, 404, "under another order's number");
  t.equal((await manual(number, 999_999, { outcome: 'succeeded', note: 'x' })).statusCode, 404, 'no such refund');
  t.equal((await refundRow(refundId))!.status, 'pending', 'unchanged');
  t.equal(await mailsTo('scope@example.ru'), 0);
});

t.test('a note is required (≤ 500 characters), and so is the token', async (t) => {
  const { number, refundId } = await stuckRefund('note@example.ru');
  t.equal((await manual(number, refundId, { outcome: 'succeeded' })).statusCode, 400, 'no note');
  t.equal((await manual(number, refundId, { outcome: 'succeeded', note: '   ' })).statusCode, 400, 'a blank note');
  t.equal((await manual(number, refundId, { outcome: 'succeeded', note: 'я'.repeat(501) })).statusCode, 400, 'too long');
  t.equal((await manual(number, refundId, { outcome: 'maybe', note: 'x' })).statusCode, 400, 'an unknown outcome');
  const forged = await staffPost(
    app,
    manager,
    `/staff/orders/${number}/refunds/${refundId}/manual`,
    { outcome: 'succeeded', note: 'x' },
    'forged',
  );
  t.ok(forged.statusCode >= 400 && forged.statusCode < 500, `a wrong token: ${forged.statusCode}`);
  t.equal((await refundRow(refundId))!.status, 'pending', 'unchanged');
  t.equal((await auditsOf(number)).length, 0);
});

/**
 * A stuck refund settled by hand under races (refunds.ts settleRefundByHand, decision 049), over two pods on one
 * PostgreSQL database: two staff members, each on their own pod, click «Возврат проведён вручную» / «Возврат не
 * состоялся» on the same stuck refund many times at once. Exactly one click ends it — the refund row ends succeeded or
 * failed as that click said, with one audit row in that member's name, one history row and one buyer's mail when it
 * succeeded (none when it failed) — every other click is refused with 409 (never a 500), and what the order has given
 * back or still holds is the winner's: the whole payment when it succeeded, nothing when it failed (a new refund may
 * then take the whole of it again).
 *
 * What it relies on: settleRefundByHand reads the refund row `FOR UPDATE` and checks `status = 'pending'` after the
 * lock, so a click that waits finds the row closed ('already_closed' → 409). Without the lock (a check-then-write) two
 * clicks both read 'pending': two 303s, two audit rows, and a failed outcome written over a success (or the reverse) —
 * each assertion below then fails.
 */
import t from 'tap';
import { Agent, request } from 'undici';
import type { TestApp } from '../helpers/app.ts';
import { fakeYooKassaEnv, startFakeYooKassa } from '../helpers/fake-yookassa.ts';
import { type StaffAgent, staffMember } from '../helpers/staff.ts';
import { hammer, type Pods, postgresOnly, startPods } from './pods.ts';

const ROUNDS = 6;
const CLICKS = 12;
const TOTAL = 760;

const agent = new Agent({ connections: null, pipelining: 1 });

/** The shape staffMember() needs (a TestApp), over pod 0: sign-in goes through fastify.inject, the rows through the test's own connection. */
function signInApp(pods: Pods): TestApp {
  const pod = pods.pods[0]!;
  return {
    ...pod.app,
    db: pods.db,
    request: ({ host, headers, ...options }: Parameters<TestApp['request']>[0]) =>
      pod.app.fastify.inject({ ...options, headers: { host: host ?? 'localhost', ...headers } }),
  } as unknown as TestApp;
}

/** A staff form post over real HTTP to pod `i % 2` (urlencoded, as the browser sends it). */
async function staffPostTo(pods: Pods, i: number, member: StaffAgent, path: string, fields: Record<string, string>) {
  const pod = pods.pods[i % pods.pods.length]!;
  const body = new URLSearchParams({ _token: member.token, ...fields });
  const res = await request(pod.url + path, {
    method: 'POST',
    dispatcher: agent,
    headers: { host: 'localhost', cookie: member.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
  });
  return { status: res.statusCode, location: res.headers.location as string | undefined, body: await res.body.text() };
}

t.test('parallel manual settlements of one stuck refund: one wins, the rest are 409', { skip: postgresOnly }, async (t) => {
  const fake = await startFakeYooKassa();
  t.teardown(() => fake.close());
  const pods = await startPods(t, 2, fakeYooKassaEnv(fake));
  t.teardown(() => agent.close());
  const services = pods.pods[0]!.app.services;
  const app = signInApp(pods);
  const members = [await staffMember(app, 'manager'), await staffMember(app, 'manager')];

  async function paidOrder(email: string): Promise<{ id: number; number: string }> {
    const [order] = await pods.db.query<{ id: number; number: string }>(
      `INSERT INTO orders (site, currency, total, customer_email, language) VALUES ('ru', 'RUB', $1, $2, 'ru') RETURNING id, number`,
      [TOTAL, email],
    );
    const [product] = await pods.db.query<{ id: number }>('SELECT id FROM products ORDER BY id LIMIT 1');
    await pods.db.query(`INSERT INTO order_items (order_id, product_id, title, price, quantity) VALUES ($1, $2, 'Вибро', 380, 2)`, [
      order!.id,
      product!.id,
    ]);
    const started = await services.payments.start({
      orderId: order!.id,
      site: 'ru',
      orderNumber: order!.number,
      customer: { email },
      delivery: null,
      returnUrl: `http://localhost/cart/success/${order!.number}`,
    });
    if (!started.ok) throw new Error(started.reason);
    fake.succeed(fake.forOrder(order!.id)!.id);
    await services.payments.notification(fake.forOrder(order!.id)!.id);
    return order!;
  }
  const deps = { mail: services.mail, siteById: (id: string) => services.sites.byId(id) };

  /** A paid order whose refund got no answer (the provider down), aged past the key's lifetime: only a person can end it. */
  async function stuckRefund(email: string) {
    const order = await paidOrder(email);
    fake.mode.refund = 'down';
    const tried = await services.payments.refund(
      { orderNumber: order.number, key: crypto.randomUUID(), lines: null },
      { id: members[0]!.id, email: members[0]!.email, scope: null },
      deps,
    );
    fake.mode.refund = 'normal';
    if (tried.ok) throw new Error('the refund should have got no answer');
    await pods.db.query(`UPDATE refunds SET created_at = now() - interval '25 hours' WHERE order_id = $1`, [order.id]);
    const [row] = await pods.db.query<{ id: number; status: string; provider_id: string | null }>(
      'SELECT id, status, provider_id FROM refunds WHERE order_id = $1',
      [order.id],
    );
    if (row?.status !== 'pending' || row.provider_id !== null) throw new Error(`expected a stuck refund, got ${JSON.stringify(row)}`);
    return { ...order, refundId: row.id };
  }

  const wins = { succeeded: 0, failed: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    const email = `manual${round}@example.ru`;
    const { id, number, refundId } = await stuckRefund(email);
    // Click i goes to pod i % 2; on alternate rounds the members swap pods. Member 0 always says "succeeded"; member 1
    // says "failed" on clicks 0, 1, 4, 5, 8, 9 and "succeeded" on the others — so either outcome can win a round.
    const clickOf = (i: number) => {
      const member = (i + round) % 2;
      const outcome = member === 0 || Math.floor(i / 2) % 2 === 1 ? 'succeeded' : 'failed';
      return { member, outcome };
    };
    const answers = await hammer(CLICKS, (i) => {
      const { member, outcome } = clickOf(i);
      return staffPostTo(pods, i, members[member]!, `/staff/orders/${number}/refunds/${refundId}/manual`, {
        outcome,
        note: `Проверено в ЮKassa, клик ${i}`,
      });
    });
    const statuses = answers.map((a) => a.status);
    t.notOk(
      statuses.some((s) => s >= 500),
      `round ${round}: no 500 (${statuses.join(' ')})`,
    );
    const won = answers.flatMap((a, i) => (a.status === 303 ? [i] : []));
    t.equal(won.length, 1, `round ${round}: exactly one click settles it`);
    t.equal(statuses.filter((s) => s === 409).length, CLICKS - 1, `round ${round}: every other click is 409`);
    t.ok(
      answers.every((a) => a.status !== 409 || a.body.includes('уже закрыт')),
      `round ${round}: the losers are told it is closed already`,
    );
    const winner = won[0] ?? 0;
    const { member, outcome } = clickOf(winner);
    t.equal(answers[winner]?.location, `/staff/orders/${number}?notice=refund_manual_${outcome}`, `round ${round}: the winner's notice`);
    wins[outcome as 'succeeded' | 'failed'] += 1;

    const [row] = await pods.db.query<{ status: string; failure: string | null }>('SELECT status, failure FROM refunds WHERE id = $1', [
      refundId,
    ]);
    t.equal(row!.status, outcome, `round ${round}: the refund ended ${outcome}, as the winning click said`);
    if (outcome === 'failed') t.match(row!.failure, `клик ${winner}`, `round ${round}: with the winner's note`);

    const audits = await pods.db.query<{ action: string; staff_email: string; after: Record<string, unknown> }>(
      `SELECT action, staff_email, after FROM staff_audit WHERE entity_id = $1 AND action LIKE 'order.refund%' ORDER BY id`,
      [number],
    );
    t.same(
      audits.map((a) => [a.action, a.staff_email, a.after.via, a.after.note]),
      [
        [
          outcome === 'succeeded' ? 'order.refund' : 'order.refund_failed',
          members[member]!.email,
          'manual',
          `Проверено в ЮKassa, клик ${winner}`,
        ],
      ],
      `round ${round}: one audit row, the winner's`,
    );
    const [{ mails }] = (await pods.db.query<{ mails: number }>(
      `SELECT count(*)::int AS mails FROM outbox WHERE kind = 'order.refunded' AND recipient = $1`,
      [email],
    )) as [{ mails: number }];
    t.equal(mails, outcome === 'succeeded' ? 1 : 0, `round ${round}: the buyer is told once of a success, never of a failure`);
    const [{ history }] = (await pods.db.query<{ history: number }>(
      `SELECT count(*)::int AS history FROM order_status_history WHERE order_id = $1 AND note LIKE 'refund %'`,
      [id],
    )) as [{ history: number }];
    t.equal(history, outcome === 'succeeded' ? 1 : 0, `round ${round}: one history row for a success`);

    // What the order has given back (succeeded) and still holds (pending or succeeded), as refundOrder counts it.
    const [sums] = await pods.db.query<{ refunded: number; held: number; pending: number }>(
      `SELECT coalesce(sum(amount) FILTER (WHERE status = 'succeeded'), 0)::float8 AS refunded,
              coalesce(sum(amount) FILTER (WHERE status IN ('pending', 'succeeded')), 0)::float8 AS held,
              count(*) FILTER (WHERE status = 'pending')::int AS pending
         FROM refunds WHERE order_id = $1`,
      [id],
    );
    const given = outcome === 'succeeded' ? TOTAL : 0;
    t.same(sums, { refunded: given, held: given, pending: 0 }, `round ${round}: the order's sums are the winner's`);
    // And the desk agrees: after a success nothing is left; after a failure the whole payment can be refunded again.
    const again = await services.payments.refund(
      { orderNumber: number, key: crypto.randomUUID(), lines: null },
      { id: members[1]!.id, email: members[1]!.email, scope: null },
      deps,
    );
    if (outcome === 'succeeded') t.same(again, { ok: false, reason: 'nothing_left' }, `round ${round}: nothing left to refund`);
    else t.match(again, { ok: true, amount: TOTAL }, `round ${round}: the whole amount free again`);
  }
  t.comment(`winners: ${wins.succeeded} succeeded, ${wins.failed} failed`);
});

/**
 * One payment, many notifications at once (docs/decisions/024-payments.md): two pods on one PostgreSQL database get
 * parallel webhooks for the same succeeded payment while both also record the provider's answer directly (as the
 * result page does, past the per-payment check interval). Exactly one of them records the transition and moves the
 * order to 'paid'; every other one finds it done.
 */
import t from 'tap';
import { YooKassaClient } from '../../server/checkout/payments/yookassa.ts';
import { loadConfig } from '../../server/platform/config.ts';
import { fakeYooKassaEnv, startFakeYooKassa } from '../helpers/fake-yookassa.ts';
import { hammer, postgresOnly, startPods } from './pods.ts';

t.test('parallel notifications and status checks for one payment: exactly one transition', { skip: postgresOnly }, async (t) => {
  const fake = await startFakeYooKassa();
  t.teardown(() => fake.close());
  const env = fakeYooKassaEnv(fake);
  const pods = await startPods(t, 2, env);
  const [product] = await pods.db.query<{ id: number }>('SELECT id FROM products ORDER BY id LIMIT 1');
  const rounds = 5;
  const n = 24;
  for (let round = 0; round < rounds; round++) {
    const [order] = await pods.db.query<{ id: number; number: string }>(
      `INSERT INTO orders (site, currency, total) VALUES ('ru', 'RUB', 760) RETURNING id, number`,
    );
    await pods.db.query(`INSERT INTO order_items (order_id, product_id, title, price, quantity) VALUES ($1, $2, 'Вибро', 380, 2)`, [
      order!.id,
      product!.id,
    ]);
    const started = await pods.pods[0]!.app.services.payments.start({
      orderId: order!.id,
      site: 'ru',
      orderNumber: order!.number,
      customer: { email: 'b@example.com' },
      returnUrl: `http://localhost/cart/success/${order!.number}`,
    });
    t.ok(started.ok, 'payment started');
    const remote = fake.forOrder(order!.id)!;
    fake.succeed(remote.id);
    const [row] = await pods.db.query<{ id: number }>('SELECT id FROM payments WHERE provider_id = $1', [remote.id]);
    const client = new YooKassaClient({ apiUrl: fake.url, timeoutMs: 2000 });
    const shop = loadConfig({ NODE_ENV: 'test', ...env }).payments.shops.ru!;
    const answer = await client.getPayment(shop.credentials, remote.id);

    const results = await hammer(n, async (i) => {
      const pod = pods.pods[i % 2]!;
      if (i % 3 === 0) {
        const res = await fetch(`${pod.url}/api/payments/yookassa`, {
          method: 'POST',
          headers: { host: 'localhost', 'content-type': 'application/json' },
          body: JSON.stringify({ type: 'notification', event: 'payment.succeeded', object: { id: remote.id } }),
        });
        const body = await res.json();
        return res.status === 200 && body.changed === true ? 'changed' : `http ${res.status}`;
      }
      const outcome = await pod.app.services.payments.apply(row!.id, answer);
      if (outcome.kind !== 'changed') return outcome.kind;
      return outcome.orderPaid ? 'changed' : 'changed, order not paid';
    });
    const counts: Record<string, number> = {};
    for (const r of results) counts[r] = (counts[r] ?? 0) + 1;
    t.equal(counts.changed, 1, `round ${round}: exactly one transition (${JSON.stringify(counts)})`);
    t.notOk(
      results.some((r) => r !== 'changed' && r !== 'unchanged' && r !== 'http 200' && r !== 'http 429'),
      'the others found it done, or were told to come back later',
    );
    const [state] = await pods.db.query<{ order: string; payment: string }>(
      'SELECT o.status AS order, p.status AS payment FROM orders o JOIN payments p ON p.order_id = o.id WHERE o.id = $1',
      [order!.id],
    );
    t.same(state, { order: 'paid', payment: 'succeeded' });
  }
});

/**
 * Refunds under races (decision 049), over three pods on one PostgreSQL database and the fake ЮKassa: members clicking
 * "refund everything" on the same paid order at once (different forms) give back the payment once; the same form
 * submitted many times at once is one refund at the provider.
 */
import { randomUUID } from 'node:crypto';
import t from 'tap';
import { fakeYooKassaEnv, startFakeYooKassa } from '../helpers/fake-yookassa.ts';
import { hammer, postgresOnly, startPods } from './pods.ts';

t.test('parallel refunds never give back more than was paid', { skip: postgresOnly }, async (t) => {
  const fake = await startFakeYooKassa();
  t.teardown(() => fake.close());
  const pods = await startPods(t, 3, fakeYooKassaEnv(fake));
  const services = (i: number) => pods.pods[i % pods.pods.length]!.app.services;

  async function paidOrder(): Promise<{ id: number; number: string }> {
    const [order] = await pods.db.query<{ id: number; number: string }>(
      `INSERT INTO orders (site, currency, total, customer_email) VALUES ('ru', 'RUB', 760, 'race@example.ru') RETURNING id, number`,
    );
    const [product] = await pods.db.query<{ id: number }>('SELECT id FROM products ORDER BY id LIMIT 1');
    await pods.db.query(`INSERT INTO order_items (order_id, product_id, title, price, quantity) VALUES ($1, $2, 'Вибро', 380, 2)`, [
      order!.id,
      product!.id,
    ]);
    const started = await services(0).payments.start({
      orderId: order!.id,
      site: 'ru',
      orderNumber: order!.number,
      customer: { email: 'race@example.ru' },
      delivery: null,
      returnUrl: `http://localhost/cart/success/${order!.number}`,
    });
    if (!started.ok) throw new Error(started.reason);
    fake.succeed(fake.forOrder(order!.id)!.id);
    await services(0).payments.notification(fake.forOrder(order!.id)!.id);
    return order!;
  }
  const actor = { id: null, email: 'race@staff.example', scope: null };
  const deps = (i: number) => ({ mail: services(i).mail, siteById: (id: string) => services(i).sites.byId(id) });

  const a = await paidOrder();
  const many = await hammer(12, (i) =>
    services(i).payments.refund({ orderNumber: a.number, key: randomUUID(), lines: null }, actor, deps(i)),
  );
  t.equal(many.filter((r) => r.ok).length, 1, 'one refund of everything');
  t.ok(
    many.every((r) => r.ok || r.reason === 'nothing_left'),
    'the others: nothing left',
  );
  const refunded = [...fake.refunds.values()].filter((r) => r.paymentId === fake.forOrder(a.id)!.id);
  t.same(
    refunded.map((r) => r.amount.value),
    ['760.00'],
  );

  const b = await paidOrder();
  const key = randomUUID();
  const same = await hammer(8, (i) => services(i).payments.refund({ orderNumber: b.number, key, lines: null }, actor, deps(i)));
  t.ok(
    same.every((r) => r.ok),
    'the same form: every click answered alike',
  );
  t.equal([...fake.refunds.values()].filter((r) => r.paymentId === fake.forOrder(b.id)!.id).length, 1, 'one refund at the provider');
  const [{ n }] = (await pods.db.query<{ n: number }>('SELECT count(*)::int AS n FROM refunds WHERE order_id = $1', [b.id])) as [
    { n: number },
  ];
  t.equal(n, 1, 'one row');
});

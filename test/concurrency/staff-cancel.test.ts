/**
 * The back office's cancellation under races (decision 049), over three pods on one PostgreSQL database: staff members
 * clicking "cancel" on the same orders at once — with the housekeeping releasing lapsed ones beside them — give each
 * order's units back exactly once: one cancellation wins per order (one history row, one audit row, one mail), every
 * other click is refused, and stock plus the units still held stays what the shop had.
 */
import t from 'tap';
import { hammer, postgresOnly, startPods } from './pods.ts';

const SKU = 'BAR-IZ-4';

t.test('parallel cancellations of the same orders give stock back once', { skip: postgresOnly }, async (t) => {
  const pods = await startPods(t, 3, { TRUST_PROXY: 'true', ORDER_UNCONFIRMED_RELEASE_HOURS: '72' });
  const [p] = await pods.db.query<{ id: number; price: number }>(
    `SELECT p.id, pp.amount::float8 AS price FROM products p JOIN product_prices pp ON pp.product_id = p.id AND pp.price_list = 'ru' WHERE p.sku = $1`,
    [SKU],
  );
  const initial = 100;
  await pods.db.query('UPDATE products SET stock = $2, made_to_order = false WHERE id = $1', [p!.id, initial]);
  const orders = 6;
  const numbers: string[] = [];
  for (let i = 0; i < orders; i++) {
    const v = pods.visitor();
    const headers = { 'x-forwarded-for': `198.51.100.${i + 1}` };
    await pods.submit(i, v, '/cart', { intent: 'item', productId: p!.id, quantity: 3 }, headers);
    const placed = await pods.submit(
      i,
      v,
      '/cart',
      {
        intent: 'checkout',
        checkoutKey: pods.pods[0]!.app.services.checkout.newKey(v.sessionId),
        expectedGoods: String(p!.price * 3),
        name: 'Пётр Иванов',
        phone: '+7 916 123-45-67',
        email: `cancel${i}@example.ru`,
        delivery: 'pickup',
        city: 'Москва',
        point: 'msk-warehouse',
        payment: 'cash',
        consent: 'on',
      },
      headers,
    );
    numbers.push(String(placed.body?.redirect).split('/').pop()!);
  }
  t.equal(numbers.filter((n) => /^\d{4}-\d{4}$/.test(n)).length, orders, 'orders placed');
  const [{ stock: held }] = (await pods.db.query<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [p!.id])) as [
    { stock: number },
  ];
  t.equal(held, initial - orders * 3);
  // Half the orders lapsed too: the housekeeping races the staff for them.
  await pods.db.query(`UPDATE orders SET created_at = now() - interval '400 days' WHERE number = ANY($1::text[]) AND id % 2 = 0`, [
    numbers,
  ]);

  const actor = (i: number) => ({ id: null, email: `clicker${i}@staff.example`, scope: null });
  const clicks = await hammer(48, async (i) => {
    const pod = pods.pods[i % pods.pods.length]!;
    if (i % 8 === 7) return { housekeeping: await pod.app.services.checkout.releaseLapsed((id) => pod.app.services.sites.byId(id)) };
    return pod.app.services.orderWorkflow.move(numbers[i % orders]!, { to: 'cancelled', note: '' }, actor(i));
  });
  const moved = clicks.filter((c) => 'ok' in c && c.ok).length;
  const released = clicks.reduce((n, c) => n + ('housekeeping' in c ? c.housekeeping : 0), 0);
  t.equal(moved + released, orders, 'each order cancelled once, by a member or the housekeeping');
  t.ok(
    clicks.every((c) => 'housekeeping' in c || c.ok || c.reason === 'refused'),
    'every other click refused',
  );
  const [{ stock }] = (await pods.db.query<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [p!.id])) as [{ stock: number }];
  t.equal(stock, initial, 'every unit back exactly once');
  const [{ n }] = (await pods.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM order_status_history h JOIN orders o ON o.id = h.order_id WHERE o.number = ANY($1::text[]) AND h.status = 'cancelled'`,
    [numbers],
  )) as [{ n: number }];
  t.equal(n, orders, 'one cancellation row per order');
  const [{ audits }] = (await pods.db.query<{ audits: number }>(
    `SELECT count(*)::int AS audits FROM staff_audit WHERE action = 'order.status' AND entity_id = ANY($1::text[])`,
    [numbers],
  )) as [{ audits: number }];
  t.equal(audits, moved, 'an audit row per staff cancellation');
});

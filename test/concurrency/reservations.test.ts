/**
 * Lapsed reservations released under races (decision 036), over three pods on one PostgreSQL database:
 *   - housekeeping runs of every pod at once over the same lapsed orders: each order cancelled once, one history row
 *     and one mail each, its units back in stock exactly once;
 *   - the same while new shoppers compete for the units being released: never oversold — at every end, stock plus
 *     the units still held by orders equals what the shop had.
 */
import t from 'tap';
import { hammer, type Pods, postgresOnly, startPods, type Visitor } from './pods.ts';

const SKU = 'BAR-IZ-4';

async function product(pods: Pods): Promise<{ id: number; price: number }> {
  const [row] = await pods.db.query<{ id: number; price: number }>(
    `SELECT p.id, pp.amount::float8 AS price FROM products p JOIN product_prices pp ON pp.product_id = p.id AND pp.price_list = 'ru' WHERE p.sku = $1`,
    [SKU],
  );
  return row!;
}

/** Places an order of `units` for a new visitor from its own address (X-Forwarded-For, TRUST_PROXY on). */
async function place(pods: Pods, i: number, v: Visitor, p: { id: number; price: number }, units: number) {
  const headers = { 'x-forwarded-for': `198.51.${Math.floor(i / 250)}.${(i % 250) + 1}` };
  await pods.submit(i, v, '/cart', { intent: 'item', productId: p.id, quantity: units }, headers);
  return pods.submit(
    i,
    v,
    '/cart',
    {
      intent: 'checkout',
      checkoutKey: pods.pods[0]!.app.services.checkout.newKey(v.sessionId),
      expectedGoods: String(p.price * units),
      expectedTotal: String(p.price * units),
      name: 'Пётр Иванов',
      phone: '+7 916 123-45-67',
      email: `buyer${i}@example.ru`,
      delivery: 'pickup',
      city: 'Москва',
      point: 'msk-warehouse',
      payment: 'cash',
      consent: 'on',
    },
    headers,
  );
}

const release = (pods: Pods, i: number) => {
  const { services } = pods.pods[i % pods.pods.length]!.app;
  return services.checkout.releaseLapsed((id) => services.sites.byId(id));
};

/** Stock plus the units orders still hold: constant whatever is placed or released. */
async function accounted(pods: Pods, productId: number): Promise<{ stock: number; held: number }> {
  const [row] = await pods.db.query<{ stock: number; held: number }>(
    `SELECT (SELECT stock FROM products WHERE id = $1) AS stock,
            (SELECT coalesce(sum(oi.reserved), 0)::int FROM order_items oi JOIN orders o ON o.id = oi.order_id
              WHERE oi.product_id = $1 AND o.stock_held) AS held`,
    [productId],
  );
  return row!;
}

t.test('parallel housekeeping runs release each lapsed order once', { skip: postgresOnly }, async (t) => {
  const pods = await startPods(t, 3, { TRUST_PROXY: 'true', ORDER_UNCONFIRMED_RELEASE_HOURS: '72' });
  const p = await product(pods);
  const initial = 100;
  await pods.db.query('UPDATE products SET stock = $2, made_to_order = false WHERE id = $1', [p.id, initial]);
  const orders = 12;
  const placed = await hammer(orders, (i) => place(pods, i, pods.visitor(), p, 3));
  t.equal(placed.filter((a) => a.body?.redirect).length, orders, `${orders} orders placed`);
  t.same(await accounted(pods, p.id), { stock: initial - orders * 3, held: orders * 3 });
  // Half of them unpaid online orders; all of them past their time (the rows are aged, not the clock).
  await pods.db.query(
    `UPDATE orders SET status = 'awaiting_payment', payment = payment || '{"kind":"online"}' WHERE stock_held AND id % 2 = 0`,
  );
  await pods.db.query(`UPDATE orders SET created_at = now() - interval '400 days' WHERE stock_held`);

  const runs = await hammer(24, (i) => release(pods, i));
  t.equal(
    runs.reduce((a, b) => a + b, 0),
    orders,
    '24 parallel runs over 3 pods cancel each order once between them',
  );
  t.same(await accounted(pods, p.id), { stock: initial, held: 0 }, 'every unit back in stock, exactly once');
  const [counts] = await pods.db.query<{ cancelled: number; history: number; mails: number }>(
    `SELECT (SELECT count(*)::int FROM orders WHERE status = 'cancelled') AS cancelled,
            (SELECT count(*)::int FROM order_status_history WHERE status = 'cancelled') AS history,
            (SELECT count(*)::int FROM outbox WHERE kind = 'order.cancelled') AS mails`,
  );
  t.same(counts, { cancelled: orders, history: orders, mails: orders }, 'one state change, one history row, one mail each');
  t.equal(
    (await hammer(6, (i) => release(pods, i))).reduce((a, b) => a + b, 0),
    0,
    'later runs find nothing',
  );
  t.comment(`24 parallel release runs over 3 pods: ${orders} orders cancelled once, stock back to ${initial}`);
});

t.test('shoppers buying while lapsed orders are released: never oversold', { skip: postgresOnly }, async (t) => {
  const pods = await startPods(t, 3, { TRUST_PROXY: 'true', ORDER_UNCONFIRMED_RELEASE_HOURS: '72' });
  const p = await product(pods);
  const initial = 10;
  await pods.db.query('UPDATE products SET stock = $2, made_to_order = false WHERE id = $1', [p.id, initial]);
  // Five orders hold every unit, and lapse.
  const first = await hammer(5, (i) => place(pods, i, pods.visitor(), p, 2));
  t.equal(first.filter((a) => a.body?.redirect).length, 5);
  t.same(await accounted(pods, p.id), { stock: 0, held: initial });
  await pods.db.query(`UPDATE orders SET created_at = now() - interval '400 days' WHERE stock_held`);

  // 30 shoppers want 2 units each while 6 housekeeping runs give the 10 units back.
  const shoppers = 30;
  const visitors = Array.from({ length: shoppers }, () => pods.visitor());
  const [answers] = await Promise.all([
    hammer(shoppers, (i) => place(pods, 100 + i, visitors[i]!, p, 2)),
    hammer(6, (i) => release(pods, i)),
  ]);
  const bought = answers.filter((a) => a.body?.redirect).length;
  const refused = answers.filter((a) => a.result?.status === 409 && a.result.data?.errors?.[''] === 'checkout.stock').length;
  t.equal(bought + refused, shoppers, 'every shopper placed or was told the stock is short');
  t.ok(bought <= initial / 2, `at most ${initial / 2} orders of 2 from ${initial} units (${bought})`);
  // A final run releases whatever the racing ones skipped; the new orders are fresh and stay.
  await release(pods, 0);
  const end = await accounted(pods, p.id);
  t.equal(end.stock + end.held, initial, 'stock + units held = what the shop had: nothing oversold, nothing lost');
  t.ok(end.stock >= 0);
  t.equal(end.held, bought * 2, "the new orders hold their units; the lapsed ones' came back");
  t.comment(`${shoppers} shoppers during 6 parallel releases of ${initial} units: ${bought} bought, ${refused} refused`);
});

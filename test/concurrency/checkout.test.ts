/**
 * Placing orders under parallel submits (decision 022), over three pods on one PostgreSQL database:
 *   - 20 submits of ONE checkout at once (double clicks, retries) → exactly one order, every answer names it;
 *   - many shoppers competing for the last units of a product → never oversold: as many orders as units, the
 *     rest refused with checkout.stock, stock ends at 0, never below.
 * The figures go to the test's output (t.comment).
 */
import t from 'tap';
import { PICKUP_ORDER } from '../helpers/order.ts';
import { hammer, outcomes, type Pods, postgresOnly, startPods, type Visitor } from './pods.ts';

async function priceOf(pods: Pods, sku: string): Promise<{ id: number; price: number }> {
  const [row] = await pods.db.query<{ id: number; price: number }>(
    `SELECT p.id, pp.amount::float8 AS price FROM products p JOIN product_prices pp ON pp.product_id = p.id AND pp.price_list = 'ru' WHERE p.sku = $1`,
    [sku],
  );
  return row!;
}

/** A filled order form for the visitor's cart (pickup: free, so the total is the goods' sum). */
function orderForm(pods: Pods, v: Visitor, goods: number): Record<string, string> {
  return {
    ...PICKUP_ORDER,
    checkoutKey: pods.pods[0]!.app.services.checkout.newKey(v.sessionId),
    expectedGoods: String(goods),
    expectedTotal: String(goods),
  };
}

t.test('20 parallel submits of one checkout place exactly one order', { skip: postgresOnly }, async (t) => {
  const pods = await startPods(t, 3);
  const product = await priceOf(pods, 'ABS-AK-10');
  for (let round = 0; round < 3; round++) {
    const v = pods.visitor();
    await pods.submit(0, v, '/cart', { intent: 'item', productId: product.id, quantity: 2 });
    const form = orderForm(pods, v, product.price * 2);
    const started = Date.now();
    const answers = await hammer(20, (i) => pods.submit(i, v, '/cart', form));
    const ms = Date.now() - started;
    const redirects = new Set(answers.map((a) => a.body?.redirect));
    t.same(
      answers.map((a) => a.status),
      Array(20).fill(200),
      'every submit answered',
    );
    t.equal(redirects.size, 1, 'every answer names the same order');
    t.match([...redirects][0], /^\/cart\/success\/\d{4}-\d{4}$/);
    const placed = await pods.db.query<{ id: number; number: string }>('SELECT id, number FROM orders WHERE session_id = $1', [
      v.sessionId,
    ]);
    t.equal(placed.length, 1, 'exactly one order');
    t.equal([...redirects][0], `/cart/success/${placed[0]!.number}`, 'named by its number');
    const lines = await pods.db.query<{ quantity: number }>('SELECT quantity FROM order_items WHERE order_id = $1', [placed[0]!.id]);
    t.same(lines, [{ quantity: 2 }], 'its lines once');
    t.comment(
      `round ${round + 1}: 20 parallel submits of one checkout over 3 pods → ${placed.length} order, ${redirects.size} distinct answer, ${ms} ms`,
    );
  }
});

t.test('parallel checkouts for the last units never oversell', { skip: postgresOnly }, async (t) => {
  const pods = await startPods(t, 3);
  const product = await priceOf(pods, 'BAR-IZ-4');
  const other = await priceOf(pods, 'VIB-LT-18');
  for (const [units, shoppers, perOrder] of [
    [5, 20, 1],
    [7, 30, 2],
  ] as const) {
    await pods.db.query('UPDATE products SET stock = $2 WHERE id = $1', [product.id, units]);
    await pods.db.query('UPDATE products SET stock = 1000 WHERE id = $1', [other.id]);
    const visitors = Array.from({ length: shoppers }, () => pods.visitor());
    // Each cart holds the scarce product and another one (several row locks per order, in different add orders).
    for (const [i, v] of visitors.entries()) {
      const first = i % 2 === 0 ? product : other;
      const second = first === product ? other : product;
      await pods.submit(i, v, '/cart', { intent: 'item', productId: first.id, quantity: first === product ? perOrder : 1 });
      await pods.submit(i, v, '/cart', { intent: 'item', productId: second.id, quantity: second === product ? perOrder : 1 });
    }
    const goods = product.price * perOrder + other.price;
    const started = Date.now();
    const answers = await hammer(shoppers, (i) => pods.submit(i, visitors[i]!, '/cart', orderForm(pods, visitors[i]!, goods)));
    const ms = Date.now() - started;
    const placed = answers.filter((a) => a.body?.redirect).length;
    const refused = answers.filter((a) => a.result?.status === 409 && a.result.data?.errors?.[''] === 'checkout.stock').length;
    const expected = Math.floor(units / perOrder);
    t.equal(placed, expected, `${units} units, ${perOrder} per order: ${expected} orders`);
    t.equal(refused, shoppers - expected, 'the rest refused as out of stock');
    t.same(outcomes(answers.filter((a) => !a.body?.redirect)), { 409: shoppers - expected });
    const [row] = await pods.db.query<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [product.id]);
    t.equal(row!.stock, units - expected * perOrder, 'stock never below zero');
    const [sold] = await pods.db.query<{ n: number }>(
      `SELECT coalesce(sum(oi.quantity), 0)::int AS n FROM order_items oi JOIN orders o ON o.id = oi.order_id
        WHERE oi.product_id = $1 AND o.session_id = ANY($2::text[])`,
      [product.id, visitors.map((v) => v.sessionId)],
    );
    t.equal(sold!.n, expected * perOrder, 'units sold = units reserved');
    t.comment(
      `${shoppers} parallel checkouts for ${units} units (${perOrder} per order) over 3 pods → ${placed} placed, ${refused} refused (stock), stock left ${row!.stock}, ${ms} ms`,
    );
  }
});

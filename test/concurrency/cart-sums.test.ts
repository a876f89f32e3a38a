/**
 * Cart quantities under parallel adds through the cart's action (POST /_data/cart?_action=cart), over two pods:
 * no add is lost (a read-modify-write would keep one of two), none counted twice, and the MAX_QUANTITY cap holds —
 * for single products, whole kits, and the two mixed. An add succeeded when the envelope says status 200, ok.
 */
import t from 'tap';
import { MAX_QUANTITY } from '../../shared/cart.ts';
import { hammer, outcomes, type Pods, postgresOnly, startPods, type Visitor } from './pods.ts';

const quantities = async (pods: Pods, v: Visitor) =>
  Object.fromEntries(
    (
      await pods.db.query<{ product_id: number; quantity: number }>(
        `SELECT ci.product_id, ci.quantity FROM carts c JOIN cart_items ci ON ci.cart_id = c.id WHERE c.session_id = $1 AND c.site = 'ru'`,
        [v.sessionId],
      )
    ).map((r) => [r.product_id, r.quantity]),
  ) as Record<number, number>;

t.test('N parallel adds of q sum to min(N·q, MAX_QUANTITY)', { skip: postgresOnly }, async (t) => {
  const pods = await startPods(t, 2);
  const [product] = await pods.db.query<{ id: number }>(`SELECT id FROM products WHERE sku = 'VIB-STD-22'`);
  for (const [n, q] of [
    [40, 7],
    [50, 30],
  ] as const) {
    const v = pods.visitor();
    const answers = await hammer(n, (i) => pods.submit(i, v, '/cart', { intent: 'item', productId: product!.id, quantity: q }));
    t.same(outcomes(answers), { ok: n }, `${n} × ${q}: every add answered`);
    t.same(await quantities(pods, v), { [product!.id]: Math.min(n * q, MAX_QUANTITY) }, `${n} × ${q}: one line holding the sum`);
    t.equal((await pods.db.query(`SELECT 1 FROM carts WHERE session_id = $1`, [v.sessionId])).length, 1, 'one cart');
  }
});

t.test('parallel adds of different products keep every line', { skip: postgresOnly }, async (t) => {
  const pods = await startPods(t, 2);
  const products = (
    await pods.db.query<{ id: number }>(`SELECT p.id FROM products p JOIN product_prices pp ON pp.product_id = p.id AND pp.price_list = 'ru'
     WHERE p.is_active ORDER BY p.id LIMIT 30`)
  ).map((r) => r.id);
  const v = pods.visitor();
  const answers = await hammer(products.length * 2, (i) =>
    pods.submit(i, v, '/cart', { intent: 'item', productId: products[i % products.length]!, quantity: 2 }),
  );
  t.same(outcomes(answers), { ok: products.length * 2 });
  t.same(await quantities(pods, v), Object.fromEntries(products.map((id) => [id, 4])));
});

t.test('parallel kit adds, alone and mixed with product adds', { skip: postgresOnly }, async (t) => {
  const pods = await startPods(t, 2);
  const lines = await pods.db.query<{ product_id: number; quantity: number }>(
    `SELECT ki.product_id, ki.quantity FROM kit_items ki JOIN kits k ON k.id = ki.kit_id WHERE k.slug = 'dveri-4'`,
  );
  t.ok(lines.length >= 2, 'the kit has several lines');

  const v = pods.visitor();
  const n = 30;
  const answers = await hammer(n, (i) => pods.submit(i, v, '/cart', { intent: 'kit', slug: 'dveri-4' }));
  t.same(outcomes(answers), { ok: n });
  t.same(
    await quantities(pods, v),
    Object.fromEntries(lines.map((l) => [l.product_id, Math.min(n * l.quantity, MAX_QUANTITY)])),
    `${n} kits`,
  );

  // Two kits sharing a product (ABS-AK-10) and single adds of it, all at once on a fresh cart.
  const w = pods.visitor();
  const [shared] = await pods.db.query<{ id: number }>(`SELECT id FROM products WHERE sku = 'ABS-AK-10'`);
  const kitLines = await pods.db.query<{ slug: string; product_id: number; quantity: number }>(
    `SELECT k.slug, ki.product_id, ki.quantity FROM kit_items ki JOIN kits k ON k.id = ki.kit_id WHERE k.slug IN ('dveri-4', 'krysha')`,
  );
  const rounds = 10;
  const mixed = await hammer(rounds * 3, (i) =>
    i % 3 === 2
      ? pods.submit(i, w, '/cart', { intent: 'item', productId: shared!.id, quantity: 1 })
      : pods.submit(i, w, '/cart', { intent: 'kit', slug: i % 3 === 0 ? 'dveri-4' : 'krysha' }),
  );
  t.same(outcomes(mixed), { ok: rounds * 3 });
  const expected: Record<number, number> = { [shared!.id]: rounds };
  for (const l of kitLines) expected[l.product_id] = (expected[l.product_id] ?? 0) + rounds * l.quantity;
  t.same(await quantities(pods, w), expected, 'every kit line and single add counted once');
});

/**
 * The cart's 'lines' intent (the calculator's 'Всё в корзину') under parallel posts over two pods, alone and mixed
 * with single adds of the same products: every add counted once, each line capped at MAX_QUANTITY, and a refused
 * add (one product not sold) leaves nothing behind even while others succeed.
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

t.test('parallel line adds sum, cap and never half-apply', { skip: postgresOnly }, async (t) => {
  const pods = await startPods(t, 2);
  const ids = (
    await pods.db.query<{ id: number }>(`SELECT id FROM products WHERE sku IN ('VIB-OPT-30', 'BAR-IZ-8', 'ABS-AK-10') ORDER BY id`)
  ).map((r) => r.id);
  const [a, b, c] = ids as [number, number, number];
  const v = pods.visitor();
  const n = 40;
  // Each: 15 of a, 13 of b; every third also a single add of c; a's sum (600) stays under the cap, b's too.
  const answers = await hammer(n, (i) =>
    i % 3 === 2
      ? pods.submit(i, v, '/cart', { intent: 'item', productId: c, quantity: 1 })
      : pods.submit(i, v, '/cart', { intent: 'lines', lines: `${a}:15,${b}:13` }),
  );
  t.same(outcomes(answers), { ok: n });
  const lineAdds = Array.from({ length: n }, (_, i) => i).filter((i) => i % 3 !== 2).length;
  t.same(await quantities(pods, v), { [a]: lineAdds * 15, [b]: lineAdds * 13, [c]: n - lineAdds });

  const w = pods.visitor();
  const capped = await hammer(30, (i) => pods.submit(i, w, '/cart', { intent: 'lines', lines: `${a}:100,${c}:7` }));
  t.same(outcomes(capped), { ok: 30 });
  t.same(await quantities(pods, w), { [a]: MAX_QUANTITY, [c]: 210 }, 'capped at 999');

  // A product the list does not price: those adds are refused whole while the others land.
  const [unpriced] = await pods.db.query<{ id: number }>(
    `INSERT INTO products (sku, slug, category_id, title) VALUES ('CONC-NOPRICE', 'conc-noprice', 1, 'Без цены') RETURNING id`,
  );
  const x = pods.visitor();
  const mixed = await hammer(30, (i) =>
    pods.submit(i, x, '/cart', { intent: 'lines', lines: i % 2 ? `${a}:1,${unpriced!.id}:1` : `${a}:2,${b}:1` }),
  );
  t.equal(outcomes(mixed).ok, 15);
  t.same(await quantities(pods, x), { [a]: 30, [b]: 15 }, 'no refused add left a line');
});

/**
 * The compare list's cap under parallel adds (issue 9): under READ COMMITTED a count-then-insert lets
 * parallel adds all see 19 and all insert. 30 different products (every active demo product, up to 40) added at
 * once, over two pods, must leave exactly MAX_COMPARE_ITEMS, and every add beyond it must be refused with 409.
 */
import t from 'tap';
import { MAX_COMPARE_ITEMS } from '../../server/services/compare.ts';
import { hammer, postgresOnly, startPods, statuses } from './pods.ts';

t.test(`parallel adds leave exactly ${MAX_COMPARE_ITEMS} products`, { skip: postgresOnly }, async (t) => {
  const { db, post, visitor } = await startPods(t, 2);
  const products = (await db.query<{ id: number }>('SELECT id FROM products WHERE is_active ORDER BY id LIMIT 40')).map((r) => r.id);
  const adds = products.length;
  t.ok(adds >= MAX_COMPARE_ITEMS + 10, `enough products to overflow the list (${adds})`);

  // A few rounds: each is one visitor's list filled from empty by `adds` requests at once.
  for (let round = 0; round < 5; round++) {
    const v = visitor();
    const answers = await hammer(adds, (i) => post(i, v, '/api/compare/items', { productId: products[i] }));
    t.same(statuses(answers), { 200: MAX_COMPARE_ITEMS, 409: adds - MAX_COMPARE_ITEMS }, `round ${round}: ${MAX_COMPARE_ITEMS} added, the rest refused`);
    t.ok(answers.filter((a) => a.status === 409).every((a) => a.body.error === 'compare_full'));
    t.ok(answers.filter((a) => a.status === 200).every((a) => a.body.data.totalItems <= MAX_COMPARE_ITEMS), 'no answer counts past the cap');
    const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM compare_items WHERE session_id = $1', [v.sessionId]);
    t.equal(row!.n, MAX_COMPARE_ITEMS, `round ${round}: the list holds exactly the cap`);
  }
});

t.test('parallel adds of one product keep one row', { skip: postgresOnly }, async (t) => {
  const { db, post, visitor } = await startPods(t, 2);
  const [product] = await db.query<{ id: number }>('SELECT id FROM products WHERE is_active ORDER BY id LIMIT 1');
  const v = visitor();
  const answers = await hammer(30, (i) => post(i, v, '/api/compare/items', { productId: product!.id }));
  t.same(statuses(answers), { 200: 30 });
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM compare_items WHERE session_id = $1', [v.sessionId]);
  t.equal(row!.n, 1);
});

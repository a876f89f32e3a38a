/**
 * The compare list's cap under parallel adds through the compare action (issue 9): under READ COMMITTED a
 * count-then-insert lets parallel adds all see 19 and all insert. 30 different products (every active demo product,
 * up to 40) added at once, over two pods, must leave exactly MAX_COMPARE_ITEMS; every add beyond it must be refused
 * (status 409 in the envelope, the form error 'form.compareFull'), and the shell then counts exactly the cap.
 */
import t from 'tap';
import { request } from 'undici';
import { MAX_COMPARE_ITEMS } from '../../server/catalog/compare.ts';
import { hammer, outcomes, type Pod, postgresOnly, startPods, type Visitor } from './pods.ts';

/** The shell's counters as the page's router reloads them after a change (GET /_data…?_routes=root). */
async function shell(pod: Pod, v: Visitor): Promise<{ compareCount: number; compared: number[] }> {
  const res = await request(`${pod.url}/_data/compare?_routes=root`, { headers: { host: 'localhost', cookie: v.cookie } });
  const body = (await res.body.json()) as { results: { root: { data: { compareCount: number; compared: number[] } } } };
  return body.results.root.data;
}

t.test(`parallel adds leave exactly ${MAX_COMPARE_ITEMS} products`, { skip: postgresOnly }, async (t) => {
  const { db, pods, submit, visitor } = await startPods(t, 2);
  const products = (await db.query<{ id: number }>('SELECT id FROM products WHERE is_active ORDER BY id LIMIT 40')).map((r) => r.id);
  const adds = products.length;
  t.ok(adds >= MAX_COMPARE_ITEMS + 10, `enough products to overflow the list (${adds})`);

  // A few rounds: each is one visitor's list filled from empty by `adds` requests at once.
  for (let round = 0; round < 5; round++) {
    const v = visitor();
    const answers = await hammer(adds, (i) => submit(i, v, '/compare', { intent: 'add', productId: products[i]! }));
    t.same(
      outcomes(answers),
      { ok: MAX_COMPARE_ITEMS, 409: adds - MAX_COMPARE_ITEMS },
      `round ${round}: ${MAX_COMPARE_ITEMS} added, the rest refused`,
    );
    const refused = answers.filter((a) => a.result?.status === 409);
    t.ok(
      refused.every(
        (a) => a.result!.data.ok === false && JSON.stringify(a.result!.data.errors) === JSON.stringify({ '': 'form.compareFull' }),
      ),
      'every refusal says the list is full',
    );
    const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM compare_items WHERE session_id = $1', [v.sessionId]);
    t.equal(row!.n, MAX_COMPARE_ITEMS, `round ${round}: the list holds exactly the cap`);
    for (const pod of pods) {
      const counters = await shell(pod, v);
      t.equal(counters.compareCount, MAX_COMPARE_ITEMS, `round ${round}: the shell counts the cap, not past it`);
      t.equal(counters.compared.length, MAX_COMPARE_ITEMS);
    }
  }
});

t.test('parallel adds of one product keep one row', { skip: postgresOnly }, async (t) => {
  const { db, submit, visitor } = await startPods(t, 2);
  const [product] = await db.query<{ id: number }>('SELECT id FROM products WHERE is_active ORDER BY id LIMIT 1');
  const v = visitor();
  const answers = await hammer(30, (i) => submit(i, v, '/compare', { intent: 'add', productId: product!.id }));
  t.same(outcomes(answers), { ok: 30 });
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM compare_items WHERE session_id = $1', [v.sessionId]);
  t.equal(row!.n, 1);
});

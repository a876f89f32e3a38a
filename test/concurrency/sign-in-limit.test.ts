/**
 * The per-address sign-in limit holds across pods: two apps on one database, wrong passwords from one client
 * address sent to both at once, admit no more attempts than one app admits alone. The limit is measured, not
 * imported, so the test states the property whatever the limit is: an address gets L attempts before 429 on
 * one pod; then 2L + 10 parallel attempts from a fresh address over both pods must get exactly L past the
 * limit (a limit kept in each process's memory would let about 2L through).
 */
import t from 'tap';
import { hammer, postgresOnly, startPods, type Pods } from './pods.ts';

/** A wrong sign-in on pod `pod` from `address` (X-Forwarded-For; the pods trust the proxy), each with an e-mail of its own. */
let attempts = 0;
const attempt = (pods: Pods, pod: number, address: string) =>
  pods.post(pod, pods.visitor(), '/api/auth/login', { email: `nobody-${++attempts}@example.com`, password: 'wrong-password' }, { 'x-forwarded-for': address });

t.test('the per-address limit holds across two pods', { skip: postgresOnly }, async (t) => {
  const pods = await startPods(t, 2, { TRUST_PROXY: 'true' });

  // Alone: how many attempts one address gets from one pod.
  const alone: number[] = [];
  while (alone.length < 500 && alone.at(-1) !== 429) alone.push((await attempt(pods, 0, '198.51.100.1')).status);
  const limit = alone.length - 1;
  t.ok(limit > 0 && alone.at(-1) === 429, `one address gets ${limit} attempts, then 429`);
  t.ok(alone.slice(0, limit).every((s) => s === 401), 'attempts below the limit are checked (401)');

  const answers = await hammer(2 * limit + 10, (i) => attempt(pods, i, '198.51.100.2'));
  const admitted = answers.filter((a) => a.status !== 429);
  t.ok(admitted.every((a) => a.status === 401), 'attempts below the limit are checked (401)');
  t.equal(admitted.length, limit, `${limit} attempts admitted over both pods, the rest refused with 429`);

  const other = await attempt(pods, 1, '198.51.100.3');
  t.equal(other.status, 401, 'another address is not limited');
});

/**
 * The per-address sign-in limit holds across pods: two apps on one database, wrong passwords from one client
 * address sent to both at once through the /auth action (as the sign-in form's fetcher posts them), admit no more
 * attempts than one app admits alone. The limit is measured, not imported, so the test states the property
 * whatever the limit is: an address gets L attempts before 429 on one pod; then 2L + 10 parallel attempts from a
 * fresh address over both pods, sent three at a time (what the hash line admits from one address), must get
 * exactly L past the limit (a limit kept in each process's memory would let about 2L through).
 */
import t from 'tap';
import { type Answer, hammer, type Pods, postgresOnly, startPods } from './pods.ts';

/** A wrong sign-in on pod `pod` from `address` (X-Forwarded-For; the pods trust the proxy), each with an e-mail of its own. */
let attempts = 0;
const attempt = (pods: Pods, pod: number, address: string) =>
  pods.submit(
    pod,
    pods.visitor(),
    '/auth',
    { _form: 'auth:sign-in', email: `nobody-${++attempts}@example.com`, password: 'wrong-password' },
    { 'x-forwarded-for': address },
  );

/** The action's status in the envelope (401 checked, 429 refused unchecked); the HTTP answer itself is 200. */
const outcome = (a: Answer): number => (a.status === 200 ? a.body?.results?.auth?.status : -a.status);
/** A refusal says so and when to try again. */
const limited = (a: Answer) =>
  outcome(a) === 429 && a.body.results.auth.data.errors[''] === 'auth.tooMany' && Number(a.headers?.['retry-after']) >= 1;

t.test('the per-address limit holds across two pods', { skip: postgresOnly }, async (t) => {
  const pods = await startPods(t, 2, { TRUST_PROXY: 'true' });

  // Alone: how many attempts one address gets from one pod.
  const alone: Answer[] = [];
  while (alone.length < 500 && outcome(alone.at(-1) ?? { status: 0, body: null }) !== 429)
    alone.push(await attempt(pods, 0, '198.51.100.1'));
  const limit = alone.length - 1;
  t.ok(limit > 0 && limited(alone.at(-1)!), `one address gets ${limit} attempts, then 429 with Retry-After`);
  t.ok(
    alone.slice(0, limit).every((a) => outcome(a) === 401),
    'attempts below the limit are checked (401)',
  );

  // In waves of three at once over both pods: the most the hash line takes from one address (more are refused 503
  // before any limit is claimed — test/hash-queue.test.ts; these pods share one process, so one line); within a wave
  // the claims race across the pods.
  const answers: Answer[] = [];
  for (let sent = 0; sent < 2 * limit + 10; sent = answers.length) {
    const base = sent;
    answers.push(...(await hammer(Math.min(3, 2 * limit + 10 - base), (i) => attempt(pods, base + i, '198.51.100.2'))));
  }
  const admitted = answers.filter((a) => outcome(a) !== 429);
  t.ok(
    admitted.every((a) => outcome(a) === 401),
    'attempts below the limit are checked (401)',
  );
  t.equal(admitted.length, limit, `${limit} attempts admitted over both pods, the rest refused with 429`);
  t.ok(answers.filter((a) => outcome(a) === 429).every(limited), 'each refusal with auth.tooMany and Retry-After');
  const [row] = await pods.db.query<{ attempts: number }>(
    `SELECT hits AS attempts FROM rate_limits WHERE policy = 'signin.address' AND key = $1`,
    ['198.51.100.2'],
  );
  t.equal(row?.attempts, 2 * limit + 10, 'every attempt, refused ones too, counted in the one row both pods share');

  const other = await attempt(pods, 1, '198.51.100.3');
  t.equal(outcome(other), 401, 'another address is not limited');
});

/**
 * The one rate limiter (server/limits/, decision 030), on the lane's database (PGlite, or PostgreSQL when
 * TEST_DATABASE_URL is set — there with a pool of its own, so the parallel claims really run side by side). For every
 * policy of the table: 40 parallel claims of one key never get more than the policy's max; the window (or the
 * backoff's forget time) resets; keys are independent (a stranger's key does not consume the owner's). Also: the
 * table's numbers (the behaviour of the limiters it replaced), Retry-After, release/clear/settle, housekeeping,
 * unknown policy names, and the client-address key (IPv6 by /64).
 */
import t from 'tap';
import { type Db, openDb } from '../server/db/index.ts';
import { addressKey, backoffDelaySeconds, limits, POLICIES, type PolicyName } from '../server/limits/index.ts';
import { createTestDb } from './helpers/db.ts';

const { db: testDb, drop, url } = await createTestDb();
t.teardown(drop);
/** PostgreSQL: one connection per parallel claim (the test database's own pool has 4). */
const db: Db = url ? await openDb({ databaseUrl: url, poolSize: 40 }) : testDb;
if (url) t.teardown(() => db.close());

const NAMES = Object.keys(POLICIES) as PolicyName[];
const PARALLEL = 40;
let keyCounter = 0;
/** A key no other test uses. */
const freshKey = (label: string) => `${label}-${++keyCounter}`;

async function row(policy: PolicyName, key: string): Promise<{ hits: number } | undefined> {
  const [r] = await db.query<{ hits: number }>('SELECT hits FROM rate_limits WHERE policy = $1 AND key = $2', [policy, key]);
  return r;
}

/** Moves the key's window (or last use) back by `seconds`, as if that much time had passed. */
async function age(policy: PolicyName, key: string, seconds: number): Promise<void> {
  await db.query('UPDATE rate_limits SET window_start = window_start - make_interval(secs => $3) WHERE policy = $1 AND key = $2', [
    policy,
    key,
    seconds,
  ]);
}

const claimAll = (policy: PolicyName, key: string, n: number) =>
  Promise.all(Array.from({ length: n }, () => limits.claim(db, policy, key)));
const allowed = (claims: { allowed: boolean }[]) => claims.filter((c) => c.allowed).length;

t.test('the policy table: the numbers of the limiters it replaced', async (t) => {
  t.strictSame(
    Object.fromEntries(
      NAMES.map((n) => {
        const p = POLICIES[n];
        return [n, p.kind === 'backoff' ? [p.kind, p.seconds, p.max, p.capSeconds, p.holdSeconds] : [p.kind, p.seconds, p.max]];
      }),
    ),
    {
      'signin.address': ['window', 900, 50], // LOGIN_MAX_ATTEMPTS_PER_IP in LOGIN_WINDOW_MINUTES
      'signin.pair': ['backoff', 86400, 5, 900, 5], // forget 24 h, 5 free failures, 2^k s up to 15 min, 5 s check allowance
      'register.address': ['window', 3600, 10],
      'reset.address': ['window', 3600, 20],
      'account-mail.recipient': ['window', 3600, 3],
      'password.account': ['window', 3600, 10],
      'forms.address': ['window', 3600, 5],
      'payments.check': ['window', 2, 1],
      'checkout.session': ['window', 3600, 3], // decision 036
      'checkout.address': ['window', 3600, 10],
      'order-mail.recipient': ['window', 86400, 5],
      'order-mail.address': ['window', 86400, 20],
      'staff.signin.address': ['window', 900, 30], // decision 049
      'staff.signin.pair': ['backoff', 86400, 5, 900, 5],
      'staff.code': ['window', 900, 5],
    },
  );
  for (const n of NAMES) t.ok(POLICIES[n].key.length > 0, `${n} says what its key is`);
  const pair = POLICIES['signin.pair'];
  t.strictSame(
    [0, 4, 5, 6, 7, 9, 14, 15, 16, 5000].map((u) => backoffDelaySeconds(pair, u)),
    [0, 0, 1, 2, 4, 16, 512, 900, 900, 900],
  );
});

for (const name of NAMES) {
  const p = POLICIES[name];
  /** Well over the max (signin.address admits 50). */
  const n = Math.max(PARALLEL, p.max + 20);
  t.test(`${name}: ${n} parallel claims get at most ${p.max}; the window resets; keys are independent`, async (t) => {
    const owner = freshKey(name);
    const stranger = freshKey(name);

    const burst = await claimAll(name, stranger, n);
    t.equal(allowed(burst), p.max, `exactly ${p.max} of ${n} allowed`);
    const refused = burst.filter((c) => !c.allowed) as { retryAfterSeconds: number }[];
    const longest = p.kind === 'window' ? p.seconds : p.capSeconds + p.holdSeconds;
    t.ok(
      refused.every((c) => Number.isInteger(c.retryAfterSeconds) && c.retryAfterSeconds >= 1 && c.retryAfterSeconds <= longest),
      `every refusal says when to retry (1…${longest} s)`,
    );
    // A window counts every claim, refused ones too; a backoff counts only the uses it admitted.
    t.equal((await row(name, stranger))?.hits, p.kind === 'window' ? n : p.max);
    t.notOk((await limits.claim(db, name, stranger)).allowed, 'still refused');

    // The stranger's key used up: the owner's is untouched, and so is the same key under every other policy.
    t.equal(allowed(await claimAll(name, owner, n)), p.max, "the owner's key has its own count");
    const other = NAMES.find((n) => n !== name)!;
    t.ok((await limits.claim(db, other, stranger)).allowed, `the same key under ${other} is another count`);

    // The window (a backoff: the forget time, from the last use's hold) over: the key starts afresh.
    await age(name, stranger, p.seconds + (p.kind === 'backoff' ? p.holdSeconds : 0) + 1);
    const again = await claimAll(name, stranger, n);
    t.equal(allowed(again), p.max, `a new window: ${p.max} again`);
    t.equal((await row(name, stranger))?.hits, p.kind === 'window' ? n : p.max, 'counted afresh');
  });
}

t.test('claims inside transactions (forms, account mails): a rolled-back use is not counted', async (t) => {
  const key = freshKey('tx');
  const max = POLICIES['forms.address'].max;
  let toFail = 3;
  const results = await Promise.all(
    Array.from({ length: PARALLEL }, () =>
      db
        .transaction(async (tx) => {
          const claim = await limits.claim(tx, 'forms.address', key);
          // The first three allowed transactions fail after their claim (storing the submission failed, say).
          if (claim.allowed && toFail > 0) {
            toFail--;
            throw new Error('rolled back');
          }
          return claim.allowed;
        })
        .catch(() => 'rolled back' as const),
    ),
  );
  t.equal(results.filter((r) => r === 'rolled back').length, 3, 'three rolled back');
  t.equal(results.filter((r) => r === true).length, max, `exactly ${max} committed uses: the rolled-back ones gave theirs back`);
});

t.test('a window: Retry-After is what is left of it', async (t) => {
  const key = freshKey('window');
  for (let i = 0; i < 3; i++) t.ok((await limits.claim(db, 'account-mail.recipient', key)).allowed);
  t.strictSame(await limits.claim(db, 'account-mail.recipient', key), { allowed: false, retryAfterSeconds: 3600 });
  await age('account-mail.recipient', key, 600);
  t.strictSame(await limits.claim(db, 'account-mail.recipient', key), { allowed: false, retryAfterSeconds: 3000 });
  // One second before the end, still refused; at the end, a new window.
  await age('account-mail.recipient', key, 2999);
  t.strictSame(await limits.claim(db, 'account-mail.recipient', key), { allowed: false, retryAfterSeconds: 1 });
  await age('account-mail.recipient', key, 2);
  t.strictSame(await limits.claim(db, 'account-mail.recipient', key), { allowed: true });
});

t.test('a backoff: 2^k s after each answered use, a claim holds the next one back, the forget time', async (t) => {
  const p = POLICIES['signin.pair'];
  const key = freshKey('backoff');
  for (let i = 0; i < p.max; i++) {
    t.ok((await limits.claim(db, 'signin.pair', key)).allowed, `free use ${i + 1}`);
    await limits.settle(db, 'signin.pair', key);
  }
  for (const delay of [1, 2, 4, 8]) {
    t.strictSame(await limits.claim(db, 'signin.pair', key), { allowed: false, retryAfterSeconds: delay }, `wait ${delay} s`);
    await age('signin.pair', key, delay);
    t.ok((await limits.claim(db, 'signin.pair', key)).allowed, `after ${delay} s`);
    // Until its answer, the claimed use holds the next one back for up to holdSeconds beyond the delay.
    const held = await limits.claim(db, 'signin.pair', key);
    t.ok(!held.allowed && held.retryAfterSeconds > p.holdSeconds, `held back while being checked (${JSON.stringify(held)})`);
    await limits.settle(db, 'signin.pair', key);
  }
  t.equal((await row('signin.pair', key))?.hits, p.max + 4);
  // The cap: many uses wait capSeconds at most.
  await db.query(`UPDATE rate_limits SET hits = 40, window_start = now() WHERE policy = 'signin.pair' AND key = $1`, [key]);
  t.strictSame(await limits.claim(db, 'signin.pair', key), { allowed: false, retryAfterSeconds: p.capSeconds });
  // Forgotten a while after the last use; just before that they still count (and this use waits the cap again).
  await age('signin.pair', key, p.seconds - 60);
  t.ok((await limits.claim(db, 'signin.pair', key)).allowed, 'the cap has passed');
  t.equal((await row('signin.pair', key))?.hits, 41, 'counted on top');
  await limits.settle(db, 'signin.pair', key);
  await age('signin.pair', key, p.seconds + 1);
  t.ok((await limits.claim(db, 'signin.pair', key)).allowed);
  t.equal((await row('signin.pair', key))?.hits, 1, 'forgotten: counted afresh');
});

t.test('release gives a use back; clear forgets the key', async (t) => {
  const key = freshKey('release');
  const max = POLICIES['signin.address'].max;
  for (let i = 0; i < max; i++) await limits.claim(db, 'signin.address', key);
  t.notOk((await limits.claim(db, 'signin.address', key)).allowed, 'over the max');
  // A window counts refused claims too: each success gives back one use.
  await limits.release(db, 'signin.address', key);
  await limits.release(db, 'signin.address', key);
  t.ok((await limits.claim(db, 'signin.address', key)).allowed, 'released: one more');
  await limits.release(db, 'signin.address', freshKey('never-used')); // nothing to give back: no error

  const payment = freshKey('payment');
  t.ok((await limits.claim(db, 'payments.check', payment)).allowed);
  t.notOk((await limits.claim(db, 'payments.check', payment)).allowed, 'within 2 s');
  await limits.clear(db, 'payments.check', payment);
  t.equal(await row('payments.check', payment), undefined, 'the row is gone');
  t.ok((await limits.claim(db, 'payments.check', payment)).allowed, 'cleared: asked again at once');
});

t.test('housekeeping deletes the rows whose window is over, and nothing that still counts', async (t) => {
  const running = freshKey('running');
  const over = freshKey('over');
  const pair = freshKey('pair');
  for (const key of [running, over]) await limits.claim(db, 'forms.address', key);
  await limits.claim(db, 'signin.pair', pair);
  await age('forms.address', over, POLICIES['forms.address'].seconds + 1);
  await age('signin.pair', pair, 2 * 3600); // a pair's failures count for a day
  await db.query(
    `INSERT INTO rate_limits (policy, key, window_start, hits) VALUES ('retired.policy', 'old', now() - interval '25 hours', 1),
       ('retired.policy', 'recent', now() - interval '23 hours', 1)`,
  );
  t.ok((await limits.purge(db)) >= 2);
  t.same(
    (
      await db.query<{ policy: string; key: string }>(
        'SELECT policy, key FROM rate_limits WHERE key = ANY($1::text[]) ORDER BY policy, key',
        [[running, over, pair, 'old', 'recent']],
      )
    ).map((r) => `${r.policy} ${r.key}`),
    [`forms.address ${running}`, 'retired.policy recent', `signin.pair ${pair}`],
    'the window that is over goes; a policy no longer in the table keeps its rows for a day',
  );
});

t.test('an unknown policy is a type error and throws at run time', async (t) => {
  // @ts-expect-error: not a policy of the table
  await t.rejects(limits.claim(db, 'signin.everything', 'k'), /Unknown rate-limit policy: signin\.everything/);
  // @ts-expect-error: not a policy of the table
  await t.rejects(limits.release(db, 'nope', 'k'), /Unknown rate-limit policy/);
  // @ts-expect-error: not a policy of the table
  await t.rejects(limits.clear(db, 'toString', 'k'), /Unknown rate-limit policy: toString/);
  // @ts-expect-error: settle applies to backoff policies only
  await t.rejects(limits.settle(db, 'forms.address', 'k'), /not a backoff/);
  t.equal((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM rate_limits WHERE key = 'k'`))[0]!.n, 0, 'nothing was counted');
});

t.test('client addresses: IPv4 as it is, IPv6 by its /64, IPv4 through an IPv6 socket as IPv4', async (t) => {
  t.equal(addressKey('198.51.100.7'), '198.51.100.7');
  t.equal(addressKey('::ffff:198.51.100.7'), '198.51.100.7');
  t.equal(addressKey('::FFFF:c633:6407'), '198.51.100.7', 'the mapped address in hex');
  t.equal(addressKey('2001:db8:1:2:a:b:c:d'), '2001:db8:1:2::/64');
  t.equal(addressKey('2001:0DB8:0001:0002::1'), '2001:db8:1:2::/64', 'any spelling of the same network');
  t.equal(addressKey('2001:db8::1'), '2001:db8:0:0::/64');
  t.equal(addressKey('2001:db8:1:2:3:4:1.2.3.4'), '2001:db8:1:2::/64', 'a dotted tail');
  t.equal(addressKey('::1'), '0:0:0:0::/64');
  t.equal(addressKey('fe80::1%eth0'), 'fe80:0:0:0::/64', 'a zone names the interface, not the client');
  t.equal(addressKey('::'), '0:0:0:0::/64');
  t.equal(addressKey('not-an-address'), 'not-an-address', 'anything else: as it is');

  // Two addresses of one /64 share a limit; the next /64 has its own.
  const net = `2001:db8:${(++keyCounter).toString(16)}:1`;
  const max = POLICIES['register.address'].max;
  for (let i = 0; i < max; i++) t.ok((await limits.claim(db, 'register.address', addressKey(`${net}::${i + 1}`))).allowed);
  t.notOk((await limits.claim(db, 'register.address', addressKey(`${net}:ffff:ffff:ffff:ffff`))).allowed, 'the same /64: refused');
  t.ok((await limits.claim(db, 'register.address', addressKey(`${net.replace(/:1$/, ':2')}::1`))).allowed, 'the next /64: allowed');
});

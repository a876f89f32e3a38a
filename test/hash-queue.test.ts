/**
 * The bounded line of password hashes (server/accounts/passwords.ts, decision 038): 30 failed sign-ins from 30
 * addresses used to queue without bound in front of a real shopper (1.4 s → 34 s). Now a full line answers 503 with
 * Retry-After, a client has one hash in the line at a time (a second waits behind it without a place), a client that
 * left has its waiting hash dropped unrun, a long wait is refused, and a client with few recent hashes goes before
 * one with many. Proved by counts and states — hashes held by the test, never by timing.
 * The sign-in parts run on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import t from 'tap';
import { HASH_CONCURRENCY, HASH_QUEUE_LIMIT, HashQueue, HashQueueBusy, hashQueue } from '../server/accounts/hash-queue.ts';
import { resetSignInGate } from '../server/http/signin-gate.ts';
import { refusalOf } from './helpers/account.ts';
import { startTestApp, type TestApp, type Visitor } from './helpers/app.ts';

/** A job the test finishes when it wants: the hash "runs" until release(). */
function held() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  let ran = false;
  return {
    fn: () => {
      ran = true;
      return done;
    },
    release,
    get ran() {
      return ran;
    },
  };
}

/** Waits (by state, not by time) until the condition holds: the event loop turns until then. */
async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 6_000; i++) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`never: ${what}`);
}

const small = () => new HashQueue({ concurrency: 2, maxWaiting: 3, maxBehindPerClient: 2, maxWaitMs: 60_000, recentSeconds: 60 });

t.test('the line: two run, three wait, the next is refused with a Retry-After', async (t) => {
  const q = small();
  const jobs = Array.from({ length: 5 }, held);
  const runs = jobs.map((j, i) => q.run(j.fn, { client: `c${i}` }));
  t.equal(q.runningCount, 2);
  t.equal(q.waitingCount, 3);
  t.notOk(q.admits('c9'), 'a sixth client is not admitted');
  const refused = await q.run(async () => t.fail('never runs'), { client: 'c9' }).catch((e: unknown) => e);
  t.ok(refused instanceof HashQueueBusy, 'refused');
  t.equal((refused as HashQueueBusy).why, 'full');
  t.ok((refused as HashQueueBusy).retryAfterSeconds >= 1, 'with a Retry-After of a second or more');
  t.equal(q.counts.refused, 1);
  // Work without a client (registration, change, reset: limited per address or account before) is never refused.
  const unnamed = held();
  const unnamedRun = q.run(unnamed.fn);
  t.equal(q.waitingCount, 4, 'it waits in the same line');
  for (const j of jobs) j.release();
  unnamed.release();
  await Promise.all([...runs, unnamedRun]);
  t.ok(unnamed.ran && jobs.every((j) => j.ran), 'everything admitted ran');
  t.equal(q.counts.started, 6);
});

t.test('one hash per client: the second waits behind the first without a place; more are refused', async (t) => {
  const q = small();
  const slots = [held(), held()];
  const running = slots.map((s, i) => q.run(s.fn, { client: `busy${i}` }));
  const first = held();
  const second = held();
  const third = held();
  const runs = [q.run(first.fn, { client: 'x' }), q.run(second.fn, { client: 'x' }), q.run(third.fn, { client: 'x' })];
  t.equal(q.waitingCount, 1, 'one place in the line for the client');
  t.equal(q.behindCount, 2, 'the others wait behind it');
  const fourth = await q.run(async () => t.fail('never runs'), { client: 'x' }).catch((e: unknown) => e);
  t.equal((fourth as HashQueueBusy).why, 'client', 'a client with enough waiting is refused');
  // The two free places of the line are still there for others.
  const others = [held(), held()];
  const otherRuns = others.map((o, i) => q.run(o.fn, { client: `o${i}` }));
  t.equal(q.waitingCount, 3, 'the line is full only now');
  for (const s of slots) s.release();
  await Promise.all(running);
  await until(() => first.ran, 'the client’s first runs');
  t.notOk(second.ran, 'its second waits until the first is over');
  first.release();
  await until(() => second.ran, 'then the second runs');
  second.release();
  await until(() => third.ran, 'then the third');
  third.release();
  for (const o of others) o.release();
  await Promise.all([...runs, ...otherRuns]);
});

t.test('a client that leaves: its waiting hash is dropped and never runs', async (t) => {
  const q = small();
  const slots = [held(), held()];
  const running = slots.map((s, i) => q.run(s.fn, { client: `busy${i}` }));
  const controller = new AbortController();
  const job = held();
  const waiting = q.run(job.fn, { client: 'leaver', signal: controller.signal }).catch((e: unknown) => e);
  const behind = held();
  const behindRun = q.run(behind.fn, { client: 'leaver2', signal: controller.signal }).catch((e: unknown) => e);
  t.equal(q.waitingCount, 2);
  controller.abort(new Error('client left'));
  t.match(await waiting, { message: 'client left' });
  t.match(await behindRun, { message: 'client left' });
  t.equal(q.waitingCount, 0, 'out of the line');
  t.equal(q.counts.abandoned, 2);
  const already = new AbortController();
  already.abort(new Error('gone before'));
  t.match(await q.run(job.fn, { client: 'late', signal: already.signal }).catch((e: unknown) => e), { message: 'gone before' });
  for (const s of slots) s.release();
  await Promise.all(running);
  t.notOk(job.ran || behind.ran, 'never run');
  t.equal(q.counts.started, 2, 'only the two held hashes ran');
});

t.test('a wait over the limit is refused', async (t) => {
  const q = new HashQueue({ concurrency: 1, maxWaiting: 3, maxBehindPerClient: 2, maxWaitMs: 1, recentSeconds: 60 });
  const slot = held();
  const running = q.run(slot.fn, { client: 'busy' });
  const job = held();
  const outcome = await q.run(job.fn, { client: 'patient' }).catch((e: unknown) => e);
  t.equal((outcome as HashQueueBusy).why, 'timeout');
  t.equal(q.counts.expired, 1);
  slot.release();
  await running;
  t.notOk(job.ran);
});

t.test('few recent hashes go first; a newcomer takes the place of a flooder in a full line', async (t) => {
  const q = small();
  // The flooder's address had hashes a moment ago; the shopper's none.
  for (let i = 0; i < 3; i++) await q.run(async () => {}, { client: 'flooder' });
  const slots = [held(), held()];
  const running = slots.map((s, i) => q.run(s.fn, { client: `busy${i}` }));
  const flood = [held(), held(), held()];
  const floodRuns = flood.map((f, i) => q.run(f.fn, { client: i === 0 ? 'flooder' : `new${i}` }).catch((e: unknown) => e));
  t.equal(q.waitingCount, 3, 'the line is full');
  const shopper = held();
  const shopperRun = q.run(shopper.fn, { client: 'shopper' });
  t.equal(q.counts.evicted, 1, 'the flooder’s place went to the shopper');
  t.equal(((await floodRuns[0]) as HashQueueBusy).why, 'evicted');
  slots[0]!.release();
  await until(() => shopper.ran || flood[1]!.ran, 'a slot is taken');
  t.ok(flood[1]!.ran, 'equal scores keep their order: the earlier newcomer first');
  slots[1]!.release();
  await until(() => shopper.ran || flood[2]!.ran, 'the next slot is taken');
  for (const j of [shopper, ...flood]) j.release();
  await Promise.all([...running, shopperRun, ...floodRuns]);
  t.ok(shopper.ran && flood[2]!.ran);
});

t.test('refusals count like hashes: a client that keeps coming back to a full line goes behind a newcomer', async (t) => {
  const q = small();
  const slots = [held(), held()];
  const running = slots.map((s, i) => q.run(s.fn, { client: `busy${i}` }));
  // Refused three times before it reached the line (the sign-in gate), and once by the line itself when full.
  for (let i = 0; i < 3; i++) q.noteRefused('hammer');
  const fill = [held(), held(), held()];
  const fillRuns = fill.map((f, i) => q.run(f.fn, { client: `fill${i}` }));
  t.equal(await q.run(async () => {}, { client: 'hammer' }).catch((e: unknown) => (e as HashQueueBusy).why), 'full');
  // Room again: the hammer and a newcomer arrive, the hammer first.
  await Promise.all(fill.map((f) => f.release()));
  for (const s of slots) s.release();
  await Promise.all([...running, ...fillRuns]);
  const again = [held(), held()];
  const busy = again.map((s, i) => q.run(s.fn, { client: `busy-again${i}` }));
  const hammer = held();
  const shopper = held();
  const runs = [q.run(hammer.fn, { client: 'hammer' }), q.run(shopper.fn, { client: 'shopper' })];
  again[0]!.release();
  await until(() => hammer.ran || shopper.ran, 'a slot is taken');
  t.ok(shopper.ran && !hammer.ran, 'the newcomer goes first although the hammer came earlier');
  for (const j of [again[1]!, hammer, shopper]) j.release();
  await Promise.all([...busy, ...runs]);
});

t.test('the count fades rather than resets: a flooder of a while ago still goes behind a newcomer', async (t) => {
  // Half-life 0.1 s: after 0.15 s a window of that length would have started again at zero.
  const q = new HashQueue({ concurrency: 1, maxWaiting: 3, maxBehindPerClient: 2, maxWaitMs: 60_000, recentSeconds: 0.1 });
  for (let i = 0; i < 10; i++) q.noteRefused('flooder');
  await new Promise((r) => setTimeout(r, 150));
  const slot = held();
  const running = q.run(slot.fn, { client: 'busy' });
  const flooder = held();
  const shopper = held();
  const runs = [q.run(flooder.fn, { client: 'flooder' }), q.run(shopper.fn, { client: 'shopper' })];
  slot.release();
  await until(() => flooder.ran || shopper.ran, 'the slot is taken');
  t.ok(shopper.ran && !flooder.ran, 'the shopper first: what the flooder did still counts, if less');
  flooder.release();
  shopper.release();
  await Promise.all([running, ...runs]);
});

t.test('a successful sign-in forgives its address: its next hash is not behind a flooder', async (t) => {
  const q = small();
  for (let i = 0; i < 3; i++) await q.run(async () => {}, { client: 'regular' });
  await q.run(async () => {}, { client: 'flooder' });
  q.forgive('regular');
  const slots = [held(), held()];
  const running = slots.map((s, i) => q.run(s.fn, { client: `busy${i}` }));
  const flooder = held();
  const regular = held();
  const runs = [q.run(flooder.fn, { client: 'flooder' }), q.run(regular.fn, { client: 'regular' })];
  slots[0]!.release();
  await until(() => regular.ran || flooder.ran, 'a slot is taken');
  t.ok(regular.ran && !flooder.ran, 'the forgiven address goes first although it came later');
  for (const j of [slots[1]!, flooder, regular]) j.release();
  await Promise.all([...running, ...runs]);
});

// ---- through sign-in -----------------------------------------------------------------------------------------------

const app: TestApp = await startTestApp(t);

/** A failed sign-in from `ip` (the fetcher's envelope). */
const signIn = (v: Visitor, ip: string, opts: { js?: boolean; path?: string } = {}) =>
  app.submit({
    path: opts.path ?? '/auth',
    as: v,
    js: opts.js ?? true,
    ip,
    fields: { _form: 'auth:sign-in', email: `nobody-${ip.replace(/[^0-9a-z]/g, '-')}@example.com`, password: 'not the password' },
  });

/** Takes every slot and `waiting` places of the process's line with held hashes of fresh clients. */
function occupy(waiting: number) {
  const jobs = Array.from({ length: HASH_CONCURRENCY + waiting }, held);
  const runs = jobs.map((j, i) => hashQueue.run(j.fn, { client: `held-${Math.random()}-${i}` }));
  return {
    jobs,
    release: async () => {
      for (const j of jobs) j.release();
      await Promise.all(runs);
    },
  };
}

t.before(async () => {
  // One sign-in first: the comparison hash of unknown e-mails (auth.ts) is made, the line is empty.
  await signIn(app.visitor(), '192.0.2.250');
});

t.test('a full line: the sign-in is answered 503 with Retry-After and a message in the page’s language', async (t) => {
  const line = occupy(HASH_QUEUE_LIMIT);
  t.equal(hashQueue.waitingCount, HASH_QUEUE_LIMIT);
  const started = hashQueue.counts.started;

  const res = await signIn(app.visitor(), '192.0.2.1');
  t.same(refusalOf(res, 'auth'), { status: 503, errors: { '': 'auth.busy' } }, 'refused: busy');
  t.ok(Number(res.headers['retry-after']) >= 1, `Retry-After: ${res.headers['retry-after']}`);

  // Without JavaScript, on the English site: a page that says why in English, with the way back to the form.
  const form = await signIn(app.visitor(), '192.0.2.2', { js: false, path: '/en/auth' });
  t.equal(form.statusCode, 503);
  t.ok(Number(form.headers['retry-after']) >= 1, 'with Retry-After');
  t.match(form.headers['content-security-policy'], /default-src/, 'with the page headers');
  t.match(form.body, /<html lang="en">/);
  t.match(form.body, /<h1>Too many sign-ins are being checked right now\./);
  t.match(form.body, /<a href="\/en\/auth">/);

  const [row] = await app.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM rate_limits WHERE key IN ('192.0.2.1', '192.0.2.2') OR key LIKE '% 192.0.2._'`,
  );
  t.equal(row!.n, 0, 'a refused attempt claimed no rate limit');
  t.equal(hashQueue.counts.started, started, 'and ran no hash');
  await line.release();

  // The line has room again: once told to wait, the same address is checked (401) after its Retry-After.
  resetSignInGate();
  t.same(refusalOf(await signIn(app.visitor(), '192.0.2.1'), 'auth'), { status: 401, errors: { '': 'auth.failed' } });
});

t.test('a sign-in the line cannot take is refused before the session, the site token or the database', async (t) => {
  const line = occupy(HASH_QUEUE_LIMIT);
  const v = app.visitor();
  await app.request({ url: '/auth', headers: { cookie: v.cookie } });
  const queries = app.db.queries.length;
  const res = await app.submit({
    path: '/auth',
    as: v,
    js: true,
    ip: '192.0.2.30',
    token: 'not the site token',
    fields: { _form: 'auth:sign-in', email: 'nobody@example.com', password: 'not the password' },
  });
  t.same(refusalOf(res, 'auth'), { status: 503, errors: { '': 'auth.busy' } }, 'busy, not 403: nothing but the line was asked');
  t.equal(res.headers['cache-control'], 'no-store');
  t.equal(app.db.queries.length, queries, 'no query ran');
  await line.release();
  resetSignInGate();
});

t.test('an address told to wait that comes back sooner is told again; other addresses are checked', async (t) => {
  const line = occupy(HASH_QUEUE_LIMIT);
  const first = await signIn(app.visitor(), '192.0.2.40');
  t.equal(first.statusCode, 503);
  const told = Number(first.headers['retry-after']);
  await line.release();
  t.equal(hashQueue.waitingCount, 0, 'the line is empty again');

  const queries = app.db.queries.length;
  const again = await signIn(app.visitor(), '192.0.2.40');
  t.same(refusalOf(again, 'auth'), { status: 503, errors: { '': 'auth.busy' } }, 'still told to wait');
  const left = Number(again.headers['retry-after']);
  t.ok(left >= 1 && left <= told, `Retry-After ${left} s: what is left of ${told} s`);
  t.equal(app.db.queries.length, queries, 'at no cost');
  t.same(
    refusalOf(await signIn(app.visitor(), '192.0.2.41'), 'auth'),
    { status: 401, errors: { '': 'auth.failed' } },
    'another address is checked',
  );

  await new Promise((r) => setTimeout(r, left * 1000 + 50));
  t.same(
    refusalOf(await signIn(app.visitor(), '192.0.2.40'), 'auth'),
    { status: 401, errors: { '': 'auth.failed' } },
    'after the wait, checked',
  );
});

t.test('a second parallel sign-in from one address (an IPv6 /64) waits behind the first, without a place', async (t) => {
  const line = occupy(0);
  const started = hashQueue.counts.started;
  const first = signIn(app.visitor(), '2001:db8:7:1::a');
  await until(() => hashQueue.waitingCount === 1, 'the first sign-in waits in the line');
  const second = signIn(app.visitor(), '2001:db8:7:1::b');
  await until(() => hashQueue.behindCount === 1, 'the second waits behind it');
  t.equal(hashQueue.waitingCount, 1, 'one place for the /64');
  // Every other place of the line is still free.
  const others = Array.from({ length: HASH_QUEUE_LIMIT - 1 }, held);
  const otherRuns = others.map((o, i) => hashQueue.run(o.fn, { client: `other-${i}` }));
  t.equal(hashQueue.waitingCount, HASH_QUEUE_LIMIT, 'the line took them all');
  await line.release();
  for (const o of others) o.release();
  await Promise.all(otherRuns);
  const answers: LightMyRequestResponse[] = await Promise.all([first, second]);
  for (const a of answers) t.same(refusalOf(a, 'auth'), { status: 401, errors: { '': 'auth.failed' } }, 'both were checked');
  t.equal(hashQueue.counts.started - started, 2 + others.length, 'one hash each');
});

t.test('a client that disconnects: its queued hash never runs, its attempt is not counted', async (t) => {
  await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.fastify.server.address() as AddressInfo;
  const line = occupy(0);
  const started = hashQueue.counts.started;
  const abandoned = hashQueue.counts.abandoned;

  const v = app.visitor();
  const body = new URLSearchParams({ _form: 'auth:sign-in', email: 'leaver@example.com', password: 'not the password', token: v.token });
  const req = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/_data/auth?_action=auth',
    headers: { host: 'localhost', cookie: v.cookie, 'content-type': 'application/x-www-form-urlencoded' },
  });
  req.on('error', () => {}); // the test hangs up itself
  req.end(body.toString());
  await until(() => hashQueue.waitingCount === 1, 'the sign-in waits in the line');
  req.destroy();
  await until(() => hashQueue.counts.abandoned === abandoned + 1, 'the server saw the client leave');
  t.equal(hashQueue.waitingCount, 0, 'its hash left the line');
  await line.release();
  t.equal(hashQueue.counts.started - started, 0, 'no hash ran for it');
  await until(
    async () => (await app.db.query(`SELECT 1 FROM rate_limits WHERE key LIKE 'leaver@example.com%' AND hits > 0`)).length === 0,
    'the pair’s use given back',
  );
  const [address] = await app.db.query<{ hits: number }>(
    `SELECT hits FROM rate_limits WHERE policy = 'signin.address' AND key = '127.0.0.1'`,
  );
  t.equal(address?.hits ?? 0, 0, 'the address’s use given back');
});

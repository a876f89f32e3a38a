/**
 * A database that stops answering fails fast (issue 18; docs/decisions/035-failing-fast.md): the first call that
 * meets a timeout opens the circuit, later requests answer 503 with Retry-After without reaching the database (the
 * breaker's counters prove it, not a stopwatch), /readyz says so, reads already waiting are let go, and once the
 * background probe sees the database answer again pages answer 200.
 *  - PostgreSQL lane: the real pool and its timeouts, the server frozen by a TCP proxy that forwards nothing;
 *  - both lanes: the breaker around the test database, "frozen" by a layer that never answers and times out as
 *    pg's client does.
 */
import t, { type Test } from 'tap';
import { buildApp } from '../server/app.ts';
import { DATABASE_RETRY_AFTER_SECONDS, DatabaseTimeoutError } from '../server/db/errors.ts';
import { type CircuitStatus, type Db, openDb, withCircuitBreaker } from '../server/db/index.ts';
import { loadConfig } from '../server/platform/config.ts';
import { createTestDb, usingPostgres } from './helpers/db.ts';
import { startTcpProxy } from './helpers/tcp-proxy.ts';

const config = loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'test-secret-test-secret-test-secret!', SHELL_CACHE_TTL: '0' });

/** Polls until fn is true (a bounded wait for the background probe, not a timed assertion). */
async function until(fn: () => boolean, limitMs = 15_000): Promise<boolean> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (fn()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return fn();
}

/** The journey: up → frozen → first request trips the circuit → the next ones are refused at once → thawed → up. */
async function journey(t: Test, db: Db, freeze: () => void, thaw: () => void) {
  const { fastify } = await buildApp({ config, db });
  t.teardown(() => fastify.close());
  const circuit = (): CircuitStatus => db.circuit!();
  const page = () => fastify.inject({ url: '/vibroizolyaciya', headers: { host: 'localhost' } });

  t.equal((await page()).statusCode, 200, 'a page while the database answers');
  t.same((await fastify.inject({ url: '/readyz' })).json(), { status: 'ok', database: db.kind, circuit: 'closed' });

  freeze();
  const first = await page();
  t.equal(first.statusCode, 503, 'the first page after the freeze: 503 once its query timed out');
  t.equal(circuit().state, 'open', 'that timeout opened the circuit');
  t.equal(circuit().trips, 1);

  const attempted = circuit().attempted;
  const refused = circuit().refused;
  const second = await page();
  t.equal(second.statusCode, 503, 'the next page: 503');
  t.equal(second.headers['retry-after'], String(DATABASE_RETRY_AFTER_SECONDS), 'with Retry-After');
  t.match(second.body, /Сайт ненадолго недоступен/, 'the unavailable page');
  const data = await fastify.inject({ url: '/_data/vibroizolyaciya?_routes=root,category', headers: { host: 'localhost' } });
  t.equal(data.statusCode, 503, 'client navigation data: 503');
  t.equal(data.json().error, 'database_unavailable');
  const api = await fastify.inject({ method: 'POST', url: '/api/cart', headers: { host: 'localhost' }, payload: {} });
  t.equal(api.statusCode, 503, 'the API: 503');
  const ready = await fastify.inject({ url: '/readyz' });
  t.equal(ready.statusCode, 503, '/readyz: 503');
  t.same(ready.json(), { status: 'unavailable', database: db.kind, circuit: 'open' }, '/readyz names the open circuit');
  t.equal(circuit().attempted, attempted, 'none of them reached the database: no query waited out a timeout');
  t.ok(circuit().refused >= refused + 4, `each was refused at once (${circuit().refused - refused} calls)`);

  thaw();
  t.ok(await until(() => circuit().state === 'closed'), 'the probe closes the circuit once the database answers');
  t.ok(circuit().probes >= 1, `${circuit().probes} probe(s) ran`);
  t.equal((await page()).statusCode, 200, 'pages answer 200 again');
  t.equal((await fastify.inject({ url: '/readyz' })).statusCode, 200, '/readyz: 200 again');
}

t.test(
  'PostgreSQL frozen behind a proxy: one request waits, the rest fail fast; the probe closes the circuit',
  {
    skip: usingPostgres() ? false : 'PostgreSQL lane only (scripts/test-postgres.sh)',
  },
  async (t) => {
    const { url, drop } = await createTestDb();
    const target = new URL(url!);
    const proxy = await startTcpProxy(target.hostname, Number(target.port));
    const db = await openDb({
      databaseUrl: proxy.url(url!),
      poolSize: 4,
      connectTimeoutMs: 500,
      statementTimeoutMs: 500,
      circuitBreaker: { probeIntervalMs: 200, probeTimeoutMs: 300 },
    });
    t.teardown(async () => {
      proxy.thaw();
      await db.close();
      await proxy.close();
      await drop();
    });
    await journey(t, db, proxy.freeze, proxy.thaw);
  },
);

/**
 * The test database behind a layer that, while frozen, never answers: each call rejects after `timeoutMs` with the
 * client-side timeout pg gives (the statement is left hanging), as the pool does on a stopped server; its probe after
 * `probeTimeoutMs`.
 */
function freezable(real: Db, timeoutMs: number, probeTimeoutMs = 200) {
  let frozen = false;
  /** Calls left hanging: thawing rejects them (a long timeout must not keep the test alive). */
  const hanging = new Set<() => void>();
  const hang = (ms = timeoutMs) =>
    new Promise<never>((_, reject) => {
      const fail = () => {
        clearTimeout(timer);
        hanging.delete(fail);
        reject(new DatabaseTimeoutError('Query read timeout'));
      };
      const timer = setTimeout(fail, ms);
      hanging.add(fail);
    });
  const db: Db = {
    ...real,
    kind: real.kind,
    query: (sql, params) => (frozen ? hang() : real.query(sql, params)),
    exec: (sql) => (frozen ? hang() : real.exec(sql)),
    transaction: (fn, options) => (frozen ? hang() : real.transaction(fn, options)),
    ping: (ms) => (frozen ? hang() : real.ping(ms)),
  };
  return {
    db,
    // The probe's own connection gives up after probeTimeoutMs, as the real one does (openDb's probe).
    probe: async () => void (frozen ? await hang(probeTimeoutMs) : await real.query('SELECT 1')),
    freeze: () => {
      frozen = true;
    },
    thaw: () => {
      frozen = false;
      for (const fail of [...hanging]) fail();
    },
  };
}

t.test('the breaker on either database: a frozen one costs one timeout, not one per request', async (t) => {
  const { db: real, drop } = await createTestDb();
  t.teardown(drop);
  const layer = freezable(real, 200);
  const db = withCircuitBreaker(layer.db, layer.probe, { probeIntervalMs: 100, probeTimeoutMs: 200 });
  await journey(t, db, layer.freeze, layer.thaw);
});

t.test('a stalled call does not wait out its timeout: the probe asks at once and opens the circuit', async (t) => {
  const { db: real, drop } = await createTestDb();
  t.teardown(drop);
  // Calls would wait 60 s for their own timeout: only the stall watch can answer the first page sooner.
  const layer = freezable(real, 60_000);
  const db = withCircuitBreaker(layer.db, layer.probe, { probeIntervalMs: 100, probeTimeoutMs: 200, stallMs: 200 });
  const { fastify } = await buildApp({ config, db });
  t.teardown(() => fastify.close());
  const page = () => fastify.inject({ url: '/vibroizolyaciya', headers: { host: 'localhost' } });
  t.equal((await page()).statusCode, 200);
  t.equal(db.circuit!().stallProbes, 0, 'no probe while calls are answered');

  layer.freeze();
  const first = await page();
  t.equal(first.statusCode, 503, 'the first page after the freeze: 503, not a wait of its 60 s timeout');
  t.equal(first.headers['retry-after'], String(DATABASE_RETRY_AFTER_SECONDS));
  t.equal(db.circuit!().state, 'open');
  t.equal(db.circuit!().stallProbes, 1, 'one probe asked, for the stalled call');
  layer.thaw();
  t.ok(await until(() => db.circuit!().state === 'closed'), 'closed again once the database answers');
  t.equal((await page()).statusCode, 200);
});

t.test('a slow query on a database that answers the probe leaves the circuit closed', async (t) => {
  const { db: real, drop } = await createTestDb();
  t.teardown(drop);
  const slow: Db = {
    ...real,
    kind: real.kind,
    query: async (sql, params) => {
      if (/pg_sleep/.test(sql)) await new Promise((r) => setTimeout(r, 600));
      return real.query(sql, params);
    },
  };
  const db = withCircuitBreaker(slow, async () => void (await real.query('SELECT 1')), {
    probeIntervalMs: 100,
    probeTimeoutMs: 200,
    stallMs: 100,
  });
  t.same(await db.query<{ ok: number }>('SELECT 1 AS ok /* pg_sleep */'), [{ ok: 1 }], 'the slow read answers');
  t.equal(db.circuit!().stallProbes, 1, 'it was probed');
  t.equal(db.circuit!().state, 'closed', 'and the answering database kept the circuit closed');
  t.equal(db.circuit!().trips, 0);
});

t.test('reads waiting when the circuit opens are let go; writes are waited for', async (t) => {
  const { db: real, drop } = await createTestDb();
  t.teardown(drop);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // A read and a write that hang until released, and a call that times out: the timeout opens the circuit.
  const layer: Db = {
    ...real,
    kind: real.kind,
    query: async (sql, params) => {
      if (sql.includes('hang')) await held;
      if (sql.includes('timeout')) throw new DatabaseTimeoutError('Query read timeout');
      return real.query(sql.replace(/\/\*.*\*\//, ''), params);
    },
  };
  let probeAnswers = false;
  const db = withCircuitBreaker(
    layer,
    async () => {
      if (!probeAnswers) throw new Error('still silent');
    },
    { probeIntervalMs: 50, probeTimeoutMs: 50 },
  );
  t.teardown(() => db.close());

  const read = db.query('SELECT 1 AS n /* hang */');
  const write = db.query(`UPDATE products SET title = title WHERE id = -1 /* hang */`);
  let writeSettled = false;
  void write.then(
    () => (writeSettled = true),
    () => (writeSettled = true),
  );
  await t.rejects(db.query('SELECT 1 /* timeout */'), DatabaseTimeoutError, 'the timeout itself is the caller’s error');
  await t.rejects(read, { code: 'DB_CIRCUIT_OPEN' }, 'the waiting read is let go when the circuit opens');
  t.notOk(writeSettled, 'the waiting write is not: its outcome must be known');
  await t.rejects(
    db.transaction(async () => 1),
    { code: 'DB_CIRCUIT_OPEN' },
    'a new transaction is refused at once',
  );
  release();
  t.same(await write, [], 'the write finishes and its caller gets its answer');
  probeAnswers = true;
  t.ok(await until(() => db.circuit!().state === 'closed'), 'closed by the probe');
  t.same(await db.query('SELECT 1 AS n'), [{ n: 1 }]);
});

/**
 * The PostgreSQL pool under connection faults (server/db/index.ts), staged through a TCP proxy
 * (test/helpers/tcp-proxy.ts) so each runs the same way every time:
 *  - pooled connections that died unnoticed (a restart, a failover) are replaced: reads and transactions that
 *    had not sent COMMIT run again on a fresh connection; a single write is never sent twice;
 *  - a frozen server costs at most the connect or statement timeout, and the ping its own deadline;
 *  - the server's statement_timeout cancels slow statements; migrations and demo data run unbounded.
 * PostgreSQL lane only; the classification of errors is tested on both lanes in test/db-errors.test.ts.
 */
import t, { type Test } from 'tap';
import { isBrokenConnection, isDatabaseUnavailable } from '../server/db/errors.ts';
import { openDb } from '../server/db/index.ts';
import { createTestDb, usingPostgres } from './helpers/db.ts';
import { startTcpProxy } from './helpers/tcp-proxy.ts';

const skip = usingPostgres() ? false : 'PostgreSQL lane only (scripts/test-postgres.sh)';

/** A fresh empty database and a proxy in front of the server; both gone at the end of the test. */
async function setup(t: Test) {
  const { db: direct, drop, url } = await createTestDb({ seeded: false });
  const target = new URL(url!);
  const proxy = await startTcpProxy(target.hostname, Number(target.port));
  t.teardown(async () => {
    proxy.thaw();
    await proxy.close();
    await drop();
  });
  await direct.query('CREATE TABLE probe (id serial PRIMARY KEY, note text NOT NULL)');
  return { direct, proxy, proxiedUrl: proxy.url(url!) };
}

const elapsed = async <T>(fn: () => Promise<T>) => {
  const start = performance.now();
  const result = await fn().then(
    (value) => ({ value, error: undefined }),
    (error: unknown) => ({ value: undefined, error }),
  );
  return { ...result, ms: performance.now() - start };
};

t.test('dead pooled connections are replaced: reads and transactions succeed, a write is not sent twice', { skip }, async (t) => {
  const { direct, proxy, proxiedUrl } = await setup(t);
  const db = await openDb({ databaseUrl: proxiedUrl, poolSize: 3 });
  t.teardown(() => db.close());
  const warm = () => Promise.all([1, 2, 3].map((n) => db.query('SELECT $1::int AS n, pg_sleep(0.05)', [n])));

  await warm();
  proxy.cut();
  t.same(await db.query('SELECT 41 + 1 AS n'), [{ n: 42 }], 'a read runs again until a live connection takes it');

  await warm();
  proxy.cut();
  await db.transaction(async (tx) => {
    await tx.query(`INSERT INTO probe (note) VALUES ('tx')`);
  });
  t.same(await direct.query(`SELECT note FROM probe`), [{ note: 'tx' }], 'the transaction ran again whole and committed once');

  await warm();
  proxy.cut();
  const write = await elapsed(() => db.query(`INSERT INTO probe (note) VALUES ('single')`));
  t.ok(
    isBrokenConnection(write.error) && isDatabaseUnavailable(write.error),
    'a single write on a dead connection fails (503), it is not sent again',
  );
  t.same(await direct.query(`SELECT count(*)::int AS n FROM probe WHERE note = 'single'`), [{ n: 0 }]);
  await db.query(`INSERT INTO probe (note) VALUES ('after')`);
  t.same(
    await direct.query(`SELECT count(*)::int AS n FROM probe WHERE note = 'after'`),
    [{ n: 1 }],
    'the next write gets a live connection',
  );
});

t.test('a frozen server costs the statement or connect timeout, the ping its own deadline', { skip }, async (t) => {
  const { proxy, proxiedUrl } = await setup(t);
  const db = await openDb({ databaseUrl: proxiedUrl, poolSize: 2, connectTimeoutMs: 500, statementTimeoutMs: 300 });
  t.teardown(() => db.close());
  await db.query('SELECT 1');

  proxy.freeze();
  const read = await elapsed(() => db.query('SELECT 1'));
  t.ok(isDatabaseUnavailable(read.error), `a read on an open connection gives up (${(read.error as Error)?.message})`);
  t.ok(read.ms >= 1000 && read.ms < 3000, `after the statement timeout plus the client's margin (${Math.round(read.ms)} ms)`);
  const tx = await elapsed(() => db.transaction((q) => q.query('SELECT 1')));
  t.ok(isDatabaseUnavailable(tx.error) && tx.ms < 3000, `a transaction too (${Math.round(tx.ms)} ms)`);
  const ping = await elapsed(() => db.ping(200));
  t.ok(isDatabaseUnavailable(ping.error) && ping.ms < 1000, `the ping keeps its own deadline (${Math.round(ping.ms)} ms)`);

  // Both pooled connections were dropped when they timed out: a new one must be opened, through the frozen proxy.
  const connect = await elapsed(() => db.query('SELECT 1'));
  t.ok(isDatabaseUnavailable(connect.error), `opening a connection gives up (${(connect.error as Error)?.message})`);
  t.ok(connect.ms < 2000, `after the connect timeout (${Math.round(connect.ms)} ms)`);

  proxy.thaw();
  proxy.cut(); // the held connections would answer late: start afresh, as after a real restart
  const after = await elapsed(() => db.query('SELECT 2 AS n'));
  t.same(after.value, [{ n: 2 }], 'answers again once the server is back');
  await db.ping(1000);
});

t.test('statement_timeout cancels a slow statement; migrations and demo data run unbounded', { skip }, async (t) => {
  const { proxiedUrl } = await setup(t);
  const db = await openDb({ databaseUrl: proxiedUrl, poolSize: 1, statementTimeoutMs: 300 });
  t.teardown(() => db.close());
  const slow = await elapsed(() => db.query('SELECT pg_sleep(2)'));
  t.equal((slow.error as { code?: string })?.code, '57014', 'cancelled by the server');
  t.ok(slow.ms < 1500, `in time (${Math.round(slow.ms)} ms)`);
  t.ok(isDatabaseUnavailable(slow.error), 'answered 503: the database is too slow right now');
  const inTx = await elapsed(() => db.transaction((q) => q.query('SELECT pg_sleep(2)')));
  t.equal((inTx.error as { code?: string })?.code, '57014');
  t.same(await db.query('SELECT 3 AS n'), [{ n: 3 }], 'the connection stays usable after a cancelled statement');
  t.same(
    await db.transaction((q) => q.query('SELECT pg_sleep(0.6), 4 AS n'), { unbounded: true }),
    [{ pg_sleep: '', n: 4 }],
    'unbounded: no statement timeout',
  );
  t.same(
    await db.query(`SELECT current_setting('statement_timeout') AS s`),
    [{ s: '300ms' }],
    'the limit is back after the unbounded transaction',
  );
});

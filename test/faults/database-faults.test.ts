/**
 * Faults under load, on a PostgreSQL cluster of this test's own (test/faults/harness.ts), with the production
 * server as a child process and six loops of cart writes (the cart's router action) running throughout:
 *  1. PostgreSQL restarted (fast, then immediate — as after a crash);
 *  2. PostgreSQL frozen with SIGSTOP for 2.5 s, then resumed;
 *  3. the server killed with -9 during the writes, and started again.
 * Afterwards: no acknowledged write lost or doubled, no failed one applied twice; while the database is away
 * every answer is 503 with Retry-After within the configured timeouts and /readyz says 503 within its own;
 * answers are back within 5 s of the database (or the server) coming back; the server process stays up.
 */
import t from 'tap';
import { openDb } from '../../server/db/index.ts';
import {
  call,
  cartLoad,
  checkWrites,
  faultLane,
  type Server,
  sleep,
  startCluster,
  startServer,
  submit,
  until,
  visitor,
} from './harness.ts';

const READYZ_LIMIT_MS = 1000 + 500; // READYZ_TIMEOUT_MS of the harness's server, plus scheduling slack
const RECOVERY_LIMIT_MS = 5000;

t.test('database faults under load', { skip: faultLane, timeout: 170_000 }, async (t) => {
  const cluster = await startCluster(t);
  let server: Server = await startServer(t, cluster.url);
  const db = await openDb({ databaseUrl: cluster.url, poolSize: 2, connectTimeoutMs: 2000, statementTimeoutMs: 5000 });
  t.teardown(() => db.close());
  const productIds = (
    await db.query<{ id: number }>(
      `SELECT p.id FROM products p JOIN product_prices pp ON pp.product_id = p.id AND pp.price_list = 'ru' WHERE p.is_active ORDER BY p.id`,
    )
  ).map((r) => r.id);
  const rows = (sql: string, params: unknown[]) => db.query<{ session_id: string; product_id: number; quantity: number }>(sql, params);
  /** A fresh visitor's cart write succeeds. */
  const writeWorks = async () =>
    !!(await submit(server.url, '/cart', visitor(), { intent: 'item', productId: productIds[0]!, quantity: 1 })).acked;
  const readyz = () => call(server.url, '/readyz');

  t.test('PostgreSQL restarted under load', { timeout: 60_000 }, async (t) => {
    for (const mode of ['fast', 'immediate'] as const) {
      const load = cartLoad(() => server.url, productIds);
      await sleep(1000);
      await cluster.stop(mode);
      const down = await readyz();
      t.equal(down.status, 503, `${mode}: /readyz says 503 while the database is down`);
      t.ok(down.ms < READYZ_LIMIT_MS, `${mode}: within its timeout (${Math.round(down.ms)} ms)`);
      await sleep(1000);
      await cluster.start();
      const recovery = await until(writeWorks, 10_000);
      t.ok(recovery < RECOVERY_LIMIT_MS, `${mode}: writes work again ${Math.round(recovery)} ms after the database is back`);
      t.equal((await readyz()).status, 200, `${mode}: /readyz says 200 again`);
      await sleep(1000);
      const writes = await load.stop();
      await checkWrites(t, writes, rows);
      t.ok(
        writes.every((w) => w.outcome.ms < 5000),
        `${mode}: no answer took longer than the timeouts allow`,
      );
      t.ok(server.alive(), `${mode}: the server process is up`);
    }
  });

  t.test('PostgreSQL frozen (SIGSTOP) and resumed under load', { timeout: 60_000 }, async (t) => {
    const load = cartLoad(() => server.url, productIds);
    await sleep(1000);
    cluster.freeze();
    let resumed = false;
    t.teardown(() => !resumed && cluster.thaw());
    const frozen = await readyz();
    t.equal(frozen.status, 503, '/readyz says 503 while the database is frozen');
    t.ok(frozen.ms < READYZ_LIMIT_MS, `within its timeout (${Math.round(frozen.ms)} ms)`);
    await sleep(2500);
    const during = load.writes.length;
    cluster.thaw();
    resumed = true;
    const recovery = await until(writeWorks, 10_000);
    t.ok(recovery < RECOVERY_LIMIT_MS, `writes work again ${Math.round(recovery)} ms after the database resumed`);
    t.equal((await readyz()).status, 200, '/readyz says 200 again');
    await sleep(1000);
    const writes = await load.stop();
    await checkWrites(t, writes, rows);
    t.ok(
      writes.slice(0, during).some((w) => w.outcome.status === 503),
      'writes during the freeze were refused with 503, not left hanging',
    );
    t.ok(
      writes.every((w) => w.outcome.ms < 5000),
      `no answer took longer than the timeouts allow (slowest ${Math.round(Math.max(...writes.map((w) => w.outcome.ms)))} ms)`,
    );
    t.ok(server.alive(), 'the server process is up');
  });

  t.test('the server killed with -9 during cart writes, then started again', { timeout: 60_000 }, async (t) => {
    const load = cartLoad(() => server.url, productIds);
    await sleep(1500);
    const killed = server;
    killed.child.kill('SIGKILL');
    await killed.exited;
    server = await startServer(t, cluster.url);
    const recovery = await until(writeWorks, 10_000);
    t.ok(recovery < RECOVERY_LIMIT_MS, `writes work ${Math.round(recovery)} ms after the new server listens`);
    await sleep(1500);
    const writes = await load.stop();
    const counts = await checkWrites(t, writes, rows, { serverKilled: true });
    t.ok((counts.ok ?? 0) > 0, 'writes went on against the new server');
    // Visitors whose writes were cut off hold no lock: each loop's last write, after the restart, succeeded.
    const last = [...new Set(writes.map((w) => w.worker))].map((worker) => writes.findLast((w) => w.worker === worker)!);
    t.same(
      last.map((w) => (w.outcome.acked ? 'ok' : w.outcome.status)),
      last.map(() => 'ok'),
      'the last write of every loop succeeded',
    );
    t.equal((await readyz()).status, 200);
    t.ok(server.alive(), 'the new server process is up');
  });
});

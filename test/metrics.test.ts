/**
 * Prometheus /metrics: never through the public hosts; on METRICS_PORT (loopback) with request durations by route
 * pattern, database connection use, shell-cache lookups and event-loop delay. Also the TtlCache lookup counters.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

import type { AddressInfo } from 'node:net';
import t from 'tap';
import { cacheCounts, TtlCache } from '../server/cache/ttl-cache.ts';
import { METRICS_PATH } from '../server/http/metrics.ts';
import { startTestApp } from './helpers/app.ts';

const METRIC_NAMES = /http_request_duration_seconds|storefront_|nodejs_eventloop_lag/;

t.test('without METRICS_PORT: no /metrics anywhere, nothing collected', async (t) => {
  const app = await startTestApp(t);
  t.equal(app.config.metrics, null);
  t.equal(app.fastify.metricsServer, undefined, 'no metrics server');
  for (const host of ['tihoavto.ru', 'tihoavto.kz', 'localhost', '127.0.0.1']) {
    const res = await app.request({ url: METRICS_PATH, host });
    t.equal(res.statusCode, 404, `${host}: 404`);
    t.notMatch(res.body, METRIC_NAMES, `${host}: no metrics in the answer`);
  }
});

t.test('with METRICS_PORT: served on that port (loopback) only, with the metric names', async (t) => {
  const app = await startTestApp(t, { METRICS_PORT: '0' });
  t.strictSame(app.config.metrics, { port: 0, host: '127.0.0.1' });
  await app.fastify.ready();
  const server = app.fastify.metricsServer!;
  const address = server.server.address() as AddressInfo;
  t.equal(address.address, '127.0.0.1', 'bound to loopback by default');
  const base = `http://127.0.0.1:${address.port}`;

  // The public port still has no /metrics, on any host.
  for (const host of ['tihoavto.ru', 'localhost']) {
    const res = await app.request({ url: METRICS_PATH, host });
    t.equal(res.statusCode, 404, `public ${host}: 404`);
    t.notMatch(res.body, METRIC_NAMES);
  }

  // Some traffic: pages (twice: the second shell comes from the cache), a product, data, an unknown API path.
  const [product] = await app.db.query<{ category: string; product: string }>(
    'SELECT c.slug AS category, p.slug AS product FROM products p JOIN categories c ON c.id = p.category_id ORDER BY p.id LIMIT 1',
  );
  const productPath = `/${product!.category}/${product!.product}`;
  app.services.invalidateCaches();
  const hitsBefore = cacheCounts().get('shell')?.hits ?? 0;
  const missesBefore = cacheCounts().get('shell')?.misses ?? 0;
  for (const url of ['/', '/', productPath, `/_data${productPath}?_routes=product`, '/api/no-such-thing-42']) {
    t.ok((await app.request({ url })).statusCode < 500, url);
  }
  t.ok(cacheCounts().get('shell')!.misses > missesBefore, 'a shell cache miss counted');
  t.ok(cacheCounts().get('shell')!.hits > hitsBefore, 'a shell cache hit counted');

  const res = await fetch(base + METRICS_PATH);
  t.equal(res.status, 200);
  t.match(res.headers.get('content-type'), /^text\/plain; version=0\.0\.4/);
  t.equal(res.headers.get('cache-control'), 'no-store');
  const text = await res.text();
  t.match(text, /^# TYPE http_request_duration_seconds histogram$/m);
  t.match(text, /http_request_duration_seconds_count\{method="GET",route="page:home",status_code="200"\} 2\n/, 'pages by route id');
  t.match(text, /http_request_duration_seconds_count\{method="GET",route="page:product",status_code="200"\} 1\n/);
  t.match(text, /http_request_duration_seconds_count\{method="GET",route="data:product",status_code="200"\} 1\n/);
  t.match(text, /http_request_duration_seconds_count\{method="GET",route="\/api\/\*",status_code="404"\} 1\n/, 'API by route pattern');
  t.notOk(text.includes(product!.product), 'no raw URL in a label');
  t.notOk(text.includes('no-such-thing'), 'no raw URL in a label');
  t.notMatch(text, /route="\/metrics"/, 'the scrape itself is not on the public app');
  const shell = (result: string) =>
    Number(new RegExp(`storefront_cache_lookups_total\\{cache="shell",result="${result}"\\} (\\d+)`).exec(text)?.[1]);
  t.equal(shell('hit'), cacheCounts().get('shell')!.hits, 'shell cache hits');
  t.equal(shell('miss'), cacheCounts().get('shell')!.misses, 'shell cache misses');
  t.equal(shell('stale'), cacheCounts().get('shell')!.stale, 'shell cache stale serves');
  if (app.db.kind === 'postgres') {
    for (const state of ['total', 'idle', 'waiting'])
      t.match(text, new RegExp(`^storefront_db_connections\\{state="${state}"\\} \\d+$`, 'm'), state);
    t.match(text, /^storefront_db_connections\{state="total"\} [1-9]/m, 'the pool has connections');
  } else {
    t.match(text, /^storefront_db_in_flight \d+$/m, 'PGlite calls in flight');
  }
  t.match(text, /^nodejs_eventloop_lag_p99_seconds \d/m, 'event-loop delay');
  t.match(text, /^process_resident_memory_bytes \d/m, 'process memory');

  // The metrics port answers nothing else.
  t.equal((await fetch(base + '/')).status, 404);
  t.equal((await fetch(base + '/healthz')).status, 404);

  // Closing the app closes the port.
  await app.fastify.close();
  await t.rejects(fetch(base + METRICS_PATH), 'the metrics port is closed with the app');
});

t.test('the database reports its connection use: PGlite calls in flight, or the PostgreSQL pool', async (t) => {
  const app = await startTestApp(t);
  const db = app.db;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // One transaction held open, and three queries behind it (PGlite runs one at a time; pg uses pooled connections).
  const transaction = db.transaction(async (tx) => {
    await tx.query('SELECT 1');
    await held;
  });
  await new Promise((r) => setTimeout(r, 50));
  const queries = [1, 2, 3].map(() => db.query('SELECT pg_sleep(0.05)'));
  await new Promise((r) => setTimeout(r, 20));
  const busy = db.stats!();
  release();
  await Promise.all([transaction, ...queries]);
  const idle = db.stats!();
  if (busy.kind === 'pglite' && idle.kind === 'pglite') {
    t.equal(busy.inFlight, 4, 'the transaction and the three queued queries');
    t.equal(idle.inFlight, 0, 'none once they are done');
  } else if (busy.kind === 'postgres' && idle.kind === 'postgres') {
    t.ok(busy.total >= 1 && busy.total - busy.idle >= 1, `connections in use while busy: ${JSON.stringify(busy)}`);
    t.equal(idle.waiting, 0);
    t.equal(idle.idle, idle.total, 'all connections idle afterwards');
  } else {
    t.fail('stats of the wrong kind');
  }
});

t.test('METRICS_PORT is validated; METRICS_HOST chooses the address', async (t) => {
  const { loadConfig } = await import('../server/platform/config.ts');
  const { ConfigError } = await import('../server/platform/config-error.ts');
  t.throws(() => loadConfig({ METRICS_PORT: 'abc' }), ConfigError);
  t.throws(() => loadConfig({ METRICS_PORT: '70000' }), ConfigError);
  t.strictSame(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics, { port: 9464, host: '0.0.0.0' });
  t.equal(loadConfig({ METRICS_PORT: '' }).metrics, null, 'empty is unset');
  t.throws(() => loadConfig({ METRICS_PORT: '3000' }), /METRICS_PORT must differ from PORT/, 'not on the public port');
  t.throws(() => loadConfig({ METRICS_PORT: '8080', PORT: '8080' }), /METRICS_PORT must differ from PORT/);
});

t.test('TtlCache counts hits, stale serves and misses of a named cache; unnamed caches are not counted', async (t) => {
  let now = 1000;
  const clock = () => now;
  const cache = new TtlCache<number>(1000, 5000, clock).countedAs('test-counted');
  const twin = new TtlCache<number>(1000, 5000, clock).countedAs('test-counted');
  const unnamed = new TtlCache<number>(1000, 5000, clock);
  t.ok(unnamed, 'a cache without a name is not counted');
  const counts = () => ({ ...cacheCounts().get('test-counted') });
  t.strictSame(counts(), { hits: 0, stale: 0, misses: 0 });
  await cache.get('k', async () => 1); // miss
  await cache.get('k', async () => 2); // hit
  now += 1500;
  await cache.get('k', async () => 3); // stale, refresh in the background
  await new Promise((r) => setImmediate(r));
  await cache.get('k', async () => 4); // hit (refreshed)
  now += 10_000;
  await cache.get('k', async () => 5); // miss: too old to serve
  await twin.get('k', async () => 6); // miss, summed under the same name
  t.strictSame(counts(), { hits: 2, stale: 1, misses: 3 });
  t.notOk([...cacheCounts().keys()].includes('undefined'));
});

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { loadConfig } from '../server/platform/config.ts';
import { ConfigError } from '../server/platform/config-error.ts';
import { demoSitesConfig } from '../server/platform/demo-sites.ts';

t.test('defaults: embedded database in ./data, port 3000, demo sites', async (t) => {
  const c = loadConfig({});
  t.equal(c.port, 3000);
  t.equal(c.databaseUrl, undefined);
  t.equal(c.dataDir, './data');
  t.equal(c.trustProxy, false);
  t.equal(c.sites, demoSitesConfig);
  t.equal(c.shellCacheTtlMs, 30_000);
  t.equal(c.seedDemo, true);
});

t.test('values are parsed and checked; empty variables count as unset', async (t) => {
  const c = loadConfig({
    PORT: '8080',
    DATABASE_URL: 'postgres://u@db:5432/shop',
    TRUST_PROXY: '10.0.0.0/8',
    SEED_DEMO: 'false',
    SESSION_SECRET: '',
  });
  t.equal(c.port, 8080);
  t.equal(c.databaseUrl, 'postgres://u@db:5432/shop');
  t.same(c.trustProxy, ['10.0.0.0/8']);
  t.equal(c.seedDemo, false);
  t.equal(c.sessionSecret, undefined);
  t.equal(loadConfig({ TRUST_PROXY: 'true' }).trustProxy, true);
  t.same(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy, ['10.0.0.1', '10.0.0.2']);
  t.equal(loadConfig({ DATABASE_URL: '' }).databaseUrl, undefined);
});

t.test('a TRUST_PROXY hop count is refused by name (Fastify ignores it since 5.12.1: no proxy would be trusted)', async (t) => {
  for (const hops of ['1', '2', ' 3 ']) {
    t.throws(() => loadConfig({ TRUST_PROXY: hops }), {
      name: 'ConfigError',
      message: /TRUST_PROXY=\d: a hop count is no longer supported.*addresses/,
    });
  }
  t.equal(loadConfig({ TRUST_PROXY: '0' }).trustProxy, false, '0 still means off');
});

t.test('TRUST_PROXY entries are addresses, CIDR ranges or proxy-addr names; anything else is refused by name', async (t) => {
  t.same(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8, 172.30.80.10, ::1, fd00::/8' }).trustProxy, [
    'loopback',
    '10.0.0.0/8',
    '172.30.80.10',
    '::1',
    'fd00::/8',
  ]);
  for (const bad of ['proxy.example', '10.0.0.0/33', '::1/129', '10.0.0.1/8/8', '10.0.0.0/', '10.0.0.0/x', '1, 10.0.0.1']) {
    t.throws(() => loadConfig({ TRUST_PROXY: bad }), { name: 'ConfigError', message: /^TRUST_PROXY/ }, bad);
  }
  t.throws(() => loadConfig({ TRUST_PROXY: '10.0.0.1, gateway' }), { message: /"gateway" is not an IP address/ });
});

t.test('bad values stop the boot with every problem named', async (t) => {
  const err = t.throws(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SESSION_SECRET: 'short' })) as Error;
  t.ok(err instanceof ConfigError);
  t.match(err.message, /PORT/);
  t.match(err.message, /DATABASE_URL: must be a postgres:\/\/ URL/);
  t.match(err.message, /SESSION_SECRET must be at least 32 characters/);
});

t.test('an operator replaces the sites config with a JSON file', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'sites-'));
  const good = join(dir, 'sites.json');
  const custom = structuredClone(demoSitesConfig);
  custom.sites[0]!.phone = '8 800 000-00-00';
  writeFileSync(good, JSON.stringify(custom));
  t.equal(loadConfig({ SITES_FILE: good }).sites.sites[0]!.phone, '8 800 000-00-00');

  const bad = join(dir, 'bad.json');
  writeFileSync(bad, JSON.stringify({ defaultSite: 'ru', sites: [{ id: 'ru', host: 'x.ru' }] }));
  t.throws(() => loadConfig({ SITES_FILE: bad }), /SITES_FILE .*bad\.json is invalid:\n.*sites\.0\./s);
  const broken = join(dir, 'broken.json');
  writeFileSync(broken, '{ not json');
  t.throws(() => loadConfig({ SITES_FILE: broken }), /SITES_FILE .*broken\.json: /);
  t.throws(() => loadConfig({ SITES_FILE: join(dir, 'missing.json') }), { name: 'ConfigError', message: /missing\.json: ENOENT/ });
});

t.test('an empty variable of any kind counts as unset, never as zero', async (t) => {
  const c = loadConfig({ PORT: '', SHELL_CACHE_TTL: '', RENDER_TIMEOUT_MS: '', DB_POOL_SIZE: '', SEED_DEMO: '', TRUST_PROXY: '' });
  t.equal(c.port, 3000);
  t.equal(c.shellCacheTtlMs, 30_000);
  t.equal(c.renderTimeoutMs, 10_000);
  t.equal(c.dbPoolSize, 10);
  t.equal(c.seedDemo, true);
  t.equal(c.trustProxy, false);
});

t.test('database timeouts: sane defaults, set by the environment, nonsense refused', async (t) => {
  const c = loadConfig({});
  t.same([c.dbConnectTimeoutMs, c.dbStatementTimeoutMs, c.readyzTimeoutMs], [3000, 5000, 2000]);
  const set = loadConfig({ DB_CONNECT_TIMEOUT_MS: '1500', DB_STATEMENT_TIMEOUT_MS: '20000', READYZ_TIMEOUT_MS: '500' });
  t.same([set.dbConnectTimeoutMs, set.dbStatementTimeoutMs, set.readyzTimeoutMs], [1500, 20000, 500]);
  const err = t.throws(() =>
    loadConfig({ DB_CONNECT_TIMEOUT_MS: '0', DB_STATEMENT_TIMEOUT_MS: 'soon', READYZ_TIMEOUT_MS: '99999999' }),
  ) as Error;
  t.match(err.message, /DB_CONNECT_TIMEOUT_MS/);
  t.match(err.message, /DB_STATEMENT_TIMEOUT_MS/);
  t.match(err.message, /READYZ_TIMEOUT_MS/);
});

t.test('orders: the per-order cap and reservation times, with defaults; 0 hours means never; nonsense refused', async (t) => {
  t.same(loadConfig({}).orders, { maxUnitsPerProduct: 20, unpaidReleaseMinutes: 60, unconfirmedReleaseHours: null });
  t.same(
    loadConfig({ ORDER_MAX_UNITS_PER_PRODUCT: '5', ORDER_UNPAID_RELEASE_MINUTES: '30', ORDER_UNCONFIRMED_RELEASE_HOURS: '0' }).orders,
    { maxUnitsPerProduct: 5, unpaidReleaseMinutes: 30, unconfirmedReleaseHours: null },
  );
  const err = t.throws(() =>
    loadConfig({ ORDER_MAX_UNITS_PER_PRODUCT: '0', ORDER_UNPAID_RELEASE_MINUTES: '1', ORDER_UNCONFIRMED_RELEASE_HOURS: '-1' }),
  ) as Error;
  t.ok(err instanceof ConfigError);
  for (const name of ['ORDER_MAX_UNITS_PER_PRODUCT', 'ORDER_UNPAID_RELEASE_MINUTES', 'ORDER_UNCONFIRMED_RELEASE_HOURS'])
    t.match(err.message, name);
});

/**
 * The database-error classification (server/db/errors.ts) and what the app answers with it: 503 with
 * Retry-After while the database is away — JSON for /api and /_data (route actions too), the static 503 page for
 * pages and forms posted without JavaScript — and /readyz within its own deadline even when the database never
 * answers. The app runs on a database that can be switched off (failing like a refused connection), frozen (never
 * answering) or off for writes only (so a route's action meets it itself); both lanes.
 */
import t from 'tap';
import { buildApp } from '../server/app.ts';
import { DATABASE_RETRY_AFTER_SECONDS, DatabaseTimeoutError, isBrokenConnection, isDatabaseUnavailable } from '../server/db/errors.ts';
import { type Db, isReadOnly, type Queryable } from '../server/db/index.ts';
import { SESSION_COOKIE } from '../server/http/request-context.ts';
import { loadConfig } from '../server/platform/config.ts';
import { newSessionId } from '../server/sessions/sessions.ts';
import { createTestDb } from './helpers/db.ts';

const withCode = (message: string, code: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(message), { code, ...extra });

t.test('errors of an unavailable database, and of a connection that died', async (t) => {
  const refused = withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED');
  const cases: Array<[string, unknown, { unavailable: boolean; broken: boolean }]> = [
    ['connection refused', refused, { unavailable: true, broken: false }],
    [
      'refused on both stacks',
      new AggregateError([refused, withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')]),
      { unavailable: true, broken: false },
    ],
    ['reset', withCode('read ECONNRESET', 'ECONNRESET'), { unavailable: true, broken: true }],
    ['broken pipe', withCode('write EPIPE', 'EPIPE'), { unavailable: true, broken: true }],
    ['pg: terminated', new Error('Connection terminated unexpectedly'), { unavailable: true, broken: true }],
    ['pg: not queryable', new Error('Client has encountered a connection error and is not queryable'), { unavailable: true, broken: true }],
    [
      '57P01 admin shutdown',
      withCode('terminating connection due to administrator command', '57P01', { severity: 'FATAL' }),
      { unavailable: true, broken: true },
    ],
    [
      '57P02 crash shutdown',
      withCode('terminating connection because of crash of another server process', '57P02'),
      { unavailable: true, broken: true },
    ],
    [
      '57P03 starting up',
      withCode('the database system is starting up', '57P03', { severity: 'FATAL' }),
      { unavailable: true, broken: false },
    ],
    ['08006 connection failure', withCode('connection failure', '08006'), { unavailable: true, broken: true }],
    ['53300 too many connections', withCode('sorry, too many clients already', '53300'), { unavailable: true, broken: false }],
    [
      '57014 statement timeout',
      withCode('canceling statement due to statement timeout', '57014', { severity: 'ERROR' }),
      { unavailable: true, broken: false },
    ],
    ['pg: query read timeout', new Error('Query read timeout'), { unavailable: true, broken: false }],
    ['pool: checkout timeout', new Error('timeout exceeded when trying to connect'), { unavailable: true, broken: false }],
    [
      'pool: connect timeout',
      new Error('Connection terminated due to connection timeout', { cause: new Error('timeout expired') }),
      { unavailable: true, broken: false },
    ],
    ['ping deadline', new DatabaseTimeoutError('the database did not answer within 2000 ms'), { unavailable: true, broken: false }],
    [
      'wrapped in a cause',
      new Error('loader failed', { cause: withCode('read ECONNRESET', 'ECONNRESET') }),
      { unavailable: true, broken: true },
    ],
    [
      '23505 unique violation',
      withCode('duplicate key value violates unique constraint', '23505', { severity: 'ERROR' }),
      { unavailable: false, broken: false },
    ],
    ['42P01 undefined table', withCode('relation "x" does not exist', '42P01'), { unavailable: false, broken: false }],
    ['40P01 deadlock', withCode('deadlock detected', '40P01'), { unavailable: false, broken: false }],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')"), { unavailable: false, broken: false }],
    ['PGlite closed', new Error('PGlite is closed'), { unavailable: false, broken: false }],
    ['not an error', 'ECONNREFUSED', { unavailable: false, broken: false }],
    ['nothing', null, { unavailable: false, broken: false }],
  ];
  for (const [name, err, expected] of cases) {
    t.same({ unavailable: isDatabaseUnavailable(err), broken: isBrokenConnection(err) }, expected, name);
  }
  const loop: Error & { cause?: unknown } = new Error('self-caused');
  loop.cause = loop;
  t.equal(isDatabaseUnavailable(loop), false, 'a cause cycle ends');
});

t.test('only statements that change nothing count as safe to run twice', async (t) => {
  for (const sql of [
    'SELECT 1',
    '  select * from products',
    'WITH a AS (SELECT 1) SELECT * FROM a',
    'VALUES (1)',
    'SHOW statement_timeout',
  ]) {
    t.ok(isReadOnly(sql), sql);
  }
  for (const sql of [
    'INSERT INTO carts DEFAULT VALUES',
    'UPDATE sessions SET last_seen_at = now()',
    'DELETE FROM compare_items',
    'WITH gone AS (DELETE FROM sessions RETURNING id) SELECT count(*) FROM gone',
    "SELECT nextval('products_id_seq')",
    'SELECT pg_advisory_xact_lock(1)',
    'SELECT id FROM sessions FOR UPDATE',
    'BEGIN',
  ]) {
    t.notOk(isReadOnly(sql), sql);
  }
});

type Mode = 'up' | 'down' | 'frozen' | 'writes down';

/**
 * A database that answers normally ('up'), fails like a refused connection ('down'), never answers ('frozen'), or
 * goes away only for statements that change something and transactions ('writes down': reads still answer, so the
 * request gets as far as the change itself).
 */
function switchable(db: Db): Db & { mode: Mode; pingDeadlines: number[] } {
  const gate = <T>(run: () => Promise<T>, writes: boolean): Promise<T> => {
    if (state.mode === 'down' || (state.mode === 'writes down' && writes)) {
      return Promise.reject(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'));
    }
    if (state.mode === 'frozen') return new Promise<T>(() => {});
    return run();
  };
  const state: Db & { mode: Mode; pingDeadlines: number[] } = {
    ...db,
    mode: 'up',
    pingDeadlines: [],
    query: (sql, params) => gate(() => db.query(sql, params), !isReadOnly(sql)),
    transaction: (fn, options) => gate(() => db.transaction((tx: Queryable) => fn(tx), options), true),
    ping(timeoutMs) {
      state.pingDeadlines.push(timeoutMs);
      // The real ping's deadline around this database's gate.
      let timer: NodeJS.Timeout | undefined;
      return Promise.race([
        gate(() => db.query('SELECT 1'), false),
        new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new DatabaseTimeoutError('no answer')), timeoutMs))),
      ]).then(
        () => clearTimeout(timer),
        (err) => {
          clearTimeout(timer);
          throw err;
        },
      );
    },
  };
  return state;
}

t.test('while the database is away: 503 with Retry-After everywhere, and back to normal after', async (t) => {
  const { db: real, drop } = await createTestDb();
  const db = switchable(real);
  const config = loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: 'test-secret-test-secret-test-secret!',
    READYZ_TIMEOUT_MS: '300',
    SHELL_CACHE_TTL: '0',
  });
  const { fastify, services } = await buildApp({ config, db });
  t.teardown(async () => {
    await fastify.close();
    await drop();
  });
  const sessionId = newSessionId();
  const headers = {
    host: 'localhost',
    cookie: `${SESSION_COOKIE}=${fastify.signCookie(sessionId)}`,
    'x-csrf-token': services.sessions.tokenFor(sessionId),
  };
  const [product] = await real.query<{ id: number }>(`SELECT id FROM products WHERE sku = 'VIB-STD-22'`);
  // The route actions as the hydrated page's fetcher posts them (urlencoded fields, the token in X-CSRF-Token).
  const action = (route: string, fields: Record<string, string | number>) =>
    fastify.inject({
      method: 'POST',
      url: `/_data/${route}?_action=${route}`,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString(),
    });
  const calls = {
    'cart add': () => action('cart', { intent: 'item', productId: product!.id }),
    'compare add': () => action('compare', { intent: 'add', productId: product!.id }),
    'cart (spec)': () => fastify.inject({ method: 'POST', url: '/api/cart', headers, payload: {} }),
    'client navigation data': () => fastify.inject({ url: '/_data/vibroizolyaciya?_routes=root,category', headers }),
    page: () => fastify.inject({ url: '/vibroizolyaciya', headers }),
    // A first visit reads no session: the loaders meet the database first.
    'page, first visit': () => fastify.inject({ url: '/vibroizolyaciya', headers: { host: 'localhost' } }),
    'client navigation data, first visit': () =>
      fastify.inject({ url: '/_data/vibroizolyaciya?_routes=root,category', headers: { host: 'localhost' } }),
  };
  const added = await calls['cart add']();
  t.same(
    added.json(),
    { results: { cart: { data: { ok: true }, status: 200 } } },
    'the visitor has a session row (its pages read the database)',
  );

  db.mode = 'down';
  for (const [name, call] of Object.entries(calls)) {
    const res = await call();
    t.equal(res.statusCode, 503, `${name}: 503`);
    t.equal(res.headers['retry-after'], String(DATABASE_RETRY_AFTER_SECONDS), `${name}: Retry-After`);
    t.notMatch(res.body, /ECONNREFUSED|5432|stack/i, `${name}: no internals`);
    if (name.startsWith('page')) {
      t.match(res.headers['content-type'], /text\/html/);
      t.match(res.body, /Сайт ненадолго недоступен/);
    } else {
      t.same(res.json().error, 'database_unavailable', `${name}: JSON naming the cause`);
    }
  }
  const ready = await fastify.inject({ url: '/readyz' });
  t.equal(ready.statusCode, 503, '/readyz tells the truth');

  db.mode = 'frozen';
  const frozenReady = await fastify.inject({ url: '/readyz' });
  t.equal(frozenReady.statusCode, 503, '/readyz answers 503 when the database never answers');
  t.equal(db.pingDeadlines.at(-1), 300, 'after its own deadline, READYZ_TIMEOUT_MS');

  db.mode = 'up';
  t.equal((await fastify.inject({ url: '/readyz' })).statusCode, 200);
  for (const [name, call] of Object.entries(calls)) {
    const res = await call();
    t.equal(res.statusCode, 200, `${name}: 200 again`);
    if (name.endsWith(' add')) t.equal(res.json().results[name.split(' ')[0]!].data.ok, true, `${name}: the change made`);
  }
});

t.test('a change that meets the database away: 503 with Retry-After, with JavaScript and without', async (t) => {
  const { db: real, drop } = await createTestDb();
  const db = switchable(real);
  const config = loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'test-secret-test-secret-test-secret!', SHELL_CACHE_TTL: '0' });
  const { fastify, services } = await buildApp({ config, db });
  t.teardown(async () => {
    await fastify.close();
    await drop();
  });
  const sessionId = newSessionId();
  const token = services.sessions.tokenFor(sessionId);
  const cookie = `${SESSION_COOKIE}=${fastify.signCookie(sessionId)}`;
  const [product] = await real.query<{ id: number }>(`SELECT id FROM products WHERE sku = 'VIB-STD-22'`);
  const post = (url: string, fields: Record<string, string | number>) =>
    fastify.inject({
      method: 'POST',
      url,
      headers: { host: 'localhost', cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])), token }).toString(),
    });
  const item = { intent: 'item', productId: product!.id };
  t.equal((await post('/cart', item)).statusCode, 303, 'the visitor has a cart (its snapshot reads the database)');

  // Reads answer, the change itself fails: the error comes out of the route's action, inside the static handler.
  db.mode = 'writes down';
  const cases = {
    'cart action': () => post('/_data/cart?_action=cart', item),
    'kit action': () => post('/_data/cart?_action=cart', { intent: 'kit', slug: 'dveri-4' }),
    'compare action': () => post('/_data/compare?_action=compare', { intent: 'add', productId: product!.id }),
    'cart form, no JavaScript': () => post('/cart', item),
    'compare form, no JavaScript': () => post('/compare', { intent: 'clear' }),
  };
  for (const [name, call] of Object.entries(cases)) {
    const res = await call();
    t.equal(res.statusCode, 503, `${name}: 503`);
    t.equal(res.headers['retry-after'], String(DATABASE_RETRY_AFTER_SECONDS), `${name}: Retry-After`);
    t.notMatch(res.body, /ECONNREFUSED|5432|stack/i, `${name}: no internals`);
    if (name.endsWith('action')) t.equal(res.json().error, 'database_unavailable', `${name}: JSON naming the cause`);
    else t.match(res.body, /Сайт ненадолго недоступен/, `${name}: the page saying so`);
  }
  db.mode = 'up';
  const [row] = await real.query<{ quantity: number }>(
    `SELECT ci.quantity FROM carts c JOIN cart_items ci ON ci.cart_id = c.id WHERE c.session_id = $1`,
    [sessionId],
  );
  t.equal(row!.quantity, 1, 'nothing was changed meanwhile');
  t.same((await cases['cart action']()).json(), { results: { cart: { data: { ok: true }, status: 200 } } }, 'and changes work again');
});

t.test('a bug is still a 500, not a 503', async (t) => {
  const { db: real, drop } = await createTestDb();
  const config = loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'test-secret-test-secret-test-secret!' });
  const db: Db = {
    ...real,
    query: (sql, params) => (/FROM compare_items/.test(sql) ? Promise.reject(new TypeError('a bug')) : real.query(sql, params)),
  };
  const { fastify, services } = await buildApp({ config, db });
  t.teardown(async () => {
    await fastify.close();
    await drop();
  });
  const sessionId = newSessionId();
  const res = await fastify.inject({
    method: 'POST',
    url: '/api/compare',
    headers: {
      host: 'localhost',
      cookie: `${SESSION_COOKIE}=${fastify.signCookie(sessionId)}`,
      'x-csrf-token': services.sessions.tokenFor(sessionId),
    },
    payload: {},
  });
  t.equal(res.statusCode, 500);
  t.equal(res.headers['retry-after'], undefined);
});

/**
 * Signing in and out (POST /api/auth/login, /api/auth/logout): JSON and plain-form posts, session rotation
 * (the cart moves to the new session), cookie flags, the failed-attempt limits (a growing delay per e-mail and
 * address, a window per address; never a lock on the owner), no open redirect.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import t, { type Test } from 'tap';
import type { LightMyRequestResponse } from 'fastify';
import { startTestApp, createUser, type TestApp, type Visitor } from './helpers/app.ts';
import {
  hashPassword,
  loginDelaySeconds,
  LOGIN_FORGET_HOURS,
  LOGIN_FREE_FAILURES,
  LOGIN_MAX_ATTEMPTS_PER_IP,
  LOGIN_MAX_DELAY_SECONDS,
  LOGIN_WINDOW_MINUTES,
} from '../server/services/auth.ts';
import { SESSION_COOKIE } from '../server/http/request-context.ts';

const app: TestApp = await startTestApp(t);
const PASSWORD = 'Тихо-авто 2024!';

let ipCounter = 0;
/** Each test signs in from its own address, so that the per-IP failure limit of one test does not reach another. */
const nextIp = () => `198.51.100.${++ipCounter}`;
const pairKey = (email: string, ip: string) => `email-ip:${email} ${ip}`;

async function userWithPassword(email: string, name = 'Анна Петрова'): Promise<number> {
  const id = await createUser(app, { email, name });
  await app.db.query('UPDATE users SET password_hash = $1 WHERE id = $2', [await hashPassword(PASSWORD), id]);
  return id;
}

function login(
  v: Visitor | undefined,
  body: Record<string, unknown>,
  opts: { ip?: string; host?: string; form?: boolean; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const form = opts.form ?? false;
  return app.request({
    method: 'POST',
    url: '/api/auth/login',
    as: v,
    host: opts.host,
    remoteAddress: opts.ip ?? '127.0.0.1',
    headers: {
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...(!form && v ? { 'x-csrf-token': v.token } : {}),
      ...opts.headers,
    },
    payload: form ? new URLSearchParams({ ...(v ? { token: v.token } : {}), ...(body as Record<string, string>) }).toString() : body,
  } as Parameters<TestApp['request']>[0]);
}

function sessionCookie(res: LightMyRequestResponse) {
  const cookies = res.cookies.filter((c) => c.name === SESSION_COOKIE);
  if (cookies.length !== 1) return undefined;
  const cookie = cookies[0]!;
  const unsigned = app.fastify.unsignCookie(cookie.value);
  return { ...cookie, sessionId: unsigned.valid ? unsigned.value! : undefined };
}

async function sessionRow(id: string): Promise<{ user_id: number | null } | undefined> {
  const [row] = await app.db.query<{ user_id: number | null }>('SELECT user_id FROM sessions WHERE id = $1', [id]);
  return row;
}

function isJsonError(t: Test, res: LightMyRequestResponse, status: number, error: string): void {
  t.equal(res.statusCode, status, `status ${status}`);
  t.match(res.headers['content-type'], /^application\/json/);
  const body = res.json();
  t.equal(body.statusCode, status);
  t.equal(body.error, error);
  t.type(body.message, 'string');
}

t.test('JSON sign-in: the user and a new token; the session is rotated and the cart moves with it', async (t) => {
  const email = 'anna@example.com';
  const userId = await userWithPassword(email);
  const v = app.visitor();
  // The visitor already has state: a session row, a cart with an item, a compared product.
  await app.db.query('INSERT INTO sessions (id) VALUES ($1)', [v.sessionId]);
  const [cart] = await app.db.query<{ id: number }>(`INSERT INTO carts (session_id, site) VALUES ($1, 'ru') RETURNING id`, [v.sessionId]);
  const [product] = await app.db.query<{ id: number; title: string }>(`SELECT id, title FROM products WHERE sku = 'VIB-STD-22'`);
  await app.db.query('INSERT INTO cart_items (cart_id, product_id, quantity) VALUES ($1, $2, 4)', [cart!.id, product!.id]);
  await app.db.query('INSERT INTO compare_items (session_id, product_id) VALUES ($1, $2)', [v.sessionId, product!.id]);

  const res = await login(v, { email, password: PASSWORD }, { ip: nextIp() });
  t.equal(res.statusCode, 200);
  const cookie = sessionCookie(res);
  t.ok(cookie, 'one new sid cookie');
  const newId = cookie!.sessionId!;
  t.ok(newId, 'signed with the app secret');
  t.not(newId, v.sessionId, 'a new session id (no session fixation)');
  t.strictSame(res.json(), {
    data: { user: { id: userId, email, name: 'Анна Петрова' }, token: app.services.sessions.tokenFor(newId) },
  });
  t.not(res.json().data.token, v.token, 'a new token too');

  // Cookie flags on localhost: HttpOnly, SameSite=Lax, whole site, long-lived, not Secure (plain http in development).
  t.equal(cookie!.httpOnly, true, 'HttpOnly');
  t.equal(cookie!.sameSite, 'Lax', 'SameSite=Lax');
  t.notOk(cookie!.secure, 'no Secure flag on localhost');
  t.equal(cookie!.path, '/');
  t.equal(cookie!.maxAge, 180 * 24 * 3600);

  // The database: old session gone, new one signed in, the cart and compare list moved.
  t.equal(await sessionRow(v.sessionId), undefined, 'the old session row is gone');
  t.strictSame(await sessionRow(newId), { user_id: userId }, 'the new session is signed in');
  const [movedCart] = await app.db.query<{ session_id: string }>('SELECT session_id FROM carts WHERE id = $1', [cart!.id]);
  t.equal(movedCart!.session_id, newId, 'the cart row moved to the new session');
  const [{ n }] = (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM compare_items WHERE session_id = $1', [newId])) as [{ n: number }];
  t.equal(n, 1, 'the compare list moved');

  // Through the API: the new cookie and token see the cart; the old token is refused for the new session.
  const signedIn: Visitor = { sessionId: newId, cookie: `${SESSION_COOKIE}=${cookie!.value}`, token: res.json().data.token };
  const cartRes = await app.request({ url: `/api/shop/cart?token=${signedIn.token}`, as: signedIn });
  t.equal(cartRes.statusCode, 200);
  t.equal(cartRes.json().data.cart.length, 1);
  t.equal(cartRes.json().data.cart[0].quantity, 4);
  t.equal(cartRes.json().data.total, 380 * 4);
  const oldToken = await app.request({ url: `/api/shop/cart?token=${v.token}`, as: signedIn });
  isJsonError(t, oldToken, 403, 'token_invalid');
  // The old cookie is an empty session now.
  const old = await app.request({ url: `/api/shop/cart?token=${v.token}`, as: v });
  t.strictSame(old.json().data.cart, [], 'nothing left behind on the old session');
});

t.test('sign-in of a visitor without a stored session works too', async (t) => {
  const email = 'fresh@example.com';
  const userId = await userWithPassword(email, 'Фёдор');
  const v = app.visitor();
  const res = await login(v, { email, password: PASSWORD }, { ip: nextIp() });
  t.equal(res.statusCode, 200);
  t.equal(res.json().data.user.id, userId);
  const newId = sessionCookie(res)!.sessionId!;
  t.strictSame(await sessionRow(newId), { user_id: userId });
  // E-mail is matched without regard to case.
  const v2 = app.visitor();
  const upper = await login(v2, { email: 'FRESH@Example.COM', password: PASSWORD }, { ip: nextIp() });
  t.equal(upper.statusCode, 200);
  t.equal(upper.json().data.user.email, email);
});

t.test('the cookie is Secure on a public host', async (t) => {
  const email = 'secure@example.com';
  await userWithPassword(email);
  for (const host of ['tihoavto.ru', 'tihoavto.kz']) {
    const v = app.visitor();
    const res = await login(v, { email, password: PASSWORD }, { ip: nextIp(), host });
    t.equal(res.statusCode, 200, host);
    const cookie = sessionCookie(res)!;
    t.equal(cookie.secure, true, `${host}: Secure`);
    t.equal(cookie.httpOnly, true, `${host}: HttpOnly`);
    t.equal(cookie.sameSite, 'Lax', `${host}: SameSite=Lax`);
  }
  // Every local alias counts as local.
  for (const host of ['kz.localhost', '127.0.0.1']) {
    const v = app.visitor();
    const res = await login(v, { email, password: PASSWORD }, { ip: nextIp(), host });
    t.equal(res.statusCode, 200, host);
    t.notOk(sessionCookie(res)!.secure, `${host}: not Secure`);
  }
});

t.test('wrong password and unknown e-mail: 401, the same answer, no session change', async (t) => {
  const email = 'wrong@example.com';
  const userId = await userWithPassword(email);
  const ip = nextIp();
  const v = app.visitor();
  await app.db.query('INSERT INTO sessions (id) VALUES ($1)', [v.sessionId]);

  const wrong = await login(v, { email, password: PASSWORD + 'x' }, { ip });
  isJsonError(t, wrong, 401, 'invalid');
  t.equal(sessionCookie(wrong), undefined, 'no cookie set');
  t.strictSame(await sessionRow(v.sessionId), { user_id: null }, 'the session stays signed out');

  const unknown = await login(v, { email: 'nobody@example.com', password: PASSWORD }, { ip });
  isJsonError(t, unknown, 401, 'invalid');
  t.strictSame(unknown.json(), wrong.json(), 'the answer does not tell which was wrong');
  t.equal(sessionCookie(unknown), undefined);

  // A user without a password (created by an order, say) cannot sign in with any password.
  const noPassword = await createUser(app, { email: 'nopass@example.com' });
  t.ok(noPassword);
  isJsonError(t, await login(v, { email: 'nopass@example.com', password: 'anything' }, { ip }), 401, 'invalid');

  // Each attempt is counted per (e-mail, address) pair and per address: one for each pair, three from this address.
  const rows = await app.db.query<{ key: string; n: number }>(
    'SELECT key, attempts AS n FROM login_throttle WHERE key IN ($1, $2, $3, $4) ORDER BY key',
    [pairKey(email, ip), pairKey('nobody@example.com', ip), pairKey('nopass@example.com', ip), 'ip:' + ip],
  );
  t.strictSame(rows, [
    { key: pairKey('nobody@example.com', ip), n: 1 },
    { key: pairKey('nopass@example.com', ip), n: 1 },
    { key: pairKey(email, ip), n: 1 },
    { key: 'ip:' + ip, n: 3 },
  ]);
  t.ok(userId);
});

/** Pretends the pair's delay has passed: its last attempt moves back by that many seconds. */
async function waitOut(email: string, ip: string, seconds: number): Promise<void> {
  await app.db.query(`UPDATE login_throttle SET window_start = window_start - make_interval(secs => $2) WHERE key = $1`, [
    pairKey(email, ip),
    seconds,
  ]);
}

function isRateLimited(t: Test, res: LightMyRequestResponse, retryAfter?: number): number {
  isJsonError(t, res, 429, 'rate_limited');
  const header = Number(res.headers['retry-after']);
  t.ok(Number.isInteger(header) && header >= 1, `Retry-After ${res.headers['retry-after']}`);
  if (retryAfter !== undefined) t.equal(header, retryAfter, `Retry-After ${retryAfter}`);
  t.equal(sessionCookie(res), undefined, 'not signed in');
  return header;
}

t.test('the delay grows per e-mail and address: 2^k seconds after the free failures, capped', async (t) => {
  t.equal(LOGIN_FREE_FAILURES, 5);
  t.equal(LOGIN_MAX_DELAY_SECONDS, 900);
  t.strictSame([0, 4, 5, 6, 7, 9, 14, 15, 16, 5000].map(loginDelaySeconds), [0, 0, 1, 2, 4, 16, 512, 900, 900, 900]);

  const email = 'slowed@example.com';
  await userWithPassword(email);
  const ip = nextIp();
  for (let i = 1; i <= LOGIN_FREE_FAILURES; i++) {
    t.equal((await login(app.visitor(), { email, password: 'wrong-' + i }, { ip })).statusCode, 401, `failure ${i}: checked, 401`);
  }
  // From here each attempt waits 1, 2, 4, 8 s after the previous one; an early one is refused unchecked, even the right password.
  for (const delay of [1, 2, 4, 8]) {
    isRateLimited(t, await login(app.visitor(), { email, password: PASSWORD }, { ip }), delay);
    isRateLimited(t, await login(app.visitor(), { email, password: 'early' }, { ip }), delay);
    await waitOut(email, ip, delay);
    t.equal((await login(app.visitor(), { email, password: 'late' }, { ip })).statusCode, 401, `after ${delay} s: checked again`);
  }
  // A form post is sent back to the form (303), not signed in.
  const form = await login(app.visitor(), { email, password: PASSWORD }, { ip, form: true });
  t.equal(form.statusCode, 303);
  t.equal(form.headers.location, '/auth?failed=limit');
  t.equal(sessionCookie(form), undefined);
  // Once the delay has passed, the right password works and clears the pair.
  await waitOut(email, ip, 16);
  t.equal((await login(app.visitor(), { email, password: PASSWORD }, { ip })).statusCode, 200, 'the owner signs in after the wait');
  const [row] = await app.db.query('SELECT 1 FROM login_throttle WHERE key = $1', [pairKey(email, ip)]);
  t.equal(row, undefined, 'the pair starts afresh');

  // Failures are forgotten a day after the last attempt.
  for (let i = 1; i <= LOGIN_FREE_FAILURES; i++) await login(app.visitor(), { email, password: 'again' }, { ip });
  isRateLimited(t, await login(app.visitor(), { email, password: PASSWORD }, { ip }), 1);
  await app.db.query(`UPDATE login_throttle SET attempts = 40, window_start = now() - make_interval(hours => $2, mins => 1) WHERE key = $1`, [
    pairKey(email, ip),
    LOGIN_FORGET_HOURS,
  ]);
  t.equal((await login(app.visitor(), { email, password: 'forgotten' }, { ip })).statusCode, 401, 'checked: the old failures are forgotten');
  const [{ attempts }] = (await app.db.query<{ attempts: number }>('SELECT attempts FROM login_throttle WHERE key = $1', [pairKey(email, ip)])) as [
    { attempts: number },
  ];
  t.equal(attempts, 1, 'counted afresh');
});

// Before: ten failures locked the e-mail for everyone for 15 minutes, so any stranger could lock any account.
t.test("a stranger's failures from one address never lock the owner out; the stranger is slowed", async (t) => {
  const email = 'owner@example.com';
  const userId = await userWithPassword(email);
  const stranger = nextIp();
  const owner = nextIp();
  let checked = 0;
  let refused = 0;
  while (checked < 20) {
    const res = await login(app.visitor(), { email, password: 'guess-' + checked }, { ip: stranger });
    if (res.statusCode === 401) {
      checked++;
    } else {
      // The stranger is answered 429 with the wait; here the wait "passes".
      await waitOut(email, stranger, isRateLimited(t, res));
      refused++;
    }
  }
  t.equal(refused, 20 - LOGIN_FREE_FAILURES, 'every failure past the free ones had to wait');
  // The stranger's next attempt must wait the cap: 2^15 s capped at 15 min.
  isRateLimited(t, await login(app.visitor(), { email, password: 'guess-next' }, { ip: stranger }), LOGIN_MAX_DELAY_SECONDS);
  isRateLimited(t, await login(app.visitor(), { email, password: PASSWORD }, { ip: stranger }), LOGIN_MAX_DELAY_SECONDS);

  // The owner, from an address that has not failed, signs in at once.
  const res = await login(app.visitor(), { email, password: PASSWORD }, { ip: owner });
  t.equal(res.statusCode, 200, 'the owner is not locked out');
  t.equal(res.json().data.user.id, userId);
  // And may mistype a few times without waiting.
  for (let i = 1; i < LOGIN_FREE_FAILURES; i++) t.equal((await login(app.visitor(), { email, password: 'typo' }, { ip: owner })).statusCode, 401);
  t.equal((await login(app.visitor(), { email, password: PASSWORD }, { ip: owner })).statusCode, 200, 'still in');
  // The stranger's wait is unchanged by the owner's success.
  isRateLimited(t, await login(app.visitor(), { email, password: 'guess-more' }, { ip: stranger }));
});

t.test(`per address, across e-mails: ${LOGIN_MAX_ATTEMPTS_PER_IP} unsuccessful attempts in ${LOGIN_WINDOW_MINUTES} min`, async (t) => {
  t.equal(LOGIN_MAX_ATTEMPTS_PER_IP, 50);
  t.equal(LOGIN_WINDOW_MINUTES, 15);
  const email = 'victim@example.com';
  await userWithPassword(email);
  const ip = nextIp();
  for (let i = 1; i <= LOGIN_MAX_ATTEMPTS_PER_IP; i++) {
    const res = await login(app.visitor(), { email: `guess${i}@example.com`, password: 'x' }, { ip });
    t.equal(res.statusCode, 401, `failure ${i} is a 401`);
  }
  const limited = await login(app.visitor(), { email, password: PASSWORD }, { ip });
  const wait = isRateLimited(t, limited);
  t.ok(wait <= LOGIN_WINDOW_MINUTES * 60, 'until the window ends');
  // The same user from another address is not affected.
  t.equal((await login(app.visitor(), { email, password: PASSWORD }, { ip: nextIp() })).statusCode, 200);
  // After the window the address may try again.
  await app.db.query(`UPDATE login_throttle SET window_start = now() - make_interval(mins => $2, secs => 1) WHERE key = $1`, [
    'ip:' + ip,
    LOGIN_WINDOW_MINUTES,
  ]);
  t.equal((await login(app.visitor(), { email, password: PASSWORD }, { ip })).statusCode, 200, 'a new window');
});

t.test('successful sign-ins do not count against the address (shoppers behind one NAT)', async (t) => {
  const email = 'nat@example.com';
  await userWithPassword(email);
  const ip = nextIp();
  await app.db.query(`INSERT INTO login_throttle (key, window_start, attempts) VALUES ($1, now(), $2)`, ['ip:' + ip, LOGIN_MAX_ATTEMPTS_PER_IP - 1]);
  for (let i = 1; i <= 3; i++) t.equal((await login(app.visitor(), { email, password: PASSWORD }, { ip })).statusCode, 200, `success ${i}`);
  t.equal((await login(app.visitor(), { email, password: 'wrong' }, { ip })).statusCode, 401, 'the last allowed failure');
  isRateLimited(t, await login(app.visitor(), { email, password: PASSWORD }, { ip }));
});

t.test("a success clears the pair's failures", async (t) => {
  const email = 'clears@example.com';
  await userWithPassword(email);
  const ip = nextIp();
  for (let round = 1; round <= 2; round++) {
    for (let i = 1; i < LOGIN_FREE_FAILURES; i++) t.equal((await login(app.visitor(), { email, password: 'no' }, { ip })).statusCode, 401);
    t.equal((await login(app.visitor(), { email, password: PASSWORD }, { ip })).statusCode, 200, `round ${round}: under the free failures`);
  }
});

t.test('form post: 303 to a local next, never to another site', async (t) => {
  const email = 'form@example.com';
  const userId = await userWithPassword(email);
  const cases: Array<[next: string | undefined, location: string]> = [
    ['/cart', '/cart'],
    ['/history?page=2', '/history?page=2'],
    ['/en/personal', '/en/personal'],
    [undefined, '/personal'],
    ['', '/personal'],
    ['//evil.example', '/personal'],
    ['https://evil.example', '/personal'],
    ['http://evil.example/cart', '/personal'],
    ['/\\evil.example', '/personal'],
    ['\\\\evil.example', '/personal'],
    ['javascript:alert(1)', '/personal'],
    ['evil.example', '/personal'],
    ['/ /evil.example', '/personal'],
  ];
  for (const [next, location] of cases) {
    const v = app.visitor();
    const res = await login(v, { email, password: PASSWORD, ...(next === undefined ? {} : { next }) }, { ip: nextIp(), form: true });
    t.equal(res.statusCode, 303, `next ${JSON.stringify(next)}: 303`);
    t.equal(res.headers.location, location, `next ${JSON.stringify(next)} → ${location}`);
    const cookie = sessionCookie(res);
    t.ok(cookie?.sessionId, 'signed in: a new cookie');
    t.strictSame(await sessionRow(cookie!.sessionId!), { user_id: userId });
  }
  // The default target keeps the language of the form's page (from its Referer).
  const en = await login(app.visitor(), { email, password: PASSWORD }, { ip: nextIp(), form: true, headers: { referer: 'http://localhost/en/auth' } });
  t.equal(en.headers.location, '/en/personal');
  const evilReferer = await login(app.visitor(), { email, password: PASSWORD }, { ip: nextIp(), form: true, headers: { referer: 'https://evil.example/x' } });
  t.equal(evilReferer.headers.location, '/personal', 'a foreign Referer gives only a language, never a host');

  // A failed form post goes back to the form, keeping a safe next only.
  const failed = await login(app.visitor(), { email, password: 'wrong', next: '/cart' }, { ip: nextIp(), form: true });
  t.equal(failed.statusCode, 303);
  t.equal(failed.headers.location, '/auth?failed=credentials&next=%2Fcart');
  t.equal(sessionCookie(failed), undefined);
  // The form page then says what went wrong, without JavaScript.
  const shown = await app.request({ url: failed.headers.location as string });
  t.match(shown.body, /<p role="alert" class="form__error">Неверный e-mail или пароль\.<\/p>/);
  const tampered = await app.request({ url: '/auth?failed=<script>' });
  t.notMatch(tampered.body, /role="alert"/, 'an unknown reason shows nothing');
  const failedEvil = await login(app.visitor(), { email, password: 'wrong', next: '//evil.example' }, { ip: nextIp(), form: true });
  t.equal(failedEvil.statusCode, 303);
  t.notMatch(failedEvil.headers.location, /evil/, 'no foreign address passed on');
  t.match(failedEvil.headers.location, /^\/auth(\?|$)/);

  // The form must carry the token too.
  const noToken = await app.request({
    method: 'POST',
    url: '/api/auth/login',
    as: app.visitor(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email, password: PASSWORD, next: '/cart' }).toString(),
  });
  isJsonError(t, noToken, 403, 'token_required');
});

t.test('sign-in input is validated: 400 naming the field', async (t) => {
  const v = app.visitor();
  const cases: Array<[body: unknown, fields: string[]]> = [
    [{ password: PASSWORD }, ['body.email']],
    [{ email: 'not-an-email', password: PASSWORD }, ['body.email']],
    [{ email: 123, password: PASSWORD }, ['body.email']],
    [{ email: 'a@example.com' }, ['body.password']],
    [{ email: 'a@example.com', password: '' }, ['body.password']],
    [{ email: 'a@example.com', password: 'x'.repeat(201) }, ['body.password']],
    [{ email: 'a@example.com', password: ['x'] }, ['body.password']],
    [{ email: 'a@example.com', password: PASSWORD, next: 42 }, ['body.next']],
    [{ email: 'a\u0000@example.com', password: PASSWORD }, ['body.email']],
    [{}, ['body.email', 'body.password']],
  ];
  for (const [body, fields] of cases) {
    const res = await login(v, body as Record<string, unknown>, { ip: nextIp() });
    isJsonError(t, res, 400, 'bad_request');
    t.strictSame([...new Set(res.json().issues.map((i: { field: string }) => i.field))].sort(), fields, JSON.stringify(body));
  }
  const array = await app.request({ method: 'POST', url: '/api/auth/login', as: v, headers: { 'x-csrf-token': v.token }, payload: [] as unknown as object });
  isJsonError(t, array, 400, 'bad_request');
  const malformed = await app.request({
    method: 'POST',
    url: '/api/auth/login',
    as: v,
    headers: { 'x-csrf-token': v.token, 'content-type': 'application/json' },
    payload: '{"email":',
  });
  t.equal(malformed.statusCode, 400);
  t.equal(malformed.json().statusCode, 400);
  const [{ n }] = (await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM login_throttle WHERE key LIKE 'email-ip:a@example.com %'`)) as [
    { n: number },
  ];
  t.equal(n, 0, 'invalid input is not a failed attempt');
});

t.test('logout: the visitor continues signed out under a new session id, with the token only', async (t) => {
  const v = app.visitor();
  const userId = await createUser(app, { email: 'out@example.com', signIn: v });
  t.strictSame(await sessionRow(v.sessionId), { user_id: userId });

  isJsonError(
    t,
    await app.request({ method: 'POST', url: '/api/auth/logout', as: v, payload: {} }),
    403,
    'token_required',
  );
  isJsonError(
    t,
    await app.request({ method: 'POST', url: '/api/auth/logout', as: v, payload: { token: app.visitor().token } }),
    403,
    'token_invalid',
  );
  t.strictSame(await sessionRow(v.sessionId), { user_id: userId }, 'still signed in after the refused calls');

  const res = await app.request({ method: 'POST', url: '/api/auth/logout', as: v, payload: {}, headers: { 'x-csrf-token': v.token } });
  t.equal(res.statusCode, 200);
  const fresh = sessionCookie(res)!;
  t.ok(fresh.sessionId && fresh.sessionId !== v.sessionId, 'a new session id');
  t.strictSame(res.json(), { data: { signedIn: false, token: app.services.sessions.tokenFor(fresh.sessionId!) } });
  t.equal(await sessionRow(v.sessionId), undefined, 'the signed-in session is gone');
  t.strictSame(await sessionRow(fresh.sessionId!), { user_id: null }, 'signed out');

  // The plain form (PersonalPage) posts the token in the body and is sent home.
  const w = app.visitor();
  const otherUser = await createUser(app, { email: 'out2@example.com', signIn: w });
  t.ok(otherUser);
  const form = await app.request({
    method: 'POST',
    url: '/api/auth/logout',
    as: w,
    headers: { 'content-type': 'application/x-www-form-urlencoded', referer: 'http://localhost/kk/personal' },
    host: 'kz.localhost',
    payload: new URLSearchParams({ token: w.token }).toString(),
  });
  t.equal(form.statusCode, 303);
  t.equal(form.headers.location, '/kk', 'home, in the language of the page');
  t.equal(await sessionRow(w.sessionId), undefined);
  t.strictSame(await sessionRow(sessionCookie(form)!.sessionId!), { user_id: null });
});

t.test('concurrent attempts cannot get past the delay: each is claimed before its password is checked', async (t) => {
  const email = 'race@example.com';
  await userWithPassword(email);
  const ip = nextIp();
  const answers = await Promise.all(Array.from({ length: 30 }, () => login(app.visitor(), { email, password: 'wrong' }, { ip })));
  const statuses = answers.map((a) => a.statusCode);
  t.equal(statuses.filter((s) => s === 401).length, LOGIN_FREE_FAILURES, 'exactly the free failures were checked');
  t.equal(statuses.filter((s) => s === 429).length, 30 - LOGIN_FREE_FAILURES, 'the rest were refused unchecked');
  t.ok(answers.filter((a) => a.statusCode === 429).every((a) => Number(a.headers['retry-after']) >= 1), 'each with Retry-After');
});

t.test('a sign-in lapses after its time; expired sessions and old throttle rows are purged', async (t) => {
  const { purgeExpired } = await import('../server/services/auth.ts');
  const v = app.visitor();
  const userId = await createUser(app, { email: 'lapse@example.com', signIn: v });
  const signedIn = async () => {
    const res = await app.request({ url: '/personal', as: v });
    return res.statusCode === 200;
  };
  t.ok(await signedIn(), 'signed in');
  await app.db.query(`UPDATE sessions SET signed_in_until = now() - interval '1 minute' WHERE id = $1`, [v.sessionId]);
  t.notOk(await signedIn(), 'the lapsed sign-in no longer opens the personal area');

  const gone = app.visitor();
  await app.db.query(`INSERT INTO sessions (id, expires_at) VALUES ($1, now() - interval '1 minute')`, [gone.sessionId]);
  await app.db.query(`INSERT INTO login_throttle (key, window_start, attempts) VALUES ('ip:203.0.113.9', now() - interval '2 days', 3)`);
  const purged = await purgeExpired(app.db);
  t.ok(purged.sessions >= 1 && purged.signedOut >= 1 && purged.throttle >= 1, JSON.stringify(purged));
  t.equal(await sessionRow(gone.sessionId), undefined, 'the expired session is deleted');
  t.strictSame(await sessionRow(v.sessionId), { user_id: null }, 'the lapsed one is signed out but keeps its cart');
  t.ok(userId);
});

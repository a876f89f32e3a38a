/**
 * Signing in and out through the /auth and /personal route actions: from the hydrated page (POST /_data…, a JSON
 * envelope) and as plain form posts (303). Session rotation (the cart moves to the new session), cookie flags, the
 * failed-attempt limits (a growing delay per e-mail and address, a window per address; never a lock on the owner),
 * the site token, no open redirect. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

import type { LightMyRequestResponse } from 'fastify';
import t, { type Test } from 'tap';
import {
  hashPassword,
  LOGIN_FORGET_HOURS,
  LOGIN_FREE_FAILURES,
  LOGIN_MAX_ATTEMPTS_PER_IP,
  LOGIN_MAX_DELAY_SECONDS,
  LOGIN_WINDOW_MINUTES,
  loginDelaySeconds,
} from '../server/accounts/auth.ts';
import { BODY_LIMIT_BYTES } from '../server/app.ts';
import { SESSION_COOKIE } from '../server/http/request-context.ts';
import { FLASH_COOKIE } from '../shared/contracts.ts';
import { createUser, hydrationData, setCookies, startTestApp, type TestApp, type Visitor } from './helpers/app.ts';

// Every failed sign-in checks a scrypt hash (in production N = 2^17, ~0.3 s of CPU each, decision 026; the suite hashes cheaper, decision 057): this file
// makes over a hundred of them.
t.setTimeout(600_000);
const app: TestApp = await startTestApp(t);
const PASSWORD = 'Тихо-авто 2024!';

let ipCounter = 0;
/** Each test signs in from its own address, so that the per-IP failure limit of one test does not reach another. */
const nextIp = () => `198.51.100.${++ipCounter}`;
/** The rate_limits key of an (e-mail, address) pair: policy 'signin.pair' (server/accounts/auth.ts); an address's is the address ('signin.address'). */
const pairKey = (email: string, ip: string) => `${email} ${ip}`;

async function userWithPassword(email: string, name = 'Анна Петрова'): Promise<number> {
  const id = await createUser(app, { email, name });
  await app.db.query('UPDATE users SET password_hash = $1 WHERE id = $2', [await hashPassword(PASSWORD), id]);
  return id;
}

/** The sign-in form (its key as the page sends it): `js` (the default) as the hydrated page's router sends it, else a plain form post. */
function login(
  v: Visitor,
  fields: Record<string, string>,
  opts: { ip?: string; host?: string; js?: boolean; path?: string; token?: string | null; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const { ip = '127.0.0.1', js = true, path = '/auth', host, token, headers } = opts;
  return app.submit({ path, as: v, js, fields: { _form: 'auth:sign-in', ...fields }, ip, host, token, headers });
}

/** The sign-in action's outcome in the fetcher's envelope: status and errors ('' for the form as a whole). */
const refusal = (res: LightMyRequestResponse) => {
  const result = res.json().results.auth as { data: { ok: false; errors: Record<string, string> }; status: number };
  return { status: result.status, errors: result.data.errors };
};
const FAILED = { status: 401, errors: { '': 'auth.failed' } };
const LIMITED = { status: 429, errors: { '': 'auth.tooMany' } };

function sessionCookie(res: LightMyRequestResponse) {
  const cookies = res.cookies.filter((c) => c.name === SESSION_COOKIE);
  if (cookies.length !== 1) return undefined;
  const cookie = cookies[0]!;
  const unsigned = app.fastify.unsignCookie(cookie.value);
  return { ...cookie, sessionId: unsigned.valid ? unsigned.value! : undefined };
}

/** The visitor the answer's new session cookie makes. */
function visitorOf(res: LightMyRequestResponse): Visitor {
  const cookie = sessionCookie(res)!;
  return {
    sessionId: cookie.sessionId!,
    cookie: `${SESSION_COOKIE}=${cookie.value}`,
    token: app.services.sessions.tokenFor(cookie.sessionId!),
  };
}

async function sessionRow(id: string): Promise<{ user_id: number | null } | undefined> {
  const [row] = await app.db.query<{ user_id: number | null }>('SELECT user_id FROM sessions WHERE id = $1', [id]);
  return row;
}

/** The page a no-JS post returned to, with the cookies the post set (the flash). */
const follow = (v: Visitor, res: LightMyRequestResponse, host?: string) =>
  app.request({
    url: res.headers.location as string,
    host,
    headers: { cookie: `${v.cookie}; ${FLASH_COOKIE}=${setCookies(res)[FLASH_COOKIE] ?? ''}` },
  });

t.test('sign-in: the session is rotated and the cart moves with it — with JavaScript and without', async (t) => {
  for (const js of [true, false]) {
    const email = `anna-${js ? 'js' : 'form'}@example.com`;
    const userId = await userWithPassword(email);
    const v = app.visitor();
    // The visitor already has state: a session row, a cart with an item, a compared product.
    await app.db.query('INSERT INTO sessions (id) VALUES ($1)', [v.sessionId]);
    const [cart] = await app.db.query<{ id: number }>(`INSERT INTO carts (session_id, site) VALUES ($1, 'ru') RETURNING id`, [v.sessionId]);
    const [product] = await app.db.query<{ id: number; title: string }>(`SELECT id, title FROM products WHERE sku = 'VIB-STD-22'`);
    await app.db.query('INSERT INTO cart_items (cart_id, product_id, quantity) VALUES ($1, $2, 4)', [cart!.id, product!.id]);
    await app.db.query('INSERT INTO compare_items (session_id, product_id) VALUES ($1, $2)', [v.sessionId, product!.id]);

    const res = await login(v, { email, password: PASSWORD, next: '/cart' }, { ip: nextIp(), js });
    if (js) t.same(res.json(), { redirect: '/cart' }, 'the router goes on to next');
    else t.same([res.statusCode, res.headers.location], [303, '/cart'], 'a 303 to next');
    const cookie = sessionCookie(res);
    t.ok(cookie, 'one new sid cookie');
    const newId = cookie!.sessionId!;
    t.ok(newId, 'signed with the app secret');
    t.not(newId, v.sessionId, 'a new session id (no session fixation)');

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
    const [{ n }] = (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM compare_items WHERE session_id = $1', [newId])) as [
      { n: number },
    ];
    t.equal(n, 1, 'the compare list moved');

    // The page the visitor lands on: signed in, with the new session's token and the moved counters.
    const signedIn = visitorOf(res);
    const page = await app.request({ url: '/cart', as: signedIn });
    const shell = hydrationData(page.body).loaderData.root;
    t.match(
      shell,
      { signedIn: true, token: signedIn.token, cartCount: 1, compareCount: 1 },
      'a new token (the old JSON answer gave it; the shell does now)',
    );
    t.not(shell.token, v.token, 'not the old one');

    // Through the API: the new cookie and token see the cart; the old token is refused for the new session.
    const cartRes = await app.request({ url: `/api/shop/cart?token=${signedIn.token}`, as: signedIn });
    t.equal(cartRes.statusCode, 200);
    t.equal(cartRes.json().data.cart.length, 1);
    t.equal(cartRes.json().data.cart[0].quantity, 4);
    t.equal(cartRes.json().data.total, 380 * 4);
    const oldToken = await app.request({ url: `/api/shop/cart?token=${v.token}`, as: signedIn });
    t.equal(oldToken.statusCode, 403);
    t.equal(oldToken.json().error, 'token_invalid');
    t.equal(
      (await app.submit({ path: '/cart', as: signedIn, token: v.token, js, fields: { intent: 'item', productId: product!.id } }))
        .statusCode,
      403,
      'and by the actions',
    );
    // The old cookie is an empty session now.
    const old = await app.request({ url: `/api/shop/cart?token=${v.token}`, as: v });
    t.strictSame(old.json().data.cart, [], 'nothing left behind on the old session');
  }
});

t.test('sign-in of a visitor without a stored session works too', async (t) => {
  const email = 'fresh@example.com';
  const userId = await userWithPassword(email, 'Фёдор');
  const v = app.visitor();
  const res = await login(v, { email, password: PASSWORD }, { ip: nextIp() });
  t.same(res.json(), { redirect: '/personal' });
  const newId = sessionCookie(res)!.sessionId!;
  t.strictSame(await sessionRow(newId), { user_id: userId });
  const personal = await app.request({ url: '/personal', as: visitorOf(res) });
  t.equal(personal.statusCode, 200);
  t.match(hydrationData(personal.body).loaderData.personal.user, { id: userId, email, name: 'Фёдор' }, 'the user');
  // E-mail is matched without regard to case.
  const v2 = app.visitor();
  const upper = await login(v2, { email: 'FRESH@Example.COM', password: PASSWORD }, { ip: nextIp() });
  t.same(upper.json(), { redirect: '/personal' });
  t.strictSame(await sessionRow(sessionCookie(upper)!.sessionId!), { user_id: userId });
});

t.test('the cookie is Secure on a public host', async (t) => {
  const email = 'secure@example.com';
  await userWithPassword(email);
  for (const host of ['tihoavto.ru', 'tihoavto.kz']) {
    for (const js of [true, false]) {
      const v = app.visitor();
      const res = await login(v, { email, password: PASSWORD }, { ip: nextIp(), host, js });
      t.ok(js ? res.json().redirect : res.statusCode === 303, `${host}: signed in`);
      const cookie = sessionCookie(res)!;
      t.equal(cookie.secure, true, `${host}: Secure`);
      t.equal(cookie.httpOnly, true, `${host}: HttpOnly`);
      t.equal(cookie.sameSite, 'Lax', `${host}: SameSite=Lax`);
    }
  }
  // Every local alias counts as local.
  for (const host of ['kz.localhost', '127.0.0.1']) {
    const v = app.visitor();
    const res = await login(v, { email, password: PASSWORD }, { ip: nextIp(), host });
    t.ok(res.json().redirect, host);
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
  t.strictSame(refusal(wrong), FAILED);
  t.equal(sessionCookie(wrong), undefined, 'no cookie set');
  t.strictSame(await sessionRow(v.sessionId), { user_id: null }, 'the session stays signed out');

  const unknown = await login(v, { email: 'nobody@example.com', password: PASSWORD }, { ip });
  t.strictSame(refusal(unknown), refusal(wrong), 'the answer does not tell which was wrong');
  t.equal(sessionCookie(unknown), undefined);

  // A user without a password (created by an order, say) cannot sign in with any password.
  const noPassword = await createUser(app, { email: 'nopass@example.com' });
  t.ok(noPassword);
  t.strictSame(refusal(await login(v, { email: 'nopass@example.com', password: 'anything' }, { ip })), FAILED);

  // Each attempt is counted per (e-mail, address) pair and per address: one for each pair, three from this address.
  const rows = await app.db.query<{ key: string; n: number }>(
    `SELECT policy, key, hits AS n FROM rate_limits
      WHERE (policy = 'signin.pair' AND key IN ($1, $2, $3)) OR (policy = 'signin.address' AND key = $4) ORDER BY policy DESC, key`,
    [pairKey(email, ip), pairKey('nobody@example.com', ip), pairKey('nopass@example.com', ip), ip],
  );
  t.strictSame(rows, [
    { policy: 'signin.pair', key: pairKey('nobody@example.com', ip), n: 1 },
    { policy: 'signin.pair', key: pairKey('nopass@example.com', ip), n: 1 },
    { policy: 'signin.pair', key: pairKey(email, ip), n: 1 },
    { policy: 'signin.address', key: ip, n: 3 },
  ]);
  t.ok(userId);
});

/** Pretends the pair's delay has passed: its last attempt moves back by that many seconds. */
async function waitOut(email: string, ip: string, seconds: number): Promise<void> {
  await app.db.query(
    `UPDATE rate_limits SET window_start = window_start - make_interval(secs => $2) WHERE policy = 'signin.pair' AND key = $1`,
    [pairKey(email, ip), seconds],
  );
}

/** The Retry-After of an answer: a whole number of seconds, at least 1 (and `expected` when given). */
function retryAfter(t: Test, res: LightMyRequestResponse, expected?: number): number {
  const header = Number(res.headers['retry-after']);
  t.ok(Number.isInteger(header) && header >= 1, `Retry-After ${res.headers['retry-after']}`);
  if (expected !== undefined) t.equal(header, expected, `Retry-After ${expected}`);
  return header;
}

/** A fetcher's sign-in refused unchecked: the envelope carries 429 auth.tooMany, the answer Retry-After; not signed in. */
function isRateLimited(t: Test, res: LightMyRequestResponse, expected?: number): number {
  t.equal(res.statusCode, 200, 'the envelope is delivered');
  t.strictSame(refusal(res), LIMITED);
  t.equal(sessionCookie(res), undefined, 'not signed in');
  return retryAfter(t, res, expected);
}

/** The outcome a plain form post left in its flash cookie for the form's page. */
function flashOf(res: LightMyRequestResponse): { form: string; result: { ok: boolean; errors: Record<string, string> } } | undefined {
  const cookie = res.cookies.find((c) => c.name === FLASH_COOKIE);
  const unsigned = cookie && app.fastify.unsignCookie(cookie.value);
  return unsigned?.valid ? JSON.parse(unsigned.value!) : undefined;
}

/** A plain form post refused unchecked: 303 back to the form (keeping next), the reason in the flash, Retry-After; not signed in. */
async function isRateLimitedForm(t: Test, v: Visitor, res: LightMyRequestResponse, location: string, expected?: number): Promise<number> {
  t.equal(res.statusCode, 303, 'back to the form');
  t.equal(res.headers.location, location);
  t.equal(sessionCookie(res), undefined, 'not signed in');
  t.match(flashOf(res), { form: 'auth:sign-in', result: { ok: false, errors: { '': 'auth.tooMany' } } }, 'the reason travels in the flash');
  t.match(
    (await follow(v, res)).body,
    /<span role="alert" class="form__error">Слишком много попыток\. Попробуйте позже\.<\/span>/,
    'the form says why',
  );
  return retryAfter(t, res, expected);
}

/** Signed in by a fetcher: the router goes on to /personal and the new session belongs to the user. */
async function isSignedIn(t: Test, res: LightMyRequestResponse, userId: number, message: string): Promise<void> {
  t.same(res.json(), { redirect: '/personal' }, message);
  const cookie = sessionCookie(res);
  t.ok(cookie?.sessionId, 'a new session cookie');
  if (cookie?.sessionId) t.strictSame(await sessionRow(cookie.sessionId), { user_id: userId }, 'the session is signed in');
}

t.test('the delay grows per e-mail and address: 2^k seconds after the free failures, capped', async (t) => {
  t.equal(LOGIN_FREE_FAILURES, 5);
  t.equal(LOGIN_MAX_DELAY_SECONDS, 900);
  t.strictSame([0, 4, 5, 6, 7, 9, 14, 15, 16, 5000].map(loginDelaySeconds), [0, 0, 1, 2, 4, 16, 512, 900, 900, 900]);

  const email = 'slowed@example.com';
  const userId = await userWithPassword(email);
  const ip = nextIp();
  for (let i = 1; i <= LOGIN_FREE_FAILURES; i++) {
    t.strictSame(refusal(await login(app.visitor(), { email, password: 'wrong-' + i }, { ip })), FAILED, `failure ${i}: checked, 401`);
  }
  // From here each attempt waits 1, 2, 4, 8 s after the previous one; an early one is refused unchecked, even the right password.
  for (const delay of [1, 2, 4, 8]) {
    isRateLimited(t, await login(app.visitor(), { email, password: PASSWORD }, { ip }), delay);
    isRateLimited(t, await login(app.visitor(), { email, password: 'early' }, { ip }), delay);
    await waitOut(email, ip, delay);
    t.strictSame(refusal(await login(app.visitor(), { email, password: 'late' }, { ip })), FAILED, `after ${delay} s: checked again`);
  }
  // A plain form post is sent back to the form (303), not signed in; the form says why, the answer when to retry.
  const v = app.visitor();
  const form = await login(v, { email, password: PASSWORD, next: '/cart' }, { ip, js: false });
  await isRateLimitedForm(t, v, form, '/auth?next=%2Fcart', 16);
  // Once the delay has passed, the right password works and clears the pair.
  await waitOut(email, ip, 16);
  await isSignedIn(t, await login(app.visitor(), { email, password: PASSWORD }, { ip }), userId, 'the owner signs in after the wait');
  const [row] = await app.db.query(`SELECT 1 FROM rate_limits WHERE policy = 'signin.pair' AND key = $1`, [pairKey(email, ip)]);
  t.equal(row, undefined, 'the pair starts afresh');
});

t.test(`failures are forgotten ${LOGIN_FORGET_HOURS} h after the last attempt`, async (t) => {
  t.equal(LOGIN_FORGET_HOURS, 24);
  const email = 'forgets@example.com';
  await userWithPassword(email);
  const ip = nextIp();
  for (let i = 1; i <= LOGIN_FREE_FAILURES; i++)
    t.strictSame(refusal(await login(app.visitor(), { email, password: 'again' }, { ip })), FAILED);
  isRateLimited(t, await login(app.visitor(), { email, password: PASSWORD }, { ip }), 1);
  // Many failures (the cap's wait), the last one just over the forget time ago.
  await app.db.query(
    `UPDATE rate_limits SET hits = 40, window_start = now() - make_interval(hours => $2, mins => 1) WHERE policy = 'signin.pair' AND key = $1`,
    [pairKey(email, ip), LOGIN_FORGET_HOURS],
  );
  t.strictSame(
    refusal(await login(app.visitor(), { email, password: 'forgotten' }, { ip })),
    FAILED,
    'checked: the old failures are forgotten',
  );
  const [{ attempts }] = (await app.db.query<{ attempts: number }>(
    `SELECT hits AS attempts FROM rate_limits WHERE policy = 'signin.pair' AND key = $1`,
    [pairKey(email, ip)],
  )) as [{ attempts: number }];
  t.equal(attempts, 1, 'counted afresh');
  // Just under the forget time they still count: the attempt is checked (the cap's wait is long over) but counted
  // on top, so the next one must wait the cap again.
  await app.db.query(
    `UPDATE rate_limits SET hits = 40, window_start = now() - make_interval(hours => $2, mins => -1) WHERE policy = 'signin.pair' AND key = $1`,
    [pairKey(email, ip), LOGIN_FORGET_HOURS],
  );
  t.strictSame(refusal(await login(app.visitor(), { email, password: 'remembered' }, { ip })), FAILED, 'checked');
  isRateLimited(t, await login(app.visitor(), { email, password: PASSWORD }, { ip }), LOGIN_MAX_DELAY_SECONDS);
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
    if (refusal(res).status === 401) {
      checked++;
    } else {
      // The stranger is answered 429 with the wait; here the wait "passes".
      await waitOut(email, stranger, isRateLimited(t, res));
      refused++;
    }
  }
  t.equal(refused, 20 - LOGIN_FREE_FAILURES, 'every failure past the free ones had to wait');
  // The stranger's next attempt must wait the cap: 2^15 s capped at 15 min — with JavaScript and without.
  isRateLimited(t, await login(app.visitor(), { email, password: 'guess-next' }, { ip: stranger }), LOGIN_MAX_DELAY_SECONDS);
  isRateLimited(t, await login(app.visitor(), { email, password: PASSWORD }, { ip: stranger }), LOGIN_MAX_DELAY_SECONDS);
  const s = app.visitor();
  await isRateLimitedForm(
    t,
    s,
    await login(s, { email, password: PASSWORD }, { ip: stranger, js: false }),
    '/auth',
    LOGIN_MAX_DELAY_SECONDS,
  );

  // The owner, from an address that has not failed, signs in at once — with JavaScript and without.
  await isSignedIn(t, await login(app.visitor(), { email, password: PASSWORD }, { ip: owner }), userId, 'the owner is not locked out');
  const form = await login(app.visitor(), { email, password: PASSWORD }, { ip: owner, js: false });
  t.same([form.statusCode, form.headers.location], [303, '/personal'], 'nor without JavaScript');
  t.strictSame(await sessionRow(sessionCookie(form)!.sessionId!), { user_id: userId });
  // And may mistype a few times without waiting.
  for (let i = 1; i < LOGIN_FREE_FAILURES; i++)
    t.strictSame(refusal(await login(app.visitor(), { email, password: 'typo' }, { ip: owner })), FAILED);
  await isSignedIn(t, await login(app.visitor(), { email, password: PASSWORD }, { ip: owner }), userId, 'still in');
  // The stranger's wait is unchanged by the owner's success.
  isRateLimited(t, await login(app.visitor(), { email, password: 'guess-more' }, { ip: stranger }));
});

t.test(`per address, across e-mails: ${LOGIN_MAX_ATTEMPTS_PER_IP} unsuccessful attempts in ${LOGIN_WINDOW_MINUTES} min`, async (t) => {
  t.equal(LOGIN_MAX_ATTEMPTS_PER_IP, 50);
  t.equal(LOGIN_WINDOW_MINUTES, 15);
  const email = 'victim@example.com';
  const userId = await userWithPassword(email);
  const ip = nextIp();
  for (let i = 1; i <= LOGIN_MAX_ATTEMPTS_PER_IP; i++) {
    const res = await login(app.visitor(), { email: `guess${i}@example.com`, password: 'x' }, { ip });
    t.strictSame(refusal(res), FAILED, `failure ${i} is a 401`);
  }
  const wait = isRateLimited(t, await login(app.visitor(), { email, password: PASSWORD }, { ip }));
  t.ok(wait <= LOGIN_WINDOW_MINUTES * 60, 'until the window ends');
  const v = app.visitor();
  const form = await login(v, { email, password: PASSWORD, next: '/cart' }, { ip, js: false });
  t.ok((await isRateLimitedForm(t, v, form, '/auth?next=%2Fcart')) <= LOGIN_WINDOW_MINUTES * 60, 'without JavaScript too');
  // The same user from another address is not affected.
  await isSignedIn(t, await login(app.visitor(), { email, password: PASSWORD }, { ip: nextIp() }), userId, 'another address signs in');
  // After the window the address may try again.
  await app.db.query(
    `UPDATE rate_limits SET window_start = now() - make_interval(mins => $2, secs => 1) WHERE policy = 'signin.address' AND key = $1`,
    [ip, LOGIN_WINDOW_MINUTES],
  );
  await isSignedIn(t, await login(app.visitor(), { email, password: PASSWORD }, { ip }), userId, 'a new window');
});

t.test('successful sign-ins do not count against the address (shoppers behind one NAT)', async (t) => {
  const email = 'nat@example.com';
  const userId = await userWithPassword(email);
  const ip = nextIp();
  await app.db.query(`INSERT INTO rate_limits (policy, key, window_start, hits) VALUES ('signin.address', $1, now(), $2)`, [
    ip,
    LOGIN_MAX_ATTEMPTS_PER_IP - 1,
  ]);
  await isSignedIn(t, await login(app.visitor(), { email, password: PASSWORD }, { ip }), userId, 'success 1');
  const form = await login(app.visitor(), { email, password: PASSWORD }, { ip, js: false });
  t.same([form.statusCode, form.headers.location], [303, '/personal'], 'success 2, without JavaScript');
  await isSignedIn(t, await login(app.visitor(), { email, password: PASSWORD }, { ip }), userId, 'success 3');
  t.strictSame(refusal(await login(app.visitor(), { email, password: 'wrong' }, { ip })), FAILED, 'the last allowed failure');
  isRateLimited(t, await login(app.visitor(), { email, password: PASSWORD }, { ip }));
});

t.test("a success clears the pair's failures", async (t) => {
  const email = 'clears@example.com';
  const userId = await userWithPassword(email);
  const ip = nextIp();
  for (let round = 1; round <= 2; round++) {
    for (let i = 1; i < LOGIN_FREE_FAILURES; i++)
      t.strictSame(refusal(await login(app.visitor(), { email, password: 'no' }, { ip })), FAILED);
    await isSignedIn(
      t,
      await login(app.visitor(), { email, password: PASSWORD }, { ip }),
      userId,
      `round ${round}: under the free failures`,
    );
  }
  // Without the clearing the pair would now hold 8 failures: the next wrong ones would be slowed at once.
  for (let i = 1; i <= LOGIN_FREE_FAILURES; i++)
    t.strictSame(refusal(await login(app.visitor(), { email, password: 'no' }, { ip })), FAILED, `failure ${i}: free`);
  isRateLimited(t, await login(app.visitor(), { email, password: 'no' }, { ip }), 1);
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
    // A local path with a space is now followed, percent-encoded (one validator, shared/safe-path.ts), not dropped.
    ['/ /evil.example', '/%20/evil.example'],
  ];
  for (const [next, location] of cases) {
    const v = app.visitor();
    const res = await login(v, { email, password: PASSWORD, ...(next === undefined ? {} : { next }) }, { ip: nextIp(), js: false });
    t.equal(res.statusCode, 303, `next ${JSON.stringify(next)}: 303`);
    t.equal(res.headers.location, location, `next ${JSON.stringify(next)} → ${location}`);
    const cookie = sessionCookie(res);
    t.ok(cookie?.sessionId, 'signed in: a new cookie');
    t.strictSame(await sessionRow(cookie!.sessionId!), { user_id: userId });
  }
  // The default target keeps the language of the form's page: the form posts to its own language's route (the
  // Referer, which the old endpoint read, plays no part any more).
  const en = await login(app.visitor(), { email, password: PASSWORD }, { ip: nextIp(), js: false, path: '/en/auth' });
  t.equal(en.headers.location, '/en/personal');
  const kk = await login(app.visitor(), { email, password: PASSWORD }, { ip: nextIp(), js: false, path: '/kk/auth', host: 'kz.localhost' });
  t.equal(kk.headers.location, '/kk/personal');
  const evilReferer = await login(
    app.visitor(),
    { email, password: PASSWORD },
    { ip: nextIp(), js: false, headers: { referer: 'https://evil.example/en/x' } },
  );
  t.equal(evilReferer.headers.location, '/personal', 'a foreign Referer gives neither a language nor a host');

  // A failed form post goes back to the form, keeping a safe next only (it was /auth?failed=credentials&next=…;
  // now the reason travels in the flash), and the form then says what went wrong, in its language, without JavaScript.
  const v = app.visitor();
  const failed = await login(v, { email, password: 'wrong', next: '/en/cart' }, { ip: nextIp(), js: false, path: '/en/auth' });
  t.equal(failed.statusCode, 303);
  t.equal(failed.headers.location, '/en/auth?next=%2Fen%2Fcart');
  t.equal(sessionCookie(failed), undefined);
  const shown = await follow(v, failed);
  t.match(shown.body, /<span role="alert" class="form__error">Incorrect email or password\.<\/span>/);
  t.match(shown.body, '<input type="hidden" name="next" value="/en/cart"/>', 'the form keeps next');
  const again = await app.request({ url: '/en/auth?next=%2Fen%2Fcart', as: v });
  t.notMatch(again.body, /role="alert"/, 'shown once');
  const tampered = await app.request({ url: '/auth?failed=<script>' });
  t.notMatch(tampered.body, /role="alert"/, 'the address cannot make the form show an error');
  const failedEvil = await login(app.visitor(), { email, password: 'wrong', next: '//evil.example' }, { ip: nextIp(), js: false });
  t.equal(failedEvil.statusCode, 303);
  t.notMatch(failedEvil.headers.location, /evil/, 'no foreign address passed on');
  t.match(failedEvil.headers.location, /^\/auth(\?|$)/);
});

t.test('the sign-in form: a real form to its route with the token, next and its key', async (t) => {
  const v = app.visitor();
  const page = await app.request({ url: '/en/auth?next=%2Fen%2Fcart', as: v });
  const form = /<form class="form"[^>]*>.*?<\/form>/s.exec(page.body)?.[0] ?? '';
  t.match(form, /^<form class="form"[^>]* action="\/en\/auth\?next=%2Fen%2Fcart" method="post">/);
  t.match(form, `<input type="hidden" name="token" value="${v.token}"/><input type="hidden" name="next" value="/en/cart"/>`);
  t.match(form, '<input type="hidden" name="_form" value="auth:sign-in"/>');
  t.match(form, /<input type="email"[^>]* name="email"\/>/);
  t.match(form, /<input type="password"[^>]* name="password"\/>/);
});

t.test('sign-in input is validated: 400 naming the field, not counted as an attempt', async (t) => {
  const v = app.visitor();
  const ip = nextIp();
  // Form fields are always strings: the old JSON cases of numbers and arrays have no form equivalent.
  const cases: Array<[fields: Record<string, string>, errors: Record<string, string>]> = [
    [{ password: PASSWORD }, { email: 'auth.emailInvalid' }],
    [{ email: 'not-an-email', password: PASSWORD }, { email: 'auth.emailInvalid' }],
    [{ email: '123', password: PASSWORD }, { email: 'auth.emailInvalid' }],
    [{ email: 'a\u0000@example.com', password: PASSWORD }, { email: 'auth.emailInvalid' }],
    [{ email: 'a@example.com' }, { password: 'form.required' }],
    [{ email: 'a@example.com', password: '' }, { password: 'form.required' }],
    [{ email: 'a@example.com', password: 'x'.repeat(201) }, { password: 'auth.failed' }],
    [{ email: 'a@example.com', password: PASSWORD, next: '/' + 'a'.repeat(2000) }, { next: 'form.invalid' }],
    [{}, { email: 'auth.emailInvalid', password: 'form.required' }],
  ];
  for (const [fields, errors] of cases) {
    const res = await login(v, fields, { ip });
    t.equal(res.statusCode, 200, 'the envelope is delivered');
    t.strictSame(refusal(res), { status: 400, errors }, JSON.stringify(fields).slice(0, 80));
    t.notOk('password' in res.json().results.auth.data.values, 'the password is never echoed');
  }
  // Bodies that are no form at all: a 4xx, never a 500.
  const json = (payload: string) =>
    app.request({
      method: 'POST',
      url: '/_data/auth?_action=auth',
      as: v,
      remoteAddress: ip,
      headers: { 'x-csrf-token': v.token, 'content-type': 'application/json' },
      payload,
    });
  t.strictSame(refusal(await json('[]')), { status: 400, errors: { email: 'auth.emailInvalid', password: 'form.required' } });
  const malformed = await json('{"email":');
  t.equal(malformed.statusCode, 400);
  t.equal(malformed.json().statusCode, 400);
  const [{ n }] = (await app.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM rate_limits
      WHERE (policy = 'signin.pair' AND key LIKE 'a@example.com %') OR (policy = 'signin.address' AND key = $1)`,
    [ip],
  )) as [{ n: number }];
  t.equal(n, 0, 'invalid input is not a failed attempt, neither of the pair nor of the address');
});

t.test('the site token is required: a refused sign-in is not even tried, a refused sign-out signs nobody out', async (t) => {
  const v = app.visitor();
  const email = 'csrf@example.com';
  const userId = await userWithPassword(email);
  const w = app.visitor();
  const signedInUser = await createUser(app, { email: 'csrf-out@example.com', signIn: w });
  const ip = nextIp();
  for (const js of [true, false]) {
    const how = js ? 'fetcher' : 'plain form';
    for (const [token, code] of [
      [null, 'token_required'],
      ['', 'token_required'],
      [app.visitor().token, 'token_invalid'],
    ] as const) {
      const signIn = await login(v, { email, password: PASSWORD }, { js, token, ip });
      t.equal(signIn.statusCode, 403, `sign-in, ${how}, ${code}`);
      if (js) t.equal(signIn.json().error, code);
      else t.match(signIn.body, 'Форма устарела', 'the page says the form expired');
      t.equal(sessionCookie(signIn), undefined, 'no new session');
      const signOut = await app.submit({ path: '/personal', as: w, js, token, fields: {} });
      t.equal(signOut.statusCode, 403, `sign-out, ${how}, ${code}`);
      if (js) t.equal(signOut.json().error, code);
    }
    // A cross-site form post: no cookie of this site, so no token can match.
    const cross = await app.request({
      method: 'POST',
      url: js ? '/_data/auth?_action=auth' : '/auth',
      remoteAddress: ip,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email, password: PASSWORD, token: v.token }).toString(),
    });
    t.equal(cross.statusCode, 403, `a cross-site ${how} post`);
  }
  t.strictSame(await sessionRow(w.sessionId), { user_id: signedInUser }, 'the refused sign-outs did not sign the session out');
  const [{ n }] = (await app.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM rate_limits WHERE (policy = 'signin.pair' AND key = $1) OR (policy = 'signin.address' AND key = $2)`,
    [pairKey(email, ip), ip],
  )) as [{ n: number }];
  t.equal(n, 0, 'the refused sign-ins were not even tried (nothing counted)');
  t.ok(userId);

  // A form body over the limit is refused before anything runs.
  const big = new URLSearchParams({ token: v.token, email: 'a'.repeat(BODY_LIMIT_BYTES), password: 'x' }).toString();
  for (const url of ['/auth', '/_data/auth?_action=auth']) {
    const res = await app.request({
      method: 'POST',
      url,
      as: v,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: big,
    });
    t.equal(res.statusCode, 413, `${url}: 413`);
  }
});

t.test('sign-out: the visitor continues signed out under a new session id, with a new token', async (t) => {
  const v = app.visitor();
  const userId = await createUser(app, { email: 'out@example.com', signIn: v });
  t.strictSame(await sessionRow(v.sessionId), { user_id: userId });

  const res = await app.submit({ path: '/personal', as: v, js: true, fields: {} });
  t.same(res.json(), { redirect: '/' }, 'home');
  const fresh = visitorOf(res);
  t.ok(fresh.sessionId && fresh.sessionId !== v.sessionId, 'a new session id');
  t.equal(await sessionRow(v.sessionId), undefined, 'the signed-in session is gone');
  t.strictSame(await sessionRow(fresh.sessionId), { user_id: null }, 'signed out');
  const home = await app.request({ url: '/', as: fresh });
  t.match(hydrationData(home.body).loaderData.root, { signedIn: false, token: fresh.token }, "the page has the new session's token");
  t.equal((await app.request({ url: '/personal', as: v })).statusCode, 302, 'the old cookie opens nothing');

  // The plain form (the personal page without JavaScript) is sent home, in the language of the page.
  const w = app.visitor();
  await createUser(app, { email: 'out2@example.com', signIn: w });
  const page = await app.request({ url: '/kk/personal', host: 'kz.localhost', as: w });
  const form =
    [...page.body.slice(page.body.indexOf('<main')).matchAll(/<form[^>]* method="post">.*?<\/form>/gs)]
      .map((m) => m[0])
      .find((f) => f.includes('personal:sign-out')) ?? '';
  t.match(
    form,
    /^<form[^>]* action="\/kk\/personal" method="post"><input type="hidden" name="token" value="[\w-]+"\/>/,
    'the sign-out form',
  );
  t.match(form, '<input type="hidden" name="next" value="/kk/personal"/><input type="hidden" name="_form" value="personal:sign-out"/>');
  const plain = await app.submit({ path: '/kk/personal', as: w, js: false, host: 'kz.localhost', fields: { next: '/kk/personal' } });
  t.equal(plain.statusCode, 303);
  t.equal(plain.headers.location, '/kk', 'home, in the language of the page');
  t.equal(await sessionRow(w.sessionId), undefined);
  t.strictSame(await sessionRow(visitorOf(plain).sessionId), { user_id: null });
});

t.test('concurrent attempts cannot get past the delay: each is claimed before its password is checked', async (t) => {
  const email = 'race@example.com';
  await userWithPassword(email);
  const ip = nextIp();
  // In waves of three at once: the most the hash line takes from one address (one hashing, two behind it; more are
  // refused 503 before any limit is claimed — test/hash-queue.test.ts). Within a wave the claims still race.
  const answers = [];
  for (let wave = 0; wave < 10; wave++) {
    answers.push(...(await Promise.all(Array.from({ length: 3 }, () => login(app.visitor(), { email, password: 'wrong' }, { ip })))));
  }
  const statuses = answers.map((a) => refusal(a).status);
  t.equal(statuses.filter((s) => s === 401).length, LOGIN_FREE_FAILURES, 'exactly the free failures were checked');
  t.equal(statuses.filter((s) => s === 429).length, 30 - LOGIN_FREE_FAILURES, 'the rest were refused unchecked');
  const limited = answers.filter((a) => refusal(a).status === 429);
  t.ok(
    limited.every((a) => refusal(a).errors[''] === 'auth.tooMany'),
    'saying so',
  );
  t.ok(
    limited.every((a) => Number(a.headers['retry-after']) >= 1),
    'each with Retry-After',
  );
  t.ok(
    answers.filter((a) => refusal(a).status === 401).every((a) => a.headers['retry-after'] === undefined),
    'a checked failure has no Retry-After',
  );
});

t.test('a sign-in lapses after its time; expired sessions and old throttle rows are purged', async (t) => {
  const { purgeExpired } = await import('../server/accounts/auth.ts');
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
  await app.db.query(
    `INSERT INTO rate_limits (policy, key, window_start, hits) VALUES ('signin.address', '203.0.113.9', now() - interval '2 days', 3),
       ('forms.address', 'review 203.0.113.9', now() - interval '2 days', 5), ('forms.address', 'review 203.0.113.10', now(), 1)`,
  );
  await app.db.query(
    `INSERT INTO account_tokens (hash, user_id, purpose, email, site, expires_at)
     VALUES ('old-link', $1, 'reset', 'lapse@example.com', 'ru', now() - interval '8 days'),
            ('live-link', $1, 'reset', 'lapse@example.com', 'ru', now() + interval '1 hour')`,
    [userId],
  );
  const purged = await purgeExpired(app.db);
  t.ok(purged.sessions >= 1 && purged.signedOut >= 1 && purged.throttle >= 2 && purged.links >= 1, JSON.stringify(purged));
  t.same(
    (
      await app.db.query<{ key: string }>(`SELECT key FROM rate_limits WHERE policy = 'forms.address' AND key LIKE 'review 203.0.113.%'`)
    ).map((r) => r.key),
    ['review 203.0.113.10'],
    'the public forms’ day-old windows go, the current one stays',
  );
  t.same(
    (await app.db.query<{ hash: string }>(`SELECT hash FROM account_tokens WHERE hash IN ('old-link', 'live-link')`)).map((r) => r.hash),
    ['live-link'],
    'links a week past their expiry go',
  );
  t.equal(await sessionRow(gone.sessionId), undefined, 'the expired session is deleted');
  t.strictSame(await sessionRow(v.sessionId), { user_id: null }, 'the lapsed one is signed out but keeps its cart');
  t.ok(userId);
});

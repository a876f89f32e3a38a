/**
 * Signing in and out through the /auth and /personal route actions: from the hydrated page (POST /_data…, a JSON
 * envelope) and as plain form posts (303). Session rotation (the cart moves to the new session), cookie flags, the
 * failed-attempt limit, the site token, no open redirect. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import t from 'tap';
import type { LightMyRequestResponse } from 'fastify';
import { startTestApp, createUser, hydrationData, setCookies, type TestApp, type Visitor } from './helpers/app.ts';
import { hashPassword, LOGIN_MAX_ATTEMPTS_PER_EMAIL, LOGIN_MAX_ATTEMPTS_PER_IP, LOGIN_WINDOW_MINUTES } from '../server/services/auth.ts';
import { SESSION_COOKIE } from '../server/http/request-context.ts';
import { BODY_LIMIT_BYTES } from '../server/app.ts';
import { FLASH_COOKIE } from '../shared/contracts.ts';

const app: TestApp = await startTestApp(t);
const PASSWORD = 'Тихо-авто 2024!';

let ipCounter = 0;
/** Each test signs in from its own address, so that the per-IP failure limit of one test does not reach another. */
const nextIp = () => `198.51.100.${++ipCounter}`;

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
  return { sessionId: cookie.sessionId!, cookie: `${SESSION_COOKIE}=${cookie.value}`, token: app.services.sessions.tokenFor(cookie.sessionId!) };
}

async function sessionRow(id: string): Promise<{ user_id: number | null } | undefined> {
  const [row] = await app.db.query<{ user_id: number | null }>('SELECT user_id FROM sessions WHERE id = $1', [id]);
  return row;
}

/** The page a no-JS post returned to, with the cookies the post set (the flash). */
const follow = (v: Visitor, res: LightMyRequestResponse, host?: string) =>
  app.request({ url: res.headers.location as string, host, headers: { cookie: `${v.cookie}; ${FLASH_COOKIE}=${setCookies(res)[FLASH_COOKIE] ?? ''}` } });

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
    const [{ n }] = (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM compare_items WHERE session_id = $1', [newId])) as [{ n: number }];
    t.equal(n, 1, 'the compare list moved');

    // The page the visitor lands on: signed in, with the new session's token and the moved counters.
    const signedIn = visitorOf(res);
    const page = await app.request({ url: '/cart', as: signedIn });
    const shell = hydrationData(page.body).loaderData.root;
    t.match(shell, { signedIn: true, token: signedIn.token, cartCount: 1, compareCount: 1 }, 'a new token (the old JSON answer gave it; the shell does now)');
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
    t.equal((await app.submit({ path: '/cart', as: signedIn, token: v.token, js, fields: { intent: 'item', productId: product!.id } })).statusCode, 403, 'and by the actions');
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

  // Each attempt is counted per e-mail and per IP: one for each e-mail, three from this address.
  const rows = await app.db.query<{ key: string; n: number }>(
    'SELECT key, attempts AS n FROM login_throttle WHERE key IN ($1, $2, $3) ORDER BY key',
    ['email:' + email, 'email:nobody@example.com', 'ip:' + ip],
  );
  t.strictSame(rows, [
    { key: 'email:nobody@example.com', n: 1 },
    { key: 'email:' + email, n: 1 },
    { key: 'ip:' + ip, n: 3 },
  ]);
  t.ok(userId);
});

t.test(`after ${LOGIN_MAX_ATTEMPTS_PER_EMAIL} attempts within ${LOGIN_WINDOW_MINUTES} min: 429, even with the right password`, async (t) => {
  t.equal(LOGIN_MAX_ATTEMPTS_PER_EMAIL, 10);
  t.equal(LOGIN_MAX_ATTEMPTS_PER_IP, 50);
  t.equal(LOGIN_WINDOW_MINUTES, 15);

  t.test('per e-mail', async (t) => {
    const email = 'limited@example.com';
    await userWithPassword(email);
    const ip = nextIp();
    for (let i = 1; i <= 10; i++) {
      const res = await login(app.visitor(), { email, password: 'wrong-' + i }, { ip });
      t.strictSame(refusal(res), FAILED, `failure ${i} is a 401, not yet limited`);
    }
    const right = await login(app.visitor(), { email, password: PASSWORD }, { ip });
    t.strictSame(refusal(right), LIMITED);
    t.equal(sessionCookie(right), undefined, 'not signed in');
    // From another address the e-mail is still limited.
    t.strictSame(refusal(await login(app.visitor(), { email, password: PASSWORD }, { ip: nextIp() })), LIMITED);
    // A plain form post is sent back to the form (303), not signed in, and the form says why. (It was
    // /auth?failed=limit; now the reason travels in the flash.)
    const v = app.visitor();
    const form = await login(v, { email, password: PASSWORD, next: '/cart' }, { ip: nextIp(), js: false });
    t.equal(form.statusCode, 303);
    t.equal(form.headers.location, '/auth?next=%2Fcart');
    t.equal(sessionCookie(form), undefined);
    t.match((await follow(v, form)).body, /<span role="alert" class="form__error">Слишком много попыток\. Попробуйте позже\.<\/span>/);

    // Failures older than the window do not count.
    await app.db.query(`UPDATE login_throttle SET window_start = now() - interval '16 minutes' WHERE key = $1`, ['email:' + email]);
    const later = await login(app.visitor(), { email, password: PASSWORD }, { ip: nextIp() });
    t.same(later.json(), { redirect: '/personal' }, 'after the window the right password works again');
  });

  t.test('per IP address, across e-mails', async (t) => {
    const email = 'victim@example.com';
    await userWithPassword(email);
    const ip = nextIp();
    for (let i = 1; i <= LOGIN_MAX_ATTEMPTS_PER_IP; i++) {
      const res = await login(app.visitor(), { email: `guess${i}@example.com`, password: 'x' }, { ip });
      t.equal(refusal(res).status, 401, `failure ${i} is a 401`);
    }
    t.strictSame(refusal(await login(app.visitor(), { email, password: PASSWORD }, { ip })), LIMITED);
    // The same user from another address is not affected.
    t.same((await login(app.visitor(), { email, password: PASSWORD }, { ip: nextIp() })).json(), { redirect: '/personal' });
  });

  t.test("a success clears the e-mail's failures", async (t) => {
    const email = 'clears@example.com';
    await userWithPassword(email);
    const signedIn = async () => (await login(app.visitor(), { email, password: PASSWORD }, { ip: nextIp() })).json().redirect;
    for (let i = 1; i <= 9; i++) t.equal(refusal(await login(app.visitor(), { email, password: 'no' }, { ip: nextIp() })).status, 401);
    t.equal(await signedIn(), '/personal');
    for (let i = 1; i <= 9; i++) t.equal(refusal(await login(app.visitor(), { email, password: 'no' }, { ip: nextIp() })).status, 401);
    t.equal(await signedIn(), '/personal', 'nine new failures are still under the limit');
  });
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
  const evilReferer = await login(app.visitor(), { email, password: PASSWORD }, { ip: nextIp(), js: false, headers: { referer: 'https://evil.example/en/x' } });
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
    const res = await login(v, fields, { ip: nextIp() });
    t.equal(res.statusCode, 200, 'the envelope is delivered');
    t.strictSame(refusal(res), { status: 400, errors }, JSON.stringify(fields).slice(0, 80));
    t.notOk('password' in res.json().results.auth.data.values, 'the password is never echoed');
  }
  // Bodies that are no form at all: a 4xx, never a 500.
  const json = (payload: string) =>
    app.request({ method: 'POST', url: '/_data/auth?_action=auth', as: v, headers: { 'x-csrf-token': v.token, 'content-type': 'application/json' }, payload });
  t.strictSame(refusal(await json('[]')), { status: 400, errors: { email: 'auth.emailInvalid', password: 'form.required' } });
  const malformed = await json('{"email":');
  t.equal(malformed.statusCode, 400);
  t.equal(malformed.json().statusCode, 400);
  const [{ n }] = (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM login_throttle WHERE key = $1', ['email:a@example.com'])) as [{ n: number }];
  t.equal(n, 0, 'invalid input is not a failed attempt');
});

t.test('the site token is required: a refused sign-in is not even tried, a refused sign-out signs nobody out', async (t) => {
  const v = app.visitor();
  const email = 'csrf@example.com';
  const userId = await userWithPassword(email);
  const w = app.visitor();
  const signedInUser = await createUser(app, { email: 'csrf-out@example.com', signIn: w });
  for (const js of [true, false]) {
    const how = js ? 'fetcher' : 'plain form';
    for (const [token, code] of [
      [null, 'token_required'],
      ['', 'token_required'],
      [app.visitor().token, 'token_invalid'],
    ] as const) {
      const signIn = await login(v, { email, password: PASSWORD }, { js, token, ip: nextIp() });
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
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email, password: PASSWORD, token: v.token }).toString(),
    });
    t.equal(cross.statusCode, 403, `a cross-site ${how} post`);
  }
  t.strictSame(await sessionRow(w.sessionId), { user_id: signedInUser }, 'the refused sign-outs did not sign the session out');
  const [{ n }] = (await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM login_throttle WHERE key = $1`, ['email:' + email])) as [{ n: number }];
  t.equal(n, 0, 'the refused sign-ins were not even tried');
  t.ok(userId);

  // A form body over the limit is refused before anything runs.
  const big = new URLSearchParams({ token: v.token, email: 'a'.repeat(BODY_LIMIT_BYTES), password: 'x' }).toString();
  for (const url of ['/auth', '/_data/auth?_action=auth']) {
    const res = await app.request({ method: 'POST', url, as: v, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: big });
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
  t.match(hydrationData(home.body).loaderData.root, { signedIn: false, token: fresh.token }, 'the page has the new session\'s token');
  t.equal((await app.request({ url: '/personal', as: v })).statusCode, 302, 'the old cookie opens nothing');

  // The plain form (the personal page without JavaScript) is sent home, in the language of the page.
  const w = app.visitor();
  await createUser(app, { email: 'out2@example.com', signIn: w });
  const page = await app.request({ url: '/kk/personal', host: 'kz.localhost', as: w });
  const form = /<form[^>]* method="post">.*?<\/form>/s.exec(page.body.slice(page.body.indexOf('<main')))?.[0] ?? '';
  t.match(form, /^<form[^>]* action="\/kk\/personal" method="post"><input type="hidden" name="token" value="[\w-]+"\/>/, 'the sign-out form');
  t.match(form, '<input type="hidden" name="next" value="/kk/personal"/><input type="hidden" name="_form" value="personal:sign-out"/>');
  const plain = await app.submit({ path: '/kk/personal', as: w, js: false, host: 'kz.localhost', fields: { next: '/kk/personal' } });
  t.equal(plain.statusCode, 303);
  t.equal(plain.headers.location, '/kk', 'home, in the language of the page');
  t.equal(await sessionRow(w.sessionId), undefined);
  t.strictSame(await sessionRow(visitorOf(plain).sessionId), { user_id: null });
});

t.test('concurrent attempts cannot get past the limit: each is counted before its password is checked', async (t) => {
  const email = 'race@example.com';
  await userWithPassword(email);
  const answers = await Promise.all(Array.from({ length: 30 }, () => login(app.visitor(), { email, password: 'wrong' }, { ip: nextIp() })));
  const statuses = answers.map((a) => refusal(a).status);
  t.equal(statuses.filter((s) => s === 401).length, LOGIN_MAX_ATTEMPTS_PER_EMAIL, 'exactly the limit was checked');
  t.equal(statuses.filter((s) => s === 429).length, 30 - LOGIN_MAX_ATTEMPTS_PER_EMAIL, 'the rest were refused unchecked');
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

/**
 * The server's composition (docs/decisions/017): one i18next instance per language shared by its requests;
 * the spec's read-only POST calls without a token (changes — router actions, decision 021 — still need it); the
 * readable `_token` cookie, set only with the session and again when the session rotates; the OpenAPI document
 * generated from the route schemas; bad input refused before any handler runs.
 */

import type { LightMyRequestResponse } from 'fastify';
import i18next, { type i18n as I18n } from 'i18next';
import t, { type Test } from 'tap';
import { hashPassword } from '../server/accounts/auth.ts';
import { WIDGET_CODES } from '../server/content/widgets.ts';
import { SESSION_COOKIE, TOKEN_COOKIE } from '../server/http/request-context.ts';
import { createUser, hydrationData, startTestApp, type TestApp, type Visitor } from './helpers/app.ts';

const app: TestApp = await startTestApp(t);
const PASSWORD = 'Тихо-авто 2024!';

/** Every i18next instance a storefront request carried (read once the answer is sent). */
const seenI18n: Array<{ url: string; i18n: I18n | undefined }> = [];
app.fastify.addHook('onResponse', async (request) => {
  seenI18n.push({ url: request.url, i18n: request.i18n ?? undefined });
});

async function productId(sku: string): Promise<number> {
  const [row] = await app.db.query<{ id: number }>('SELECT id FROM products WHERE sku = $1', [sku]);
  return row!.id;
}

/** The answer's Set-Cookie headers as a list. */
function setCookies(res: LightMyRequestResponse): string[] {
  const value = res.headers['set-cookie'];
  return value === undefined ? [] : Array.isArray(value) ? value : [String(value)];
}

/** The `_token` cookie an answer sets, with its attributes in lower case. */
function tokenCookie(res: LightMyRequestResponse): { value: string; attrs: string[] } | undefined {
  const header = setCookies(res).find((c) => c.startsWith(TOKEN_COOKIE + '='));
  if (!header) return undefined;
  const [pair, ...attrs] = header.split(';').map((s) => s.trim());
  return { value: decodeURIComponent(pair!.slice(TOKEN_COOKIE.length + 1)), attrs: attrs.map((a) => a.toLowerCase()) };
}

/** The signed session id an answer sets (undefined when it sets none). */
function sessionFrom(res: LightMyRequestResponse): string | undefined {
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) return undefined;
  const unsigned = app.fastify.unsignCookie(cookie.value);
  return unsigned.valid ? unsigned.value! : undefined;
}

function isBadRequest(t: Test, res: LightMyRequestResponse, part: string, fields: string[]): void {
  t.equal(res.statusCode, 400, `400 for ${fields.join(', ')}`);
  const body = res.json();
  t.strictSame(Object.keys(body).sort(), ['error', 'issues', 'message', 'statusCode'], 'the error shape');
  t.equal(body.statusCode, 400);
  t.equal(body.error, 'bad_request');
  t.match(body.message, new RegExp(`^Invalid ${part}: `), 'the message names the part');
  t.strictSame(
    [...new Set(body.issues.map((i: { field: string }) => i.field))].sort(),
    [...fields].sort(),
    `issues name ${fields.join(', ')}`,
  );
  for (const issue of body.issues) {
    t.strictSame(Object.keys(issue).sort(), ['field', 'message']);
    t.ok(issue.message.length > 0);
  }
}

// ── i18n: one instance per language ───────────────────────────────────────

t.test('i18n: the same i18next instance serves every request of a language; no per-request clone', async (t) => {
  // Every i18next instance (the default one and those createInstance() makes) shares this prototype.
  const prototype = Object.getPrototypeOf(i18next) as { cloneInstance: (...args: unknown[]) => unknown };
  const clone = prototype.cloneInstance;
  let clones = 0;
  prototype.cloneInstance = function (this: unknown, ...args: unknown[]) {
    clones++;
    return clone.apply(this, args);
  };
  t.teardown(() => {
    prototype.cloneInstance = clone;
  });

  seenI18n.length = 0;
  const en1 = await app.request({ url: '/en' });
  const en2 = await app.request({ url: '/en/vibroizolyaciya' });
  const ru1 = await app.request({ url: '/' });
  const ru2 = await app.request({ url: '/_data/?_routes=root' });
  for (const res of [en1, en2, ru1, ru2]) t.equal(res.statusCode, 200);
  t.equal(seenI18n.length, 4);
  const [a, b, c, d] = seenI18n.map((s) => s.i18n);
  t.ok(a, 'requests carry an i18next instance');
  t.equal(a, b, 'two English requests: one instance');
  t.equal(c, d, 'two Russian requests (a page and its data): one instance');
  t.equal((await app.request({ url: '/en/cart' })).statusCode, 200);
  t.equal(seenI18n.at(-1)!.i18n, a, 'a third English request: the same one again');
  t.not(a, c, 'each language its own');
  t.equal(clones, 0, 'nothing was cloned');

  t.equal(a!.language, 'en');
  t.equal(a!.t('personal.logout'), 'Sign out');
  t.equal(c!.t('personal.logout'), 'Выйти');
  t.equal(en1.headers['content-language'], 'en', 'pages state their language');
  t.equal(ru1.headers['content-language'], 'ru');
  t.match(en1.body, /<html lang="en"/);
  t.equal((await app.request({ url: '/api/location' })).headers['content-language'], undefined, 'API answers are not in a language');
});

// ── the spec's read-only POST calls ────────────────────────────────────────

/** The result an action's envelope gives its route (`{ data, status }`). */
const actionResult = (res: LightMyRequestResponse, route: string) => {
  if (res.statusCode !== 200) throw new Error(`the action answered ${res.statusCode}: ${res.body}`);
  return res.json().results[route];
};
const DONE = { data: { ok: true }, status: 200 };

t.test('POST /api/cart and POST /api/compare answer the body-only call {domain}, no token', async (t) => {
  const v = app.visitor();
  // The state to read, made as the page's forms make it: the cart and compare actions.
  const cartLine = async (sku: string, quantity: number) =>
    app.submit({ path: '/cart', as: v, js: true, fields: { intent: 'item', productId: await productId(sku), quantity } });
  t.strictSame(actionResult(await cartLine('VIB-STD-22', 3), 'cart'), DONE);
  t.strictSame(actionResult(await cartLine('ABS-AK-10', 1), 'cart'), DONE);
  const std = await productId('VIB-STD-22');
  const compared = await app.submit({ path: '/compare', as: v, js: true, fields: { intent: 'add', productId: std } });
  t.strictSame(actionResult(compared, 'compare'), DONE);

  const cart = await app.request({ method: 'POST', url: '/api/cart', as: v, payload: { domain: 'tihoavto.ru' } });
  t.equal(cart.statusCode, 200);
  t.strictSame(
    cart.json().map((e: { sku: { code: string; actual_price: number }; quantity: number }) => [e.sku.code, e.sku.actual_price, e.quantity]),
    [
      ['VIB-STD-22', 380, 3],
      ['ABS-AK-10', 690, 1],
    ],
    'the entries, priced from the site',
  );
  // The same call as a form (a page without JavaScript would post one) and for another domain.
  const form = await app.request({
    method: 'POST',
    url: '/api/cart',
    as: v,
    payload: 'domain=tihoavto.ru',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  t.strictSame(form.json(), cart.json());
  t.strictSame(
    (await app.request({ method: 'POST', url: '/api/cart', as: v, payload: { domain: 'tihoavto.kz' } })).json(),
    [],
    'no kz cart',
  );

  const compare = await app.request({ method: 'POST', url: '/api/compare', as: v, payload: { domain: 'tihoavto.ru' } });
  t.equal(compare.statusCode, 200);
  t.strictSame(compare.json(), { totalItems: 1 });

  // A token that is sent is still checked: a wrong one is refused.
  const other = app.visitor();
  for (const path of ['/api/cart', '/api/compare']) {
    const res = await app.request({ method: 'POST', url: path, as: v, payload: { domain: 'tihoavto.ru', token: other.token } });
    t.equal(res.statusCode, 403, `${path}: another session's token`);
    t.equal(res.json().error, 'token_invalid');
  }
  // The calls that change state — the route actions — still need it.
  const abs = await productId('ABS-AK-10');
  const change = await app.submit({ path: '/cart', as: v, js: true, token: null, fields: { intent: 'item', productId: abs } });
  t.equal(change.statusCode, 403);
  t.equal(change.json().error, 'token_required');
  const clear = await app.submit({ path: '/compare', as: v, js: true, token: null, fields: { intent: 'clear' } });
  t.equal(clear.statusCode, 403);
  t.equal(clear.json().error, 'token_required');
  const foreign = await app.submit({ path: '/compare', as: v, js: true, token: other.token, fields: { intent: 'clear' } });
  t.equal(foreign.statusCode, 403);
  t.equal(foreign.json().error, 'token_invalid', "another session's token");
  t.strictSame(
    (await app.request({ method: 'POST', url: '/api/compare', as: v, payload: { domain: 'tihoavto.ru' } })).json(),
    { totalItems: 1 },
    'nothing cleared',
  );
  t.strictSame(
    (await app.request({ method: 'POST', url: '/api/cart', as: v, payload: { domain: 'tihoavto.ru' } })).json(),
    cart.json(),
    'nothing added',
  );
});

// ── the `_token` cookie ────────────────────────────────────────────────────

t.test('_token: set with the session, readable by scripts, equal to the token; never again until it changes', async (t) => {
  const first = await app.request({ url: '/' });
  t.equal(first.statusCode, 200);
  const sessionId = sessionFrom(first);
  t.ok(sessionId, 'a new session');
  const cookie = tokenCookie(first);
  t.ok(cookie, 'the _token cookie is set with it');
  const token = app.services.sessions.tokenFor(sessionId!);
  t.equal(cookie!.value, token, "it holds the session's site token");
  t.equal(cookie!.value, hydrationData(first.body).loaderData.root.token, 'the token the page data carries');
  t.notOk(cookie!.attrs.includes('httponly'), 'readable by the page (no HttpOnly)');
  t.ok(cookie!.attrs.includes('samesite=lax'), 'SameSite=Lax');
  t.ok(cookie!.attrs.includes('path=/'), 'Path=/');
  t.notOk(cookie!.attrs.includes('secure'), 'no Secure over http');
  t.match(setCookies(first)[0], /^sid=/, 'the session cookie first');

  // The browser sends both back: no answer sets either again — changes included (the actions, with and without JS).
  const both = `${SESSION_COOKIE}=${first.cookies.find((c) => c.name === SESSION_COOKIE)!.value}; ${TOKEN_COOKIE}=${encodeURIComponent(token)}`;
  const browser: Visitor = { sessionId: sessionId!, cookie: both, token };
  const later = [
    await app.request({ url: '/', headers: { cookie: both } }),
    await app.request({ url: '/vibroizolyaciya', headers: { cookie: both } }),
    await app.request({ url: '/_data/?_routes=root', headers: { cookie: both } }),
    await app.request({ url: `/api/shop/cart?token=${encodeURIComponent(token)}`, headers: { cookie: both } }),
    await app.request({ method: 'POST', url: '/api/cart', payload: {}, headers: { cookie: both } }),
    await app.submit({ path: '/compare', as: browser, js: true, fields: { intent: 'add', productId: await productId('BAR-IZ-4') } }),
    await app.submit({ path: '/cart', as: browser, js: false, fields: { intent: 'item', productId: await productId('BAR-IZ-4') } }),
  ];
  t.strictSame(actionResult(later[5]!, 'compare'), DONE, 'the compare action made its change');
  t.equal(later[6]!.statusCode, 303, 'the plain cart form made its change');
  for (const res of later) {
    t.ok(res.statusCode < 400, `${res.raw.req.url}: ${res.statusCode}`);
    t.strictSame(setCookies(res), [], `${res.raw.req.url}: no Set-Cookie`);
  }
  // An API call of a visitor without a session sets none either (only pages issue sessions).
  t.strictSame(setCookies(await app.request({ method: 'POST', url: '/api/cart', payload: {} })), []);

  t.test('on https the cookie is Secure', async (t) => {
    const proxied = await startTestApp(t, { TRUST_PROXY: 'true' });
    const res = await proxied.request({ url: '/', host: 'tihoavto.ru', headers: { 'x-forwarded-proto': 'https' } });
    const secure = tokenCookie(res);
    t.ok(secure);
    t.ok(secure!.attrs.includes('secure'), 'Secure');
    t.notOk(secure!.attrs.includes('httponly'));
  });
});

t.test('_token follows the session when it rotates: sign-in and sign-out', async (t) => {
  const v: Visitor = app.visitor();
  const email = 'token-cookie@example.com';
  const userId = await createUser(app, { email });
  await app.db.query('UPDATE users SET password_hash = $1 WHERE id = $2', [await hashPassword(PASSWORD), userId]);
  /** The visitor a rotating answer leaves: its new session, and the token read from its `_token` cookie. */
  const rotated = (res: LightMyRequestResponse, before: Visitor): Visitor => {
    const sessionId = sessionFrom(res);
    t.ok(sessionId, 'a new session cookie');
    t.not(sessionId, before.sessionId, 'the session rotated');
    const cookie = tokenCookie(res);
    t.ok(cookie, 'a new _token cookie');
    t.equal(cookie!.value, app.services.sessions.tokenFor(sessionId!), "the new session's token");
    t.notOk(cookie!.attrs.includes('httponly'), 'readable by the page');
    return { sessionId: sessionId!, cookie: `${SESSION_COOKIE}=${app.fastify.signCookie(sessionId!)}`, token: cookie!.value };
  };
  /** The token the shell's data carries for a visitor (what the page's forms send after the router revalidates). */
  const shellToken = async (w: Visitor) => (await app.request({ url: '/_data/?_routes=root', as: w })).json().results.root.data.token;

  // Sign-in with JavaScript: the /auth action answers a redirect to /personal with the new cookies.
  const login = await app.submit({ path: '/auth', as: v, js: true, fields: { email, password: PASSWORD } });
  t.equal(login.statusCode, 200);
  t.strictSame(login.json(), { redirect: '/personal' }, 'signed in: on to /personal');
  const signedIn = rotated(login, v);
  t.equal(await shellToken(signedIn), signedIn.token, 'the one the page data carries');
  t.equal((await app.request({ url: '/personal', as: signedIn })).statusCode, 200, 'the new session is signed in');

  // Sign-out: the /personal action, with the token read from the cookie.
  const logout = await app.submit({ path: '/personal', as: signedIn, js: true, fields: {} });
  t.strictSame(logout.json(), { redirect: '/' }, 'signed out: home');
  const signedOut = rotated(logout, signedIn);
  t.equal(await shellToken(signedOut), signedOut.token);
  t.not(signedOut.token, signedIn.token);

  // A refused sign-in changes nothing, so it sets nothing.
  const wrong = await app.submit({ path: '/auth', as: v, js: true, fields: { email, password: 'wrong-password' } });
  t.equal(actionResult(wrong, 'auth').status, 401);
  t.strictSame(setCookies(wrong), []);
});

// ── OpenAPI ────────────────────────────────────────────────────────────────

/** Every public API operation: path (OpenAPI form) → method → its token rule. */
const OPERATIONS: Record<string, Record<string, 'required' | 'optional' | 'none'>> = {
  '/api/shop/categories': { get: 'required' },
  '/api/shop/cart': { get: 'required' },
  '/api/site/search': { post: 'required' },
  '/api/site/city': { get: 'required' },
  '/api/site/region': { get: 'required' },
  '/api/site/widget': { get: 'required' },
  '/api/location': { get: 'none' },
  '/api/cart': { post: 'optional' },
  '/api/compare': { post: 'optional' },
  // The payment provider's notifications: server to server, no site token (decision 024).
  '/api/payments/yookassa': { post: 'none' },
};

/** The internal mutation endpoints that router actions replaced (decision 021): gone, and not documented. */
const REMOVED = [
  '/api/cart/items',
  '/api/cart/items/{productId}',
  '/api/cart/kit',
  '/api/compare/items',
  '/api/compare/clear',
  '/api/auth/login',
  '/api/auth/logout',
];

t.test('GET /api/openapi.json describes every public API call from the route schemas', async (t) => {
  const res = await app.request({ url: '/api/openapi.json' });
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /^application\/json/);
  const doc = res.json();
  t.equal(doc.openapi, '3.1.0');
  t.strictSame(Object.keys(doc.paths).sort(), Object.keys(OPERATIONS).sort(), 'exactly the public paths (no catch-all, no docs routes)');
  for (const path of REMOVED) t.notOk(path in doc.paths, `${path}: not documented`);
  t.notMatch(JSON.stringify(doc), /\/api\/(cart\/(items|kit)|compare\/(items|clear)|auth)\b/, 'no trace of them anywhere in the document');
  for (const [path, methods] of Object.entries(OPERATIONS)) {
    t.strictSame(Object.keys(doc.paths[path]).sort(), Object.keys(methods).sort(), `${path}: its methods`);
    for (const [method, rule] of Object.entries(methods)) {
      const op = doc.paths[path][method];
      t.type(op.summary, 'string', `${method} ${path}: a summary`);
      t.ok(op.tags?.length, `${method} ${path}: a tag`);
      const expected = rule === 'required' ? [{ siteToken: [] }] : rule === 'optional' ? [{}, { siteToken: [] }] : undefined;
      t.strictSame(op.security, expected, `${method} ${path}: token ${rule}`);
    }
  }
  t.strictSame(doc.components.securitySchemes.siteToken, { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' });

  const params = (path: string, method: string) =>
    Object.fromEntries(
      (doc.paths[path][method].parameters ?? []).map((p: { in: string; name: string; required?: boolean; schema: unknown }) => [
        `${p.in}.${p.name}`,
        p,
      ]),
    );
  // The spec's query parameters, with what the schemas say about them.
  const city = params('/api/site/city', 'get');
  t.strictSame(Object.keys(city).sort(), ['query.domain', 'query.search', 'query.token']);
  t.equal(city['query.search'].required, true, 'search is required');
  t.notOk(city['query.token'].required, 'token is optional as a parameter (the header works too)');
  t.match(city['query.search'].schema, { type: 'string', maxLength: 200 });
  t.match(city['query.domain'].schema, { type: 'string', maxLength: 253 });
  const widget = params('/api/site/widget', 'get');
  t.strictSame(widget['query.code'].schema.enum, [...WIDGET_CODES], 'the widget codes');
  for (const path of ['/api/shop/categories', '/api/shop/cart', '/api/site/region']) {
    t.strictSame(Object.keys(params(path, 'get')).sort(), ['query.domain', 'query.token'], `${path}: token, domain`);
  }
  // The live search's language (decision 048): optional, the spec's Russian answer without it.
  t.strictSame(Object.keys(params('/api/site/search', 'post')).sort(), ['query.domain', 'query.language', 'query.token']);
  t.strictSame(doc.paths['/api/location'].get.parameters ?? [], []);

  // Bodies: their fields, the required ones, and the media types accepted.
  const body = (path: string) => doc.paths[path].post.requestBody;
  const jsonSchema = (path: string) => body(path).content['application/json'].schema;
  t.strictSame(Object.keys(jsonSchema('/api/site/search').properties), ['search']);
  t.strictSame(jsonSchema('/api/site/search').required, ['search']);
  t.strictSame(Object.keys(jsonSchema('/api/cart').properties).sort(), ['domain', 'token']);
  t.strictSame(Object.keys(jsonSchema('/api/compare').properties).sort(), ['domain', 'token']);
  t.ok(body('/api/cart').content['application/x-www-form-urlencoded'], 'form posts documented');
  t.ok(body('/api/compare').content['application/x-www-form-urlencoded']);

  t.equal((await app.request({ url: '/api/docs' })).statusCode, 404, 'no docs page outside development');
});

t.test('in development a docs page shows the same document', async (t) => {
  const dev = await startTestApp(t, { NODE_ENV: 'development' });
  const page = await dev.request({ url: '/api/docs/' });
  t.equal(page.statusCode, 200);
  t.match(page.headers['content-type'], /^text\/html/);
  t.match(page.body, /swagger/i);
  t.notMatch(String(page.headers['content-security-policy']), /default-src 'none'/, 'the page has its own CSP');
  const json = await dev.request({ url: '/api/docs/json' });
  t.equal(json.statusCode, 200);
  t.strictSame(Object.keys(json.json().paths).sort(), Object.keys(OPERATIONS).sort());
});

t.test('the removed endpoints answer 404', async (t) => {
  const v = app.visitor();
  const id = await productId('VIB-STD-22');
  for (const [method, url] of [
    ['POST', '/api/cart/items'],
    ['DELETE', `/api/cart/items/${id}`],
    ['POST', '/api/cart/kit'],
    ['POST', '/api/compare/items'],
    ['POST', '/api/compare/clear'],
    ['POST', '/api/auth/login'],
    ['POST', '/api/auth/logout'],
  ] as const) {
    const res = await app.request({ method, url, as: v, payload: { productId: id, token: v.token }, headers: { 'x-csrf-token': v.token } });
    t.equal(res.statusCode, 404, `${method} ${url}`);
    t.equal(res.json().error, 'not_found');
  }
  t.equal((await app.db.query('SELECT 1 FROM sessions WHERE id = $1', [v.sessionId])).length, 0, 'nothing was stored');
});

// ── validation before the handler ──────────────────────────────────────────

t.test('bad input to every validated route is a 400 naming the field, before the handler runs', async (t) => {
  const v = app.visitor();
  const calls: string[] = [];
  // Every service method a handler of these routes would reach first.
  const spy = <T extends object>(name: string, target: T, method: keyof T & string) => {
    const original = target[method] as unknown as (...args: unknown[]) => unknown;
    (target as Record<string, unknown>)[method] = (...args: unknown[]) => {
      calls.push(`${name}.${method}`);
      return original.apply(target, args);
    };
    t.teardown(() => {
      (target as Record<string, unknown>)[method] = original;
    });
  };
  const s = app.services;
  spy('catalog', s.catalog, 'search');
  spy('cities', s.cities, 'search');
  spy('cart', s.cart, 'entries');
  spy('compare', s.compare, 'count');
  spy('services', s, 'publicShell');

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    app.request({ method: 'POST', url, as: v, payload: payload as object, headers: { 'x-csrf-token': v.token, ...headers } });
  const json = { 'content-type': 'application/json' };
  const form = { 'content-type': 'application/x-www-form-urlencoded' };

  // The route actions' bad input (errors beside the fields, nothing changed) is tested in test/actions.test.ts.
  const cases: Array<[string, Promise<LightMyRequestResponse>, string, string[]]> = [
    ['search', post('/api/site/search', { search: 1 }), 'body', ['body.search']],
    ['search missing', post('/api/site/search', {}), 'body', ['body.search']],
    ['cart', post('/api/cart', { domain: 5 }), 'body', ['body.domain']],
    ['cart form', post('/api/cart', `domain=${'x'.repeat(300)}`, form), 'body', ['body.domain']],
    ['compare', post('/api/compare', { domain: ['tihoavto.ru'] }), 'body', ['body.domain']],
    ['compare not an object', post('/api/compare', '[]', json), 'body', ['body']],
    ['city query', app.request({ url: `/api/site/city?token=${v.token}`, as: v }), 'query', ['query.search']],
    ['widget query', app.request({ url: `/api/site/widget?token=${v.token}&code=nope`, as: v }), 'query', ['query.code']],
    ['categories query', app.request({ url: `/api/shop/categories?token=${v.token}&domain=`, as: v }), 'query', ['query.domain']],
  ];
  for (const [name, pending, part, fields] of cases) {
    t.test(name, async (t) => isBadRequest(t, await pending, part, fields));
  }
  await Promise.all(cases.map((c) => c[1]));
  t.strictSame(calls, [], 'no service was called');
  const [rows] = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE id = $1', [v.sessionId]);
  t.equal(rows!.n, 0, 'nothing was stored for the visitor');

  // The spies do see a handler that runs: a good call reaches the service.
  t.equal((await post('/api/cart', { domain: 'tihoavto.ru' })).statusCode, 200);
  t.equal((await post('/api/compare', { domain: 'tihoavto.ru' })).statusCode, 200);
  t.strictSame(calls, ['cart.entries', 'compare.count'], 'a valid call runs its handler');
});

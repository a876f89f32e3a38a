/**
 * Cookies and transport (issue 18, docs/decisions/035-failing-fast.md), as a browser behind a TLS-ending proxy that
 * this process does not trust (no TRUST_PROXY: every request it sees is plain http):
 *  - on a regional host both cookies are Secure, the session's is `__Host-sid` (Path=/, no Domain), HSTS is sent
 *    (includeSubDomains only when configured); on local hosts (the demo over http) `sid`, not Secure, no HSTS;
 *  - a session under the old name still works, once: the answer moves it to `__Host-sid` and clears `sid`;
 *  - pages and /_data answers with personal data are no-store; other pages keep `private, no-cache`, feeds their
 *    public caching.
 */
import type { LightMyRequestResponse } from 'fastify';
import t from 'tap';
import { HOST_SESSION_COOKIE, SESSION_COOKIE, TOKEN_COOKIE } from '../server/http/request-context.ts';
import { newSessionId } from '../server/sessions/index.ts';
import { createOrder, createUser, orderNumber, startTestApp, type TestApp } from './helpers/app.ts';

const REGIONAL = 'tihoavto.kz';

/** Each Set-Cookie of an answer by name: its value and its attributes, lower-cased. */
function cookies(res: LightMyRequestResponse): Record<string, { value: string; attrs: string[] }> {
  const raw = res.headers['set-cookie'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return Object.fromEntries(
    list.map((header) => {
      const [pair, ...attrs] = header.split(';').map((s) => s.trim());
      const at = pair!.indexOf('=');
      return [pair!.slice(0, at), { value: pair!.slice(at + 1), attrs: attrs.map((a) => a.toLowerCase()) }];
    }),
  );
}

const app: TestApp = await startTestApp(t);

t.test('a regional host behind an untrusted TLS proxy: both cookies Secure, __Host-sid, HSTS', async (t) => {
  // The proxy says https; without TRUST_PROXY the process does not believe it — the rule must not depend on it.
  for (const headers of [{}, { 'x-forwarded-proto': 'https' }]) {
    const res = await app.request({ url: '/', host: REGIONAL, headers });
    t.equal(res.statusCode, 200);
    const set = cookies(res);
    t.notOk(set[SESSION_COOKIE], 'no cookie under the old name');
    const session = set[HOST_SESSION_COOKIE];
    t.ok(session, 'the session cookie is __Host-sid');
    t.ok(session!.attrs.includes('secure'), '__Host-sid is Secure');
    t.ok(session!.attrs.includes('path=/'), 'for Path=/');
    t.notOk(
      session!.attrs.some((a) => a.startsWith('domain=')),
      'without Domain',
    );
    t.ok(session!.attrs.includes('httponly'));
    t.ok(set[TOKEN_COOKIE]!.attrs.includes('secure'), `${TOKEN_COOKIE} is Secure too`);
    t.notOk(set[TOKEN_COOKIE]!.attrs.includes('httponly'), `${TOKEN_COOKIE} stays readable by the page`);
    t.equal(res.headers['strict-transport-security'], 'max-age=31536000', 'HSTS for a year, without includeSubDomains');
  }
  const api = await app.request({ url: '/healthz', host: 'tihoavto.ru' });
  t.equal(api.headers['strict-transport-security'], 'max-age=31536000', 'HSTS on every answer of the host');
});

t.test('the session under __Host-sid is the visitor’s session; no cookie is set again', async (t) => {
  const first = await app.request({ url: '/', host: REGIONAL });
  const cookie = `${HOST_SESSION_COOKIE}=${cookies(first)[HOST_SESSION_COOKIE]!.value}`;
  const sessionId = app.fastify.unsignCookie(decodeURIComponent(cookies(first)[HOST_SESSION_COOKIE]!.value)).value!;
  await createUser(app, { signIn: { sessionId, cookie, token: '' } });
  const again = await app.request({ url: '/personal', host: REGIONAL, headers: { cookie } });
  t.equal(again.statusCode, 200, 'the signed-in area opens');
  t.same(Object.keys(cookies(again)), [], 'no Set-Cookie');
  const plain = await app.request({
    url: '/personal',
    host: REGIONAL,
    headers: { cookie: `${SESSION_COOKIE}=${app.fastify.signCookie(newSessionId())}; ${cookie}` },
  });
  t.equal(plain.statusCode, 200, 'a planted `sid` beside it changes nothing: __Host-sid wins');
  t.same(Object.keys(cookies(plain)), [], 'and nothing is re-set');
});

t.test('local hosts keep sid, not Secure, no HSTS (the demo over http)', async (t) => {
  for (const host of ['localhost', 'kz.localhost', '127.0.0.1']) {
    const res = await app.request({ url: '/', host });
    const set = cookies(res);
    t.ok(set[SESSION_COOKIE], `${host}: sid`);
    t.notOk(set[HOST_SESSION_COOKIE], `${host}: no __Host- cookie`);
    t.notOk(set[SESSION_COOKIE]!.attrs.includes('secure'), `${host}: sid not Secure`);
    t.notOk(set[TOKEN_COOKIE]!.attrs.includes('secure'), `${host}: ${TOKEN_COOKIE} not Secure`);
    t.notOk(res.headers['strict-transport-security'], `${host}: no HSTS`);
  }
});

t.test('a session under the old name works once and moves to __Host-sid', async (t) => {
  const shopper = app.visitor(); // `sid=…`, as browsers hold it from before
  await createUser(app, { signIn: shopper });
  const res = await app.request({ url: '/personal', host: REGIONAL, as: shopper });
  t.equal(res.statusCode, 200, 'still signed in');
  const set = cookies(res);
  t.equal(
    app.fastify.unsignCookie(decodeURIComponent(set[HOST_SESSION_COOKIE]!.value)).value,
    shopper.sessionId,
    'the same session, re-set under __Host-sid',
  );
  t.ok(set[HOST_SESSION_COOKIE]!.attrs.includes('secure'));
  t.equal(set[SESSION_COOKIE]?.value, '', 'the old cookie is cleared');
  t.ok(set[SESSION_COOKIE]!.attrs.includes('max-age=0'));
  const token = decodeURIComponent(set[TOKEN_COOKIE]!.value);
  t.equal(token, shopper.token, 'the site token is the session’s, now Secure');

  // The next request carries the new name only.
  const next = await app.request({
    url: '/personal',
    host: REGIONAL,
    headers: { cookie: `${HOST_SESSION_COOKIE}=${set[HOST_SESSION_COOKIE]!.value}` },
  });
  t.equal(next.statusCode, 200);
  t.same(Object.keys(cookies(next)), [], 'nothing to move any more');
});

t.test('with LEGACY_SESSION_COOKIE=0 the old name is ignored', async (t) => {
  const strict = await startTestApp(t, { LEGACY_SESSION_COOKIE: '0', HSTS_INCLUDE_SUBDOMAINS: '1' });
  const shopper = strict.visitor();
  await createUser(strict, { signIn: shopper });
  const res = await strict.request({ url: '/personal', host: REGIONAL, as: shopper });
  t.equal(res.statusCode, 302, 'not signed in: sent to sign in');
  t.not(
    strict.fastify.unsignCookie(decodeURIComponent(cookies(res)[HOST_SESSION_COOKIE]?.value ?? '')).value,
    shopper.sessionId,
    'a new session, not the old one',
  );
  t.equal(res.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains', 'HSTS_INCLUDE_SUBDOMAINS adds it');
});

t.test('Cache-Control: no-store where personal data is, public caching elsewhere kept', async (t) => {
  const anonymous = app.visitor();
  const signedIn = app.visitor();
  await createUser(app, { signIn: signedIn });
  const guest = app.visitor();
  const number = await orderNumber(app, await createOrder(app, { sessionId: guest.sessionId, site: 'ru' }));
  const cacheControl = async (url: string, as?: typeof anonymous) => (await app.request({ url, as })).headers['cache-control'];

  t.equal(await cacheControl('/vibroizolyaciya', anonymous), 'private, no-cache', 'a catalogue page, anonymous: revalidated, kept');
  t.equal(await cacheControl('/_data/vibroizolyaciya?_routes=root,category', anonymous), 'private, no-cache', 'its data too');
  t.equal(await cacheControl('/robots.txt'), 'public, max-age=600', 'feeds keep their public caching');

  t.equal(await cacheControl('/vibroizolyaciya', signedIn), 'no-store', 'any page of a signed-in visitor');
  t.equal(await cacheControl('/_data/vibroizolyaciya?_routes=root,category', signedIn), 'no-store', 'and its data');
  t.equal(await cacheControl('/personal', signedIn), 'no-store', 'the account area');
  t.equal(await cacheControl('/_data/personal?_routes=root,personal', signedIn), 'no-store');
  t.equal(await cacheControl('/history', signedIn), 'no-store', 'order history');
  for (const path of ['/cart', '/auth', '/register', '/auth/reset', `/cart/success`, `/cart/success/${number}`]) {
    t.equal(await cacheControl(path, guest), 'no-store', `${path}: no-store`);
    t.equal(await cacheControl(`/_data${path}${path.includes('?') ? '&' : '?'}_routes=root`, guest), 'no-store', `/_data${path}: no-store`);
  }
  const order = await app.request({ url: `/cart/success/${number}`, as: guest });
  t.equal(order.statusCode, 200, 'the guest’s order page is shown to its session');
  t.equal(order.headers['cache-control'], 'no-store');

  // A cart line makes every page of that visitor personal (the header's cart counter).
  const carting = app.visitor();
  const [product] = await app.db.query<{ id: number }>(`SELECT id FROM products WHERE sku = 'VIB-STD-22'`);
  const added = await app.submit({ path: '/cart', fields: { intent: 'item', productId: product!.id, quantity: 1 }, as: carting, js: true });
  t.equal(added.headers['cache-control'], 'no-store', 'an action’s answer');
  t.equal(await cacheControl('/vibroizolyaciya', carting), 'no-store', 'a page of a visitor with a cart');
});

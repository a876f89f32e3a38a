/**
 * Router actions (docs/decisions/021-router-actions.md): every mutation of the storefront — cart, kits, compare,
 * sign-in, sign-out — through its route's action, as the hydrated page's fetcher sends it (POST /_data…, a JSON
 * envelope) and as a plain form without JavaScript (POST {path} → 303 to the page in the visitor's language, the
 * outcome kept in a flash for that page). The site token is required; bad input changes nothing; a hostile `next`
 * never leads off the site.
 */
import t from 'tap';
import { hashPassword } from '../server/accounts/auth.ts';
import { FLASH_COOKIE, SESSION_COOKIE } from '../shared/contracts.ts';
import { createUser, hydrationData, setCookies, startTestApp, type TestApp, type Visitor } from './helpers/app.ts';

const app: TestApp = await startTestApp(t);

const productId = async (sku: string) => (await app.db.query<{ id: number }>('SELECT id FROM products WHERE sku = $1', [sku]))[0]!.id;
const cartLines = async (v: Visitor) =>
  app.db.query<{ product_id: number; quantity: number }>(
    `SELECT ci.product_id, ci.quantity FROM carts c JOIN cart_items ci ON ci.cart_id = c.id WHERE c.session_id = $1 ORDER BY ci.product_id`,
    [v.sessionId],
  );
const compared = async (v: Visitor) =>
  (
    await app.db.query<{ product_id: number }>('SELECT product_id FROM compare_items WHERE session_id = $1 ORDER BY product_id', [
      v.sessionId,
    ])
  ).map((r) => r.product_id);
/** The page a no-JS post returned to, requested with the cookies the post set (the flash). */
const follow = (v: Visitor, location: string, cookies: Record<string, string>) =>
  app.request({ url: location, headers: { cookie: [v.cookie, ...Object.entries(cookies).map(([k, val]) => `${k}=${val}`)].join('; ') } });

t.test('cart: add, set, remove — with JavaScript (fetcher) and without (303 back)', async (t) => {
  const std = await productId('VIB-STD-22');
  const v = app.visitor();
  const js = await app.submit({ path: '/cart', as: v, js: true, fields: { intent: 'item', productId: std, quantity: 2 } });
  t.equal(js.statusCode, 200);
  t.same(js.json(), { results: { cart: { data: { ok: true }, status: 200 } } }, 'the action answer for the router');
  t.same(await cartLines(v), [{ product_id: std, quantity: 2 }]);

  const plain = await app.submit({
    path: '/cart',
    as: v,
    js: false,
    fields: { intent: 'item', productId: std, quantity: 3, next: '/vibroizolyaciya/vibro-standart-2-2' },
  });
  t.equal(plain.statusCode, 303, 'a plain form post is answered 303');
  t.equal(plain.headers.location, '/vibroizolyaciya/vibro-standart-2-2', 'back to the page it came from');
  t.same(await cartLines(v), [{ product_id: std, quantity: 5 }], 'add sums');

  await app.submit({ path: '/cart', as: v, js: true, fields: { intent: 'item', productId: std, quantity: 1, mode: 'set' } });
  t.same(await cartLines(v), [{ product_id: std, quantity: 1 }], 'set replaces');
  const removed = await app.submit({
    path: '/cart',
    as: v,
    js: false,
    fields: { intent: 'item', productId: std, quantity: 0, mode: 'set' },
  });
  t.equal(removed.headers.location, '/cart', 'without next: the cart');
  t.same(await cartLines(v), [], 'set 0 removes the line');
});

t.test('a plain form post returns in the language it was sent in', async (t) => {
  const std = await productId('VIB-STD-22');
  const v = app.visitor();
  const en = await app.submit({ path: '/en/cart', as: v, js: false, fields: { intent: 'item', productId: std } });
  t.equal(en.headers.location, '/en/cart', 'the English cart, not the Russian one');
  const next = await app.submit({
    path: '/en/compare',
    as: v,
    js: false,
    fields: { intent: 'add', productId: std, next: '/en/vibroizolyaciya?page=1' },
  });
  t.equal(next.headers.location, '/en/vibroizolyaciya?page=1');
  const kz = await app.submit({ path: '/kk/compare', as: v, js: false, host: 'kz.localhost', fields: { intent: 'clear' } });
  t.equal(kz.headers.location, '/kk/compare');
  const otherLanguage = await app.submit({ path: '/en/compare', as: v, js: false, fields: { intent: 'clear', next: '/zh-CN/compare' } });
  t.equal(otherLanguage.headers.location, '/en/compare', 'a next outside the language falls back to the route in the language');
});

t.test('kits: the whole kit in one action, or nothing with a reason', async (t) => {
  const v = app.visitor();
  const [kit] = await app.db.query<{ slug: string; n: number }>(
    `SELECT k.slug, count(*)::int AS n FROM kits k JOIN kit_items ki ON ki.kit_id = k.id GROUP BY k.slug ORDER BY k.slug LIMIT 1`,
  );
  const res = await app.submit({ path: '/cart', as: v, js: true, fields: { intent: 'kit', slug: kit!.slug } });
  t.same(res.json().results.cart.data, { ok: true });
  t.equal((await cartLines(v)).length, kit!.n, 'every line of the kit');
  const unknown = await app.submit({ path: '/cart', as: v, js: true, fields: { intent: 'kit', slug: 'no-such-kit' } });
  t.same(unknown.json().results.cart, {
    data: { ok: false, errors: { '': 'form.invalid' }, values: { intent: 'kit', slug: 'no-such-kit' } },
    status: 404,
  });
});

t.test('compare: add, remove, clear; the cap is reported beside the form', async (t) => {
  const v = app.visitor();
  const [a, b] = [await productId('VIB-STD-22'), await productId('ABS-AK-10')];
  await app.submit({ path: '/compare', as: v, js: true, fields: { intent: 'add', productId: a } });
  await app.submit({ path: '/compare', as: v, js: false, fields: { intent: 'add', productId: b } });
  t.same(
    await compared(v),
    [a, b].sort((x, y) => x - y),
  );
  await app.submit({ path: '/compare', as: v, js: true, fields: { intent: 'remove', productId: a } });
  t.same(await compared(v), [b]);
  await app.submit({ path: '/compare', as: v, js: true, fields: { intent: 'clear' } });
  t.same(await compared(v), []);

  const ids = (await app.db.query<{ id: number }>('SELECT id FROM products ORDER BY id LIMIT 21')).map((r) => r.id);
  for (const id of ids.slice(0, 20)) await app.submit({ path: '/compare', as: v, js: true, fields: { intent: 'add', productId: id } });
  const over = await app.submit({ path: '/compare', as: v, js: true, fields: { intent: 'add', productId: ids[20]! } });
  t.equal(over.json().results.compare.status, 409);
  t.same(over.json().results.compare.data.errors, { '': 'form.compareFull' });
  t.equal((await compared(v)).length, 20, 'still 20');
});

t.test('a missing or foreign token is refused with 403 and changes nothing', async (t) => {
  const std = await productId('VIB-STD-22');
  const v = app.visitor();
  const other = app.visitor();
  for (const js of [true, false]) {
    for (const token of [null, other.token, 'x'.repeat(43)]) {
      const res = await app.submit({ path: '/cart', as: v, js, token, fields: { intent: 'item', productId: std } });
      t.equal(res.statusCode, 403, `${js ? 'fetcher' : 'plain form'}, token ${token === null ? 'missing' : 'foreign'}`);
      if (js) t.equal(res.json().error, token === null ? 'token_required' : 'token_invalid');
      else t.match(res.body, 'Форма устарела', 'the page says the form expired');
    }
  }
  const fresh = await app.request({
    method: 'POST',
    url: '/cart',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `intent=item&productId=${std}&token=${v.token}`,
  });
  t.equal(fresh.statusCode, 403, 'no session cookie: no token can match');
  t.same(await cartLines(v), []);
});

t.test('bad input: errors beside the fields, nothing changed, nothing typed lost', async (t) => {
  const std = await productId('VIB-STD-22');
  const v = app.visitor();
  const cases: [Record<string, string | number>, Record<string, string>][] = [
    [{ intent: 'item', productId: std, quantity: 1000 }, { quantity: 'form.quantity' }],
    [{ intent: 'item', productId: std, quantity: 'много' }, { quantity: 'form.quantity' }],
    [{ intent: 'item', productId: std, quantity: 0 }, { quantity: 'form.quantity' }],
    [{ intent: 'item', productId: 'x' }, { productId: 'form.invalid' }],
    [{ intent: 'item', productId: 99_999_999 }, { '': 'form.notSold' }],
    [{ intent: 'grow', productId: std }, { intent: 'form.invalid' }],
    [{}, { intent: 'form.invalid' }],
  ];
  for (const [fields, errors] of cases) {
    const res = await app.submit({ path: '/cart', as: v, js: true, fields });
    const result = res.json().results.cart;
    t.ok(result.status >= 400 && result.status < 500, `${JSON.stringify(fields)}: status ${result.status}`);
    t.same(result.data.errors, errors, `${JSON.stringify(fields)}: ${JSON.stringify(errors)}`);
    t.notOk('token' in result.data.values, 'the token is not echoed');
  }
  t.same(await cartLines(v), [], 'nothing changed');

  // Without JavaScript: 303 back to the page, which shows the error once.
  const page = '/vibroizolyaciya/vibro-standart-2-2';
  const res = await app.submit({
    path: '/cart',
    as: v,
    js: false,
    fields: { intent: 'item', productId: std, quantity: 5000, next: page, _form: `cart:add:${std}` },
  });
  t.equal(res.statusCode, 303);
  t.equal(res.headers.location, page);
  const cookies = setCookies(res);
  t.ok(cookies[FLASH_COOKIE], 'the outcome travels in a flash cookie');
  const shown = await follow(v, page, cookies);
  const flash = hydrationData(shown.body).loaderData.root.flash;
  t.same(flash, {
    form: `cart:add:${std}`,
    result: {
      ok: false,
      errors: { quantity: 'form.quantity' },
      values: { intent: 'item', productId: String(std), quantity: '5000', next: page },
    },
  });
  t.match(shown.body, 'Количество — целое число от 1 до 999.', 'the error is on the page, beside its form');
  t.match(setCookies(shown)[FLASH_COOKIE] ?? 'cleared', /^(|cleared)$/, 'and the flash is cleared once shown');
  const forged = await app.request({
    url: page,
    headers: { cookie: `${v.cookie}; ${FLASH_COOKIE}=${encodeURIComponent('{"form":"x","result":{"ok":false}}')}` },
  });
  t.equal(hydrationData(forged.body).loaderData.root.flash, null, 'an unsigned flash is ignored');
});

t.test('a hostile next never leads off the site and never fails', async (t) => {
  const std = await productId('VIB-STD-22');
  const v = app.visitor();
  const hostile = [
    '//evil.example/',
    'https://evil.example/',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    '/%0d%0aSet-Cookie:x=1',
    '/корзина',
    '/a\u0000b',
    '/a\u007fb',
    '/\u202eevil',
    '/' + 'a'.repeat(3000),
    '',
  ];
  for (const next of hostile) {
    for (const js of [false, true]) {
      const res = await app.submit({ path: '/compare', as: v, js, fields: { intent: 'add', productId: std, next } });
      t.ok(res.statusCode < 500, `${JSON.stringify(next).slice(0, 40)}: no 5xx (${res.statusCode})`);
      if (js) continue;
      const location = String(res.headers.location ?? '');
      t.equal(res.statusCode, 303);
      t.match(
        location,
        /^\/(?![/\\])[\x21-\x7e]*$/,
        `${JSON.stringify(next).slice(0, 40)} → a local, printable path: ${location.slice(0, 60)}`,
      );
    }
  }
  const encoded = await app.submit({ path: '/compare', as: v, js: false, fields: { intent: 'clear', next: '/корзина?x=ё' } });
  t.equal(encoded.headers.location, '/%D0%BA%D0%BE%D1%80%D0%B7%D0%B8%D0%BD%D0%B0?x=%D1%91', 'a non-ASCII local path is percent-encoded');
});

t.test('sign-in and sign-out are the /auth and /personal actions', async (t) => {
  const password = 'Тихо-авто 2024!';
  const userId = await createUser(app, { email: 'actions@example.com' });
  await app.db.query('UPDATE users SET password_hash = $1 WHERE id = $2', [await hashPassword(password), userId]);

  t.test('without JavaScript', async (t) => {
    const v = app.visitor();
    const wrong = await app.submit({
      path: '/auth',
      as: v,
      js: false,
      fields: { email: 'actions@example.com', password: 'nope', next: '/cart', _form: 'auth:sign-in' },
    });
    t.equal(wrong.statusCode, 303);
    t.equal(wrong.headers.location, '/auth?next=%2Fcart', 'back to the form, keeping next');
    const shown = await follow(v, wrong.headers.location as string, setCookies(wrong));
    t.match(shown.body, 'Неверный e-mail или пароль.');
    t.match(shown.body, 'value="actions@example.com"', 'the e-mail typed is kept');
    t.notMatch(shown.body, 'nope', 'the password is not');

    const right = await app.submit({
      path: '/en/auth',
      as: v,
      js: false,
      fields: { email: 'actions@example.com', password, next: '/en/cart' },
    });
    t.equal(right.statusCode, 303);
    t.equal(right.headers.location, '/en/cart');
    const session = setCookies(right)[SESSION_COOKIE];
    t.ok(session, 'the session rotates');
    const signedIn = app.fastify.unsignCookie(decodeURIComponent(session!)).value!;
    t.not(signedIn, v.sessionId);
    const [row] = await app.db.query<{ user_id: number }>('SELECT user_id FROM sessions WHERE id = $1', [signedIn]);
    t.equal(row!.user_id, userId);

    const me: Visitor = { sessionId: signedIn, cookie: `${SESSION_COOKIE}=${session}`, token: app.services.sessions.tokenFor(signedIn) };
    const out = await app.submit({ path: '/personal', as: me, js: false, fields: {} });
    t.equal(out.statusCode, 303);
    t.equal(out.headers.location, '/');
    t.ok(setCookies(out)[SESSION_COOKIE], 'a fresh anonymous session');
  });

  t.test('with JavaScript', async (t) => {
    const v = app.visitor();
    const wrong = await app.submit({ path: '/auth', as: v, js: true, fields: { email: 'actions@example.com', password: 'nope' } });
    t.same(wrong.json().results.auth, {
      data: { ok: false, errors: { '': 'auth.failed' }, values: { email: 'actions@example.com' } },
      status: 401,
    });
    const invalid = await app.submit({ path: '/auth', as: v, js: true, fields: { email: 'not an e-mail', password: 'x' } });
    t.same(invalid.json().results.auth.data.errors, { email: 'auth.emailInvalid' });
    const right = await app.submit({
      path: '/auth',
      as: v,
      js: true,
      fields: { email: 'actions@example.com', password, next: '//evil.example' },
    });
    t.same(right.json(), { redirect: '/personal' }, 'a hostile next falls back to /personal');
    t.ok(setCookies(right)[SESSION_COOKIE]);
  });
});

t.test('POST to a route without an action is refused, not a crash', async (t) => {
  const v = app.visitor();
  const res = await app.submit({ path: '/materials', as: v, js: false, fields: {} });
  t.equal(res.statusCode, 405);
  const js = await app.submit({ path: '/materials', as: v, js: true, fields: {} });
  t.equal(js.json().results.materials.error.status, 405);
});

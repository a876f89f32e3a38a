/**
 * What an account brings and holds: the guest cart and compare list merged at sign-in, guest orders attached after
 * the e-mail is confirmed, repeat order, the personal area's actions (profile, e-mail change, password change,
 * marketing, addresses, sign-out everywhere, deletion), /records, the guards as anonymous, owner and another user,
 * and an older password hash re-hashed at sign-in. PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import t from 'tap';
import { hashPassword, PRODUCTION_SCRYPT_N, SCRYPT_COST, scryptN, verifyPassword } from '../server/accounts/passwords.ts';
import { freshIp, linkIn, mailsTo, openLink, REGISTRATION, refusalOf, visitorOf } from './helpers/account.ts';
import { createOrder, hydrationData, orderNumber, startTestApp, type TestApp, type Visitor } from './helpers/app.ts';

const app: TestApp = await startTestApp(t);
const PASSWORD = REGISTRATION.password;

async function account(email: string, opts: { confirmed?: boolean; hash?: string } = {}): Promise<number> {
  const [row] = await app.db.query<{ id: number }>(
    `INSERT INTO users (email, name, password_hash, email_confirmed_at) VALUES ($1, 'Анна', $2, CASE WHEN $3 THEN now() END) RETURNING id`,
    [email, opts.hash ?? (await hashPassword(PASSWORD)), opts.confirmed ?? true],
  );
  return row!.id;
}

async function signIn(email: string, v: Visitor = app.visitor(), password = PASSWORD): Promise<Visitor> {
  const res = await app.submit({ path: '/auth', as: v, js: true, ip: freshIp(), fields: { email, password } });
  const next = visitorOf(app, res);
  if (!next) throw new Error(`sign-in failed: ${res.body}`);
  return next;
}

const products = async (n: number) =>
  (
    await app.db.query<{ id: number }>(
      `SELECT p.id FROM products p JOIN product_prices pp ON pp.product_id = p.id AND pp.price_list = 'ru' WHERE p.is_active ORDER BY p.id LIMIT $1`,
      [n],
    )
  ).map((r) => r.id);

const addToCart = (v: Visitor, productId: number, quantity: number) =>
  app.submit({ path: '/cart', as: v, js: true, fields: { intent: 'item', productId, quantity, mode: 'add' } });
const compare = (v: Visitor, productId: number) => app.submit({ path: '/compare', as: v, js: true, fields: { intent: 'add', productId } });

const cartOf = async (v: Visitor) =>
  Object.fromEntries(
    (
      await app.db.query<{ product_id: number; quantity: number }>(
        `SELECT ci.product_id, ci.quantity FROM carts c JOIN cart_items ci ON ci.cart_id = c.id WHERE c.session_id = $1 AND c.site = 'ru'`,
        [v.sessionId],
      )
    ).map((r) => [r.product_id, r.quantity]),
  );
const comparedOf = async (v: Visitor) =>
  (
    await app.db.query<{ product_id: number }>('SELECT product_id FROM compare_items WHERE session_id = $1 ORDER BY added_at, product_id', [
      v.sessionId,
    ])
  ).map((r) => r.product_id);

t.test('sign-in merges the guest cart and compare list into the account’s (sums capped at 999, compare at 20)', async (t) => {
  const email = 'merge@example.com';
  await account(email);
  const ids = await products(30);
  const [a, b, c] = ids as [number, number, number];
  // The account's state: a signed-in session on another device.
  const device = await signIn(email);
  await addToCart(device, a, 2);
  await addToCart(device, b, 998);
  for (const id of ids.slice(0, 15)) await compare(device, id);
  // The guest: overlapping lines and compared products.
  const guest = app.visitor();
  await addToCart(guest, a, 3);
  await addToCart(guest, b, 5);
  await addToCart(guest, c, 1);
  const guestCompared = ids.slice(15, 25);
  for (const id of guestCompared) await compare(guest, id);

  const merged = await signIn(email, guest);
  t.same(await cartOf(merged), { [a]: 5, [b]: 999, [c]: 1 }, 'quantities summed, 999 at most');
  const compared = await comparedOf(merged);
  t.equal(compared.length, 20, 'the compare cap holds');
  t.same(
    compared.filter((id) => guestCompared.includes(id)),
    guestCompared,
    'every product the visitor compared is kept',
  );
  t.same(
    compared.filter((id) => !guestCompared.includes(id)).sort((x, y) => x - y),
    ids.slice(0, 10),
    'then the account’s oldest, up to the cap',
  );
  t.same(await cartOf(device), {}, 'moved, not copied: nothing is counted twice at the next sign-in');
  t.same(await comparedOf(device), []);
  // Signing in again elsewhere brings the same lines, once.
  const third = await signIn(email);
  t.same(await cartOf(third), { [a]: 5, [b]: 999, [c]: 1 });
});

t.test('guest orders with the same e-mail attach once the e-mail is confirmed', async (t) => {
  const email = 'orders@example.com';
  const guestOrder = await createOrder(app, { sessionId: app.visitor().sessionId, total: 1000 });
  const kzOrder = await createOrder(app, { sessionId: app.visitor().sessionId, site: 'kz', total: 5000 });
  const otherOrder = await createOrder(app, { sessionId: app.visitor().sessionId, total: 2000 });
  await app.db.query('UPDATE orders SET customer_email = $1 WHERE id = ANY($2::int[])', ['Orders@Example.com', [guestOrder, kzOrder]]);
  await app.db.query('UPDATE orders SET customer_email = $1 WHERE id = $2', ['someone-else@example.com', otherOrder]);

  const v = app.visitor();
  await app.submit({ path: '/register', as: v, js: true, ip: freshIp(), fields: { ...REGISTRATION, email } });
  const owner = async (id: number) =>
    (await app.db.query<{ user_id: number | null }>('SELECT user_id FROM orders WHERE id = $1', [id]))[0]!.user_id;
  t.equal(await owner(guestOrder), null, 'not before the address is confirmed (anyone can type an address)');
  // Signing in with the unconfirmed address attaches nothing either.
  const signedIn = await signIn(email);
  t.equal(await owner(guestOrder), null);

  await openLink(app, v, linkIn((await mailsTo(app, email, 'account.confirm'))[0]!).path);
  const confirmed = await app.submit({ path: '/account/confirm', as: v, js: true, fields: { purpose: 'confirm' } });
  const me = visitorOf(app, confirmed)!;
  const [{ id: userId }] = (await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email])) as [{ id: number }];
  t.equal(await owner(guestOrder), userId, 'attached on confirmation (any case of the address)');
  t.equal(await owner(kzOrder), userId, 'on every site: one account for all');
  t.equal(await owner(otherOrder), null, 'another address’s order stays a guest’s');
  const history = hydrationData((await app.request({ url: '/history', as: me })).body).loaderData.history;
  t.same(
    history.orders.map((o: { number: string }) => o.number),
    [await orderNumber(app, guestOrder)],
    'the history lists this site’s orders',
  );

  // A guest order placed later with the confirmed address attaches at the next sign-in.
  const later = await createOrder(app, { sessionId: app.visitor().sessionId });
  await app.db.query('UPDATE orders SET customer_email = $1 WHERE id = $2', [email, later]);
  await signIn(email);
  t.ok(signedIn, 'signed in before the confirmation too');
  t.equal(await owner(later), userId);
});

t.test('history: newest first, in pages; repeat order puts the still-sold lines in the cart and says what changed', async (t) => {
  const email = 'history@example.com';
  const userId = await account(email);
  const v = await signIn(email);
  const ids: number[] = [];
  for (let i = 0; i < 23; i++) ids.push(await createOrder(app, { userId, total: 100 + i }));
  const first = hydrationData((await app.request({ url: '/history', as: v })).body).loaderData.history;
  t.equal(first.orders.length, 20);
  t.same([first.page, first.pages], [1, 2]);
  const numbers = await Promise.all(ids.map((id) => orderNumber(app, id)));
  t.equal(first.orders[0].number, numbers.at(-1), 'newest first');
  t.notOk('user_id' in first.orders[0] || 'session_id' in first.orders[0], 'no owner keys leave the server');
  t.notOk(
    first.orders.some((o: object) => 'id' in o),
    'nor database ids',
  );
  const second = hydrationData((await app.request({ url: '/history?page=2', as: v })).body).loaderData.history;
  t.same(
    second.orders.map((o: { number: string }) => o.number),
    numbers.slice(0, 3).reverse(),
  );
  for (const page of ['99', 'abc', '-1', '0']) {
    const res = await app.request({ url: `/history?page=${page}`, as: v });
    t.equal(res.statusCode, 200, `?page=${page} is answered`);
  }

  // An order of two lines: one now dearer, one withdrawn.
  const [p1, p2] = (await products(2)) as [number, number];
  const [{ id: orderId }] = (await app.db.query<{ id: number }>(
    `INSERT INTO orders (user_id, site, currency, total) VALUES ($1, 'ru', 'RUB', 1000) RETURNING id`,
    [userId],
  )) as [{ id: number }];
  const number = await orderNumber(app, orderId);
  await app.db.query(
    `INSERT INTO order_items (order_id, product_id, title, price, quantity) VALUES ($1, $2, 'Первый', 1, 3), ($1, $3, 'Второй', 10, 1)`,
    [orderId, p1, p2],
  );
  await app.db.query('UPDATE products SET is_active = false WHERE id = $1', [p2]);
  const [{ amount }] = (await app.db.query<{ amount: number }>(
    `SELECT amount::float8 AS amount FROM product_prices WHERE product_id = $1 AND price_list = 'ru'`,
    [p1],
  )) as [{ amount: number }];
  const res = await app.submit({ path: `/history/${number}`, as: v, js: true, fields: { intent: 'repeat' } });
  const data = res.json().results['history-entry'].data;
  t.same(data.summary, { added: [{ title: 'Первый', quantity: 3, was: 1, now: amount }], unavailable: ['Второй'], currency: 'RUB' });
  t.same(await cartOf(v), { [p1]: 3 }, 'the sold line is in the cart');
  await app.db.query('UPDATE products SET is_active = true WHERE id = $1', [p2]);

  // Without JavaScript: back to the order, the summary kept for the page.
  const plain = await app.submit({
    path: `/history/${number}`,
    as: v,
    js: false,
    fields: { intent: 'repeat', _form: `history:repeat:${number}` },
  });
  t.equal(plain.statusCode, 303);
  t.equal(plain.headers.location, `/history/${number}`);
  t.same(await cartOf(v), { [p1]: 6, [p2]: 1 }, 'added again (quantities sum)');

  // Another account's order: the 404 page, and nothing added.
  const strangerId = await account('stranger@example.com');
  const foreign = await orderNumber(app, await createOrder(app, { userId: strangerId }));
  t.equal((await app.request({ url: `/history/${foreign}`, as: v })).statusCode, 404);
  const stolen = await app.submit({ path: `/history/${foreign}`, as: v, js: true, fields: { intent: 'repeat' } });
  t.equal(stolen.json().results['history-entry'].error.status, 404);
  const bad = await app.submit({ path: `/history/${number}`, as: v, js: true, fields: { intent: 'nope' } });
  const byId = await app.submit({ path: `/history/${orderId}`, as: v, js: true, fields: { intent: 'repeat' } });
  t.equal(byId.json().results['history-entry'].error.status, 404, 'the order’s id addresses nothing');
  t.same(refusalOf(bad, 'history-entry'), { status: 400, errors: { intent: 'form.invalid' } });
});

t.test('the personal area: profile, e-mail change, password change, marketing, addresses, sign-out everywhere', async (t) => {
  const email = 'area@example.com';
  const userId = await account(email);
  let v = await signIn(email);
  const elsewhere = await signIn(email);
  const act = (fields: Record<string, string | number>, as = v, js = true) => app.submit({ path: '/personal', as, js, fields });

  t.test('profile', async (t) => {
    t.same(refusalOf(await act({ intent: 'profile', name: '', phone: '' }), 'personal'), {
      status: 400,
      errors: { name: 'account.errors.nameRequired' },
    });
    t.same(refusalOf(await act({ intent: 'profile', name: 'Анна', phone: '12' }), 'personal'), {
      status: 400,
      errors: { phone: 'account.errors.phone' },
    });
    const ok = await act({ intent: 'profile', name: 'Анна Сергеевна', phone: '+7 (999) 111-22-33' });
    t.same(ok.json().results.personal.data, { ok: true });
    const page = hydrationData((await app.request({ url: '/personal', as: v })).body).loaderData.personal;
    t.match(page.account, { name: 'Анна Сергеевна', phone: '+79991112233', confirmed: true, marketing: false });
    // On the Kazakh site a local number is a Kazakh one.
    const kz = await app.submit({
      path: '/personal',
      as: v,
      js: true,
      host: 'kz.localhost',
      fields: { intent: 'profile', name: 'Анна', phone: '8 701 123 45 67' },
    });
    t.same(kz.json().results.personal.data, { ok: true });
    t.equal((await app.db.query<{ phone: string }>('SELECT phone FROM users WHERE id = $1', [userId]))[0]!.phone, '+77011234567');
  });

  t.test('marketing on and off', async (t) => {
    await act({ intent: 'marketing', marketing: 'on' });
    t.equal((await app.db.query<{ m: boolean }>('SELECT marketing_consent AS m FROM users WHERE id = $1', [userId]))[0]!.m, true);
    await act({ intent: 'marketing' });
    t.equal((await app.db.query<{ m: boolean }>('SELECT marketing_consent AS m FROM users WHERE id = $1', [userId]))[0]!.m, false);
  });

  t.test('addresses per site, at most 10', async (t) => {
    t.same(refusalOf(await act({ intent: 'addAddress', city: '', address: 'x' }), 'personal'), {
      status: 400,
      errors: { city: 'account.errors.cityRequired' },
    });
    t.same(refusalOf(await act({ intent: 'addAddress', city: 'Москва', address: '' }), 'personal'), {
      status: 400,
      errors: { address: 'account.errors.addressRequired' },
    });
    t.same(refusalOf(await act({ intent: 'addAddress', city: 'Москва', address: 'Тверская, 1', postcode: '<script>' }), 'personal'), {
      status: 400,
      errors: { postcode: 'account.errors.postcode' },
    });
    for (let i = 1; i <= 10; i++)
      t.same(
        (await act({ intent: 'addAddress', city: 'Москва', address: `Тверская, ${i}`, postcode: '125009' })).json().results.personal.data,
        { ok: true },
      );
    t.same(refusalOf(await act({ intent: 'addAddress', city: 'Москва', address: 'Одиннадцатый' }), 'personal'), {
      status: 409,
      errors: { '': 'account.errors.tooManyAddresses' },
    });
    const kz = await app.submit({
      path: '/personal',
      as: v,
      js: true,
      host: 'kz.localhost',
      fields: { intent: 'addAddress', city: 'Алматы', address: 'Абая, 1' },
    });
    t.same(kz.json().results.personal.data, { ok: true }, 'another site has its own list');
    const list = hydrationData((await app.request({ url: '/personal', as: v })).body).loaderData.personal.addresses;
    t.equal(list.length, 10, 'this site’s addresses only');
    await act({ intent: 'removeAddress', id: list[0].id });
    t.equal(hydrationData((await app.request({ url: '/personal', as: v })).body).loaderData.personal.addresses.length, 9);
    // Another account cannot remove them.
    const other = await signIn(await (async () => (await account('area-other@example.com'), 'area-other@example.com'))());
    await act({ intent: 'removeAddress', id: list[1].id }, other);
    t.equal(hydrationData((await app.request({ url: '/personal', as: v })).body).loaderData.personal.addresses.length, 9);
  });

  t.test('e-mail change: a link to the new address, a notice to the old; confirmed in the same browser', async (t) => {
    t.same(refusalOf(await act({ intent: 'email', email: 'new-area@example.com', password: 'wrong' }), 'personal'), {
      status: 400,
      errors: { password: 'account.errors.passwordWrong' },
    });
    t.same(refusalOf(await act({ intent: 'email', email: email.toUpperCase(), password: PASSWORD }), 'personal'), {
      status: 400,
      errors: { email: 'account.errors.emailSame' },
    });
    t.same((await act({ intent: 'email', email: 'new-area@example.com', password: PASSWORD })).json().results.personal.data, { ok: true });
    t.equal((await mailsTo(app, email, 'account.emailChangeNotice')).length, 1, 'the old address is told');
    const link = linkIn((await mailsTo(app, 'new-area@example.com', 'account.emailChange'))[0]!);
    t.equal(link.url.pathname, '/account/confirm');
    t.equal(link.url.searchParams.get('purpose'), 'email');
    t.equal((await openLink(app, v, link.path)).headers.location, '/account/confirm?purpose=email');
    const res = await app.submit({ path: '/account/confirm', as: v, js: true, fields: { purpose: 'email' } });
    t.equal(res.json().redirect, '/account/confirm?purpose=email&done=1');
    v = visitorOf(app, res)!;
    t.equal((await app.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]))[0]!.email, 'new-area@example.com');
    // A taken address: the same answer, a mail to that address, no link.
    await account('taken-area@example.com');
    t.same((await act({ intent: 'email', email: 'taken-area@example.com', password: PASSWORD })).json().results.personal.data, {
      ok: true,
    });
    t.equal((await mailsTo(app, 'taken-area@example.com', 'account.emailChange')).length, 0);
    t.equal((await mailsTo(app, 'taken-area@example.com', 'account.registeredAgain')).length, 1);
  });

  t.test('password change: other sessions signed out, this one rotated', async (t) => {
    t.same(refusalOf(await act({ intent: 'password', password: PASSWORD, newPassword: 'qwerty123456' }), 'personal'), {
      status: 400,
      errors: { newPassword: 'account.errors.passwordCommon' },
    });
    t.same(refusalOf(await act({ intent: 'password', password: 'wrong', newPassword: 'Совсем другой 42' }), 'personal'), {
      status: 400,
      errors: { password: 'account.errors.passwordWrong' },
    });
    const res = await act({ intent: 'password', password: PASSWORD, newPassword: 'Совсем другой 42' });
    t.same(res.json().results.personal.data, { ok: true });
    const rotated = visitorOf(app, res)!;
    t.not(rotated.sessionId, v.sessionId, 'a new session id');
    t.equal((await app.request({ url: '/personal', as: rotated })).statusCode, 200);
    t.equal((await app.request({ url: '/personal', as: elsewhere })).statusCode, 302, 'the other device is signed out');
    t.equal((await app.request({ url: '/personal', as: v })).statusCode, 302, 'the old id is gone');
    v = rotated;
  });

  t.test('sign out everywhere', async (t) => {
    const second = await signIn('new-area@example.com', app.visitor(), 'Совсем другой 42');
    const res = await act({ intent: 'logoutAll' });
    t.equal(res.json().redirect, '/');
    t.equal((await app.request({ url: '/personal', as: second })).statusCode, 302);
    t.equal((await app.request({ url: '/personal', as: visitorOf(app, res)! })).statusCode, 302);
  });
});

t.test('deleting the account keeps its orders, anonymised', async (t) => {
  const email = 'delete-me@example.com';
  const userId = await account(email);
  const v = await signIn(email);
  const other = await signIn(email);
  const order = await createOrder(app, { userId, sessionId: v.sessionId });
  await app.db.query(
    `UPDATE orders SET customer_email = $1, customer_name = 'Иван', customer_phone = '+79161234567', comment = 'домофон 12',
            delivery = '{"label": "Курьер", "city": "Москва", "address": "ул. Ленина, 1"}' WHERE id = $2`,
    [email, order],
  );
  await app.services.records.add({ userId, site: 'ru', kind: 'calculation', title: 'Седан', link: '/calc' });
  const act = (fields: Record<string, string>) =>
    app.submit({ path: '/personal', as: v, js: true, fields: { intent: 'delete', ...fields } });
  t.same(refusalOf(await act({ password: PASSWORD }), 'personal'), { status: 400, errors: { sure: 'account.errors.deleteSure' } });
  t.same(refusalOf(await act({ password: 'wrong', sure: 'on' }), 'personal'), {
    status: 400,
    errors: { password: 'account.errors.passwordWrong' },
  });
  const res = await act({ password: PASSWORD, sure: 'on' });
  t.equal(res.json().redirect, '/');
  t.same(await app.db.query('SELECT id FROM users WHERE id = $1', [userId]), [], 'the account is gone');
  t.same(
    await app.db.query(
      'SELECT user_id, session_id, customer_email, customer_name, customer_phone, comment, delivery, total::float8 AS total FROM orders WHERE id = $1',
      [order],
    ),
    [
      {
        user_id: null,
        session_id: null,
        customer_email: '',
        customer_name: '',
        customer_phone: '',
        comment: '',
        delivery: { label: 'Курьер', city: 'Москва' },
        total: 7910,
      },
    ],
    'the order stays, anonymised: the sums and the delivery method kept, the personal data gone',
  );
  t.same(await app.db.query('SELECT id FROM records WHERE user_id = $1', [userId]), [], 'records go');
  t.same(await app.db.query('SELECT id FROM sessions WHERE id = $1', [other.sessionId]), [], 'other sessions end');
  t.equal((await app.request({ url: '/personal', as: visitorOf(app, res)! })).statusCode, 302);
  t.equal((await mailsTo(app, email, 'account.deleted')).length, 1);
});

t.test('/records: listed, linked and deleted by their owner only', async (t) => {
  const userId = await account('records@example.com');
  const otherId = await account('records-other@example.com');
  const v = await signIn('records@example.com');
  const w = await signIn('records-other@example.com');
  const { records } = app.services;
  const calc = await records.add({
    userId,
    site: 'ru',
    kind: 'calculation',
    title: 'Седан, двери',
    link: '/calc?body=sedan',
    details: { total: 7910, currency: 'RUB', mass: 12.4 },
  });
  await records.add({
    userId,
    site: 'ru',
    kind: 'appointment',
    title: 'Монтаж',
    link: '/handmade',
    details: { date: '12.12.2026', city: 'Москва' },
  });
  await records.add({ userId, site: 'ru', kind: 'construction', title: 'Чужой хост', link: '//evil.example/x' });
  await records.add({ userId, site: 'kz', kind: 'calculation', title: 'Казахстан', link: '/calc' });
  const theirs = await records.add({ userId: otherId, site: 'ru', kind: 'calculation', title: 'Не моё', link: '/calc' });

  const res = await app.request({ url: '/records', as: v });
  t.equal(res.statusCode, 200);
  const data = hydrationData(res.body).loaderData.records;
  t.same(
    data.records.map((r: { title: string }) => r.title),
    ['Чужой хост', 'Монтаж', 'Седан, двери'],
    'this user’s, this site’s, newest first',
  );
  t.match(res.body, 'href="/calc?body=sedan"', 'a link back to the result');
  t.notMatch(res.body, 'href="//evil.example', 'never a link off the site');
  t.ok(/7\s910\s₽/.test(res.body), 'the total in the site’s currency');
  t.match(res.body, 'Москва');
  const en = await app.request({ url: '/en/records', as: v });
  t.match(en.body, 'href="/en/calc?body=sedan"', 'in the visitor’s language');

  const notMine = await app.submit({ path: '/records', as: v, js: true, fields: { intent: 'delete', id: theirs } });
  t.same(refusalOf(notMine, 'records'), { status: 404, errors: { '': 'account.errors.recordGone' } });
  t.equal((await records.list(otherId, 'ru')).length, 1, 'another user’s record stays');
  t.same((await app.submit({ path: '/records', as: v, js: true, fields: { intent: 'delete', id: calc } })).json().results.records.data, {
    ok: true,
  });
  const plain = await app.submit({ path: '/records', as: v, js: false, fields: { intent: 'delete', id: 'abc' } });
  t.equal(plain.statusCode, 303);
  t.equal((await records.list(userId, 'ru')).length, 2);
  t.equal(hydrationData((await app.request({ url: '/records', as: w })).body).loaderData.records.records.length, 1);
});

t.test('guards: anonymous, owner, another user', async (t) => {
  await account('guard@example.com');
  const owner = await signIn('guard@example.com');
  const anonymous = app.visitor();
  for (const path of ['/personal', '/history', '/history/1', '/records']) {
    const res = await app.request({ url: path, as: anonymous });
    t.same([res.statusCode, res.headers.location], [302, `/auth?next=${encodeURIComponent(path)}`], `${path} as anonymous`);
  }
  for (const path of ['/personal', '/history', '/records'])
    t.equal((await app.request({ url: path, as: owner })).statusCode, 200, `${path} as owner`);
  for (const [path, location] of [
    ['/auth', '/personal'],
    ['/register', '/personal'],
    ['/auth?next=%2Fhistory%3Fpage%3D2', '/history?page=2'],
    ['/auth?next=%2F%2Fevil.example', '/personal'],
    ['/auth?next=%2Fauth', '/personal'],
    ['/en/auth?next=%2Fen%2Frecords', '/en/records'],
    ['/en/register?next=%2Frecords', '/en/personal'],
  ]) {
    const res = await app.request({ url: path!, as: owner });
    t.same([res.statusCode, res.headers.location], [302, location], `${path} signed in → ${location}`);
  }
  for (const path of ['/register', '/auth', '/auth/forgot', '/auth/reset', '/account/confirm']) {
    t.equal((await app.request({ url: path, as: anonymous })).statusCode, 200, `${path} as anonymous`);
  }
});

t.test('hashes cost N = 2^17; only a tap process may name a cheaper N, within 2^10–2^16', async (t) => {
  t.equal(PRODUCTION_SCRYPT_N, 2 ** 17);
  t.equal(scryptN({}), 2 ** 17, "no variable: today's cost");
  t.equal(scryptN({ SCRYPT_TEST_N: '4096' }), 2 ** 17, 'outside tap the variable is ignored');
  t.equal(scryptN({ TAP: '1', SCRYPT_TEST_N: '4096' }), 4096, 'in a tap process: the cheaper cost');
  for (const bad of ['', '3000', '512', String(2 ** 17), String(2 ** 20), '4096.5', '0x1000', 'abc', '-4096']) {
    t.equal(scryptN({ TAP: '1', SCRYPT_TEST_N: bad }), 2 ** 17, `${JSON.stringify(bad)}: today's cost`);
  }
  t.equal(SCRYPT_COST.N, scryptN(), 'this process hashes at the N its environment names');
  t.ok(SCRYPT_COST.N < PRODUCTION_SCRYPT_N, 'and the suite hashes cheaper: test/setup/tap.env reached this process');
});

t.test('an older password hash is replaced at the next sign-in', async (t) => {
  const legacyN = SCRYPT_COST.N === 2 ** 11 ? 2 ** 12 : 2 ** 11; // another cost than this process's
  const legacy = await hashPassword(PASSWORD, { N: legacyN, r: 8, p: 1 });
  t.match(legacy, new RegExp(`^scrypt\\$${legacyN}\\$8\\$1\\$`));
  const userId = await account('legacy@example.com', { hash: legacy });
  await signIn('legacy@example.com');
  const [{ password_hash }] = (await app.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [
    userId,
  ])) as [{ password_hash: string }];
  t.match(password_hash, new RegExp(`^scrypt\\$${SCRYPT_COST.N}\\$8\\$1\\$`), "now at today's cost");
  t.not(password_hash, legacy, 'a new hash replaced the old one');
  t.ok(await verifyPassword(PASSWORD, password_hash));
  await signIn('legacy@example.com');
  t.ok(await verifyPassword('wrong', legacy).then((ok) => !ok), 'a wrong password never matches');
  t.equal(await verifyPassword(PASSWORD, 'scrypt$1073741824$8$1$c2FsdA$aGFzaA'), false, 'an absurd cost is refused unchecked');
  t.equal(await verifyPassword(PASSWORD, 'md5$abc'), false);
});

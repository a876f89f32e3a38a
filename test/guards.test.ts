/**
 * The route guards of spec §6 (auth, personal, cart), on full page loads and through GET /_data/….
 * A guard answers before any loader runs: a redirect for a page, {redirect} for the data endpoint.
 */
import t from 'tap';
import { createOrder, createUser, hydrationData, orderNumber, startTestApp, unusedOrderNumber } from './helpers/app.ts';

t.test('personal guard: anonymous visitors go to /auth?next=<path>', async (t) => {
  const app = await startTestApp(t);
  const visitor = app.visitor();

  const cases: Array<[url: string, location: string]> = [
    ['/personal', '/auth?next=%2Fpersonal'],
    ['/history', '/auth?next=%2Fhistory'],
    ['/history/1', '/auth?next=%2Fhistory%2F1'],
    ['/personal?tab=orders&x=1', '/auth?next=%2Fpersonal%3Ftab%3Dorders%26x%3D1'],
    ['/en/personal', '/en/auth?next=%2Fen%2Fpersonal'],
    ['/en/history/7?a=b', '/en/auth?next=%2Fen%2Fhistory%2F7%3Fa%3Db'],
  ];
  for (const [url, location] of cases) {
    for (const as of [undefined, visitor]) {
      const res = await app.request({ url, as });
      t.equal(res.statusCode, 302, `${url} (${as ? 'with' : 'without'} a session) → 302`);
      t.equal(res.headers.location, location, `${url} → ${location}`);
    }
  }

  t.test('kz: the prefix of the site’s own language is kept', async (t) => {
    const res = await app.request({ url: '/kk/personal', host: 'kz.localhost' });
    t.equal(res.statusCode, 302);
    t.equal(res.headers.location, '/kk/auth?next=%2Fkk%2Fpersonal');
  });

  t.test('the guard redirects before any loader runs', async (t) => {
    const mark = app.db.queries.length;
    const res = await app.request({ url: '/history', as: visitor });
    t.equal(res.statusCode, 302);
    const ran = app.db.queries.slice(mark);
    t.same(
      ran.filter((sql) => /FROM orders|FROM users/.test(sql)),
      [],
      'no order or user query',
    );
  });

  t.test('the redirect target is the sign-in page, which answers 200', async (t) => {
    const res = await app.request({ url: '/auth?next=%2Fpersonal' });
    t.equal(res.statusCode, 200);
    t.match(hydrationData(res.body).loaderData.auth, { next: '/personal' });
    t.match(res.body, 'name="next" value="/personal"');
  });
});

t.test('auth guard and the signed-in personal area', async (t) => {
  const app = await startTestApp(t);
  const visitor = app.visitor();
  const userId = await createUser(app, { signIn: visitor, email: 'signed.in@example.com', name: 'Анна' });

  t.test('a signed-in visitor is sent from /auth to /personal', async (t) => {
    const res = await app.request({ url: '/auth', as: visitor });
    t.equal(res.statusCode, 302);
    t.equal(res.headers.location, '/personal');

    const withNext = await app.request({ url: '/auth?next=%2Fhistory', as: visitor });
    t.equal(withNext.statusCode, 302);
    t.equal(withNext.headers.location, '/history', 'on to next');

    const en = await app.request({ url: '/en/auth', as: visitor });
    t.equal(en.statusCode, 302);
    t.equal(en.headers.location, '/en/personal');
  });

  t.test('a signed-in visitor sees /personal with their e-mail', async (t) => {
    const res = await app.request({ url: '/personal', as: visitor });
    t.equal(res.statusCode, 200);
    t.match(res.body, 'signed.in@example.com');
    t.match(res.body, '<strong>Анна</strong>');
    t.same(hydrationData(res.body).loaderData.personal.user, { id: userId, email: 'signed.in@example.com', name: 'Анна' });
    t.equal(hydrationData(res.body).loaderData.root.signedIn, true);
  });

  t.test('a signed-in visitor sees /history', async (t) => {
    const res = await app.request({ url: '/history', as: visitor });
    t.equal(res.statusCode, 200);
    t.same(hydrationData(res.body).loaderData.history.orders, []);
  });

  t.test('an anonymous visitor gets the sign-in page', async (t) => {
    const res = await app.request({ url: '/auth', as: app.visitor() });
    t.equal(res.statusCode, 200);
    t.match(hydrationData(res.body).loaderData.auth, { next: null });
    t.equal(hydrationData(res.body).loaderData.root.signedIn, false);
  });

  t.test('?next= is kept only when it is a local path', async (t) => {
    const refused = ['//evil.example', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', 'personal'];
    for (const next of refused) {
      const res = await app.request({ url: '/auth?next=' + encodeURIComponent(next) });
      t.equal(res.statusCode, 200, `next=${next}`);
      t.equal(hydrationData(res.body).loaderData.auth.next, null, `next=${next} is dropped`);
      t.notMatch(res.body, 'name="next"', `next=${next}: no hidden next field`);
    }
    const kept = await app.request({ url: '/auth?next=' + encodeURIComponent('/history/3?x=1') });
    t.equal(hydrationData(kept.body).loaderData.auth.next, '/history/3?x=1');
  });

  t.test('another user’s order in /history/<number> is a 404', async (t) => {
    const otherUser = await createUser(app, { email: 'other@example.com' });
    const foreign = await orderNumber(app, await createOrder(app, { userId: otherUser }));
    const res = await app.request({ url: `/history/${foreign}`, as: visitor });
    t.equal(res.statusCode, 404);
    t.match(res.body, 'Упс! Страница не найдена!');
    t.equal(hydrationData(res.body).errors?.pages?.data?.path, `/history/${foreign}`);

    const own = await createOrder(app, { userId });
    const number = await orderNumber(app, own);
    const mine = await app.request({ url: `/history/${number}`, as: visitor });
    t.equal(mine.statusCode, 200);
    t.match(mine.body, `Заказ № ${number}`, 'named by its number, not its id');
    t.notOk(hydrationData(mine.body).loaderData['history-entry'].order.user_id, 'the owner keys stay on the server');
    t.equal((await app.request({ url: `/history/${own}`, as: visitor })).statusCode, 404, 'its database id is no address of it');

    const bad = await app.request({ url: '/history/abc', as: visitor });
    t.equal(bad.statusCode, 404);
  });
});

t.test('cart guard', async (t) => {
  const app = await startTestApp(t);
  const owner = app.visitor();
  // The account's order placed from its signed-in session (an account's order is the account's only: decision 034).
  const ownerUser = await createUser(app, { email: 'buyer@example.com', signIn: owner });
  const orderId = await createOrder(app, { sessionId: owner.sessionId, userId: ownerUser });
  const number = await orderNumber(app, orderId);

  t.test('the order’s own session sees /cart/success/<number>', async (t) => {
    const res = await app.request({ url: `/cart/success/${number}`, as: owner });
    t.equal(res.statusCode, 200);
    const { order, result } = hydrationData(res.body).loaderData['cart-order'];
    t.match(res.body, '<h1>Спасибо! Заказ принят</h1>');
    t.match(res.body, `Заказ № ${order.number}`);
    t.equal(order.number, number);
    t.notOk('id' in order, 'the database id stays on the server');
    t.equal(result, 'success');
    t.notOk('session_id' in order, 'the owner keys stay on the server');
    t.notOk('user_id' in order);

    const fail = await app.request({ url: `/cart/fail/${number}`, as: owner });
    t.equal(fail.statusCode, 200);
    t.equal(hydrationData(fail.body).loaderData['cart-order'].result, 'fail');
  });

  t.test('the order’s user, signed in from another session, sees it too', async (t) => {
    const elsewhere = app.visitor();
    await app.db.query('INSERT INTO sessions (id, user_id) VALUES ($1, $2)', [elsewhere.sessionId, ownerUser]);
    const res = await app.request({ url: `/cart/success/${number}`, as: elsewhere });
    t.equal(res.statusCode, 200);
    t.match(res.body, '<h1>Спасибо! Заказ принят</h1>');
  });

  t.test('a stranger gets the 404 page: whether the order exists is not revealed', async (t) => {
    const stranger = app.visitor();
    const res = await app.request({ url: `/cart/success/${number}`, as: stranger });
    t.equal(res.statusCode, 404);
    t.match(res.body, 'Упс! Страница не найдена!');
    t.notMatch(res.body, '<h1>Спасибо! Заказ принят</h1>');

    const anonymous = await app.request({ url: `/cart/success/${number}` });
    t.equal(anonymous.statusCode, 404);

    const otherUser = app.visitor();
    await createUser(app, { signIn: otherUser });
    const signedIn = await app.request({ url: `/cart/success/${number}`, as: otherUser });
    t.equal(signedIn.statusCode, 404, 'another signed-in user is a stranger too');

    const en = await app.request({ url: `/en/cart/success/${number}`, as: stranger });
    t.equal(en.statusCode, 404);
    // The same page as for a number that is no order at all.
    const unused = await unusedOrderNumber(app);
    const unknown = await app.request({ url: `/cart/success/${unused}`, as: stranger });
    t.equal(unknown.statusCode, 404);
    t.equal(
      hydrationData(unknown.body).errors?.pages?.data?.message.replace(unused, 'N'),
      hydrationData(res.body).errors?.pages?.data?.message.replace(number, 'N'),
    );
  });

  t.test('a malformed or unknown order number, or the order’s id, is the 404 page, even for the owner', async (t) => {
    const unused = await unusedOrderNumber(app);
    const digits = number.replace('-', '');
    const malformed = [
      'abc',
      '0',
      '01',
      '-1',
      '1e3',
      '99999999999',
      `${number}0`,
      `0${number}`,
      digits,
      `${digits.slice(0, 4)}--${digits.slice(4)}`,
    ];
    for (const id of [...malformed, number.replace('-', '_'), `${number} `, unused, String(orderId), String(orderId + 1000)]) {
      const res = await app.request({ url: `/cart/success/${encodeURIComponent(id)}`, as: owner });
      t.equal(res.statusCode, 404, `address ${id}`);
    }
  });

  t.test('/cart/success without an id needs an order of this session', async (t) => {
    const fresh = app.visitor();
    const none = await app.request({ url: '/cart/success', as: fresh });
    t.equal(none.statusCode, 302);
    t.equal(none.headers.location, '/cart');

    const anonymous = await app.request({ url: '/cart/success' });
    t.equal(anonymous.statusCode, 302);
    t.equal(anonymous.headers.location, '/cart');

    const res = await app.request({ url: '/cart/success', as: owner });
    t.equal(res.statusCode, 200);
    t.match(res.body, '<h1>Спасибо! Заказ принят</h1>');
    t.equal(hydrationData(res.body).loaderData['cart-result'].order.number, number);
  });

  t.test('an unknown result word is a 404 for the owner', async (t) => {
    const res = await app.request({ url: `/cart/unknownword/${number}`, as: owner });
    t.equal(res.statusCode, 404);
    t.match(res.body, 'Упс! Страница не найдена!');
    t.equal(hydrationData(res.body).errors?.pages?.data?.message, `Page not found: /cart/unknownword/${number}`);

    const noId = await app.request({ url: '/cart/unknownword', as: owner });
    t.equal(noId.statusCode, 404);
  });

  t.test('an order of another site is a 404 on this one', async (t) => {
    const kzOrder = await orderNumber(app, await createOrder(app, { sessionId: owner.sessionId, site: 'kz' }));
    const res = await app.request({ url: `/cart/success/${kzOrder}`, as: owner });
    t.equal(res.statusCode, 404);
    const onKz = await app.request({ url: `/cart/success/${kzOrder}`, host: 'kz.localhost', as: owner });
    t.equal(onKz.statusCode, 200);
    t.equal(hydrationData(onKz.body).loaderData['cart-order'].order.number, kzOrder);
  });
});

t.test('guards through /_data answer {redirect}', async (t) => {
  const app = await startTestApp(t);
  const anonymous = app.visitor();
  const signedIn = app.visitor();
  await createUser(app, { signIn: signedIn, email: 'data@example.com' });
  const owner = app.visitor();
  const number = await orderNumber(app, await createOrder(app, { sessionId: owner.sessionId }));

  const data = async (url: string, as = anonymous) => {
    const res = await app.request({ url, as });
    t.equal(res.statusCode, 200, `${url} answers 200`);
    t.match(res.headers['content-type'], 'application/json');
    return res.json();
  };

  t.same(await data('/_data/personal?_routes=personal'), { redirect: '/auth?next=%2Fpersonal' }, 'personal: _routes is not part of next');
  t.same(await data('/_data/personal?tab=1&_routes=personal'), { redirect: '/auth?next=%2Fpersonal%3Ftab%3D1' });
  t.same(await data('/_data/history/5?_routes=history-entry'), { redirect: '/auth?next=%2Fhistory%2F5' });
  t.same(await data('/_data/en/personal?_routes=personal'), { redirect: '/en/auth?next=%2Fen%2Fpersonal' });
  t.same(await data('/_data/auth?_routes=auth', signedIn), { redirect: '/personal' });
  t.same(await data('/_data/en/auth?_routes=auth', signedIn), { redirect: '/en/personal' });
  t.equal((await data(`/_data/cart/success/${number}?_routes=cart-order`)).results['cart-order'].error.status, 404);
  t.equal((await data('/_data/cart/success/abc?_routes=cart-order', owner)).results['cart-order'].error.status, 404);
  t.same(await data('/_data/cart/success?_routes=cart-result'), { redirect: '/cart' });

  const personal = await data('/_data/personal?_routes=personal', signedIn);
  t.equal(personal.results.personal.data.user.email, 'data@example.com');
  const auth = await data('/_data/auth?next=%2F%2Fevil.example&_routes=auth');
  t.same(auth.results.auth.data.next, null);

  const order = await data(`/_data/cart/success/${number}?_routes=cart-order`, owner);
  t.equal(order.results['cart-order'].data.order.number, number);
  t.notOk('id' in order.results['cart-order'].data.order);
  t.notOk('session_id' in order.results['cart-order'].data.order);
  t.equal(order.results['cart-order'].data.result, 'success');

  const unknownWord = await data(`/_data/cart/unknownword/${number}?_routes=cart-order`, owner);
  t.equal(unknownWord.results['cart-order'].error.status, 404);
});

/**
 * Changing the cart through the /cart route's action (intent=item: add / set / set 0 removes), from the hydrated
 * page's fetcher (POST /_data/cart, a JSON envelope) and as a plain form post without JavaScript (303 back).
 * Quantities are bounded, prices come from the database, the token is required; the forms' markup.
 */
import t from 'tap';
import { FLASH_COOKIE } from '../shared/contracts.ts';
import { hydrationData, setCookies, startTestApp, type Visitor } from './helpers/app.ts';

const app = await startTestApp(t);

const product = async (sku: string) => {
  const [row] = await app.db.query<{ id: number }>('SELECT id FROM products WHERE sku = $1', [sku]);
  return row!.id;
};

/** One change of the cart through the action: `js` as the fetcher sends it, else a plain form post. */
const change = (v: Visitor, fields: Record<string, string | number>, opts: { js?: boolean; host?: string; token?: string | null } = {}) =>
  app.submit({ path: '/cart', as: v, js: opts.js ?? true, host: opts.host, token: opts.token, fields: { intent: 'item', ...fields } });

/** The cart as an outside client sees it (spec §7 GET /api/shop/cart): lines, prices, total, currency, count. */
const cart = async (v: Visitor, host?: string) =>
  (await app.request({ url: `/api/shop/cart?token=${encodeURIComponent(v.token)}`, as: v, host })).json().data;

/** The fetcher's answer for the cart route. */
const result = (res: { json(): any }) =>
  res.json().results.cart as { data: { ok: boolean; errors?: Record<string, string> }; status: number };

t.test('the empty cart offers the calculator, the catalogue and the kits (issue 19), in every language', async (t) => {
  const { messages } = await import('../shared/locales/index.ts');
  const page = await app.request({ url: '/cart', as: app.visitor() });
  t.equal(page.statusCode, 200);
  t.match(page.body, '<p>Корзина пуста.</p>');
  for (const href of ['/calc', '/materials', '/komplekty-sumoizoliacii'])
    t.match(page.body, new RegExp(`<a (?=[^>]*class="button)[^>]*href="${href}"`), `a button-link to ${href}`);
  t.match(page.body, 'Рассчитать шумоизоляцию');
  const en = await app.request({ url: '/en/cart', as: app.visitor() });
  t.match(en.body, /<a [^>]*href="\/en\/calc"[^>]*>Calculate sound deadening<\/a>/, 'in English, under /en');
  for (const [language, table] of Object.entries(messages)) {
    const empty = (table as { details: { emptyCart: Record<string, string> } }).details.emptyCart;
    for (const key of ['lead', 'calc', 'catalog', 'kits']) t.ok(empty[key], `${language}: details.emptyCart.${key}`);
  }
});

t.test('add, add again, set, set 0 and remove — with JavaScript and without', async (t) => {
  for (const js of [true, false]) {
    const v = app.visitor();
    const std = await product('VIB-STD-22');
    const ak = await product('ABS-AK-10');
    const ok = (res: Awaited<ReturnType<typeof change>>, what: string) =>
      js
        ? t.same(res.json(), { results: { cart: { data: { ok: true }, status: 200 } } }, `${what}: ok`)
        : t.equal(res.statusCode, 303, `${what}: 303`);

    ok(await change(v, { productId: std }, { js }), 'add');
    t.match(await cart(v), {
      count: 1,
      total: 380,
      currency: 'RUB',
      cart: [{ sku: { id: std, code: 'VIB-STD-22', actual_price: 380 }, quantity: 1 }],
    });

    ok(await change(v, { productId: std, quantity: 2 }, { js }), 'add again');
    t.equal((await cart(v)).cart[0].quantity, 3, 'adding sums with what is there');

    await change(v, { productId: ak, quantity: 2 }, { js });
    ok(await change(v, { productId: std, quantity: 1, mode: 'set' }, { js }), 'set');
    const set = await cart(v);
    t.same(
      set.cart.map((e: { quantity: number }) => e.quantity),
      [1, 2],
      'set replaces',
    );
    t.equal(set.total, 380 + 690 * 2);

    ok(await change(v, { productId: std, quantity: 0, mode: 'set' }, { js }), 'set 0');
    t.same(
      (await cart(v)).cart.map((e: { sku: { id: number } }) => e.sku.id),
      [ak],
      'set 0 removes the line',
    );

    // The cart page's remove button: the same action, set 0 (it replaced DELETE /api/cart/items/:id).
    ok(await change(v, { productId: ak, quantity: 0, mode: 'set' }, { js }), 'remove');
    t.same(await cart(v), { cart: [], total: 0, currency: 'RUB', count: 0 });
  }
});

t.test('the price comes from the site price list, never from the form', async (t) => {
  const v = app.visitor();
  const std = await product('VIB-STD-22');
  const res = await change(v, { productId: std, quantity: 2, actual_price: 1, price: 1, total: 1 });
  t.same(result(res), { data: { ok: true }, status: 200 });
  t.equal((await cart(v)).total, 760);
  await change(v, { productId: std, quantity: 1 }, { host: 'kz.localhost' });
  t.match(await cart(v, 'kz.localhost'), { currency: 'KZT', total: 2130, count: 1 }, 'each site its own cart and price list');
  t.match(await cart(v), { currency: 'RUB', total: 760, count: 1 }, 'the ru cart is untouched');
});

t.test('quantities are bounded: capped at 999 when adding, refused beyond when set', async (t) => {
  const v = app.visitor();
  const std = await product('VIB-STD-22');
  await change(v, { productId: std, quantity: 999 });
  const capped = await change(v, { productId: std, quantity: 5 });
  t.same(result(capped).data, { ok: true }, 'adding past the cap is not an error');
  t.equal((await cart(v)).cart[0].quantity, 999, 'capped at 999');
  // Refusals are field errors (message keys) with a 400 inside the envelope, where the old JSON call named body.*.
  for (const [fields, errors] of [
    [{ productId: std, quantity: 1000, mode: 'set' }, { quantity: 'form.quantity' }],
    [{ productId: std, quantity: -1 }, { quantity: 'form.quantity' }],
    [{ productId: std, quantity: 1.5 }, { quantity: 'form.quantity' }],
    [{ productId: std, quantity: 0 }, { quantity: 'form.quantity' }],
    [{ productId: std, quantity: 'many' }, { quantity: 'form.quantity' }],
    [{ productId: 'abc' }, { productId: 'form.invalid' }],
    [{ productId: -3 }, { productId: 'form.invalid' }],
    [{ productId: 1e12 }, { productId: 'form.invalid' }],
    [{}, { productId: 'form.invalid' }],
    [{ productId: std, mode: 'replace' }, { mode: 'form.invalid' }],
  ] as const) {
    const res = await change(v, fields);
    t.equal(res.statusCode, 200, 'the envelope itself is delivered');
    t.equal(result(res).status, 400, JSON.stringify(fields));
    t.same(result(res).data.errors, errors, `names ${Object.keys(errors)[0]}`);
  }
  await change(v, { productId: std });
  t.equal((await cart(v)).cart[0].quantity, 999, 'nothing was corrupted');
});

t.test('unknown, withdrawn and unpriced products are refused with 404, storing nothing', async (t) => {
  const v = app.visitor();
  const unknown = await change(v, { productId: 987654 });
  t.same(result(unknown), {
    data: { ok: false, errors: { '': 'form.notSold' }, values: { intent: 'item', productId: '987654' } },
    status: 404,
  });
  const [withdrawn] = await app.db.query<{ id: number }>(`UPDATE products SET is_active = false WHERE sku = 'VIB-LT-18' RETURNING id`);
  t.equal(result(await change(v, { productId: withdrawn!.id })).status, 404, 'withdrawn');
  const ak = await product('ABS-AK-10');
  await app.db.query(`DELETE FROM product_prices WHERE product_id = $1 AND price_list = 'kz'`, [ak]);
  const kz = await change(v, { productId: ak }, { host: 'kz.localhost' });
  t.equal(result(kz).status, 404, 'not priced on the kz site');
  t.same(result(kz).data.errors, { '': 'form.notSold' }, 'not sold on this site');

  // Without JavaScript: back to the page, which says why.
  const plain = await change(v, { productId: ak, next: '/kk/cart', _form: `cart:add:${ak}` }, { js: false, host: 'kz.localhost' });
  t.equal(plain.statusCode, 303);
  t.equal(plain.headers.location, '/kk/cart');
  const page = await app.request({
    url: '/kk/cart',
    host: 'kz.localhost',
    headers: { cookie: `${v.cookie}; ${FLASH_COOKIE}=${setCookies(plain)[FLASH_COOKIE]}` },
  });
  t.match(hydrationData(page.body).loaderData.root.flash, {
    form: `cart:add:${ak}`,
    result: { ok: false, errors: { '': 'form.notSold' } },
  });

  const [{ n }] = (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE id = $1', [v.sessionId])) as [
    { n: number },
  ];
  t.equal(n, 0, 'a refused change stores no session');
});

t.test('the site token is required, removing a line too', async (t) => {
  const v = app.visitor();
  const std = await product('VIB-STD-22');
  await change(v, { productId: std, quantity: 2 });
  for (const js of [true, false]) {
    for (const token of [null, app.visitor().token]) {
      const res = await change(v, { productId: std, quantity: 0, mode: 'set' }, { js, token });
      t.equal(res.statusCode, 403, `remove, ${js ? 'fetcher' : 'plain form'}, token ${token === null ? 'missing' : 'foreign'}: 403`);
    }
  }
  t.equal((await cart(v)).cart[0].quantity, 2, 'the line is still there');
});

t.test('without JavaScript: a form post adds and returns to the page (never to another site)', async (t) => {
  const v = app.visitor();
  const std = await product('VIB-STD-22');
  const post = (fields: Record<string, string | number>) => change(v, fields, { js: false });
  const back = await post({ productId: std, quantity: 2, next: '/vibroizolyaciya/vibro-standart-2-2' });
  t.equal(back.statusCode, 303);
  t.equal(back.headers.location, '/vibroizolyaciya/vibro-standart-2-2');
  for (const hostile of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
    const res = await post({ productId: std, next: hostile });
    t.equal(res.statusCode, 303);
    t.equal(res.headers.location, '/cart', `${hostile} → /cart`);
  }
  const page = await app.request({ url: '/cart', as: v });
  t.equal(hydrationData(page.body).loaderData.root.cartCount, 1, 'the header badge counts the line');
  t.equal(hydrationData(page.body).loaderData.cart.entries[0].quantity, 5);
});

t.test('concurrent adds from two tabs sum up', async (t) => {
  const v = app.visitor();
  const std = await product('VIB-STD-22');
  const answers = await Promise.all(Array.from({ length: 6 }, () => change(v, { productId: std })));
  t.same(
    answers.map((a) => result(a).status),
    [200, 200, 200, 200, 200, 200],
  );
  t.equal((await cart(v)).cart[0].quantity, 6);
});

t.test('the forms post to the cart route: token, return address, form key and intent', async (t) => {
  const v = app.visitor();
  const ak = await product('ABS-AK-10');
  const productPage = await app.request({ url: '/shumopogloshchenie/akustik-10', as: v });
  const buy = /<form class="product-actions__cart"[^>]*>.*?<\/form>/s.exec(productPage.body)?.[0] ?? '';
  t.match(buy, /^<form class="product-actions__cart"[^>]* action="\/cart" method="post">/, 'a real form to the cart route');
  t.match(buy, `<input type="hidden" name="token" value="${v.token}"/>`, 'it carries the site token');
  t.match(buy, '<input type="hidden" name="next" value="/shumopogloshchenie/akustik-10"/>', 'and comes back to this page');
  t.match(buy, `<input type="hidden" name="_form" value="cart:add:${ak}"/>`);
  t.match(buy, '<input type="hidden" name="intent" value="item"/>');
  t.match(buy, `<input type="hidden" name="productId" value="${ak}"/>`);
  t.match(buy, /<input type="number" min="1" max="999"[^>]* name="quantity" value="1"\/>/);

  const en = await app.request({ url: '/en/shumopogloshchenie/akustik-10', as: v });
  const enBuy = /<form class="product-actions__cart"[^>]*>.*?<\/form>/s.exec(en.body)?.[0] ?? '';
  t.match(enBuy, /^<form class="product-actions__cart"[^>]* action="\/en\/cart" method="post">/, "in the page's language");
  t.match(enBuy, '<input type="hidden" name="next" value="/en/shumopogloshchenie/akustik-10"/>');

  await change(v, { productId: ak, quantity: 2 });
  const cartPage = await app.request({ url: '/cart', as: v });
  const forms = cartPage.body.match(/<form[^>]* method="post">.*?<\/form>/gs) ?? [];
  const quantity = forms.find((f) => f.includes(`value="cart:set:${ak}"`)) ?? '';
  t.match(quantity, /^<form class="cart-line__quantity"[^>]* action="\/cart" method="post">/, 'the quantity form');
  t.match(quantity, `<input type="hidden" name="token" value="${v.token}"/><input type="hidden" name="next" value="/cart"/>`);
  t.match(quantity, '<input type="hidden" name="intent" value="item"/>');
  t.match(quantity, '<input type="hidden" name="mode" value="set"/>');
  t.match(quantity, /name="quantity" value="2"\/>/);
  const remove = forms.find((f) => f.includes(`value="cart:remove:${ak}"`)) ?? '';
  t.match(remove, /^<form[^>]* action="\/cart" method="post">/, 'the remove form');
  t.match(remove, '<input type="hidden" name="mode" value="set"/><input type="hidden" name="quantity" value="0"/>', 'removing sets 0');
  t.match(remove, 'aria-label="Удалить Акустик 10 из корзины"');
});

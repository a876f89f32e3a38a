/**
 * Checkout (issue 10, decision 022) through the cart's action, intent=checkout, with and without JavaScript: an order
 * placed whole (lines, kit discounts, delivery from the config, stock, cart emptied, mail queued), every field's bad
 * input, hostile strings, a sold-out line, a price changed between the cart and the submit, a double submit, the
 * Kazakh site in tenge, and who may see the result page.
 */
import fc from 'fast-check';
import t from 'tap';
import { hydrationData, orderAt, startTestApp, type TestApp, unusedOrderNumber, type Visitor } from './helpers/app.ts';

const app: TestApp = await startTestApp(t);
// Every submit from an address of its own: these tests are about an order's rules, not the per-address limit
// (test/checkout-hoarding.test.ts proves that one).
let submits = 0;
const submitFrom = app.submit.bind(app);
app.submit = (options) => submitFrom({ ip: `10.18.${Math.floor(++submits / 250)}.${(submits % 250) + 1}`, ...options });

const productId = async (sku: string) => (await app.db.query<{ id: number }>('SELECT id FROM products WHERE sku = $1', [sku]))[0]!.id;

async function addItem(v: Visitor, sku: string, quantity: number, host = 'localhost') {
  const res = await app.submit({
    path: '/cart',
    fields: { intent: 'item', productId: await productId(sku), quantity },
    as: v,
    js: true,
    host,
  });
  t.equal(res.statusCode, 200, `add ${sku}`);
}
async function addKit(v: Visitor, slug: string, host = 'localhost') {
  const res = await app.submit({ path: '/cart', fields: { intent: 'kit', slug }, as: v, js: true, host });
  t.equal(res.statusCode, 200, `add kit ${slug}`);
}

/** The cart page's data as the browser gets it (the order form's key, the priced cart). */
async function cartData(v: Visitor, host = 'localhost') {
  const res = await app.request({ url: '/_data/cart?_routes=cart', as: v, host });
  return res.json().results.cart.data;
}

/** A valid order form for the cart as it is now, with a delivery and payment of the site. */
async function validForm(v: Visitor, overrides: Record<string, string> = {}, host = 'localhost') {
  const data = await cartData(v, host);
  const delivery = overrides.delivery ?? 'dellin';
  const method = data.checkout.delivery.find((m: { id: string }) => m.id === delivery);
  const { quoteDelivery } = await import('../shared/delivery.ts');
  const quote = quoteDelivery(method, { weightKg: data.cart.weightKg, subtotal: data.cart.goods, city: overrides.city ?? 'Москва' });
  return {
    intent: 'checkout',
    checkoutKey: data.checkout.key,
    expectedGoods: String(data.cart.goods),
    expectedTotal: quote.available ? String(data.cart.goods + quote.cost) : '',
    name: 'Иван Петров',
    phone: '8 (916) 123-45-67',
    email: 'ivan@example.ru',
    customerType: 'person',
    delivery,
    city: 'Москва',
    address: 'ул. Тверская, 1, кв. 5',
    payment: 'cash',
    comment: 'Позвоните за час',
    consent: 'on',
    _form: 'checkout',
    ...overrides,
  } as Record<string, string>;
}

const orders = async () => Number((await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders'))[0]!.n);

t.test('an order is placed whole: lines, kit discount, delivery, totals, stock, cart emptied, mail queued', async (t) => {
  const v = app.visitor();
  await addItem(v, 'TLS-ROL-30', 2);
  await addKit(v, 'polnyj-sedan');
  const before = await cartData(v);
  t.ok(before.cart.discount > 0, 'the full kit carries its discount in the cart');
  t.ok(before.cart.weightKg > 60, `a full kit weighs about 60 kg (${before.cart.weightKg})`);
  const kitPage = await app.services.kits.find('polnyj-sedan', app.services.sites.byId('ru')!, 'ru');
  t.equal(before.cart.discount, kitPage!.separatePrice! - kitPage!.price!, 'the cart discounts exactly what the kit page advertises');
  const heavy = before.checkout.delivery.find((m: { id: string }) => m.id === 'cdek-courier');
  t.ok(heavy.maxWeightKg < before.cart.weightKg, 'ordinary carriers cannot take it');

  const stockBefore = (await app.db.query<{ stock: number }>(`SELECT stock FROM products WHERE sku = 'VIB-STD-22'`))[0]!.stock;
  const form = await validForm(v);
  const res = await app.submit({ path: '/cart', fields: form, as: v, js: true });
  t.equal(res.statusCode, 200);
  const redirect = res.json().redirect as string;
  t.match(redirect, /^\/cart\/success\/\d{4}-\d{4}$/, 'the result page is addressed by the order number');
  const { id, number } = await orderAt(app, redirect);

  const [order] = await app.db.query<any>('SELECT * FROM orders WHERE id = $1', [id]);
  t.match(order.number, /^\d{4}-\d{4}$/, 'a number to read over the phone');
  t.equal(redirect, `/cart/success/${order.number}`, 'the redirect names the order by its number, not its id');
  t.equal(order.status, 'new');
  t.equal(order.session_id, v.sessionId);
  t.equal(order.customer_phone, '+79161234567', 'the phone in E.164');
  t.equal(order.customer_name, 'Иван Петров');
  t.equal(Number(order.discount), before.cart.discount);
  t.equal(Number(order.subtotal), before.cart.subtotal);
  t.equal(Number(order.total), Number(form.expectedTotal));
  t.equal(Number(order.total), Number(order.subtotal) - Number(order.discount) + Number(order.delivery_cost));
  t.equal(order.delivery.id, 'dellin');
  t.equal(order.delivery.label, 'Деловые Линии');
  t.equal(order.payment.kind, 'cash');
  t.ok(order.consent_at, 'the consent is recorded with its time');
  const lines = await app.db.query<any>(
    'SELECT sku, quantity, price::float8, discount::float8, line_total::float8 FROM order_items WHERE order_id = $1',
    [id],
  );
  t.equal(lines.length, before.cart.lines.length);
  t.equal(Math.round(lines.reduce((s, l) => s + l.discount, 0) * 100) / 100, before.cart.discount, 'line discounts add up');
  t.ok(
    lines.find((l) => l.sku === 'TLS-ROL-30' && l.discount === 0),
    'a line outside the kit keeps its price',
  );
  const stockAfter = (await app.db.query<{ stock: number }>(`SELECT stock FROM products WHERE sku = 'VIB-STD-22'`))[0]!.stock;
  t.equal(stockAfter, stockBefore - 11, 'stock reserved');
  t.same((await cartData(v)).cart.lines, [], 'the cart is empty');
  t.same(
    (await app.db.query(`SELECT 1 FROM cart_kits ck JOIN carts c ON c.id = ck.cart_id WHERE c.session_id = $1`, [v.sessionId])).length,
    0,
  );
  const mail = await app.db.query<any>(
    `SELECT kind, recipient, subject, text_body FROM outbox WHERE subject LIKE '%' || $1 || '%' ORDER BY id`,
    [order.number],
  );
  t.same(
    mail.map((m) => [m.kind, m.recipient]),
    [
      ['order.confirmation', 'ivan@example.ru'],
      ['order.new', 'orders@tihoavto.ru'],
    ],
  );
  t.same((await app.db.query('SELECT status FROM order_status_history WHERE order_id = $1', [id])).length, 1);

  // The result page: number, lines, total.
  const page = await app.request({ url: redirect, as: v });
  t.equal(page.statusCode, 200);
  t.match(page.body, `Заказ № ${order.number}`);
  t.match(page.body, 'Деловые Линии');
  const receipt = hydrationData(page.body).loaderData['cart-order'].order;
  t.equal(receipt.total, Number(order.total));
  t.equal(receipt.items.length, lines.length);
  // The buyer's phone as people read it (formatted on the server, shared/phone.ts), not the stored E.164.
  t.equal(receipt.customer.phone, '+7 916 123 45 67');
  t.match(page.body, 'Иван Петров, +7 916 123 45 67, ivan@example.ru');
  t.notMatch(page.body, '+79161234567');
  t.match(mail.find((m) => m.kind === 'order.new').text_body, '+7 916 123 45 67', "the shop's notice too");
  const latest = await app.request({ url: '/cart/success', as: v });
  const latestOrder = hydrationData(latest.body).loaderData['cart-result'].order;
  t.equal(latestOrder.number, number, '/cart/success shows the latest order');
  t.notOk('id' in latestOrder, 'without its database id');
});

t.test('without JavaScript: 303 to the result page; a refused form comes back with its values', async (t) => {
  const v = app.visitor();
  await addItem(v, 'ABS-AK-10', 2);
  const bad = await app.submit({
    path: '/cart?step=checkout',
    fields: { ...(await validForm(v, { delivery: 'pickup', point: 'msk-warehouse' })), phone: '123', next: '/cart?step=checkout' },
    as: v,
    js: false,
  });
  t.equal(bad.statusCode, 303);
  t.equal(bad.headers.location, '/cart?step=checkout');
  const flash = bad.cookies.find((c) => c.name === 'flash');
  t.ok(flash, 'the outcome rides in the flash');
  const back = await app.request({ url: '/cart?step=checkout', as: v, headers: { cookie: `${v.cookie}; flash=${flash!.value}` } });
  t.match(back.body, 'value="Иван Петров"', 'nothing typed is lost');
  t.match(back.body, 'aria-invalid="true"');
  t.match(back.body, 'Проверьте номер');

  const form = await validForm(v, { delivery: 'pickup', point: 'msk-warehouse', expectedTotal: '' });
  const ok = await app.submit({ path: '/cart?step=checkout', fields: form, as: v, js: false });
  t.equal(ok.statusCode, 303);
  t.match(ok.headers.location, /^\/cart\/success\/\d{4}-\d{4}$/);
  const [order] = await app.db.query<any>('SELECT delivery, delivery_cost::float8 AS cost FROM orders WHERE id = $1', [
    (await orderAt(app, ok.headers.location)).id,
  ]);
  t.equal(order.cost, 0, 'pickup is free');
  t.equal(order.delivery.point.id, 'msk-warehouse');
});

t.test('every field refuses bad input beside it, and nothing is placed', async (t) => {
  const v = app.visitor();
  await addItem(v, 'ABS-AK-10', 1);
  const count = await orders();
  const cases: Array<[Record<string, string>, string, string]> = [
    [{ name: '' }, 'name', 'checkout.nameRequired'],
    [{ name: '12345' }, 'name', 'checkout.nameInvalid'],
    [{ name: 'Иван\u0000' }, 'name', 'checkout.nameInvalid'],
    [{ name: 'Я'.repeat(101) }, 'name', 'checkout.tooLong'],
    [{ phone: '' }, 'phone', 'checkout.phoneRequired'],
    [{ phone: '+7 701 123 4567' }, 'phone', 'checkout.phoneInvalid'],
    [{ phone: '+373 22 000 000' }, 'phone', 'checkout.phoneInvalid'],
    [{ phone: '9'.repeat(500) }, 'phone', 'checkout.phoneInvalid'],
    [{ email: '' }, 'email', 'checkout.emailRequired'],
    [{ email: 'not-an-email' }, 'email', 'checkout.emailInvalid'],
    [{ customerType: 'legal', company: '', inn: '7707083893', kpp: '770701001' }, 'company', 'checkout.companyRequired'],
    [{ customerType: 'legal', company: 'ООО Ромашка', inn: '7707083894', kpp: '770701001' }, 'inn', 'checkout.innInvalid'],
    [{ customerType: 'legal', company: 'ООО Ромашка', inn: '', kpp: '' }, 'inn', 'checkout.innRequired'],
    [{ customerType: 'legal', company: 'ООО Ромашка', inn: '7707083893', kpp: '' }, 'kpp', 'checkout.kppRequired'],
    [{ customerType: 'legal', company: 'ООО Ромашка', inn: '7707083893', kpp: '77070' }, 'kpp', 'checkout.kppInvalid'],
    [{ customerType: 'alien' }, 'customerType', 'form.invalid'],
    [{ delivery: '' }, 'delivery', 'checkout.deliveryRequired'],
    [{ delivery: 'teleport' }, 'delivery', 'checkout.deliveryRequired'],
    [{ city: '' }, 'city', 'checkout.cityRequired'],
    [{ address: '' }, 'address', 'checkout.addressRequired'],
    [{ delivery: 'cdek-point', point: '' }, 'point', 'checkout.pointRequired'],
    [{ delivery: 'cdek-point', point: 'cdek-spb-1' }, 'point', 'checkout.pointNotInCity'],
    [{ payment: '' }, 'payment', 'checkout.paymentRequired'],
    [{ payment: 'invoice' }, 'payment', 'checkout.paymentLegalOnly'],
    [{ comment: 'x'.repeat(1001) }, 'comment', 'checkout.tooLong'],
    [{ comment: 'a\u0007b' }, 'comment', 'checkout.commentInvalid'],
    [{ consent: '' }, 'consent', 'checkout.consentRequired'],
    [{ checkoutKey: 'forged' }, 'checkoutKey', 'checkout.staleForm'],
  ];
  for (const [change, field, message] of cases) {
    const fields = { ...(await validForm(v)), ...change };
    if (change.consent === '') delete fields.consent;
    const res = await app.submit({ path: '/cart', fields, as: v, js: true });
    t.equal(res.statusCode, 200, `${JSON.stringify(change).slice(0, 60)}: the envelope`);
    const result = res.json().results.cart;
    t.equal(result.status, 400, `${field}: 400`);
    t.equal(result.data.errors[field], message, `${field}: ${message}`);
    t.equal(result.data.values.name, fields.name?.slice(0, 2000), 'the values come back');
  }
  // Several errors at once are all reported.
  const many = await app.submit({ path: '/cart', fields: { ...(await validForm(v)), name: '', phone: 'x', consent: '' }, as: v, js: true });
  t.match(Object.keys(many.json().results.cart.data.errors).sort(), ['consent', 'name', 'phone']);
  t.equal(await orders(), count, 'nothing was placed');
});

t.test('hostile strings in any field: a 4xx or an order, never a 5xx', async () => {
  let v = app.visitor();
  await addItem(v, 'ABS-AK-10', 1);
  const base = await validForm(v);
  const fields = Object.keys(base).filter((k) => k !== 'intent');
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...fields),
      fc.oneof(
        fc.string({ unit: 'binary', maxLength: 60 }),
        fc.constantFrom('<script>alert(1)</script>', '\u0000', '\ud800', "' OR 1=1 --", '9'.repeat(5000), '-1', '1e308', 'NaN'),
      ),
      async (field, value) => {
        const res = await app.submit({ path: '/cart', fields: { ...base, [field]: value }, as: v, js: true });
        if (res.statusCode !== 200) return false;
        const body = res.json();
        if (body.redirect) {
          // It was harmless (a comment, say): an order; the next run is another shopper's (one session places few orders).
          v = app.visitor();
          await addItem(v, 'ABS-AK-10', 1);
          Object.assign(base, await validForm(v));
          return true;
        }
        return [400, 409].includes(body.results.cart.status);
      },
    ),
    { numRuns: 60, seed: 20261124 },
  );
});

t.test('a sold-out line is named and nothing is placed; made-to-order products need no stock', async (t) => {
  const v = app.visitor();
  await addItem(v, 'BAR-IZ-8', 5);
  await addItem(v, 'VIB-PRM-25', 3); // made to order (stock 0)
  await app.db.query(`UPDATE products SET stock = 3 WHERE sku = 'BAR-IZ-8'`);
  const count = await orders();
  const res = await app.submit({ path: '/cart', fields: await validForm(v, { delivery: 'cdek-courier' }), as: v, js: true });
  const result = res.json().results.cart;
  t.equal(result.status, 409);
  t.equal(result.data.errors[''], 'checkout.stock');
  t.equal(await orders(), count, 'nothing placed');
  t.equal((await app.db.query<{ stock: number }>(`SELECT stock FROM products WHERE sku = 'BAR-IZ-8'`))[0]!.stock, 3, 'stock untouched');
  const data = await cartData(v);
  const line = data.cart.lines.find((l: any) => l.sku.code === 'BAR-IZ-8');
  t.equal(line.available, 3, 'the cart shows what is left');
  t.equal(data.cart.lines.find((l: any) => l.sku.code === 'VIB-PRM-25').available, null, 'made to order: no limit');

  await app.submit({
    path: '/cart',
    fields: { intent: 'item', productId: await productId('BAR-IZ-8'), quantity: 3, mode: 'set' },
    as: v,
    js: true,
  });
  const ok = await app.submit({ path: '/cart', fields: await validForm(v, { delivery: 'cdek-courier' }), as: v, js: true });
  t.match(ok.json().redirect, /^\/cart\/success\/\d{4}-\d{4}$/);
  t.equal((await app.db.query<{ stock: number }>(`SELECT stock FROM products WHERE sku = 'BAR-IZ-8'`))[0]!.stock, 0, 'the last units sold');
  t.equal(
    (await app.db.query<{ stock: number }>(`SELECT stock FROM products WHERE sku = 'VIB-PRM-25'`))[0]!.stock,
    0,
    'made to order: not counted',
  );
});

t.test('a price changed between the cart and the submit: told, nothing placed; the new total then places', async (t) => {
  const v = app.visitor();
  await addItem(v, 'ABS-AK-15', 2);
  const form = await validForm(v);
  await app.db.query(`UPDATE product_prices SET amount = amount + 100 WHERE price_list = 'ru' AND product_id = $1`, [
    await productId('ABS-AK-15'),
  ]);
  const count = await orders();
  for (const js of [true, false]) {
    const res = await app.submit({ path: '/cart', fields: { ...form, next: '/cart?step=checkout' }, as: v, js });
    if (js) {
      t.equal(res.json().results.cart.status, 409);
      t.equal(res.json().results.cart.data.errors[''], 'checkout.priceChanged');
    } else {
      t.equal(res.statusCode, 303);
      t.equal(res.headers.location, '/cart?step=checkout');
    }
  }
  t.equal(await orders(), count);
  const fresh = await validForm(v);
  t.equal(Number(fresh.expectedGoods), Number(form.expectedGoods) + 200, 'the page shows the new sum');
  const ok = await app.submit({ path: '/cart', fields: fresh, as: v, js: true });
  t.match(ok.json().redirect, /^\/cart\/success\/\d{4}-\d{4}$/);
});

t.test('a double submit (same checkout key) returns the same order', async (t) => {
  const v = app.visitor();
  await addItem(v, 'ABS-AK-10', 1);
  const form = await validForm(v);
  const first = await app.submit({ path: '/cart', fields: form, as: v, js: true });
  const second = await app.submit({ path: '/cart', fields: form, as: v, js: true });
  const third = await app.submit({ path: '/cart', fields: form, as: v, js: false });
  t.match(first.json().redirect, /^\/cart\/success\/\d{4}-\d{4}$/);
  t.equal(second.json().redirect, first.json().redirect, 'the same order, though the cart is now empty');
  t.equal(third.headers.location, first.json().redirect, 'Back + resubmit without JavaScript too');
  t.equal((await app.db.query('SELECT 1 FROM orders WHERE session_id = $1', [v.sessionId])).length, 1);

  // Another visitor cannot use that key.
  const other = app.visitor();
  await addItem(other, 'ABS-AK-10', 1);
  const stolen = await app.submit({
    path: '/cart',
    fields: { ...(await validForm(other)), checkoutKey: form.checkoutKey! },
    as: other,
    js: true,
  });
  t.equal(stolen.json().results.cart.data.errors[''], 'checkout.staleForm');
});

t.test('methods: weight limits, online payment not offered without a provider, invoice for a company', async (t) => {
  await app.db.query('UPDATE products SET stock = 500 WHERE NOT made_to_order'); // earlier tests sold the last units
  const v = app.visitor();
  await addKit(v, 'polnyj-sedan');
  const tooHeavy = await app.submit({ path: '/cart', fields: await validForm(v, { delivery: 'pochta' }), as: v, js: true });
  t.equal(tooHeavy.json().results.cart.data.errors.delivery, 'checkout.deliveryUnavailable');
  const online = await app.submit({ path: '/cart', fields: await validForm(v, { payment: 'card' }), as: v, js: true });
  t.equal(online.json().results.cart.data.errors.payment, 'checkout.paymentUnavailable');
  t.notOk(
    (await cartData(v)).checkout.payment.some((p: { kind: string }) => p.kind === 'online'),
    'the form offers none',
  );
  const company = await app.submit({
    path: '/cart',
    fields: await validForm(v, {
      customerType: 'legal',
      company: 'ООО «Ромашка»',
      inn: '7707083893',
      kpp: '770701001',
      payment: 'invoice',
    }),
    as: v,
    js: true,
  });
  t.same(company.json().results?.cart?.data?.errors, undefined, 'no errors');
  const { id } = await orderAt(app, company.json().redirect);
  const [order] = await app.db.query<any>('SELECT customer_type, inn, kpp, company, payment FROM orders WHERE id = $1', [id]);
  t.same([order.customer_type, order.inn, order.kpp, order.payment.kind], ['legal', '7707083893', '770701001', 'invoice']);
});

t.test('the Kazakh site: tenge, its carriers, a Kazakh phone', async (t) => {
  const host = 'kz.localhost';
  const v = app.visitor();
  await addItem(v, 'ABS-AK-10', 2, host);
  await addKit(v, 'dveri-4', host);
  const data = await cartData(v, host);
  t.same(
    data.checkout.delivery.map((m: { id: string }) => m.id),
    ['pickup', 'cdek', 'kazpost'],
  );
  // The consent names Kazakhstan's personal-data law, in the page's language — not Russia's 152-ФЗ.
  const consentOf = (html: string) => /<div class="checkout__consent">(.*?)<\/label>/s.exec(html)?.[1] ?? 'no consent';
  const ruForm = consentOf((await app.request({ url: '/cart?step=checkout', as: v, host })).body);
  t.match(ruForm, 'Законом Республики Казахстан «О персональных данных и их защите»');
  t.notMatch(ruForm, '152', 'not the Russian law');
  t.match(
    consentOf((await app.request({ url: '/kk/cart?step=checkout', as: v, host })).body),
    '«Дербес деректер және оларды қорғау туралы» Қазақстан Республикасының Заңына',
  );
  const russian = app.visitor();
  await addItem(russian, 'ABS-AK-10', 1);
  t.match(
    consentOf((await app.request({ url: '/cart?step=checkout', as: russian })).body),
    'Федеральным законом № 152-ФЗ «О персональных данных»',
  );
  const ru = await app.submit({
    path: '/cart',
    fields: await validForm(v, { delivery: 'kazpost', city: 'Алматы' }, host),
    as: v,
    js: true,
    host,
  });
  t.equal(ru.json().results.cart.data.errors.phone, 'checkout.phoneInvalid', 'a Russian number is not a Kazakh one');
  const form = await validForm(v, { delivery: 'kazpost', city: 'Алматы', phone: '+7 701 123 4567', payment: 'kaspi' }, host);
  const res = await app.submit({ path: '/cart', fields: form, as: v, js: true, host });
  const { id, number } = await orderAt(app, res.json().redirect);
  const [order] = await app.db.query<any>('SELECT currency, total::float8, customer_phone, site, payment FROM orders WHERE id = $1', [id]);
  t.same([order.currency, order.site, order.customer_phone, order.payment.kind], ['KZT', 'kz', '+77011234567', 'on_confirmation']);
  t.equal(order.total, Number(form.expectedTotal));
  const page = await app.request({ url: `/cart/success/${number}`, as: v, host });
  t.equal(page.statusCode, 200);
  t.match(page.body, '₸');
  const onRu = await app.request({ url: `/cart/success/${number}`, as: v });
  t.equal(onRu.statusCode, 404, 'not on another site');
});

t.test('the result page: the owner, another visitor, the signed-in owner on a new device, an unknown number', async (t) => {
  const v = app.visitor();
  const [user] = await app.db.query<{ id: number }>(
    `INSERT INTO users (email, name) VALUES ('owner@example.ru', 'Анна Смирнова') RETURNING id`,
  );
  await app.db.query('INSERT INTO sessions (id, user_id) VALUES ($1, $2)', [v.sessionId, user!.id]);
  await addItem(v, 'ABS-AK-10', 1);
  const data = await cartData(v);
  t.same(data.checkout.prefill, { name: 'Анна Смирнова', email: 'owner@example.ru', phone: '' }, 'a signed-in shopper is prefilled');
  const res = await app.submit({ path: '/cart', fields: await validForm(v), as: v, js: true });
  const url = res.json().redirect as string;
  t.equal((await app.request({ url, as: v })).statusCode, 200, 'the owner');
  t.equal((await app.request({ url, as: app.visitor() })).statusCode, 404, 'another visitor');
  const device = app.visitor();
  await app.db.query('INSERT INTO sessions (id, user_id) VALUES ($1, $2)', [device.sessionId, user!.id]);
  t.equal((await app.request({ url, as: device })).statusCode, 200, 'the signed-in owner on a new device');
  t.equal((await app.request({ url: `/cart/success/${await unusedOrderNumber(app)}`, as: v })).statusCode, 404, 'an unknown number');
  const { id } = await orderAt(app, url);
  t.equal((await app.request({ url: `/cart/success/${id}`, as: v })).statusCode, 404, 'the order’s id is no address of it');
  t.equal((await app.request({ url: url.replace('success', 'fail'), as: v })).statusCode, 200, 'the fail page too');
});

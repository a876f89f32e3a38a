/**
 * A returning customer does not retype everything (issue 19 item 7): the order form is prefilled from the profile
 * (name, phone, e-mail), the address book's addresses on this site are offered, the first one filled in — in the
 * server's HTML, so without JavaScript too. Another site's addresses and another account's are never offered.
 */
import t from 'tap';
import { createUser, hydrationData, setCookies, startTestApp, type TestApp, type Visitor } from './helpers/app.ts';

const app: TestApp = await startTestApp(t);
const [product] = await app.db.query<{ id: number }>("SELECT id FROM site_offers WHERE price_list = 'ru' AND sold ORDER BY id LIMIT 1");

async function withCart(v: Visitor, host?: string) {
  const res = await app.submit({ path: '/cart', as: v, js: true, host, fields: { intent: 'item', productId: product!.id, quantity: 1 } });
  t.equal(res.statusCode, 200, 'a product in the cart');
}

async function checkoutOf(v: Visitor, host?: string) {
  const res = await app.request({ url: '/cart?step=checkout', as: v, host });
  t.equal(res.statusCode, 200);
  return { html: res.body, checkout: hydrationData(res.body).loaderData.cart.checkout };
}

/** The value attribute of the order form's input `name` ('' when it has none). */
const fieldValue = (html: string, name: string) =>
  new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html.slice(html.indexOf('id="checkout"')))?.[0].match(/value="([^"]*)"/)?.[1] ?? '';

t.test('the profile prefills name, phone and e-mail; the saved addresses are offered, the first filled in', async (t) => {
  const v = app.visitor();
  const userId = await createUser(app, { email: 'back@example.com', name: 'Вера Петрова', signIn: v });
  await app.db.query("UPDATE users SET phone = '+7 912 345-67-89' WHERE id = $1", [userId]);
  await app.db.query(
    `INSERT INTO user_addresses (user_id, site, city, address, postcode) VALUES
       ($1, 'ru', 'Санкт-Петербург', 'Невский пр., 1, кв. 2', '191186'),
       ($1, 'ru', 'Казань', 'ул. Баумана, 5', ''),
       ($1, 'kz', 'Алматы', 'ул. Абая, 10', '')`,
    [userId],
  );
  await withCart(v);
  const { html, checkout } = await checkoutOf(v);
  t.same(checkout.prefill, { name: 'Вера Петрова', email: 'back@example.com', phone: '+7 912 345-67-89' });
  t.same(
    checkout.savedAddresses.map((a: { city: string; address: string }) => `${a.city}, ${a.address}`),
    ['Санкт-Петербург, Невский пр., 1, кв. 2', 'Казань, ул. Баумана, 5'],
    "this site's addresses, in the order saved; the kz one is not offered",
  );
  t.equal(fieldValue(html, 'name'), 'Вера Петрова', 'the name in the HTML');
  t.equal(fieldValue(html, 'phone'), '+7 912 345-67-89', 'the phone in the HTML');
  t.equal(fieldValue(html, 'email'), 'back@example.com', 'the e-mail in the HTML');
  t.equal(fieldValue(html, 'city'), 'Санкт-Петербург', 'the first saved city filled in');
  t.equal(fieldValue(html, 'address'), 'Невский пр., 1, кв. 2', 'and its address');
  t.match(html, '>Санкт-Петербург<!-- -->, <!-- -->Невский пр., 1, кв. 2</button>', 'each saved address is a choice');
  t.match(html, '>Казань<!-- -->, <!-- -->ул. Баумана, 5</button>');
  t.notMatch(html, 'ул. Абая', "another site's address is not on the page");

  const kz = app.visitor();
  await app.db.query('INSERT INTO sessions (id, user_id) VALUES ($1, $2)', [kz.sessionId, userId]);
  await withCart(kz, 'kz.localhost');
  const onKz = await checkoutOf(kz, 'kz.localhost');
  t.same(
    onKz.checkout.savedAddresses.map((a: { city: string }) => a.city),
    ['Алматы'],
    'on kz, the kz address',
  );
});

t.test('a profile without a phone leaves the field empty; a visitor who is not signed in gets nothing prefilled', async (t) => {
  const v = app.visitor();
  await createUser(app, { email: 'nophone@example.com', name: 'Иван', signIn: v });
  await withCart(v);
  const signedIn = await checkoutOf(v);
  t.equal(signedIn.checkout.prefill.phone, '');
  t.same(signedIn.checkout.savedAddresses, []);
  t.equal(fieldValue(signedIn.html, 'city'), '', 'no city filled in');
  t.notMatch(signedIn.html, 'checkout__saved', 'no address choice without saved addresses');

  const guest = app.visitor();
  await withCart(guest);
  const anonymous = await checkoutOf(guest);
  t.same(anonymous.checkout.prefill, { name: '', email: '', phone: '' });
  t.same(anonymous.checkout.savedAddresses, []);
});

t.test('what the shopper typed after a refused order wins over the profile', async (t) => {
  const v = app.visitor();
  const userId = await createUser(app, { email: 'typed@example.com', name: 'Олег', signIn: v });
  await app.db.query("UPDATE users SET phone = '+7 900 000-00-01' WHERE id = $1", [userId]);
  await app.db.query(
    "INSERT INTO user_addresses (user_id, site, city, address, postcode) VALUES ($1, 'ru', 'Казань', 'ул. Баумана, 5', '')",
    [userId],
  );
  await withCart(v);
  const { checkout } = await checkoutOf(v);
  // Without JavaScript a refused order comes back to the form with what was typed (the flash).
  const refused = await app.submit({
    path: '/cart',
    as: v,
    js: false,
    fields: {
      _form: 'checkout',
      intent: 'checkout',
      checkoutKey: checkout.key,
      name: 'Олег',
      phone: '+7 900 000-00-02',
      email: 'typed@example.com',
      city: 'Самара',
      address: '',
      customerType: 'person',
      delivery: 'courier',
      payment: 'cash',
      next: '/cart?step=checkout',
    },
  });
  t.equal(refused.statusCode, 303, 'refused: back to the form');
  // The typed values travel in the flash cookie the refusal set.
  const cookie = [v.cookie, ...Object.entries(setCookies(refused)).map(([k, value]) => `${k}=${value}`)].join('; ');
  const again = await app.request({ url: refused.headers.location as string, headers: { cookie } });
  t.ok(hydrationData(again.body).loaderData.root.flash, 'the refusal came back in the flash');
  t.equal(fieldValue(again.body, 'phone'), '+7 900 000-00-02', 'the typed phone, not the profile’s');
  t.equal(fieldValue(again.body, 'city'), 'Самара', 'the typed city, not the saved one');
});

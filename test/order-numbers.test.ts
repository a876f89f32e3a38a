/**
 * Order numbers from a keyed permutation (issue 18, decision 036): unique, unrelated for consecutive ids, stable for a
 * key and different under another, in the "NNNN-NNNN" format; a number already given is walked past; and the numbers
 * the checkout gives are these.
 */
import fc from 'fast-check';
import t from 'tap';
import {
  formatOrderNumber,
  numberFor,
  ORDER_NUMBER_SPACE,
  orderNumber,
  orderNumberKey,
  permute,
  unpermute,
} from '../server/checkout/order-numbers.ts';
import { orderAt, startTestApp } from './helpers/app.ts';
import { PICKUP_ORDER } from './helpers/order.ts';

const key = orderNumberKey('test-secret-test-secret-test-secret!');
const otherKey = orderNumberKey('another-secret-another-secret-another');

t.test('a permutation: unique over a range, invertible, inside 0 … 10^8 − 1', async (t) => {
  const seen = new Set<number>();
  let outside = 0;
  for (let id = 1; id <= 50_000; id++) {
    const n = permute(key, id);
    if (n < 0 || n >= ORDER_NUMBER_SPACE) outside++;
    seen.add(n);
  }
  t.equal(outside, 0, 'every number inside the space');
  t.equal(seen.size, 50_000, '50 000 ids, 50 000 numbers');
  fc.assert(fc.property(fc.integer({ min: 0, max: ORDER_NUMBER_SPACE - 1 }), (id) => unpermute(key, permute(key, id)) === id));
  t.throws(() => permute(key, ORDER_NUMBER_SPACE), RangeError);
});

t.test('consecutive ids give unrelated numbers; the old affine formula is gone', async (t) => {
  const diffs = new Set<number>();
  let close = 0;
  for (let id = 1000; id < 1200; id++) {
    const d = permute(key, id + 1) - permute(key, id);
    diffs.add(d);
    if (Math.abs(d) < 1000) close++;
  }
  t.ok(diffs.size > 190, `the step between consecutive numbers varies (${diffs.size} distinct steps of 200)`);
  t.ok(close < 5, `consecutive numbers are rarely close (${close} of 200 within 1000)`);
  const affine = (id: number) => (id * 48271 + 52379) % 100_000_000;
  t.not(permute(key, 7), affine(7));
});

t.test('stable for a key, different under another; the format of today', async (t) => {
  t.equal(orderNumber(key, 42), orderNumber(orderNumberKey('test-secret-test-secret-test-secret!'), 42), 'same key, same number');
  let same = 0;
  for (let id = 1; id <= 100; id++) if (orderNumber(key, id) === orderNumber(otherKey, id)) same++;
  t.ok(same <= 1, 'another key, other numbers');
  fc.assert(fc.property(fc.integer({ min: 1, max: 99_999_999 }), (id) => /^\d{4}-\d{4}$/.test(orderNumber(key, id))));
  t.equal(formatOrderNumber(1234), '0000-1234');
});

t.test('the checkout gives these numbers; a number already taken is walked past', async (t) => {
  const app = await startTestApp(t);
  // The app's key comes from its session secret (test/helpers/app.ts).
  const taken = orderNumber(key, 900);
  await app.db.query(`INSERT INTO orders (site, currency, total, number) VALUES ('ru', 'RUB', 1, $1)`, [taken]);
  const walked = await numberFor(app.db, key, 900);
  t.not(walked, taken, 'the taken number is not given again');
  t.equal(walked, formatOrderNumber(permute(key, permute(key, 900))), 'the next one on the cycle');
  const [fresh] = await app.db.query<{ id: number; number: string }>(
    `INSERT INTO orders (site, currency, total) VALUES ('ru', 'RUB', 1) RETURNING id, number`,
  );
  t.match(fresh!.number, /^\d{4}-\d{4}$/, 'an order inserted by hand gets a number too');

  const v = app.visitor();
  const [p] = await app.db.query<{ id: number }>(`SELECT id FROM products WHERE sku = 'ABS-AK-10'`);
  await app.submit({ path: '/cart', fields: { intent: 'item', productId: p!.id, quantity: 1 }, as: v, js: true });
  const data = (await app.request({ url: '/_data/cart?_routes=cart', as: v })).json().results.cart.data;
  const res = await app.submit({
    path: '/cart',
    fields: {
      ...PICKUP_ORDER,
      checkoutKey: data.checkout.key,
      expectedGoods: String(data.cart.goods),
    },
    as: v,
    js: true,
  });
  const redirect = String(res.json().redirect);
  t.match(redirect, /^\/cart\/success\/\d{4}-\d{4}$/, 'the result page is addressed by the number');
  const { id } = await orderAt(app, redirect);
  const [placed] = await app.db.query<{ number: string }>('SELECT number FROM orders WHERE id = $1', [id]);
  t.equal(placed!.number, orderNumber(key, id), "a placed order's number is its id under the keyed permutation");
});

/**
 * Analytics consent and the Yandex Metrika e-commerce data layer (issue 10 item 7, decision 025): the event
 * builders give the documented shapes, the cart action tells a site with a counter what a change did (and
 * nothing on a site without), the page starts the counter only when the request carries the consent, and a
 * placed order is reported once per tab.
 */

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import t from 'tap';
import { analyticsSnippet, metrikaSnippet } from '../client/third-party/Analytics.tsx';
import { DATA_LAYER_SNIPPET, REPORTED_ORDERS_KEY, reportPurchase } from '../client/third-party/ecommerce.ts';
import { demoSitesConfig } from '../server/platform/demo-sites.ts';
import {
  type CartLineSnapshot,
  cartChangeEvents,
  cartChangesOf,
  detailEvent,
  diffCart,
  productsEvent,
  purchaseEvent,
} from '../shared/ecommerce.ts';
import { METRIKA_INIT_OPTIONS } from '../shared/third-party.ts';
import { hydrationData, startTestApp, type Visitor } from './helpers/app.ts';

const COUNTER = 55501234;

t.test('builders: the documented data layer objects', async (t) => {
  t.same(detailEvent('RUB', { sku: 'VIB-STD-22', title: 'Вибро Стандарт 2.2', price: 380, category: { title: 'Виброизоляция' } }), {
    ecommerce: {
      currencyCode: 'RUB',
      detail: { products: [{ id: 'VIB-STD-22', name: 'Вибро Стандарт 2.2', price: 380, category: 'Виброизоляция' }] },
    },
  });
  const notSold = detailEvent('KZT', { sku: 'X-1', title: 'X', price: null });
  t.same(
    notSold,
    { ecommerce: { currencyCode: 'KZT', detail: { products: [{ id: 'X-1', name: 'X' }] } } },
    'no price: the field is left out',
  );
  t.notOk('price' in notSold.ecommerce.detail!.products[0]!, 'not even as undefined');

  t.same(
    productsEvent('add', 'MDL', [{ id: 'A', name: 'a', price: 1.5, brand: 'B', category: 'C/D', quantity: 2, variant: 'v' }]),
    {
      ecommerce: {
        currencyCode: 'MDL',
        add: { products: [{ id: 'A', name: 'a', price: 1.5, brand: 'B', category: 'C/D', quantity: 2, variant: 'v' }] },
      },
    },
    'every productFieldObject field the format names passes through',
  );

  t.same(
    purchaseEvent({
      id: 1042,
      revenue: 8290,
      currency: 'RUB',
      lines: [
        { id: 'VIB-STD-22', name: 'Вибро Стандарт 2.2', price: 380, quantity: 2, category: 'Виброизоляция' },
        { name: 'Без артикула', price: 7530, quantity: 1 },
      ],
    }),
    {
      ecommerce: {
        currencyCode: 'RUB',
        purchase: {
          actionField: { id: '1042', revenue: 8290 },
          products: [
            { id: 'VIB-STD-22', name: 'Вибро Стандарт 2.2', price: 380, quantity: 2, category: 'Виброизоляция' },
            { name: 'Без артикула', price: 7530, quantity: 1 },
          ],
        },
      },
    },
    'actionField.id is the order id as a string; a line without an id goes by its name',
  );
  t.same(
    purchaseEvent({ id: 7, revenue: 1, currency: 'KZT', lines: [{ id: 12, name: 'n', price: 1, quantity: 1 }] }).ecommerce.purchase!
      .products,
    [{ id: '12', name: 'n', price: 1, quantity: 1 }],
  );
});

const line = (id: string, quantity: number, price = 100): CartLineSnapshot => ({ id, name: `n-${id}`, price, category: 'c', quantity });

t.test('cart changes: the difference of two snapshots, as add and remove events', async (t) => {
  t.same(diffCart([], [line('A', 2)]), [line('A', 2)], 'a new line');
  t.same(diffCart([line('A', 2)], [line('A', 5)]), [line('A', 3)], 'more of a line');
  t.same(diffCart([line('A', 5)], [line('A', 1)]), [line('A', -4)], 'less of a line');
  t.same(diffCart([line('A', 5), line('B', 1)], [line('B', 1)]), [line('A', -5)], 'a line removed; an unchanged line is left out');
  t.same(diffCart([line('A', 1)], [line('A', 1)]), [], 'nothing changed');

  t.same(cartChangeEvents('RUB', []), [], 'no change, no event');
  t.same(cartChangeEvents('RUB', [line('A', 3), line('B', -2, 50)]), [
    { ecommerce: { currencyCode: 'RUB', add: { products: [{ id: 'A', name: 'n-A', price: 100, category: 'c', quantity: 3 }] } } },
    { ecommerce: { currencyCode: 'RUB', remove: { products: [{ id: 'B', name: 'n-B', price: 50, category: 'c', quantity: 2 }] } } },
  ]);

  // Whatever the two carts, applying the changes to the first gives the second.
  const cart = fc.uniqueArray(fc.record({ id: fc.constantFrom('A', 'B', 'C', 'D', 'E'), quantity: fc.integer({ min: 1, max: 999 }) }), {
    selector: (l) => l.id,
    maxLength: 5,
  });
  fc.assert(
    fc.property(cart, cart, (a, b) => {
      const before = a.map((l) => line(l.id, l.quantity));
      const after = b.map((l) => line(l.id, l.quantity));
      const changes = diffCart(before, after);
      const result = new Map(before.map((l) => [l.id, l.quantity]));
      for (const c of changes) {
        if (c.quantity === 0) return false;
        result.set(c.id, (result.get(c.id) ?? 0) + c.quantity);
      }
      for (const [id, q] of result) if (q === 0) result.delete(id);
      const events = cartChangeEvents('RUB', changes);
      const quantities = events.flatMap((e) => [...(e.ecommerce.add?.products ?? []), ...(e.ecommerce.remove?.products ?? [])]);
      return (
        JSON.stringify([...result].sort()) === JSON.stringify(after.map((l) => [l.id, l.quantity]).sort()) &&
        quantities.every((p) => p.quantity! > 0) &&
        quantities.length === changes.length
      );
    }),
  );

  t.same(cartChangesOf({ ok: true, cartChanges: [line('A', -1)] }), [line('A', -1)]);
  for (const bad of [
    null,
    'x',
    { ok: true },
    { cartChanges: 'no' },
    { cartChanges: [{ id: 1, name: 'n', price: 1, quantity: 1 }] },
    { cartChanges: [{ id: 'A', name: 'n', price: 'free', quantity: 1 }] },
    { cartChanges: [{ id: 'A', name: 'n', price: 1, quantity: 1.5 }] },
    { cartChanges: [{ id: 'A', name: 'n', price: 1, quantity: 1, category: 3 }] },
    { cartChanges: [null] },
  ])
    t.equal(cartChangesOf(bad), null, `refused: ${JSON.stringify(bad)}`);
});

t.test('the counter is initialised with the e-commerce data layer', async (t) => {
  t.equal(METRIKA_INIT_OPTIONS.ecommerce, 'dataLayer');
  t.match(metrikaSnippet(COUNTER), '"ecommerce":"dataLayer"');
  t.equal(analyticsSnippet(COUNTER, false), DATA_LAYER_SNIPPET, 'without consent: only the data layer, no counter');
  t.notMatch(analyticsSnippet(COUNTER, false), /yandex|ym/);
  t.equal(analyticsSnippet(COUNTER, true), DATA_LAYER_SNIPPET + metrikaSnippet(COUNTER));
});

/** A sites config whose kz site has an analytics counter; written to a file for SITES_FILE. */
function sitesFileWithCounter(): string {
  const cfg = structuredClone(demoSitesConfig) as any;
  cfg.sites.find((s: any) => s.id === 'kz').tags = { analytics: { counterId: COUNTER } };
  const file = join(mkdtempSync(join(tmpdir(), 'ecommerce-')), 'sites.json');
  writeFileSync(file, JSON.stringify(cfg));
  return file;
}

t.test('pages and the cart action on a site with a counter and on one without', async (t) => {
  const app = await startTestApp(t, { SITES_FILE: sitesFileWithCounter() });
  const kz = 'kz.localhost';
  const price = async (sku: string, list: string) =>
    (
      await app.db.query<{ amount: number }>(
        'SELECT pp.amount::float8 AS amount FROM products p JOIN product_prices pp ON pp.product_id = p.id WHERE p.sku = $1 AND pp.price_list = $2',
        [sku, list],
      )
    )[0]!.amount;
  const productId = async (sku: string) => (await app.db.query<{ id: number }>('SELECT id FROM products WHERE sku = $1', [sku]))[0]!.id;
  const cart = (v: Visitor, fields: Record<string, string | number>, host = kz) =>
    app.submit({ path: '/cart', as: v, js: true, host, fields });
  const changesOf = (res: { json(): any }) => res.json().results.cart.data.cartChanges;

  t.test('the page: data layer always, the counter only with the consent cookie', async (t) => {
    const fresh = await app.request({ url: '/', host: kz });
    const nonce = /'nonce-([^']+)'/.exec(fresh.headers['content-security-policy'] as string)![1]!;
    t.ok(fresh.body.includes(`<script nonce="${nonce}">${DATA_LAYER_SNIPPET}</script>`), 'the data layer is created');
    t.notMatch(fresh.body, /mc\.yandex|ym\(|<noscript/, 'no counter, no pixel before consent');
    t.equal(hydrationData(fresh.body).loaderData.root.cookieConsent, false);
    t.match(fresh.body, 'Веб-аналитика (Яндекс Метрика) и запись сеансов включаются только после нажатия «Согласен».');

    const accepted = await app.request({ url: '/', host: kz, headers: { cookie: 'cooky=1' } });
    const nonce2 = /'nonce-([^']+)'/.exec(accepted.headers['content-security-policy'] as string)![1]!;
    t.ok(
      accepted.body.includes(`<script nonce="${nonce2}">${analyticsSnippet(COUNTER, true)}</script>`),
      'the counter starts with the page',
    );
    t.match(accepted.body, `<noscript><div><img src="https://mc.yandex.ru/watch/${COUNTER}"`);
    t.notMatch(accepted.body, 'cookie-banner');

    const main = await app.request({ url: '/', host: 'localhost' });
    // (The strings table travels in the boot data; the sentence itself, filled in, is not on the page.)
    t.notMatch(main.body, /dataLayer|mc\.yandex|нажатия «Согласен»/, 'a site without a counter has none of it');
  });

  t.test('add, set, remove and a kit report exactly what changed, at the site’s prices', async (t) => {
    const v = app.visitor();
    const std = await productId('VIB-STD-22');
    const stdLine = { id: 'VIB-STD-22', name: 'Вибро Стандарт 2.2', price: await price('VIB-STD-22', 'kz'), category: 'Виброизоляция' };
    t.not(stdLine.price, await price('VIB-STD-22', 'ru'), 'the kz list differs from the ru one');

    const added = await cart(v, { intent: 'item', productId: std, quantity: 2 });
    t.same(added.json(), { results: { cart: { data: { ok: true, cartChanges: [{ ...stdLine, quantity: 2 }] }, status: 200 } } });
    t.same(changesOf(await cart(v, { intent: 'item', productId: std, quantity: 3 })), [{ ...stdLine, quantity: 3 }], 'add sums: +3');
    t.same(
      changesOf(await cart(v, { intent: 'item', productId: std, quantity: 1, mode: 'set' })),
      [{ ...stdLine, quantity: -4 }],
      'set 5 → 1',
    );
    t.same(changesOf(await cart(v, { intent: 'item', productId: std, quantity: 1, mode: 'set' })), [], 'set to the same: no change');
    t.same(changesOf(await cart(v, { intent: 'item', productId: std, quantity: 998 })), [{ ...stdLine, quantity: 998 }]);
    t.same(changesOf(await cart(v, { intent: 'item', productId: std, quantity: 5 })), [], 'capped at 999: nothing was added');
    t.same(
      changesOf(await cart(v, { intent: 'item', productId: std, quantity: 0, mode: 'set' })),
      [{ ...stdLine, quantity: -999 }],
      'removed',
    );

    const [kit] = await app.db.query<{ slug: string; id: number }>(
      `SELECT k.slug, k.id FROM kits k WHERE NOT EXISTS (
         SELECT 1 FROM kit_items ki LEFT JOIN product_prices pp ON pp.product_id = ki.product_id AND pp.price_list = 'kz'
          WHERE ki.kit_id = k.id AND pp.amount IS NULL) ORDER BY k.slug LIMIT 1`,
    );
    const items = await app.db.query<{ sku: string; quantity: number }>(
      'SELECT p.sku, ki.quantity FROM kit_items ki JOIN products p ON p.id = ki.product_id WHERE ki.kit_id = $1 ORDER BY p.sku',
      [kit!.id],
    );
    const kitChanges: { id: string; quantity: number; price: number }[] = changesOf(await cart(v, { intent: 'kit', slug: kit!.slug }));
    t.same(
      kitChanges.map((c) => ({ sku: c.id, quantity: c.quantity })).sort((a, b) => a.sku.localeCompare(b.sku)),
      items,
      'every line of the kit, with its quantity',
    );
    for (const c of kitChanges) t.equal(c.price, await price(c.id, 'kz'), `${c.id}: the kz price`);

    const refused = await cart(v, { intent: 'item', productId: 2_000_000, quantity: 1 });
    t.equal(refused.statusCode, 200, 'the envelope');
    t.equal(refused.json().results.cart.status, 404);
    t.notOk('cartChanges' in refused.json().results.cart.data, 'a refused change reports nothing');

    const plain = await app.submit({ path: '/cart', as: v, js: false, host: kz, fields: { intent: 'item', productId: std, quantity: 1 } });
    t.equal(plain.statusCode, 303, 'without JavaScript: the usual 303, no analytics work');
  });

  t.test('a site without a counter: the answer is as before', async (t) => {
    const v = app.visitor();
    const res = await cart(v, { intent: 'item', productId: await productId('VIB-STD-22'), quantity: 1 }, 'localhost');
    t.same(res.json(), { results: { cart: { data: { ok: true }, status: 200 } } });
  });
});

t.test('reportPurchase: once per order in a tab, only where the data layer exists', async (t) => {
  const store = new Map<string, string>();
  const sessionStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
  };
  const g = globalThis as any;
  const saved = g.window;
  t.teardown(() => {
    g.window = saved;
  });
  const order = { id: 501, revenue: 760, currency: 'RUB', lines: [{ name: 'Вибро Стандарт 2.2', price: 380, quantity: 2 }] };

  g.window = { sessionStorage };
  t.equal(reportPurchase(order), false, 'no data layer (no counter): nothing');
  t.equal(store.size, 0, 'and nothing remembered');

  g.window = { sessionStorage, dataLayer: [] };
  t.equal(reportPurchase(order), true);
  t.same(g.window.dataLayer, [purchaseEvent(order)]);
  t.same(JSON.parse(store.get(REPORTED_ORDERS_KEY)!), ['501']);

  // A reload: a new page (empty data layer), the same tab's storage.
  g.window = { sessionStorage, dataLayer: [] };
  t.equal(reportPurchase(order), false, 'the same order again: not counted twice');
  t.equal(reportPurchase({ ...order, id: 502 }), true, 'another order is');
  t.same(g.window.dataLayer, [purchaseEvent({ ...order, id: 502 })]);

  store.set(REPORTED_ORDERS_KEY, '{broken');
  g.window = { sessionStorage, dataLayer: [] };
  t.equal(reportPurchase({ ...order, id: 503 }), true, 'an unreadable record is started afresh');
  g.window = {
    dataLayer: [],
    sessionStorage: {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    },
  };
  t.equal(reportPurchase(order), true, 'storage refused: reported anyway');
});

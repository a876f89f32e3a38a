/**
 * /calc and /constructor through the real app: the server-rendered default result (₽ on the main site, ₸ on the
 * Kazakh one), hostile query strings (defaults with a notice, never a 5xx), the cart's 'lines' intent (every line
 * or none, summed and capped; the cart's total equals the calculator's), and saving a result to /records.
 */
import t from 'tap';
import { calcSearch, calculate, parseCalcQuery } from '../shared/calculator.ts';
import { cartTotal, MAX_QUANTITY } from '../shared/cart.ts';
import { createUser, hydrationData, setCookies, startTestApp } from './helpers/app.ts';

const app = await startTestApp(t);
/** The route's status inside a /_data answer's envelope (the HTTP status of a /_data answer is 200). */
const status = (res: { json(): any }, route = 'cart'): number => res.json().results[route].status;
/** The visible text of the page's main part. */
const text = (html: string) =>
  (html.split('<main')[1] ?? '')
    .split('</main>')[0]!
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/\s+/g, ' ');

t.test('/calc renders the default result, indexable, with a description', async (t) => {
  const res = await app.request({ url: '/calc' });
  t.equal(res.statusCode, 200);
  t.match(res.body, /<h1>Калькулятор шумоизоляции<\/h1>/);
  t.match(res.body, /<meta name="description" content="Сколько листов шумоизоляции/);
  t.notMatch(res.body, /noindex/);
  const page = text(res.body);
  // The default: a sedan's four doors at the middle tier — 7 910 ₽ (the kit dveri-4), 12,3 kg, 22 sheets (test/calculator.test.ts).
  t.match(page, /Цена 7 910 ₽/);
  t.match(page, /Добавит массы 12,3 кг/);
  t.match(page, /Листов 22/);
  t.match(page, /Вибро Стандарт 2\.2/);
  t.match(res.body, /name="zone" checked="" value="door-skin"/, 'the GET form shows the choice');
  t.notMatch(page, /не распознана/, 'no notice');
});

t.test('prices come from the site being viewed: ₸ on kz.localhost', async (t) => {
  const res = await app.request({ url: '/calc?body=sedan&tier=good&zone=door-skin&zone=door-inner&zone=door-trim', host: 'kz.localhost' });
  t.equal(res.statusCode, 200);
  t.match(text(res.body), /Цена 44 290 ₸/);
  const kk = await app.request({ url: '/kk/calc', host: 'kz.localhost' });
  t.equal(kk.statusCode, 200);
  t.match(text(kk.body), /44 290 ₸/);
  t.match(kk.body, /Шуоқшаулау калькуляторы/, 'in Kazakh');
});

t.test('/constructor renders its result from the query', async (t) => {
  const res = await app.request({ url: '/constructor?body=sedan&tier=good&zone=floor&zone=boot' });
  t.equal(res.statusCode, 200);
  t.match(text(res.body), /Цена 10 830 ₽/, 'rounded once per product: the floor-and-boot kit');
  t.match(res.body, /role="checkbox" aria-checked="true" aria-label="Пол салона с тоннелем"/);
  t.match(res.body, /<select name="floor\.vibration"/);
  const none = await app.request({ url: '/constructor?body=sedan&tier=good&zone=floor&zone=boot&floor.barrier=-&boot.barrier=-' });
  t.match(text(none.body), /Цена 7 350 ₽/, 'without the barrier layer');
});

t.test('hostile query strings: the defaults with a notice, never a 5xx, nothing echoed', async (t) => {
  const probe = '<x-probe>';
  for (const query of [
    `body=${encodeURIComponent(probe)}`,
    'tier=max&tier=good',
    'zone=wing&zone=roof',
    `zone=${'roof&zone='.repeat(200)}roof`,
    `car=${'a'.repeat(5000)}`,
    'car=__proto__&body=constructor&tier=toString',
    'zone[]=roof&body[a]=1',
    '%zz=%E0%A4%A&zone=%00',
    `door-skin.vibration=${encodeURIComponent(probe)}&zone=door-skin`,
  ]) {
    for (const path of ['/calc', '/constructor', '/_data/calc', '/_data/constructor']) {
      const url = path.startsWith('/_data') ? `${path}?${query}&_routes=${path.endsWith('calc') ? 'calc' : 'builder'}` : `${path}?${query}`;
      const res = await app.request({ url });
      t.ok(res.statusCode < 500, `${url.slice(0, 80)}: ${res.statusCode}`);
      if (!path.startsWith('/_data')) {
        t.equal(res.statusCode, 200);
        t.notOk(res.body.includes(probe), 'the probe is not echoed');
      }
    }
  }
  const res = await app.request({ url: '/calc?body=tank&tier=max&tier=good&zone=wing' });
  const page = text(res.body);
  t.match(page, /Часть ссылки не распознана/);
  t.match(page, /неизвестный тип кузова/);
  t.match(page, /неизвестный уровень/);
  t.match(page, /неизвестные зоны/);
  t.match(page, /Седан · Хороший/, 'the defaults');
});

/** The session's cart: product id → quantity. */
async function cart(sessionId: string, site = 'ru') {
  const rows = await app.db.query<{ product_id: number; quantity: number }>(
    `SELECT ci.product_id, ci.quantity FROM carts c JOIN cart_items ci ON ci.cart_id = c.id WHERE c.session_id = $1 AND c.site = $2`,
    [sessionId, site],
  );
  return Object.fromEntries(rows.map((r) => [r.product_id, r.quantity]));
}

t.test("'Всё в корзину': the cart holds exactly the calculator's lines and its total is the calculator's", async (t) => {
  for (const [host, site] of [
    ['localhost', 'ru'],
    ['kz.localhost', 'kz'],
  ] as const) {
    const model = await app.services.calculator.model(app.services.sites.byId(site)!, 'ru');
    const state = parseCalcQuery(model, 'car=lada-vesta&tier=excellent&zone=door-skin&zone=floor&zone=roof&zone=arches-out').state;
    const result = calculate(model, state);
    const v = app.visitor();
    const lines = result.items.map((i) => `${i.productId}:${i.quantity}`).join(',');
    for (const js of [true, false]) {
      const res = await app.submit({
        path: '/cart',
        fields: { intent: 'lines', lines, next: `/calc?${calcSearch(state)}` },
        as: v,
        js,
        host,
      });
      t.equal(res.statusCode, js ? 200 : 303, `${site}, js ${js}`);
      if (!js) t.equal(res.headers.location, `/calc?${calcSearch(state)}`, 'back to the calculator');
    }
    t.same(await cart(v.sessionId, site), Object.fromEntries(result.items.map((i) => [i.productId, i.quantity * 2])), 'twice: summed');
    const entries = await app.services.cart.entries(v.sessionId, site, app.services.sites.byId(site)!.priceList);
    t.equal(cartTotal(entries), result.totals.price * 2, `${site}: the cart's total is twice the calculator's`);
  }
});

t.test("'lines': capped like one add, all or none, malformed refused with 400", async (t) => {
  const [a, b] = await app.db.query<{ id: number }>(`SELECT id FROM products WHERE sku IN ('VIB-STD-22', 'ABS-AK-10') ORDER BY sku`);
  const v = app.visitor();
  await app.submit({ path: '/cart', fields: { intent: 'lines', lines: `${a!.id}:900,${b!.id}:1` }, as: v, js: true });
  await app.submit({ path: '/cart', fields: { intent: 'lines', lines: `${a!.id}:900,${b!.id}:1,${b!.id}:2` }, as: v, js: true });
  t.same(await cart(v.sessionId), { [a!.id]: MAX_QUANTITY, [b!.id]: 4 }, 'capped at 999; a product named twice counts its sum');

  // One product the site does not sell: nothing is added.
  await app.db.query(`DELETE FROM product_prices WHERE product_id = $1 AND price_list = 'kz'`, [b!.id]);
  const w = app.visitor();
  const refused = await app.submit({
    path: '/cart',
    fields: { intent: 'lines', lines: `${a!.id}:2,${b!.id}:1` },
    as: w,
    js: true,
    host: 'kz.localhost',
  });
  t.equal(status(refused), 409);
  t.same(await cart(w.sessionId, 'kz'), {}, 'all or none');
  const unknown = await app.submit({ path: '/cart', fields: { intent: 'lines', lines: `${a!.id}:2,2147483000:1` }, as: w, js: true });
  t.equal(status(unknown), 409, 'an unknown product');
  t.same(await cart(w.sessionId), {});
  t.equal((await app.db.query('SELECT 1 FROM sessions WHERE id = $1', [w.sessionId])).length, 0, 'a refused add creates no session row');

  for (const lines of ['', '1', '1:0', '1:1000', '0:1', '1:1,', 'a:b', `${'1:1,'.repeat(60)}1:1`, '1:1;2:2', '99999999999:1']) {
    const res = await app.submit({ path: '/cart', fields: { intent: 'lines', lines }, as: w, js: true });
    t.equal(status(res), 400, `lines=${lines.slice(0, 30)}: 400`);
  }
  t.same(await cart(w.sessionId), {});
});

t.test('saving a result: signed in only, figures recomputed on the server, the link reopens it', async (t) => {
  const anonymous = app.visitor();
  const query = '?car=kia-rio&tier=max&zone=roof&zone=hood';
  const refused = await app.submit({ path: '/calc', fields: { intent: 'save', title: 'Мой Rio', query }, as: anonymous, js: true });
  t.equal(status(refused, 'calc'), 401);
  t.match(refused.json(), { results: { calc: { data: { ok: false, errors: { '': 'calc.save.signIn' } } } } });

  const v = app.visitor();
  const userId = await createUser(app, { signIn: v });
  const saved = await app.submit({ path: '/calc', fields: { intent: 'save', title: '  Мой Rio  ', query }, as: v, js: true });
  t.equal(status(saved, 'calc'), 200);
  const [record] = await app.services.records.list(userId, 'ru');
  const model = await app.services.calculator.model(app.services.sites.byId('ru')!, 'ru');
  const expected = calculate(model, parseCalcQuery(model, query.slice(1)).state).totals;
  t.match(record, { kind: 'calculation', title: 'Мой Rio', link: '/calc?car=kia-rio&tier=max&zone=roof&zone=hood' });
  t.match(record!.details, { price: expected.price, currency: 'RUB', sheets: expected.sheets, zones: 2 });
  const reopened = await app.request({ url: record!.link, as: v });
  t.match(text(reopened.body), new RegExp(`Цена ${expected.price.toLocaleString('ru-RU').replace(/\s/g, ' ')} ₽`));

  const plain = await app.submit({
    path: '/constructor',
    fields: { intent: 'save', title: 'Сборка', query: 'zone=floor&floor.barrier=-', next: '/constructor?zone=floor' },
    as: v,
    js: false,
  });
  t.equal(plain.statusCode, 303);
  t.equal(plain.headers.location, '/constructor?zone=floor');
  const [construction] = await app.services.records.list(userId, 'ru', { kind: 'construction' });
  t.match(construction, {
    title: 'Сборка',
    link: '/constructor?body=sedan&tier=good&zone=floor&floor.vibration=VIB-OPT-30&floor.absorber=-&floor.barrier=-',
  });

  const long = await app.submit({ path: '/calc', fields: { intent: 'save', title: 'я'.repeat(201), query }, as: v, js: false });
  t.equal(long.statusCode, 303, 'refused without script: back with the error kept');
  t.ok(setCookies(long).flash, 'in a flash');
  t.equal((await app.services.records.list(userId, 'ru')).length, 2, 'nothing more saved');
});

t.test('the page data is the model, the same for every query (the browser computes, no refetch needed)', async (t) => {
  const a = await app.request({ url: '/_data/calc?_routes=calc' });
  const b = await app.request({ url: '/_data/calc?zone=roof&tier=max&_routes=calc' });
  t.equal(a.statusCode, 200);
  t.same(a.json().results.calc.data, b.json().results.calc.data);
  const html = await app.request({ url: '/constructor' });
  const model = hydrationData(html.body).loaderData.builder.model;
  t.equal(model.cars.length, 32);
  t.ok(Object.values(model.products).every((p: any) => p.sheetAreaM2 > 0));
});

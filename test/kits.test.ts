/**
 * Ready kits: the list (/komplekty-sumoizoliacii), one kit (/komplekty-sumoizoliacii/{slug}) with its lines,
 * price per site (discount, the site's rounding step) and mass, the 404 of an unknown kit, and
 * POST /api/cart/kit, which puts every line in the cart at once — or nothing where the site cannot sell it.
 */
import t from 'tap';
import { startTestApp, hydrationData, type Visitor } from './helpers/app.ts';

const app = await startTestApp(t);

const kitData = async (slug: string, host?: string) => {
  const res = await app.request({ url: `/komplekty-sumoizoliacii/${slug}`, host });
  t.equal(res.statusCode, 200, slug);
  return { html: res.body, kit: hydrationData(res.body).loaderData.kit.kit, currency: hydrationData(res.body).loaderData.kit.currency };
};
const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));
const text = (html: string) => main(html).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

const addKit = (v: Visitor, body: Record<string, unknown>, opts: { host?: string; token?: string | null } = {}) =>
  app.request({
    method: 'POST',
    url: '/api/cart/kit',
    host: opts.host,
    as: v,
    headers: opts.token === null ? {} : { 'x-csrf-token': opts.token ?? v.token },
    payload: body,
  });

t.test('the list: every kit with its price and mass, in place of the kits category listing', async (t) => {
  const res = await app.request({ url: '/komplekty-sumoizoliacii' });
  t.equal(res.statusCode, 200);
  const data = hydrationData(res.body).loaderData;
  t.ok(data.kits, 'the kits route, not the category route');
  t.notOk(data.category);
  const kits = data.kits.kits as Array<{ slug: string; url: string; price: number; massKg: number }>;
  t.same(kits.map((k) => k.slug), ['dveri-4', 'pol-i-bagazhnik', 'krysha', 'kapot-i-kryshka-bagazhnika', 'arki', 'polnyj-sedan']);
  t.same(kits.map((k) => k.price), [7910, 10830, 3670, 4760, 7070, 33421], 'prices of domain.md, 5 % off the full sedan');
  for (const kit of kits) t.match(res.body, `href="/komplekty-sumoizoliacii/${kit.slug}"`);
  t.match(text(res.body), 'Цена комплекта 7 910 ₽');
  t.match(text(res.body), 'Масса комплекта, кг ≈ 21,1');
  t.match(res.body, /<title>Комплекты шумоизоляции — /);
  const en = await app.request({ url: '/en/komplekty-sumoizoliacii' });
  t.equal(en.statusCode, 200);
  t.match(en.body, 'href="/en/komplekty-sumoizoliacii/dveri-4"');
});

t.test('one kit: its products × quantity with links, totals and mass', async (t) => {
  const { html, kit } = await kitData('dveri-4');
  t.same(
    kit.lines.map((l: { sku: string; quantity: number; price: number }) => [l.sku, l.quantity, l.price]),
    [
      ['VIB-STD-22', 11, 380],
      ['BAR-IZ-4', 6, 190],
      ['ABS-AK-10', 3, 690],
      ['ASQ-LNT-15', 2, 260],
    ],
  );
  t.match(kit, { purchasable: true, separatePrice: 7910, price: 7910, discountPercent: 0 });
  // Σ quantity × sheet area × kg/m² (or net mass), from the products' own attributes:
  const rows = await app.db.query<{ sku: string; attributes: Record<string, number> }>(
    `SELECT sku, attributes FROM products WHERE sku IN ('VIB-STD-22', 'BAR-IZ-4', 'ABS-AK-10', 'ASQ-LNT-15')`,
  );
  const qty: Record<string, number> = { 'VIB-STD-22': 11, 'BAR-IZ-4': 6, 'ABS-AK-10': 3, 'ASQ-LNT-15': 2 };
  const expected = rows.reduce((sum, r) => sum + qty[r.sku]! * ((r.attributes.sheet_area_m2 ?? 0) * (r.attributes.mass_kg_m2 ?? 0) || (r.attributes.net_kg ?? 0)), 0);
  t.equal(kit.massKg, Math.round(expected * 10) / 10, 'Σ qty × sheet area × kg/m²');
  t.ok(kit.massKg > 10 && kit.massKg < 15);
  t.match(html, 'href="/vibroizolyaciya/vibro-standart-2-2"', 'lines link to their products');
  t.match(text(html), 'Вибро Стандарт 2.2 × 11 380 ₽ 4 180 ₽');
  t.match(text(html), 'Цена комплекта 7 910 ₽');
  t.notMatch(text(html), 'По отдельности', 'no discount lines without a discount');
  t.match(html, /<nav aria-label="Навигационная цепочка" class="breadcrumbs">.*?href="\/komplekty-sumoizoliacii".*?aria-current="page">Шумоизоляция 4 дверей</s);
  t.match(main(html), 'action="/api/cart/kit"');
});

t.test('totals per site: discount and the site rounding step (ru, kz)', async (t) => {
  const ru = await kitData('polnyj-sedan');
  t.match(ru.kit, { separatePrice: 35180, price: 33421, discountPercent: 5, massPartial: true });
  t.equal(ru.currency, 'RUB');
  t.ok(ru.kit.massKg > 55 && ru.kit.massKg < 70, `≈ 63 kg (${ru.kit.massKg})`);
  t.match(text(ru.html), 'По отдельности 35 180 ₽');
  t.match(text(ru.html), 'Скидка комплекта 5 % − 1 759 ₽');
  t.match(text(ru.html), 'Цена комплекта 33 421 ₽');
  t.match(text(ru.html), 'скидка комплекта там не применяется', 'says the cart prices the lines separately');

  const kz = await kitData('polnyj-sedan', 'kz.localhost');
  t.equal(kz.currency, 'KZT');
  t.equal(kz.kit.separatePrice, 196850);
  t.equal(kz.kit.price, 187010, '196 850 × 0.95 = 187 007.5, rounded to the kz step of 10');
  t.equal(kz.kit.massKg, ru.kit.massKg, 'mass does not depend on the site');
  t.match(text(kz.html), 'Цена комплекта 187 010 ₸');
});

t.test('an unknown kit is the 404 page', async (t) => {
  for (const url of ['/komplekty-sumoizoliacii/no-such-kit', '/komplekty-sumoizoliacii/%00', '/komplekty-sumoizoliacii/DVERI-4']) {
    const res = await app.request({ url });
    t.equal(res.statusCode, 404, url);
  }
  const res = await app.request({ url: '/komplekty-sumoizoliacii/no-such-kit' });
  t.equal(hydrationData(res.body).errors?.pages?.data?.message, 'Page not found: /komplekty-sumoizoliacii/no-such-kit');
  const data = await app.request({ url: '/_data/komplekty-sumoizoliacii/dveri-4?_routes=kit' });
  t.equal(data.statusCode, 200, 'client navigation data');
});

t.test('POST /api/cart/kit puts every line in the cart, adding to what is there', async (t) => {
  const v = app.visitor();
  const first = await addKit(v, { slug: 'krysha' });
  t.equal(first.statusCode, 200);
  t.match(first.json().data, { count: 2, total: 3670, currency: 'RUB' });
  t.same(
    first.json().data.cart.map((e: { sku: { code: string }; quantity: number }) => [e.sku.code, e.quantity]).sort(),
    [
      ['ABS-AK-10', 3],
      ['VIB-LT-18', 5],
    ],
  );
  const second = await addKit(v, { slug: 'kapot-i-kryshka-bagazhnika' });
  t.same(
    second.json().data.cart.map((e: { sku: { code: string }; quantity: number }) => [e.sku.code, e.quantity]).sort(),
    [
      ['ABS-AK-10', 3],
      ['ABS-AK-10F', 4],
      ['VIB-LT-18', 10],
    ],
    'a shared product sums',
  );
  t.equal(second.json().data.total, 3670 + 4760);

  const kz = await addKit(v, { slug: 'krysha' }, { host: 'kz.localhost' });
  t.match(kz.json().data, { currency: 'KZT', count: 2 }, 'the kz cart, priced from its list');

  const page = await app.request({ url: '/cart', as: v });
  t.match(page.body, 'Акустик 10 Фольга');
});

t.test('without JavaScript: a form post adds the kit and returns to the page', async (t) => {
  const v = app.visitor();
  const res = await app.request({
    method: 'POST',
    url: '/api/cart/kit',
    as: v,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token: v.token, slug: 'arki', next: '/komplekty-sumoizoliacii/arki' }).toString(),
  });
  t.equal(res.statusCode, 303);
  t.equal(res.headers.location, '/komplekty-sumoizoliacii/arki');
  const cart = await app.request({ method: 'GET', url: `/api/shop/cart?token=${v.token}`, as: v });
  t.equal(cart.json().data.count, 2);
  const away = await app.request({
    method: 'POST',
    url: '/api/cart/kit',
    as: v,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token: v.token, slug: 'arki', next: 'https://evil.example/' }).toString(),
  });
  t.equal(away.statusCode, 303);
  t.equal(away.headers.location, '/cart', 'never to another site');
});

t.test('bad input is 400 naming the field; an unknown kit 404; the token is required', async (t) => {
  const v = app.visitor();
  for (const body of [{}, { slug: '' }, { slug: 'Dveri 4' }, { slug: 'x'.repeat(200) }, { slug: 42 }, { slug: 'dveri-4\u0000' }]) {
    const res = await addKit(v, body);
    t.equal(res.statusCode, 400, JSON.stringify(body));
    t.ok(res.json().issues.some((i: { field: string }) => i.field === 'body.slug'), 'names body.slug');
  }
  const unknown = await addKit(v, { slug: 'no-such-kit' });
  t.equal(unknown.statusCode, 404);
  t.match(unknown.json(), { error: 'not_found', message: /no-such-kit/ });
  t.equal((await addKit(v, { slug: 'dveri-4' }, { token: null })).statusCode, 403);
  t.equal((await addKit(v, { slug: 'dveri-4' }, { token: app.visitor().token })).statusCode, 403);
  const [{ n }] = (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE id = $1', [v.sessionId])) as [{ n: number }];
  t.equal(n, 0, 'nothing was stored');
});

t.test('a kit holding a product the site does not sell cannot be bought there', async (t) => {
  const [ak] = await app.db.query<{ id: number }>(`SELECT id FROM products WHERE sku = 'ABS-AK-10'`);
  await app.db.query(`DELETE FROM product_prices WHERE product_id = $1 AND price_list = 'kg'`, [ak!.id]);
  const v = app.visitor();
  const refused = await addKit(v, { slug: 'dveri-4' }, { host: 'kg.localhost' });
  t.equal(refused.statusCode, 409);
  t.match(refused.json(), { error: 'kit_not_sold', message: /not sold on this site/ });
  const cart = await app.request({ method: 'POST', url: '/api/cart', host: 'kg.localhost', as: v, headers: { 'x-csrf-token': v.token }, payload: {} });
  t.same(cart.json(), [], 'no line of the kit was added');

  const { html, kit } = await kitData('dveri-4', 'kg.localhost');
  t.match(kit, { purchasable: false, price: null });
  t.notMatch(main(html), 'action="/api/cart/kit"', 'no add-to-cart form');
  t.match(text(html), 'Этот комплект не продаётся на этом сайте');
  t.equal((await addKit(v, { slug: 'arki' }, { host: 'kg.localhost' })).statusCode, 200, 'kits without that product still sell');
  t.equal((await addKit(v, { slug: 'dveri-4' })).statusCode, 200, 'and the ru site still sells it');
});

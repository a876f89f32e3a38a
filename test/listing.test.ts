/**
 * The category listing (/{category}) and the materials catalogue (/materials), server-rendered: sort orders with
 * each site's prices, attribute and price filters, pages with counts and rel links, the empty state, hostile and
 * invalid query values (normalised, never a 500), the canonical address, and bounded queries.
 */
import t from 'tap';
import { LISTING_PAGE_SIZE } from '../shared/listing.ts';
import { KITS_CATEGORY_ID } from '../shared/navigation.ts';
import { hydrationData, startTestApp, type TestApp } from './helpers/app.ts';

const app: TestApp = await startTestApp(t);

const get = (url: string, host?: string) => app.request({ method: 'GET', url, host });
const data = (html: string) =>
  hydrationData(html).loaderData.category as {
    category: { url: string };
    products: Array<{ sku: string; price: number | null; url: string }>;
    currency: string;
    listing: {
      sort: string;
      page: number;
      pages: number;
      total: number;
      filters: { price: { min: number | null; max: number | null }; ranges: Record<string, unknown>; values: Record<string, string[]> };
      facets: {
        attributes: Array<{ key: string; kind: string; min?: number; max?: number; values?: string[] }>;
        price: { min: number; max: number } | null;
      };
    };
  };
const skus = (html: string) => data(html).products.map((p) => p.sku);
const canonical = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
const relLink = (html: string, rel: string) => new RegExp(`<link rel="${rel}" href="([^"]*)"`).exec(html)?.[1]?.replaceAll('&amp;', '&');
/** The opening tag of the element matching all these attribute snippets, in any order. */
const tag = (html: string, name: string, ...attrs: string[]) =>
  [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'g'))].map((m) => m[0]).find((tag) => attrs.every((a) => tag.includes(a)));

// Test fixtures: on kz, Вибро Макс is the cheapest and Вибро Стандарт has no price; Вибро Арка is the newest.
// A category of 20 products for the pages (each 5th has no kz price).
const TEST_CATEGORY = 'test-listing';
const [{ code: kzList }] = (await app.db.query<{ code: string }>(`SELECT code FROM price_lists WHERE currency = 'KZT'`)) as [
  { code: string },
];
const [{ code: ruList }] = (await app.db.query<{ code: string }>(`SELECT code FROM price_lists WHERE currency = 'RUB'`)) as [
  { code: string },
];
await app.db.query(
  `UPDATE product_prices SET amount = 1 WHERE price_list = $1 AND product_id = (SELECT id FROM products WHERE sku = 'VIB-MAX-40')`,
  [kzList],
);
await app.db.query(`DELETE FROM product_prices WHERE price_list = $1 AND product_id = (SELECT id FROM products WHERE sku = 'VIB-STD-22')`, [
  kzList,
]);
await app.db.query(`UPDATE products SET created_at = now() + interval '1 day' WHERE sku = 'VIB-ARK-42'`);
await app.db.query(`INSERT INTO categories (id, slug, title, sort) VALUES (99, $1, 'Тестовая категория', 99)`, [TEST_CATEGORY]);
for (let i = 1; i <= 20; i++) {
  const [row] = await app.db.query<{ id: number }>(
    `INSERT INTO products (sku, slug, category_id, title, attributes, popularity) VALUES ($1, $2, 99, $3, $4::jsonb, $5) RETURNING id`,
    [`TST-${i}`, `tst-${i}`, `Тест ${i}`, JSON.stringify({ thickness_mm: (i % 5) + 1, adhesive: i % 2 ? 'бутил' : 'акрил' }), i],
  );
  await app.db.query(`INSERT INTO product_prices (product_id, price_list, amount) VALUES ($1, $2, $3)`, [row!.id, ruList, i * 10]);
  if (i % 5)
    await app.db.query(`INSERT INTO product_prices (product_id, price_list, amount) VALUES ($1, $2, $3)`, [row!.id, kzList, i * 50]);
}
app.services.invalidateCaches();

t.test('sort orders, with the prices of each site', async (t) => {
  const popular = await get('/vibroizolyaciya');
  t.equal(popular.statusCode, 200);
  t.strictSame(
    skus(popular.body),
    ['VIB-STD-22', 'VIB-OPT-30', 'VIB-LT-18', 'VIB-MAX-40', 'VIB-PRM-25', 'VIB-ARK-42'],
    'default: popularity',
  );
  t.equal(data(popular.body).listing.sort, 'popular');
  t.strictSame(skus((await get('/vibroizolyaciya?sort=popular')).body), skus(popular.body));

  const ruAsc = await get('/vibroizolyaciya?sort=price_asc');
  t.strictSame(skus(ruAsc.body), ['VIB-LT-18', 'VIB-STD-22', 'VIB-OPT-30', 'VIB-ARK-42', 'VIB-MAX-40', 'VIB-PRM-25'], 'ru: cheapest first');
  t.strictSame(
    data(ruAsc.body).products.map((p) => p.price),
    [320, 380, 490, 560, 620, 690],
    'roubles from the ru price list',
  );
  t.match(ruAsc.body, '320\u00a0₽');
  const ruDesc = await get('/vibroizolyaciya?sort=price_desc');
  t.strictSame(skus(ruDesc.body), ['VIB-PRM-25', 'VIB-MAX-40', 'VIB-ARK-42', 'VIB-OPT-30', 'VIB-STD-22', 'VIB-LT-18'], 'ru: dearest first');

  const kzAsc = await get('/vibroizolyaciya?sort=price_asc', 'kz.localhost');
  const kz = data(kzAsc.body);
  t.equal(kz.currency, 'KZT');
  t.equal(kz.products[0]!.sku, 'VIB-MAX-40', 'kz: its own price list decides (Макс costs 1 ₸ there)');
  t.equal(kz.products.at(-1)!.sku, 'VIB-STD-22', 'kz: a product without a kz price sorts last');
  t.equal(kz.products.at(-1)!.price, null);
  const kzPrices = kz.products.slice(0, -1).map((p) => p.price!);
  t.strictSame(
    kzPrices,
    [...kzPrices].sort((a, b) => a - b),
    'ascending tenge prices',
  );
  t.match(kzAsc.body, '1\u00a0₸');
  const kzDesc = data((await get('/vibroizolyaciya?sort=price_desc', 'kz.localhost')).body);
  t.equal(kzDesc.products.at(-1)!.sku, 'VIB-STD-22', 'unpriced last when descending too');
  t.equal(kzDesc.products.at(-2)!.sku, 'VIB-MAX-40');
  const kzPopular = await get('/vibroizolyaciya', 'kz.localhost');
  t.strictSame(skus(kzPopular.body), skus(popular.body), 'popularity is the same order on every site (index order)');
  t.match(kzPopular.body, 'Нет в продаже на этом сайте', 'an unpriced product says so');

  t.equal(skus((await get('/vibroizolyaciya?sort=new')).body)[0], 'VIB-ARK-42', 'new: the latest added first');
});

t.test('facets come from the category’s own attributes', async (t) => {
  const { facets } = data((await get('/vibroizolyaciya')).body).listing;
  const byKey = Object.fromEntries(facets.attributes.map((f) => [f.key, f]));
  t.match(byKey.thickness_mm, { kind: 'range', min: 1.8, max: 4.2 });
  t.match(byKey.loss_factor, { kind: 'range', min: 0.2, max: 0.45 });
  t.match(byKey.mass_kg_m2, { kind: 'range' });
  t.match(byKey.adhesive, { kind: 'values', values: ['битум-бутил', 'бутил'] });
  t.notOk(byKey.sheet_area_m2, 'an attribute with one value in the category is no filter');
  t.notOk(byKey.unit);
  t.strictSame(facets.price, { min: 320, max: 690 });
  const other = data((await get('/shumopogloshchenie')).body).listing.facets.attributes.map((f) => f.key);
  t.notOk(other.includes('adhesive') && other.includes('foil_um'), 'another category has its own set');
});

t.test('filters: numeric ranges, text values, price, combined', async (t) => {
  const range = await get('/vibroizolyaciya?thickness_mm_min=2.5&thickness_mm_max=4');
  t.equal(range.statusCode, 200);
  t.strictSame(skus(range.body).sort(), ['VIB-MAX-40', 'VIB-OPT-30', 'VIB-PRM-25']);
  t.match(range.body, 'Найдено 3 товара');
  t.strictSame(
    skus((await get('/vibroizolyaciya?thickness_mm_min=2,5&thickness_mm_max=4')).body).sort(),
    skus(range.body).sort(),
    'a decimal comma',
  );
  t.strictSame(
    skus((await get('/vibroizolyaciya?thickness_mm_min=4&thickness_mm_max=2.5')).body).sort(),
    skus(range.body).sort(),
    'swapped bounds',
  );
  t.strictSame(skus((await get('/vibroizolyaciya?loss_factor_min=0.4')).body).sort(), ['VIB-MAX-40', 'VIB-PRM-25']);

  const text = await get('/vibroizolyaciya?adhesive=' + encodeURIComponent('битум-бутил'));
  t.strictSame(skus(text.body), ['VIB-ARK-42']);
  t.match(text.body, 'Найден 1 товар');
  t.ok(tag(text.body, 'input', 'name="adhesive"', 'value="битум-бутил"', 'checked=""'), 'the box is ticked');
  t.notOk(tag(text.body, 'input', 'name="adhesive"', 'value="бутил"', 'checked=""'), 'the other is not');
  const both = await get('/vibroizolyaciya?adhesive=' + encodeURIComponent('битум-бутил') + '&adhesive=' + encodeURIComponent('бутил'));
  t.equal(skus(both.body).length, 6, 'values of one attribute are alternatives');
  t.match(both.body, 'Найдено 6 товаров');

  const price = await get('/vibroizolyaciya?price_min=400&price_max=600');
  t.strictSame(skus(price.body).sort(), ['VIB-ARK-42', 'VIB-OPT-30']);
  t.strictSame(data(price.body).listing.filters.price, { min: 400, max: 600 });

  const combined = await get(
    '/vibroizolyaciya?sort=price_desc&adhesive=' + encodeURIComponent('бутил') + '&thickness_mm_min=3&price_max=600',
  );
  t.strictSame(skus(combined.body), ['VIB-OPT-30'], 'all filters at once (Макс 620 ₽ is over the price bound)');

  const kz = data((await get('/vibroizolyaciya?price_min=0', 'kz.localhost')).body);
  t.equal(kz.products.length, 5, 'a price filter leaves out what has no price on the site');
  t.notOk(kz.products.some((p) => p.sku === 'VIB-STD-22'));
});

t.test('pages: 12 a page, counts, "page N of M", rel prev/next and links that keep the state', async (t) => {
  const first = await get(`/${TEST_CATEGORY}`);
  t.equal(first.statusCode, 200);
  const d = data(first.body);
  t.equal(d.products.length, LISTING_PAGE_SIZE);
  t.equal(d.listing.total, 20);
  t.equal(d.listing.pages, 2);
  t.match(first.body, 'Найдено 20 товаров');
  t.match(first.body, 'Страница 1 из 2');
  t.equal(relLink(first.body, 'next'), `/${TEST_CATEGORY}?page=2`);
  t.equal(relLink(first.body, 'prev'), undefined);
  t.match(first.body, /<a rel="next" class="pagination__step" href="\/test-listing\?page=2"/, 'a crawlable link to the next page');
  t.equal(canonical(first.body), `https://tihoavto.ru/${TEST_CATEGORY}`);

  const second = await get(`/${TEST_CATEGORY}?page=2`);
  t.equal(second.statusCode, 200);
  t.equal(data(second.body).products.length, 8);
  t.notOk(
    data(second.body).products.some((p) => d.products.some((q) => q.sku === p.sku)),
    'no product on both pages',
  );
  t.match(second.body, 'Страница 2 из 2');
  t.equal(relLink(second.body, 'prev'), `/${TEST_CATEGORY}`);
  t.equal(relLink(second.body, 'next'), undefined);
  t.equal(canonical(second.body), `https://tihoavto.ru/${TEST_CATEGORY}?page=2`, 'a later page is its own canonical');
  t.match(second.body, '<title>Тестовая категория — Страница 2');

  const filtered = await get(`/${TEST_CATEGORY}?adhesive=${encodeURIComponent('бутил')}&sort=price_asc`);
  t.equal(data(filtered.body).listing.total, 10);
  t.equal(data(filtered.body).listing.pages, 1);
  t.equal(relLink(filtered.body, 'next'), undefined);
  t.equal(canonical(filtered.body), `https://tihoavto.ru/${TEST_CATEGORY}`, 'a filtered listing: canonical without filters and sort');

  const sorted = await get(`/${TEST_CATEGORY}?sort=price_desc&thickness_mm_min=1`);
  t.equal(relLink(sorted.body, 'next'), `/${TEST_CATEGORY}?sort=price_desc&thickness_mm_min=1&page=2`, 'page links keep sort and filters');
  const sortedSecond = await get(`/${TEST_CATEGORY}?sort=price_desc&thickness_mm_min=1&page=2`);
  t.strictSame(
    data(sortedSecond.body).products.map((p) => p.price),
    [80, 70, 60, 50, 40, 30, 20, 10],
  );
  t.equal(canonical(sortedSecond.body), `https://tihoavto.ru/${TEST_CATEGORY}?page=2`);

  const en = await get(`/en/${TEST_CATEGORY}?page=2`);
  t.equal(relLink(en.body, 'prev'), `/en/${TEST_CATEGORY}`, 'rel links under the language prefix');
  t.match(en.body, 'Page 2 of 2');
  t.match(en.body, '20 products found');
});

t.test('a page past the last is the 404 page', async (t) => {
  for (const url of [`/${TEST_CATEGORY}?page=3`, '/vibroizolyaciya?page=2', '/vibroizolyaciya?page=999999999']) {
    const res = await get(url);
    t.equal(res.statusCode, 404, url);
    t.match(res.body, 'Упс! Страница не найдена!');
  }
});

t.test('the empty state: nothing matches, a link resets the filters', async (t) => {
  const res = await get('/vibroizolyaciya?sort=price_asc&thickness_mm_min=100');
  t.equal(res.statusCode, 200);
  t.equal(data(res.body).listing.total, 0);
  t.match(res.body, 'Нет товаров, подходящих под выбранные фильтры.');
  t.match(res.body, 'Найдено 0 товаров');
  t.match(
    res.body,
    /<a [^>]*href="\/vibroizolyaciya\?sort=price_asc"[^>]*>Сбросить фильтры<\/a>/,
    'reset keeps the sort, drops the filters',
  );
  t.notMatch(res.body, 'class="pagination"');
});

t.test('hostile and invalid query values are normalised, never a 500', async (t) => {
  const popular = skus((await get('/vibroizolyaciya')).body);
  const cases: Array<[string, (d: ReturnType<typeof data>) => void]> = [
    ['sort=' + encodeURIComponent(';DROP TABLE products;--'), (d) => t.equal(d.listing.sort, 'popular')],
    ['sort=PRICE_ASC', (d) => t.equal(d.listing.sort, 'popular')],
    ['page=-1', (d) => t.equal(d.listing.page, 1)],
    ['page=0', (d) => t.equal(d.listing.page, 1)],
    ['page=abc', (d) => t.equal(d.listing.page, 1)],
    ['page=1e9', (d) => t.equal(d.listing.page, 1)],
    ['page=1.5', (d) => t.equal(d.listing.page, 1)],
    ['page=99999999999999999999', (d) => t.equal(d.listing.page, 1)],
    ['price_min=abc', (d) => t.equal(d.listing.filters.price.min, null)],
    ['price_max=1e400', (d) => t.equal(d.listing.filters.price.max, null)],
    ['thickness_mm_min=NaN', (d) => t.strictSame(d.listing.filters.ranges, {})],
    ['thickness_mm_min=Infinity&thickness_mm_max=-Infinity', (d) => t.strictSame(d.listing.filters.ranges, {})],
    ['thickness_mm_min=%00', (d) => t.strictSame(d.listing.filters.ranges, {})],
    ['adhesive=%00', (d) => t.strictSame(d.listing.filters.values, {})],
    ['adhesive=' + encodeURIComponent("' OR 1=1 --"), (d) => t.strictSame(d.listing.filters.values, {})],
    ['adhesive=' + 'x'.repeat(5000), (d) => t.strictSame(d.listing.filters.values, {})],
    ['foo=bar&unit=' + encodeURIComponent('лист'), (d) => t.strictSame(d.listing.filters.values, {}, 'unknown filter keys are ignored')],
    [encodeURIComponent("thickness_mm') OR 1=1 --_min") + '=1', (d) => t.strictSame(d.listing.filters.ranges, {})],
    ['sort[]=price_asc&page[]=2', (d) => t.equal(d.listing.sort, 'popular')],
    ['q=%E0%A4%A', () => {}],
  ];
  for (const [query, check] of cases) {
    const res = await get('/vibroizolyaciya?' + query);
    t.equal(res.statusCode, 200, query.slice(0, 60));
    const d = data(res.body);
    check(d);
    t.strictSame(
      d.products.map((p) => p.sku),
      popular,
      `${query.slice(0, 60)}: the unfiltered listing`,
    );
  }

  const repeated = data(
    (await get('/vibroizolyaciya?sort=price_desc&sort=price_asc&page=1&page=5&thickness_mm_min=3&thickness_mm_min=1')).body,
  );
  t.equal(repeated.listing.sort, 'price_desc', 'a repeated parameter counts once: the first');
  t.equal(repeated.listing.page, 1);
  t.strictSame(repeated.listing.filters.ranges, { thickness_mm: { min: 3, max: null } });

  const noJs = await get(
    '/vibroizolyaciya?sort=popular&price_min=&price_max=&thickness_mm_min=+&thickness_mm_max=&adhesive=' + encodeURIComponent('бутил'),
  );
  t.equal(noJs.statusCode, 200, 'a plain form submission with empty fields');
  t.equal(data(noJs.body).products.length, 5);

  const dataRoute = await app.request({ method: 'GET', url: '/_data/vibroizolyaciya?sort=%27&page=x&_routes=category' });
  t.equal(dataRoute.statusCode, 200, 'client navigations normalise too');
  const [{ n }] = (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM products')) as [{ n: number }];
  t.ok(n > 20, 'the products table is intact');
});

t.test('an unknown category is the 404 page, whatever the query', async (t) => {
  for (const url of ['/no-such-category', '/no-such-category?sort=price_asc&page=2', '/NO%00?page=1']) {
    const res = await get(url);
    t.equal(res.statusCode, 404, url);
  }
});

t.test('the plain GET form: every control named, the page links crawlable', async (t) => {
  const res = await get('/vibroizolyaciya?sort=price_asc');
  t.ok(tag(res.body, 'form', 'method="get"', 'action="/vibroizolyaciya"', 'class="listing-filters"'), 'a GET form to the listing itself');
  t.ok(tag(res.body, 'select', 'name="sort"'));
  t.match(res.body, /<option value="price_asc" selected="">Сначала дешевле<\/option>/);
  t.ok(tag(res.body, 'input', 'type="number"', 'name="thickness_mm_min"'));
  t.ok(tag(res.body, 'input', 'type="number"', 'name="price_max"'));
  t.ok(tag(res.body, 'input', 'type="checkbox"', 'name="adhesive"', 'value="бутил"'));
  t.match(res.body, /<button type="submit" class="button">Показать<\/button>/);
  const en = await get('/en/vibroizolyaciya');
  t.ok(tag(en.body, 'form', 'action="/en/vibroizolyaciya"'), 'the form stays under the language prefix');
});

t.test('bounded queries: a listing page costs the same few queries at any size', async (t) => {
  await get(`/${TEST_CATEGORY}?sort=price_asc`); // facets cached
  const before = app.db.queries.length;
  await get(`/${TEST_CATEGORY}?sort=price_asc&page=2`);
  const listingQueries = app.db.queries.slice(before).filter((q) => /FROM (products|site_offers)/.test(q));
  t.ok(listingQueries.length <= 2, `count + page (${listingQueries.length})`);
  t.ok(
    listingQueries.every((q) => !/LIMIT/.test(q) || /LIMIT \$\d+ OFFSET \$\d+/.test(q)),
    'the page query is LIMIT/OFFSET',
  );
});

t.test('/materials: every category with its image, count and four most popular products, priced for the site', async (t) => {
  const before = app.db.queries.length;
  const res = await get('/materials');
  t.equal(res.statusCode, 200);
  const materialsQueries = app.db.queries.slice(before).filter((q) => /FROM products/.test(q));
  t.equal(materialsQueries.length, 1, 'one query for all categories (no N+1)');
  const { categories, currency } = hydrationData(res.body).loaderData.materials as {
    categories: Array<{
      title: string;
      url: string;
      preview_image: string;
      count: number;
      featured: Array<{ sku: string; url: string; price: number | null }>;
    }>;
    currency: string;
  };
  t.equal(currency, 'RUB');
  t.equal(categories[0]!.title, 'Виброизоляция');
  const vibro = categories.find((c) => c.url === '/vibroizolyaciya')!;
  t.equal(vibro.count, 6);
  t.strictSame(
    vibro.featured.map((p) => p.sku),
    ['VIB-STD-22', 'VIB-OPT-30', 'VIB-LT-18', 'VIB-MAX-40'],
  );
  t.ok(categories.length >= 8);
  for (const c of categories.filter((c) => c.preview_image)) t.match(res.body, `src="${c.preview_image}"`, `${c.title}: image`);
  t.equal(categories.filter((c) => c.preview_image).length, 8, 'every demo category has its image');
  t.match(res.body, '<h1>Каталог материалов</h1>');
  t.match(res.body, '6 товаров', 'the count, in the plural form');
  t.match(res.body, 'href="/vibroizolyaciya/vibro-standart-2-2"');
  t.match(res.body, '380\u00a0₽');

  const kz = hydrationData((await get('/materials', 'kz.localhost')).body).loaderData.materials;
  t.equal(kz.currency, 'KZT');
  const kzVibro = kz.categories.find((c: { url: string }) => c.url === '/vibroizolyaciya');
  t.notOk(
    kzVibro.featured.some((p: { sku: string }) => p.sku === 'VIB-STD-22'),
    'kz: what it does not sell is not featured',
  );
  t.ok(kzVibro.featured.every((p: { price: number | null }) => p.price !== null));

  // The kits section (issue 19): the ready kits the site sells, counted and featured — not '0 товаров … скоро появятся'.
  const kits = categories.find((c) => c.url === '/komplekty-sumoizoliacii')!;
  const onSale = (await app.services.kits.list(app.services.sites.byId('ru')!, 'ru')).filter((k) => k.purchasable);
  t.equal(onSale.length, 6, 'six kits on sale');
  t.equal(kits.count, onSale.length, 'the kits section counts the kits');
  t.same(
    kits.featured.map((k) => [k.url, k.price]),
    onSale.slice(0, 4).map((k) => [k.url, k.price]),
    'and features them at their kit prices',
  );
  t.match(res.body, '6 комплектов', 'counted as kits, in the plural form');
  const kitsSection = res.body.slice(res.body.indexOf(`aria-labelledby="materials-${KITS_CATEGORY_ID}"`));
  t.notMatch(kitsSection.slice(0, kitsSection.indexOf('</section>')), 'скоро появятся', 'the kits section is not coming soon');
  t.match(res.body, 'href="/komplekty-sumoizoliacii/dveri-4"');

  const en = await get('/en/materials');
  t.equal(en.statusCode, 200);
  t.match(en.body, '<h1>Materials catalogue</h1>');
  t.match(en.body, 'href="/en/vibroizolyaciya"');
});

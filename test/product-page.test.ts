/**
 * The product page (/{category}/{product}): head tags (title, description, canonical, Open Graph), JSON-LD
 * Product and BreadcrumbList (escaped: a hostile title cannot leave its script), availability from the stock
 * column, the attributes table, related products (one query) and breadcrumbs — per site and language.
 */
import t from 'tap';
import { attributeRows, metaDescription } from '../shared/product-info.ts';
import { hydrationData, startTestApp } from './helpers/app.ts';

const app = await startTestApp(t);
const STD = '/vibroizolyaciya/vibro-standart-2-2';

const page = async (url: string, host?: string) => {
  const res = await app.request({ url, host });
  t.equal(res.statusCode, 200, url);
  return res.body;
};
const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const meta = (html: string, attr: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attr}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(head(html))?.[1];
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"( nonce="[^"]+")?>(.*?)<\/script>/gs)].map((m) => ({
    nonce: !!m[1],
    data: JSON.parse(m[2]!),
  }));
const decode = (s: string | undefined) =>
  s
    ?.replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
/** The visible text of the page's main element (the boot script's translations left out). */
const text = (html: string) =>
  html
    .slice(html.indexOf('<main'), html.indexOf('</main>'))
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

t.test('head: title, meta description, canonical and Open Graph on the site host', async (t) => {
  const html = await page(STD);
  t.match(head(html), /<title>Вибро Стандарт 2\.2 — ТихоАвто/);
  const description = meta(html, 'name', 'description')!;
  t.ok(description.startsWith('Универсальный вибропоглотитель'), 'description from the product');
  t.ok(description.length <= 160 && description.endsWith('…'), 'trimmed to 160 characters');
  t.match(head(html), `<link rel="canonical" href="https://tihoavto.ru${STD}"/>`);
  t.equal(meta(html, 'property', 'og:type'), 'product');
  t.equal(meta(html, 'property', 'og:title'), 'Вибро Стандарт 2.2');
  t.equal(meta(html, 'property', 'og:description'), description);
  t.equal(meta(html, 'property', 'og:url'), `https://tihoavto.ru${STD}`);

  const kz = await page('/shumopogloshchenie/akustik-10', 'kz.localhost');
  t.match(head(kz), '<link rel="canonical" href="https://tihoavto.kz/shumopogloshchenie/akustik-10"/>', 'canonical on the kz host');
  t.equal(meta(kz, 'property', 'og:url'), 'https://tihoavto.kz/shumopogloshchenie/akustik-10');
  t.equal(meta(kz, 'property', 'og:image'), 'https://tihoavto.kz/img/products/abs-ak-10-main.svg', 'absolute image on the site host');
  const kk = await page('/kk/shumopogloshchenie/akustik-10', 'kz.localhost');
  t.equal(meta(kk, 'property', 'og:url'), 'https://tihoavto.kz/kk/shumopogloshchenie/akustik-10', 'the language prefix is kept');
});

t.test('JSON-LD Product and BreadcrumbList, with the nonce, the site currency and availability', async (t) => {
  const html = await page('/shumopogloshchenie/akustik-10', 'kz.localhost');
  const scripts = jsonLd(html);
  t.equal(scripts.length, 2);
  t.ok(
    scripts.every((s) => s.nonce),
    'each carries the CSP nonce',
  );
  const product = scripts.find((s) => s.data['@type'] === 'Product')!.data;
  t.match(product, {
    '@context': 'https://schema.org',
    name: 'Акустик 10',
    sku: 'ABS-AK-10',
    category: 'Шумопоглощение',
    brand: { '@type': 'Brand', name: 'ТихоАвто' },
    url: 'https://tihoavto.kz/shumopogloshchenie/akustik-10',
    image: [
      'https://tihoavto.kz/img/products/abs-ak-10-main.svg',
      'https://tihoavto.kz/img/products/abs-ak-10-detail.svg',
      'https://tihoavto.kz/img/products/abs-ak-10-use.svg',
    ],
    offers: {
      '@type': 'Offer',
      price: 3860,
      priceCurrency: 'KZT',
      availability: 'https://schema.org/InStock',
      url: 'https://tihoavto.kz/shumopogloshchenie/akustik-10',
    },
  });
  t.ok(product.description.startsWith('Шумопоглотитель') || product.description.length > 20, 'the description');
  const crumbs = scripts.find((s) => s.data['@type'] === 'BreadcrumbList')!.data;
  t.same(
    crumbs.itemListElement.map((i: { position: number; name: string; item: string }) => [i.position, i.name, i.item]),
    [
      [1, 'Главная', 'https://tihoavto.kz/'],
      [2, 'Шумопоглощение', 'https://tihoavto.kz/shumopogloshchenie'],
      [3, 'Акустик 10', 'https://tihoavto.kz/shumopogloshchenie/akustik-10'],
    ],
  );
  const ru = jsonLd(await page(STD)).find((s) => s.data['@type'] === 'Product')!.data;
  t.match(ru.offers, { price: 380, priceCurrency: 'RUB' });
});

t.test('a hostile product title cannot break out of the JSON-LD script or the head', async (t) => {
  const hostile = '</script><script>alert(1)</script><!-- "&\u2028';
  await app.db.query(`UPDATE products SET title = $1, description = $1 WHERE sku = 'VIB-LT-18'`, [hostile]);
  t.teardown(() => app.db.query(`UPDATE products SET title = 'Вибро Лайт 1.8' WHERE sku = 'VIB-LT-18'`));
  const html = await page('/vibroizolyaciya/vibro-lajt-1-8');
  t.notMatch(html, '<script>alert(1)', 'no injected script element anywhere');
  t.notMatch(html, /<\/script><!--/);
  const scripts = jsonLd(html);
  t.equal(scripts.length, 2, 'both scripts are whole');
  const product = scripts.find((s) => s.data['@type'] === 'Product')!.data;
  t.equal(product.name, hostile, 'the title survives as data');
  t.equal(scripts.find((s) => s.data['@type'] === 'BreadcrumbList')!.data.itemListElement[2].name, hostile);
  t.equal(decode(meta(html, 'property', 'og:title')), hostile, 'og:title is an escaped attribute');
});

t.test('availability comes from the stock of each product', async (t) => {
  const inStock = await page(STD);
  t.match(text(inStock), 'Наличие : В наличии');
  const onOrder = await page('/vibroizolyaciya/vibro-premium-2-5');
  t.match(text(onOrder), 'Наличие : Под заказ');
  t.notMatch(text(onOrder), 'Наличие : В наличии', '(the related products’ cards say their own)');
  t.match(jsonLd(onOrder).find((s) => s.data['@type'] === 'Product')!.data.offers, { availability: 'https://schema.org/BackOrder' });

  await app.db.query(`UPDATE products SET stock = 0 WHERE sku = 'VIB-STD-22'`);
  t.teardown(() => app.db.query(`UPDATE products SET stock = 120 WHERE sku = 'VIB-STD-22'`));
  t.match(text(await page(STD)), 'Наличие : Под заказ', 'the same product without stock is on order');
  t.equal(hydrationData(await page(STD)).loaderData.product.product.stock, 0);
});

t.test('the attributes table in the trade terms', async (t) => {
  const body = text(await page(STD));
  for (const row of [
    'Толщина, мм 2,2',
    'Размер листа (Д × Ш), м 0,75 × 0,47',
    'Площадь листа, м² 0,3525',
    'Масса, кг/м² 2,9',
    'Масса листа, кг 1,02',
    'Коэффициент потерь 0,28',
    'Рабочая температура, °C −40 … +100',
    'Клеевой слой бутил',
    'Фольга, мкм 80',
    'Назначение Виброизоляция',
  ]) {
    t.match(body, row, row);
  }
  const en = text(await page('/en' + STD));
  t.match(en, 'Sheet size (L × W), m 0.75 × 0.47');
  t.match(en, 'Purpose Vibration damping');
  t.match(text(await page('/instrumenty/fen-2000-vt')), 'Мощность, Вт 2 000');
});

t.test('related products: same category, nearest by popularity, priced for the site, one query', async (t) => {
  app.db.queries.length = 0;
  const data = hydrationData(await page(STD)).loaderData.product;
  const relatedQueries = app.db.queries.filter((q) => q.includes('abs(p.popularity'));
  t.equal(relatedQueries.length, 1, 'one query for all related products');
  t.same(
    data.related.map((p: { sku: string }) => p.sku),
    ['VIB-OPT-30', 'VIB-LT-18', 'VIB-MAX-40', 'VIB-PRM-25'],
    'nearest popularity first, never the product itself',
  );
  t.ok(data.related.every((p: { url: string; price: number }) => p.url.startsWith('/vibroizolyaciya/') && p.price > 0));

  const [opt] = await app.db.query<{ id: number }>(`SELECT id FROM products WHERE sku = 'VIB-OPT-30'`);
  await app.db.query(`DELETE FROM product_prices WHERE product_id = $1 AND price_list = 'kz'`, [opt!.id]);
  const kz = hydrationData(await page(STD, 'kz.localhost')).loaderData.product;
  t.notOk(
    kz.related.some((p: { sku: string }) => p.sku === 'VIB-OPT-30'),
    'a product the site does not sell is left out',
  );
  t.equal(kz.related.length, 4);
  t.equal(kz.related[0].price, 1790, 'priced from the kz list');
  const body = await page(STD, 'kz.localhost');
  t.match(text(body), 'Похожие товары');
  t.match(body, /href="\/vibroizolyaciya\/vibro-lajt-1-8"/);
});

t.test('breadcrumbs: a labelled nav, Home / Category / Product, aria-current on the last', async (t) => {
  const html = await page(STD);
  const nav = /<nav aria-label="Навигационная цепочка" class="breadcrumbs">(.*?)<\/nav>/s.exec(html)?.[1];
  t.ok(nav, 'the nav with its translated label');
  t.match(nav, /<a href="\/"[^>]*>Главная<\/a>/);
  t.match(nav, /<a href="\/vibroizolyaciya"[^>]*>Виброизоляция<\/a>/);
  t.match(nav, /<span aria-current="page">Вибро Стандарт 2\.2<\/span>/);
  const en = /<nav aria-label="Breadcrumbs" class="breadcrumbs">(.*?)<\/nav>/s.exec(await page('/en' + STD))?.[1];
  t.match(en, /<a href="\/en"[^>]*>Home<\/a>/);
  t.match(en, /<a href="\/en\/vibroizolyaciya"/);
});

t.test('helpers: metaDescription and attributeRows', async (t) => {
  t.equal(metaDescription('  short\n text '), 'short text');
  const long = metaDescription('слово '.repeat(60));
  t.ok(long.length <= 160 && long.endsWith('слово…'));
  t.same(attributeRows({ sheet_length_m: 1, sheet_width_m: 0.75, unknown: 'x', temp_min_c: -40, temp_max_c: 0 }, 'ru'), [
    { key: 'sheet_size', value: '1 × 0,75' },
    { key: 'temperature_c', value: '−40 … 0' },
  ]);
});

t.test('the Uzbek site: prices in soʻm (Latin script) in Uzbek, сум in Russian — never the code', async (t) => {
  // The prices as the page writes them (text() would turn their no-break spaces into spaces).
  const prices = (html: string) => [...html.matchAll(/<span class="price">([^<]*)<\/span>/g)].map((m) => m[1]!);
  const uz = prices(await page(`/uz${STD}`, 'uz.localhost'));
  t.ok(uz.length > 1, 'the product and its related products');
  t.ok(
    uz.every((p) => /^\d{1,3}(\u00a0\d{3})*\u00a0so\u02bbm$/.test(p)),
    `Uzbek writes soʻm with U+02BB: ${uz.join(' | ')}`,
  );
  const ru = prices(await page(STD, 'uz.localhost'));
  t.ok(
    ru.every((p) => /^\d{1,3}(\u00a0\d{3})*\u00a0сум$/.test(p)),
    `Russian on the same site writes сум: ${ru.join(' | ')}`,
  );
});

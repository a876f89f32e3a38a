/**
 * The search results page (/search?q=…), server-rendered: results from the same service and ranking as
 * POST /api/site/search, the count, the query in the input, the empty query, hostile queries (never a 500),
 * the language prefix, HTML escaping, and the header's search form that works without JavaScript.
 */
import t from 'tap';
import { SEARCH_MAX_LENGTH, SEARCH_PAGE_LIMIT } from '../shared/search.ts';
import { hydrationData, startTestApp, type TestApp } from './helpers/app.ts';

const app: TestApp = await startTestApp(t);

const page = (q: string | null, opts: { prefix?: string; host?: string } = {}) =>
  app.request({ method: 'GET', url: `${opts.prefix ?? ''}/search${q === null ? '' : '?q=' + encodeURIComponent(q)}`, host: opts.host });

/** What the API answers for the same text (its own bound: ten). */
async function apiSearch(text: string) {
  const v = app.visitor();
  const res = await app.request({
    method: 'POST',
    url: `/api/site/search?token=${encodeURIComponent(v.token)}`,
    as: v,
    payload: { search: text },
  });
  return res.json().data.results as Array<{
    id: number;
    title: string;
    url: string;
    preview_image: string | null;
    preview_content: string;
  }>;
}

/** The opening tag of the form with this class. */
const formTag = (html: string, cls: string) => new RegExp(`<form[^>]*class="${cls}"[^>]*>`).exec(html)?.[0] ?? '';

const searchData = (html: string) =>
  hydrationData(html).loaderData.search as { query: string; results: any[]; currency: string; problem: string | null };

/** A result as the search found it (the API's fields): what the page's cards add is the site's offer. */
const found = (results: any[]) =>
  results.map(({ id, title, url, preview_image, preview_content }) => ({ id, title, url, preview_image, preview_content }));

/** Each product card (`<li class="product-card">…</li>`) of a page. */
const cardsOf = (html: string) => [...html.matchAll(/<li class="product-card">.*?<\/li>/gs)].map((m) => m[0]);

t.test('a query: its results with image, title, snippet and link, the count, the query in the input', async (t) => {
  const res = await page('Вибро');
  t.equal(res.statusCode, 200);
  const data = searchData(res.body);
  t.equal(data.query, 'Вибро');
  t.equal(data.problem, null);
  t.equal(data.currency, 'RUB');
  t.strictSame(found(data.results), await apiSearch('Вибро'), 'the same results and ranking as the API');
  const offers = await app.db.query<{ id: number; sku: string; price: number; stock: number }>(
    `SELECT id, sku, price::float8 AS price, stock FROM site_offers WHERE price_list = 'ru' AND id = ANY($1::int[])`,
    [data.results.map((r) => r.id)],
  );
  for (const r of data.results) {
    const offer = offers.find((o) => o.id === r.id)!;
    t.match(r, { sku: offer.sku, price: offer.price, stock: offer.stock }, `${r.title}: the site’s price and stock on its card`);
  }
  t.equal(data.results.length, 6);
  t.equal(data.results[0].title, 'Вибро Стандарт 2.2', 'most popular first');

  t.match(res.body, 'Найдено 6 товаров', 'the count, with the Russian plural form for 6');
  t.match(res.body, /<input[^>]*name="q"[^>]*value="Вибро"/, 'the query is in the input');
  t.match(res.body, '<title>Поиск: Вибро — ТихоАвто', 'the title names the query');
  t.match(res.body, /<meta name="robots" content="noindex"/, 'result pages are not indexed');
  t.match(res.body, '<ul class="product-grid search-results">', 'the results are a grid of product cards');
  const cards = cardsOf(res.body);
  t.equal(cards.length, data.results.length, 'one card a result');
  data.results.forEach((r, i) => {
    const card = cards[i] ?? '';
    t.match(card, `<a class="product-card__link" href="${r.url}" data-discover="true">`, `${r.title}: its link`);
    t.match(
      card,
      new RegExp(`<a class="product-card__link"[^>]*>.*src="${r.preview_image}".*</a>`, 's'),
      `${r.title}: its image, in the link`,
    );
    t.match(card, `<span class="product-card__title">${r.title}</span></a>`, `${r.title}: its title, in the link`);
    t.match(card, `<p class="product-card__note">${r.preview_content.slice(0, 40)}`, `${r.title}: its snippet`);
    t.match(card, `<span class="price">${r.price.toLocaleString('ru-RU').replace(/\s/g, '\u00a0')}\u00a0₽</span>`, `${r.title}: its price`);
    t.match(card, `aria-label="В корзину: ${r.title}"`, `${r.title}: its cart button`);
  });

  // A one-letter query is fine here (the live search waits for two); the SKU finds a product too.
  t.ok(searchData((await page('а')).body).results.length > 0, 'one letter');
  t.strictSame(
    searchData((await page('vib-std-22')).body).results.map((r) => r.title),
    ['Вибро Стандарт 2.2'],
    'a SKU',
  );
  t.match((await page('vib-std-22')).body, 'Найден 1 товар', 'the _one form');
});

t.test('the result count is bounded, ranked as the API ranks', async (t) => {
  // Not the vibration category: its title matches "Вибро", which the later tests search for.
  const [category] = await app.db.query<{ id: number }>(`SELECT id FROM categories WHERE slug = 'instrumenty'`);
  for (let i = 0; i < SEARCH_PAGE_LIMIT + 12; i++) {
    await app.db.query(`INSERT INTO products (sku, slug, category_id, title, popularity) VALUES ($1, $2, $3, $4, $5)`, [
      `BULK-${i}`,
      `bulk-${i}`,
      category!.id,
      `Шумоблок ${i}`,
      i,
    ]);
  }
  const res = await page('Шумоблок');
  t.equal(res.statusCode, 200);
  const { results } = searchData(res.body);
  t.equal(results.length, SEARCH_PAGE_LIMIT, `at most ${SEARCH_PAGE_LIMIT} results`);
  t.strictSame(found(results.slice(0, 10)), await apiSearch('Шумоблок'), 'the first ten are the API’s ten, in order');
  t.equal(results[0].title, `Шумоблок ${SEARCH_PAGE_LIMIT + 11}`, 'most popular first');
});

t.test('an empty query is the page with a prompt, not an error', async (t) => {
  for (const q of [null, '', '   ', '\t', '\u0000']) {
    const res = await page(q);
    t.equal(res.statusCode, 200, `q=${JSON.stringify(q)}: 200`);
    t.strictSame(searchData(res.body), { query: '', results: [], currency: 'RUB', problem: null });
    t.match(res.body, 'Введите название или артикул товара.');
    t.notMatch(res.body, 'search-results');
    t.match(res.body, '<title>Поиск — ТихоАвто');
  }
});

t.test('hostile queries never give a 500', async (t) => {
  const hostile = [
    '%',
    '_',
    '%%',
    '\\',
    '"',
    "'",
    "' OR 1=1 --",
    '"; DROP TABLE products; --',
    '<script>alert(1)</script>',
    'Вибро\u0000',
    'a\u0000b',
    '{{count}}',
    '$t(search.title)',
    '\u202e\u200b',
    '😀'.repeat(20),
    'x'.repeat(SEARCH_MAX_LENGTH),
  ];
  for (const q of hostile) {
    const res = await page(q);
    t.equal(res.statusCode, 200, `${JSON.stringify(q).slice(0, 40)}: 200`);
    t.match(res.headers['content-type'], 'text/html');
  }
  // LIKE wildcards are literal: they match nothing.
  for (const q of ['%', '_', '%%', '\\']) {
    const res = await page(q);
    t.strictSame(searchData(res.body).results, [], `${q} matches nothing`);
    t.match(res.body, 'Ничего не найдено');
  }
  // NUL is a control character: it becomes a space, then the query is trimmed.
  t.equal(searchData((await page('Вибро\u0000')).body).query, 'Вибро');
  t.equal(searchData((await page('Вибро\u0000')).body).results.length, 6);
  // i18next does not interpret the query.
  t.match((await page('{{count}}')).body, '<title>Поиск: {{count}} — ');

  // Too long: the page says so, with status 400 and no results.
  for (const length of [SEARCH_MAX_LENGTH + 1, 10_000]) {
    const res = await page('я'.repeat(length));
    t.equal(res.statusCode, 400, `${length} characters: 400`);
    const data = searchData(res.body);
    t.equal(data.problem, 'tooLong');
    t.strictSame(data.results, []);
    t.equal(data.query.length, SEARCH_MAX_LENGTH, 'the input keeps what it can hold');
    t.match(res.body, `Слишком длинный запрос: не больше ${SEARCH_MAX_LENGTH} символов.`);
  }

  // Raw URLs a form would never send: broken percent-encoding, repeated and bracketed parameters.
  for (const url of [
    '/search?q=%E0%A4%A',
    '/search?q=%ED%A0%80',
    '/search?q=%',
    '/search?q=Вибро&q=Шумо',
    '/search?q[]=Вибро',
    '/search?q=%00%00',
  ]) {
    const res = await app.request({ method: 'GET', url });
    t.equal(res.statusCode, 200, `${url}: 200`);
  }
  t.equal(searchData((await app.request({ method: 'GET', url: '/search?q=Вибро&q=Шумо' })).body).query, 'Вибро', 'the first q counts');
});

t.test('the query and results are HTML-escaped', async (t) => {
  const q = '<script>alert(1)</script>"\'&';
  const res = await page(q);
  t.equal(res.statusCode, 200);
  t.notMatch(res.body, '<script>alert(1)', 'no markup from the query');
  t.match(res.body, '<title>Поиск: &lt;script&gt;alert(1)&lt;/script&gt;&quot;&#x27;&amp; — ');
  t.match(res.body, 'value="&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#x27;&amp;"');
  t.equal(searchData(res.body).query, q, 'the embedded data holds the text as it is');

  // A product whose title and description carry markup shows it as text.
  // Not the vibration category: its title matches "Вибро", which the later tests search for.
  const [category] = await app.db.query<{ id: number }>(`SELECT id FROM categories WHERE slug = 'instrumenty'`);
  await app.db.query(`INSERT INTO products (sku, slug, category_id, title, description) VALUES ($1, $2, $3, $4, $5)`, [
    'XSS-1',
    'xss-1',
    category!.id,
    'Ловушка <img src=x onerror=alert(1)>',
    '<script>alert(2)</script> описание',
  ]);
  const trap = await page('Ловушка');
  t.equal(searchData(trap.body).results.length, 1);
  t.notMatch(trap.body, '<img src=x', 'the title is text');
  t.notMatch(trap.body, '<script>alert(2)', 'the snippet is text');
  t.match(trap.body, 'Ловушка &lt;img src=x onerror=alert(1)&gt;');
  t.match(trap.body, '&lt;script&gt;alert(2)&lt;/script&gt; описание');
});

t.test('under a language prefix the page, its links and its forms keep the language', async (t) => {
  const res = await page('VIB', { prefix: '/en' });
  t.equal(res.statusCode, 200);
  t.match(res.body, '<html lang="en"');
  t.match(res.body, '6 products found');
  t.match(res.body, '<title>Search: VIB — ');
  t.match(formTag(res.body, 'search-page__form'), 'action="/en/search"', 'the page’s form goes to /en/search');
  t.match(formTag(res.body, 'search-box'), 'action="/en/search"', 'the header’s form too');
  t.match(res.body, 'href="/en/vibroizolyaciya/', 'result links carry the prefix');
  t.match((await page('vib-std-22', { prefix: '/en' })).body, '1 product found', 'the English _one form');

  const kk = await page('Вибро', { prefix: '/kk', host: 'kz.localhost' });
  t.equal(kk.statusCode, 200);
  t.match(kk.body, '<html lang="kk"');
  t.match(kk.body, '6 тауар табылды');
  t.match(kk.body, 'action="/kk/search"');

  t.equal((await page('Вибро', { prefix: '/en', host: 'kz.localhost' })).statusCode, 404, 'a language the site does not offer');
  t.equal((await page('Вибро', { prefix: '/zh-CN' })).statusCode, 200);
});

t.test('every page has the header search form, which works without JavaScript', async (t) => {
  for (const [url, action] of [
    ['/', '/search'],
    ['/vibroizolyaciya', '/search'],
    ['/en', '/en/search'],
  ] as const) {
    const res = await app.request({ method: 'GET', url });
    t.equal(res.statusCode, 200);
    const form = /<form[^>]*class="search-box"[^>]*>.*?<\/form>/s.exec(res.body)?.[0] ?? '';
    t.match(form, /method="get"/, `${url}: a GET form`);
    t.match(form, `action="${action}"`, `${url}: to ${action}`);
    // Nu HTML checker: role=combobox and aria-expanded are not allowed on type=search; the ARIA combobox is a text input.
    t.match(
      form,
      /<input[^>]*type="text"[^>]*inputMode="search"[^>]*name="q"/,
      `${url}: the q input, a text input with the search keyboard`,
    );
    t.notMatch(form, /type="search"/, `${url}: no search-type input under the combobox role`);
    t.match(form, /enterKeyHint="search"/);
    t.match(form, /role="combobox"/);
    t.match(form, /aria-expanded="false"/);
    t.match(form, /<button type="submit"/);
    t.match(form, /role="status"/, 'the live region is there from the start');
  }
});

t.test('client navigations get the same data as JSON', async (t) => {
  const res = await app.request({ method: 'GET', url: `/_data/search?q=${encodeURIComponent('Вибро')}&_routes=search` });
  t.equal(res.statusCode, 200);
  const body = res.json();
  t.equal(body.results.search.data.query, 'Вибро');
  t.strictSame(found(body.results.search.data.results), await apiSearch('Вибро'));
  t.strictSame(body.results.search.data.results, searchData((await page('Вибро')).body).results, 'the cards as the page embeds them');
  const long = await app.request({ method: 'GET', url: `/_data/search?q=${'x'.repeat(SEARCH_MAX_LENGTH + 1)}&_routes=search` });
  t.equal(long.json().results.search.data.problem, 'tooLong');
});

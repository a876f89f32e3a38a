/**
 * The feeds of each site (server/feeds/, docs/decisions/029): robots.txt, the sitemap index and its paged files
 * with hreflang alternates, the YML catalogue for Yandex Market, the news RSS; their cache and its invalidation.
 * Every document is parsed with fast-xml-parser, never matched as text alone.
 */
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { XMLParser } from 'fast-xml-parser';
import t, { type Test } from 'tap';
import { ContentService } from '../server/content/content.ts';
import { type ContentSource, parseContentFile } from '../server/content/content-files.ts';
import { demoTranslations, type TranslatedLanguage } from '../server/demo/translations/index.ts';
import { contentNewsSource } from '../server/feeds/content-source.ts';
import { type RssItem, renderRss } from '../server/feeds/rss.ts';
import { FeedService } from '../server/feeds/service.ts';
import { SITEMAP_PATHS_PER_FILE, type SitemapSource } from '../server/feeds/sitemap.ts';
import { xmlEscape } from '../server/feeds/xml.ts';
import { demoSitesConfig } from '../server/platform/demo-sites.ts';
import { siteBrand } from '../shared/public-site.ts';
import { alternatesOf, seoSites } from '../shared/seo.ts';
import { SiteDirectory } from '../shared/sites.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';

/** Elements that repeat, by their path: always arrays, even when there is one. */
const LISTS = new Set([
  'sitemapindex.sitemap',
  'urlset.url',
  'urlset.url.xhtml:link',
  'yml_catalog.shop.categories.category',
  'yml_catalog.shop.offers.offer',
  'rss.channel.item',
]);
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (_name, path) => LISTS.has(String(path)) });

/** The document, parsed with validation: a document that is not well-formed fails the test. */
function parse(xml: string, t: Test) {
  try {
    return parser.parse(xml, true);
  } catch (error) {
    t.fail(`not well-formed XML: ${error}`);
    throw error;
  }
}

const PUBLIC = demoSitesConfig.sites.filter((s) => !s.isTest);
const localHost = (id: string) => (id === 'ru' ? 'localhost' : `${id}.localhost`);

/**
 * The content addresses a site's visitor can open, worked out here without the code under test: the news and article
 * lists, the FAQ page, each news item and article, each info page (every demo page has a route).
 */
async function contentPaths(app: TestApp, site: string): Promise<string[]> {
  const rows = await app.db.query<{ kind: string; slug: string }>(
    `SELECT DISTINCT kind, slug FROM content_entries WHERE site IN ($1, '*') AND published AND published_at <= now()`,
    [site],
  );
  const base: Record<string, string> = { news: '/news/', article: '/stati/', page: '/' };
  return ['/news', '/stati', '/voprosy-i-otvety'].concat(rows.filter((r) => r.kind !== 'faq').map((r) => base[r.kind] + r.slug));
}

/** An <item> of /rss.xml as the parser reads it. */
interface RssXmlItem {
  title: string;
  link: string;
  guid: { '#text': string; '@isPermaLink': string };
  pubDate: string;
}

/** A content file's text (server/content/content-files.ts) for ContentService.save. */
function contentFile(meta: Record<string, string | boolean>, body = 'Текст.'): ContentSource {
  const yaml = Object.entries(meta)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? JSON.stringify(v) : v}`)
    .join('\n');
  return parseContentFile(`---\n${yaml}\n---\n${body}\n`, 'test');
}

t.test('robots.txt per site: its own sitemap, private pages in every language; the test site disallows all', async (t) => {
  const app = await startTestApp(t);
  for (const site of PUBLIC) {
    const res = await app.request({ url: '/robots.txt', host: localHost(site.id) });
    t.equal(res.statusCode, 200);
    t.match(res.headers['content-type'], /^text\/plain; charset=utf-8/);
    const lines = res.body.trim().split('\n');
    t.equal(lines[0], 'User-agent: *');
    t.ok(lines.includes(`Sitemap: https://${site.host}/sitemap.xml`), `${site.id} names its sitemap on ${site.host}`);
    t.notOk(lines.includes('Disallow: /'), `${site.id} is crawlable`);
    for (const lang of site.languages) {
      const prefix = lang === 'ru' ? '' : `/${lang}`;
      for (const path of ['/cart', '/personal', '/search'])
        t.ok(lines.includes(`Disallow: ${prefix}${path}`), `${site.id}: ${prefix}${path}`);
    }
  }
  const test = await app.request({ url: '/robots.txt', host: 'test.localhost' });
  t.equal(test.body, 'User-agent: *\nDisallow: /\n');
  t.equal((await app.request({ url: '/sitemap.xml', host: 'test.localhost' })).statusCode, 404, 'no sitemap on the test site');
});

t.test('the sitemap index and its files list every page in every language with all alternates', async (t) => {
  const app = await startTestApp(t);
  const products = await app.db.query<{ path: string }>(
    `SELECT '/' || c.slug || '/' || p.slug AS path FROM products p JOIN categories c ON c.id = p.category_id WHERE p.is_active`,
  );
  const kits = await app.db.query<{ slug: string }>('SELECT slug FROM kits');
  const categories = await app.db.query<{ slug: string }>(`SELECT slug FROM categories WHERE slug <> 'komplekty-sumoizoliacii'`);
  const totalAlternates = PUBLIC.reduce((n, s) => n + s.languages.length, 0) + 1; // + x-default

  for (const site of [PUBLIC[0]!, PUBLIC[1]!]) {
    const host = localHost(site.id);
    const index = await app.request({ url: '/sitemap.xml', host });
    t.equal(index.statusCode, 200);
    t.match(index.headers['content-type'], /^application\/xml; charset=utf-8/);
    const files: string[] = parse(index.body, t).sitemapindex.sitemap.map((s: { loc: string }) => s.loc);
    t.same(
      files.map((f) => f.replace(/^https:\/\/[^/]+\//, '')),
      ['sitemap-pages-1.xml', 'sitemap-categories-1.xml', 'sitemap-products-1.xml', 'sitemap-kits-1.xml', 'sitemap-content-1.xml'],
    );
    t.ok(
      files.every((f) => f.startsWith(`https://${site.host}/`)),
      `files on ${site.host}`,
    );
    const locs = new Set<string>();
    for (const file of files) {
      const res = await app.request({ url: new URL(file).pathname, host });
      t.equal(res.statusCode, 200, file);
      const doc = parse(res.body, t);
      t.equal(doc.urlset['@xmlns'], 'http://www.sitemaps.org/schemas/sitemap/0.9');
      t.equal(doc.urlset['@xmlns:xhtml'], 'http://www.w3.org/1999/xhtml');
      for (const url of doc.urlset.url as { loc: string; 'xhtml:link': { '@hreflang': string; '@href': string }[] }[]) {
        locs.add(url.loc);
        const links = url['xhtml:link'];
        if (links.length !== totalAlternates) t.fail(`${url.loc}: ${links.length} alternates`);
        if (!links.some((l) => l['@href'] === url.loc)) t.fail(`${url.loc} is not among its own alternates`);
        if (!links.some((l) => l['@hreflang'] === 'x-default')) t.fail(`${url.loc} has no x-default`);
      }
    }
    const expected = ['/', '/materials', '/komplekty-sumoizoliacii', '/map', '/calc', '/constructor', '/otzyvy-i-predlojeniya']
      .concat(
        categories.map((c) => `/${c.slug}`),
        products.map((p) => p.path),
        kits.map((k) => `/komplekty-sumoizoliacii/${k.slug}`),
        await contentPaths(app, site.id),
      )
      .flatMap((path) =>
        site.languages.map((lang) => `https://${site.host}${lang === 'ru' ? path : path === '/' ? `/${lang}` : `/${lang}${path}`}`),
      );
    t.same([...locs].sort(), expected.sort(), `${site.id}: every page in every language, nothing else`);
  }
  t.equal((await app.request({ url: '/sitemap-products-2.xml' })).statusCode, 404, 'past the last file');
  t.equal((await app.request({ url: '/sitemap-nope-1.xml' })).statusCode, 404, 'no such series');
  t.equal((await app.request({ url: '/sitemap-products-0.xml' })).statusCode, 404);
  t.equal((await app.request({ url: '/sitemap-products-1.xml.gz' })).statusCode, 404);
});

t.test('sitemap files are paged', async (t) => {
  const app = await startTestApp(t);
  const many: SitemapSource = {
    name: 'many',
    entries: async () => Array.from({ length: SITEMAP_PATHS_PER_FILE * 2 + 5 }, (_, i) => ({ path: `/p${i}`, lastmod: '2026-01-02' })),
  };
  const sites = new SiteDirectory(demoSitesConfig);
  const feeds = new FeedService(app.db, sites, { ttlMs: 60_000, sources: [many] });
  const kz = sites.byId('kz')!;
  const index = parse((await feeds.sitemapIndex(kz))!, t);
  t.same(
    index.sitemapindex.sitemap.map((s: { loc: string }) => s.loc),
    [1, 2, 3].map((n) => `https://tihoavto.kz/sitemap-many-${n}.xml`),
  );
  const last = parse((await feeds.sitemapFile(kz, 'sitemap-many-3.xml'))!, t);
  t.equal(last.urlset.url.length, 5 * kz.languages.length, 'the rest, in both languages');
  t.equal(last.urlset.url[0].lastmod, '2026-01-02');
  t.equal(await feeds.sitemapFile(kz, 'sitemap-many-4.xml'), null);
});

t.test('alternates: every public site and language once, x-default; per-site content keeps to its domain', async (t) => {
  const sites = seoSites(demoSitesConfig.sites, 'ru');
  t.same(
    sites.map((s) => s.id),
    ['ru', 'kz', 'md', 'uz', 'kg'],
    'no test site; the default first',
  );
  const kz = sites.find((s) => s.id === 'kz')!;
  const all = alternatesOf(sites, kz, '/news', '?page=2');
  t.same(
    all.map((a) => a.hreflang),
    ['ru', 'en', 'zh-CN', 'tr', 'ru-KZ', 'kk-KZ', 'ru-MD', 'ro-MD', 'ru-UZ', 'uz-UZ', 'ru-KG', 'ky-KG', 'x-default'],
  );
  t.equal(all.at(-1)!.href, 'https://tihoavto.ru/news?page=2');
  t.same(alternatesOf(sites, kz, '/news/x', '', 'site'), [
    { hreflang: 'ru-KZ', href: 'https://tihoavto.kz/news/x' },
    { hreflang: 'kk-KZ', href: 'https://tihoavto.kz/kk/news/x' },
    { hreflang: 'x-default', href: 'https://tihoavto.kz/news/x' },
  ]);
  const lone = { id: 'solo', host: 'solo.example', languages: ['ru' as const], isDefault: true };
  t.same(alternatesOf([lone], lone, '/'), [], 'one address has no alternates');
});

t.test('YML per language: /<language>/yml.xml names the goods in that language and links its pages', async (t) => {
  const app = await startTestApp(t);
  for (const site of PUBLIC) {
    const host = localHost(site.id);
    for (const language of site.languages.filter((l) => l !== 'ru')) {
      const texts = demoTranslations[language as TranslatedLanguage];
      const res = await app.request({ url: `/${language}/yml.xml`, host });
      t.equal(res.statusCode, 200, `${site.id} ${language}`);
      const shop = parse(res.body, t).yml_catalog.shop;
      t.equal(shop.url, `https://${site.host}/${language}`, `${site.id} ${language}: the shop's address in the language`);
      t.equal(shop.name, siteBrand(site, language), `${site.id} ${language}: the brand as the language writes it`);
      const offer = (shop.offers.offer as Array<Record<string, unknown>>).find((o) => o.vendorCode === 'VIB-STD-22')!;
      t.equal(offer.name, texts.products['VIB-STD-22']!.title, `${site.id} ${language}: the product's name`);
      t.equal(offer.url, `https://${site.host}/${language}/vibroizolyaciya/vibro-standart-2-2`, `${site.id} ${language}: its page`);
      const category = (shop.categories.category as Array<Record<string, unknown>>).find((c) => c['@id'] === '1')!;
      t.equal(category['#text'], texts.categories.vibroizolyaciya!.title, `${site.id} ${language}: categories`);
    }
  }
  t.equal((await app.request({ url: '/ru/yml.xml' })).statusCode, 404, 'Russian has no prefix');
  t.equal((await app.request({ url: '/kk/yml.xml' })).statusCode, 404, 'a language the site does not offer');
  t.equal((await app.request({ url: '/vibroizolyaciya/yml.xml' })).statusCode, 404, 'nor any other path');
});

t.test('YML per site: its currency, its price list, availability from stock, offers complete', async (t) => {
  const app = await startTestApp(t);
  // A product priced on the Russian list only: offered on tihoavto.ru, not on tihoavto.kz.
  await app.db.query(
    `INSERT INTO products (sku, slug, category_id, title, description, stock) VALUES ('ONLY-RU', 'only-ru', 1, 'Только <Россия> & "Ко"', 'x', 0)`,
  );
  await app.db.query(
    `INSERT INTO product_prices (product_id, price_list, amount) SELECT id, 'ru', 123.5 FROM products WHERE sku = 'ONLY-RU'`,
  );
  for (const site of PUBLIC) {
    const res = await app.request({ url: '/yml.xml', host: localHost(site.id) });
    t.equal(res.statusCode, 200);
    t.match(res.headers['content-type'], /^application\/xml; charset=utf-8/);
    const doc = parse(res.body, t);
    t.match(doc.yml_catalog['@date'], /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    const shop = doc.yml_catalog.shop;
    t.equal(shop.url, `https://${site.host}/`);
    t.equal(shop.currencies.currency['@id'], site.currency, `${site.id}: ${site.currency}`);
    const categoryIds = new Set(shop.categories.category.map((c: { '@id': string }) => Number(c['@id'])));
    const prices = await app.db.query<{ sku: string; amount: number; stock: number; url: string }>(
      `SELECT p.sku, pp.amount::float8 AS amount, p.stock, '/' || c.slug || '/' || p.slug AS url
         FROM products p JOIN categories c ON c.id = p.category_id JOIN product_prices pp ON pp.product_id = p.id AND pp.price_list = $1
        WHERE p.is_active`,
      [site.priceList],
    );
    const offers = shop.offers.offer as Record<string, unknown>[];
    t.equal(offers.length, prices.length, `${site.id}: one offer per priced product`);
    const bySku = new Map(offers.map((o) => [String(o.vendorCode), o]));
    for (const p of prices) {
      const o = bySku.get(p.sku);
      if (!o) {
        t.fail(`${site.id}: no offer for ${p.sku}`);
        continue;
      }
      if (Number(o.price) !== p.amount) t.fail(`${site.id} ${p.sku}: price ${o.price} ≠ ${p.amount}`);
      if (o.currencyId !== site.currency) t.fail(`${site.id} ${p.sku}: currency ${o.currencyId}`);
      if (o['@available'] !== String(p.stock > 0)) t.fail(`${site.id} ${p.sku}: available ${o['@available']} with stock ${p.stock}`);
      if (o.url !== `https://${site.host}${p.url}`) t.fail(`${site.id} ${p.sku}: url ${o.url}`);
      if (!categoryIds.has(Number(o.categoryId))) t.fail(`${site.id} ${p.sku}: unknown category ${o.categoryId}`);
      if (o.picture !== undefined && !String(o.picture).startsWith(`https://${site.host}/`))
        t.fail(`${site.id} ${p.sku}: picture ${o.picture}`);
    }
    t.equal(bySku.has('ONLY-RU'), site.priceList === 'ru', `${site.id}: a product off its price list is not offered`);
  }
  const ru = parse((await app.request({ url: '/yml.xml' })).body, t);
  const odd = ru.yml_catalog.shop.offers.offer.find((o: { vendorCode: string }) => o.vendorCode === 'ONLY-RU');
  t.equal(odd.name, 'Только <Россия> & "Ко"', 'names escaped and read back intact');
  t.equal(odd['@available'], 'false', 'no stock: on order');
  t.equal(Number(odd.price), 123.5);
});

t.test('feeds are cached per site and rebuilt after invalidateCaches (prices, products)', async (t) => {
  const app = await startTestApp(t);
  const priceOf = async (host: string) => {
    const doc = parser.parse((await app.request({ url: '/yml.xml', host })).body);
    return Number(doc.yml_catalog.shop.offers.offer.find((o: { vendorCode: string }) => o.vendorCode === 'VIB-STD-22').price);
  };
  const ruBefore = await priceOf('localhost');
  const kzBefore = await priceOf('kz.localhost');
  t.not(ruBefore, kzBefore, 'each site its own price list');
  t.notMatch((await app.request({ url: '/sitemap-kits-1.xml' })).body, /novyj-komplekt/);
  await app.db.query(
    `UPDATE product_prices SET amount = 999 WHERE price_list = 'ru' AND product_id = (SELECT id FROM products WHERE sku = 'VIB-STD-22')`,
  );
  await app.db.query(`INSERT INTO kits (slug, title) VALUES ('novyj-komplekt', 'Новый')`);
  t.equal(await priceOf('localhost'), ruBefore, 'served from the cache');
  const queries = app.db.queries.length;
  await app.request({ url: '/sitemap-kits-1.xml' });
  await app.request({ url: '/yml.xml', host: 'kz.localhost' });
  t.notMatch((await app.request({ url: '/sitemap-kits-1.xml' })).body, /novyj-komplekt/, 'the cached list');
  t.equal(app.db.queries.length, queries, 'no database query for cached feeds');

  app.services.invalidateCaches();
  t.equal(await priceOf('localhost'), 999, 'the new price after invalidation');
  t.equal(await priceOf('kz.localhost'), kzBefore, 'other price lists unchanged');
  t.match((await app.request({ url: '/sitemap-kits-1.xml' })).body, /komplekty-sumoizoliacii\/novyj-komplekt/, 'the new kit is listed');
});

t.test('feeds are compressed when the client accepts it', async (t) => {
  const app = await startTestApp(t);
  const res = await app.request({ url: '/sitemap-products-1.xml', headers: { 'accept-encoding': 'gzip' } });
  t.equal(res.headers['content-encoding'], 'gzip');
  t.match(gunzipSync(res.rawPayload).toString('utf8'), /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset/);
  t.match(res.headers['cache-control'], /max-age=\d+/);
});

const items: RssItem[] = [
  {
    title: 'Новинка: Вибро <Макс> & "Ко"',
    link: '/news/vibro-maks',
    date: new Date('2026-03-01T09:00:00Z'),
    summary: 'Толще & тяжелее </description>',
  },
  { title: 'Старое', link: 'https://elsewhere.example/x', date: new Date('2025-12-31T23:59:00Z'), summary: '' },
];

t.test('RSS: a channel of the items, escaped, with RFC 822 dates and absolute links', async (t) => {
  const xml = renderRss(
    { title: 'T', link: 'https://tihoavto.kz/news', description: 'D', self: 'https://tihoavto.kz/rss.xml', language: 'ru' },
    'tihoavto.kz',
    items,
  );
  const doc = parse(xml, t);
  t.equal(doc.rss['@version'], '2.0');
  const channel = doc.rss.channel;
  t.equal(channel['atom:link']['@href'], 'https://tihoavto.kz/rss.xml');
  t.equal(channel.lastBuildDate, 'Sun, 01 Mar 2026 09:00:00 GMT', 'the newest item');
  t.same(
    channel.item.map((i: Record<string, unknown>) => [i.title, i.link, i.pubDate, i.description]),
    [
      [
        'Новинка: Вибро <Макс> & "Ко"',
        'https://tihoavto.kz/news/vibro-maks',
        'Sun, 01 Mar 2026 09:00:00 GMT',
        'Толще & тяжелее </description>',
      ],
      ['Старое', 'https://elsewhere.example/x', 'Wed, 31 Dec 2025 23:59:00 GMT', ''],
    ],
  );
  t.throws(() => parser.parse('<a><b></a>', true), 'the parser does refuse a broken document');
  const empty = parse(renderRss({ title: 'T', link: 'l', description: 'd', self: 's', language: 'ru' }, 'h', []), t);
  t.notOk(empty.rss.channel.item, 'no items: an empty channel');
});

t.test('/rss.xml: without a news source a valid, empty channel; any source is asked once per site (cached)', async (t) => {
  const app = await startTestApp(t);
  const sites = new SiteDirectory(demoSitesConfig);
  const kz = sites.byId('kz')!;
  const bare = new FeedService(app.db, sites, { ttlMs: 60_000 });
  t.notOk(parse(await bare.rss(kz), t).rss.channel.item, 'no news source: an empty, valid channel');
  const asked: string[] = [];
  app.services.feeds.useNews({
    latest: async (site, limit) => {
      asked.push(`${site.id}:${limit}`);
      return items;
    },
  });
  const res = await app.request({ url: '/rss.xml', host: 'kz.localhost' });
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /^application\/rss\+xml; charset=utf-8/);
  const doc = parse(res.body, t);
  t.equal(doc.rss.channel.link, 'https://tihoavto.kz/news');
  t.equal(doc.rss.channel.item.length, 2);
  await app.request({ url: '/rss.xml', host: 'kz.localhost' });
  t.same(asked, ['kz:30'], 'asked once (cached), for this site');
});

t.test('/rss.xml: the news of the site as /news lists them, newest first, on its own host', async (t) => {
  const app = await startTestApp(t);
  const { content } = app.services;
  await content.save(
    contentFile({
      kind: 'news',
      slug: 'tolko-kz',
      site: 'kz',
      title: 'Только в Казахстане & <скидка>',
      summary: 'Для kz',
      date: '2026-06-01T09:00:00Z',
    }),
  );
  await content.save(contentFile({ kind: 'news', slug: 'chernovik', title: 'Черновик', published: false, date: '2026-06-02T09:00:00Z' }));
  await content.save(contentFile({ kind: 'news', slug: 'zavtra', title: 'Из будущего', date: '2999-01-01T09:00:00Z' }));
  await content.save(
    contentFile({ kind: 'news', slug: 'tolko-kz', site: 'kz', language: 'kk', title: 'Тек Қазақстанда', date: '2026-06-01T09:00:00Z' }),
  );
  const visible = await app.db.query<{ slug: string; title: string; published_at: Date }>(
    `SELECT slug, title, published_at FROM content_entries
      WHERE kind = 'news' AND site = '*' AND language = 'ru' AND published AND published_at <= now() ORDER BY published_at DESC`,
  );
  t.ok(visible.length >= 4, 'the demo news');
  for (const [host, own, extra] of [
    ['localhost', 'tihoavto.ru', []],
    [
      'kz.localhost',
      'tihoavto.kz',
      [{ slug: 'tolko-kz', title: 'Только в Казахстане & <скидка>', published_at: new Date('2026-06-01T09:00:00Z') }],
    ],
  ] as const) {
    const doc = parse((await app.request({ url: '/rss.xml', host })).body, t);
    const channel = doc.rss.channel;
    t.equal(channel.language, 'ru');
    t.equal(channel['atom:link']['@href'], `https://${own}/rss.xml`);
    const expected = [...extra, ...visible].sort((a, b) => b.published_at.getTime() - a.published_at.getTime());
    t.same(
      (channel.item as RssXmlItem[]).map((i) => [i.title, i.link, i.guid['#text'], i.pubDate]),
      expected.map((n) => [n.title, `https://${own}/news/${n.slug}`, `https://${own}/news/${n.slug}`, n.published_at.toUTCString()]),
      `${host}: the site's news in Russian, newest first; no draft, nothing from the future`,
    );
    t.equal(channel.lastBuildDate, expected[0]!.published_at.toUTCString());
    for (const item of channel.item as { link: string }[]) {
      const page = await app.request({ url: new URL(item.link).pathname, host });
      if (page.statusCode !== 200) t.fail(`${item.link} answers ${page.statusCode}`);
    }
  }
  // /news advertises the feed in its head (issue 19), in every language of the site, the feed's title translated.
  for (const [url, title] of [
    ['/news', 'Новости ТихоАвто (RSS)'],
    ['/en/news', 'TihoAvto news (RSS)'],
  ] as const) {
    const page = await app.request({ url });
    t.equal(page.statusCode, 200);
    const head = page.body.slice(0, page.body.indexOf('</head>'));
    const link = /<link rel="alternate" type="application\/rss\+xml"[^>]*>/.exec(head)?.[0];
    t.ok(link, `${url}: <link rel="alternate" type="application/rss+xml"> in the head`);
    t.match(link ?? '', 'href="/rss.xml"', `${url}: to the site's feed`);
    t.match(link ?? '', `title="${title}"`, `${url}: titled`);
  }
  const news = contentNewsSource(content);
  t.same(
    (await news.latest({ id: 'kz' }, 2)).map((i) => i.link),
    ['/news/tolko-kz', `/news/${visible[0]!.slug}`],
    'at most the limit',
  );
});

t.test('content in the sitemap: routed pages only, per site, site-only rows keep their alternates to their domain', async (t) => {
  const app = await startTestApp(t);
  const { content } = app.services;
  await content.save(contentFile({ kind: 'article', slug: 'tolko-kz', site: 'kz', title: 'Статья для Казахстана' }));
  await content.save(contentFile({ kind: 'page', slug: 'bez-marshruta', title: 'Страница без адреса' }));
  await content.save(contentFile({ kind: 'article', slug: 'chernovik', title: 'Черновик', published: false }));
  app.services.invalidateCaches();
  const urls = async (host: string) => {
    const res = await app.request({ url: '/sitemap-content-1.xml', host });
    t.equal(res.statusCode, 200, host);
    return parse(res.body, t).urlset.url as { loc: string; lastmod: string; 'xhtml:link': { '@hreflang': string; '@href': string }[] }[];
  };
  const ru = await urls('localhost');
  const kz = await urls('kz.localhost');
  const locs = (list: typeof ru) => list.map((u) => u.loc);
  t.notOk(
    locs(ru).some((l) => l.includes('tolko-kz')),
    'another site’s article is not on this one',
  );
  t.notOk(
    [...locs(ru), ...locs(kz)].some((l) => /bez-marshruta|chernovik/.test(l)),
    'no page without a route, no draft',
  );
  t.ok(
    ru.every((u) => /^\d{4}-\d{2}-\d{2}$/.test(u.lastmod)),
    'every entry has its date of change',
  );
  const own = kz.filter((u) => u.loc.includes('/stati/tolko-kz'));
  t.same(
    own.map((u) => u.loc),
    ['https://tihoavto.kz/stati/tolko-kz', 'https://tihoavto.kz/kk/stati/tolko-kz'],
  );
  t.same(
    own[0]!['xhtml:link'].map((l) => l['@hreflang']),
    ['ru-KZ', 'kk-KZ', 'x-default'],
    'a site-only article: alternates on its own domain',
  );
  const about = kz.find((u) => u.loc === 'https://tihoavto.kz/about')!;
  t.ok(
    about['xhtml:link'].some((l) => l['@href'] === 'https://tihoavto.ru/about'),
    'a page of every site: alternates across domains',
  );
  // The sitemap names only addresses that answer (the Russian ones of the main site, each once).
  for (const loc of locs(ru).filter((l) => !/^https:\/\/tihoavto\.ru\/(en|zh-CN|tr)\//.test(l))) {
    const res = await app.request({ url: new URL(loc).pathname });
    if (res.statusCode !== 200) t.fail(`${loc} answers ${res.statusCode}`);
  }
  // The page's head says what its sitemap entry says.
  const hreflangs = async (url: string, host: string) => {
    const res = await app.request({ url, host });
    t.equal(res.statusCode, 200, `${host}${url}`);
    return [...res.body.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1], m[2]]);
  };
  t.same(
    await hreflangs('/stati/tolko-kz', 'kz.localhost'),
    own[0]!['xhtml:link'].map((l) => [l['@hreflang'], l['@href']]),
    'a site-only article: the head’s alternates are the sitemap’s',
  );
  t.same(
    await hreflangs('/about', 'kz.localhost'),
    about['xhtml:link'].map((l) => [l['@hreflang'], l['@href']]),
    'a page of every site: the same alternates in the head and the sitemap',
  );
});

t.test('content changes reach the feeds: invalidateCaches in this process, the TTL for another one', async (t) => {
  const app = await startTestApp(t);
  const { content } = app.services;
  const rssTitles = async () =>
    (parse((await app.request({ url: '/rss.xml' })).body, t).rss.channel.item as { title: string }[]).map((i) => i.title);
  const sitemapHas = async (path: string) => (await app.request({ url: '/sitemap-content-1.xml' })).body.includes(path);
  t.notOk((await rssTitles()).includes('Свежая новость'));
  t.notOk(await sitemapHas('/news/svezhaya'));
  await content.save(contentFile({ kind: 'news', slug: 'svezhaya', title: 'Свежая новость' }));
  t.notOk((await rssTitles()).includes('Свежая новость'), 'cached: not yet');
  app.services.invalidateCaches();
  t.ok((await rssTitles()).includes('Свежая новость'), 'in this process: at once after invalidateCaches');
  t.ok(await sitemapHas('/news/svezhaya'));

  // Another process (npm run content -- import, another pod) cannot clear these caches: their TTLs bring the change.
  // A pod has its own content cache under its feed cache, as createServices builds them.
  const sites = new SiteDirectory(demoSitesConfig);
  const ru = sites.byId('ru')!;
  const pod = new FeedService(app.db, sites, { ttlMs: 200, news: contentNewsSource(new ContentService(app.db, 100)) });
  t.notMatch(await pod.rss(ru), /Импорт из файлов/);
  await app.db.query(
    `INSERT INTO content_entries (kind, site, language, slug, title, summary, body_md, body_html)
     VALUES ('news', '*', 'ru', 'import', 'Импорт из файлов', '', '', '')`,
  );
  t.notMatch(await pod.rss(ru), /Импорт из файлов/, 'within the TTL: the cached feed');
  await new Promise((resolve) => setTimeout(resolve, 250));
  // Past the TTL the stale copy is served while one refresh runs; the refreshed feed follows (a busy machine: a few tries).
  for (let i = 0; i < 50 && !(await pod.rss(ru)).includes('Импорт из файлов'); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  t.match(await pod.rss(ru), /Импорт из файлов/, 'after the TTL: the new item');
  t.match((await pod.sitemapFile(ru, 'sitemap-content-1.xml'))!, /\/news\/import/);
});

t.test('xmlEscape: any text reads back the same, less what XML cannot hold', async (t) => {
  fc.assert(
    fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
      const xml = `<a b="${xmlEscape(text)}">${xmlEscape(text)}</a>`;
      // parse(…, true) validates first: it throws on a document that is not well-formed.
      const doc = new XMLParser({
        ignoreAttributes: false,
        trimValues: false,
        parseTagValue: false,
        parseAttributeValue: false,
        htmlEntities: true,
      }).parse(xml);
      const kept = text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');
      return (doc.a['#text'] ?? '') === kept && doc.a['@_b'] === kept;
    }),
    { numRuns: 300 },
  );
  t.pass();
});

/**
 * Every page states its head one way (client/components/PageHead.tsx, docs/decisions/029): one title, one meta
 * description, Open Graph with og:url equal to the canonical address, noindex on one visitor's pages, and the
 * JSON-LD of the page (Organization with contacts on home, Product and BreadcrumbList on a product).
 */
import t from 'tap';
import { type PageRouteId, pageRoutes } from '../shared/routes.ts';
import { META_DESCRIPTION_MAX } from '../shared/seo.ts';
import { startTestApp } from './helpers/app.ts';
import { everyRoutePath } from './helpers/route-paths.ts';

const all = (html: string, re: RegExp) => [...html.matchAll(re)].map((m) => m[1]!);
const head = (html: string) => /<head>(.*?)<\/head>/s.exec(html)![1]!;
const jsonLd = (html: string) =>
  all(html, /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs).map((s) => JSON.parse(s) as Record<string, any>);

/** Every page and whether search engines may index it: a route missing here fails the test below. */
const INDEXED: Record<PageRouteId, boolean> = {
  home: true,
  auth: false,
  personal: false,
  history: false,
  'history-entry': false,
  register: false,
  'password-forgot': false,
  'password-reset': false,
  'account-confirm': false,
  records: false,
  cart: false,
  'cart-result': false,
  'cart-order': false,
  'cart-invoice': false,
  search: false,
  compare: false,
  materials: true,
  kits: true,
  kit: true,
  about: true,
  'about-noise': true,
  'about-noise-page': true,
  news: true,
  'news-item': true,
  articles: true,
  article: true,
  payment: true,
  privacy: true,
  faq: true,
  reviews: true,
  partner: true,
  handmade: true,
  calc: true,
  builder: true,
  map: true,
  category: true,
  product: true,
  'not-found': false,
};

/** The structured data a page must carry (@type of its JSON-LD blocks), beyond what every page has. */
const JSON_LD: Partial<Record<PageRouteId, string[]>> = {
  home: ['Organization', 'WebSite'],
  product: ['Product', 'BreadcrumbList'],
  kit: ['BreadcrumbList'],
  about: ['BreadcrumbList', 'Organization'],
  'about-noise': ['BreadcrumbList'],
  'about-noise-page': ['BreadcrumbList'],
  news: ['BreadcrumbList'],
  'news-item': ['BreadcrumbList', 'NewsArticle'],
  articles: ['BreadcrumbList'],
  article: ['BreadcrumbList', 'Article'],
  payment: ['BreadcrumbList'],
  privacy: ['BreadcrumbList'],
  faq: ['BreadcrumbList', 'FAQPage'],
  reviews: ['BreadcrumbList'],
  partner: ['BreadcrumbList'],
  handmade: ['BreadcrumbList'],
};

t.test('every route: one title, one description, canonical = og:url, noindex exactly on private pages, its JSON-LD', async (t) => {
  const app = await startTestApp(t);
  const visitor = app.visitor();
  const paths = await everyRoutePath(app, visitor);
  t.same(Object.keys(INDEXED).sort(), pageRoutes.map((r) => r.id).sort(), 'every route is classified indexed or not');

  // One assertion per language, listing every page that falls short and how.
  for (const language of ['ru', 'en'] as const) {
    const problems: string[] = [];
    for (const [id, path] of paths) {
      const url = language === 'ru' ? path : path === '/' ? '/en' : `/en${path}`;
      const fault = (what: string) => problems.push(`${url}: ${what}`);
      // A guard may send a signed-in visitor on (/auth, /register): then the page is asked anonymously.
      let res = await app.request({ url, as: visitor });
      if (res.statusCode >= 300 && res.statusCode < 400) res = await app.request({ url });
      const status = id === 'not-found' ? 404 : 200;
      if (res.statusCode !== status) fault(`status ${res.statusCode}, not ${status}`);
      const h = head(res.body);
      const titles = all(h, /<title>([^<]*)<\/title>/g).length;
      if (titles !== 1) fault(`${titles} titles`);
      const descriptions = all(h, /<meta name="description" content="([^"]*)"\/>/g);
      if (descriptions.length !== 1) fault(`${descriptions.length} descriptions`);
      const min = language === 'ru' ? 20 : 1;
      const text = descriptions[0] ?? '';
      if (text.length < min || text.length > META_DESCRIPTION_MAX) fault(`a description of ${text.length} characters`);
      const canonical = all(h, /<link rel="canonical" href="([^"]*)"\/>/g);
      if (canonical.length !== 1) fault(`${canonical.length} canonical links`);
      if (canonical[0] !== `https://tihoavto.ru${url}`) fault(`canonical ${canonical[0]}, not on the site's own host`);
      const ogUrl = all(h, /<meta property="og:url" content="([^"]*)"\/>/g);
      if (JSON.stringify(ogUrl) !== JSON.stringify(canonical)) fault(`og:url ${ogUrl.join(' ')} is not the canonical address`);
      const ogTitles = all(h, /<meta property="og:title" content="([^"]*)"\/>/g).length;
      if (ogTitles !== 1) fault(`${ogTitles} og:title`);
      const noindex = /<meta name="robots" content="noindex"\/>/.test(h);
      if (noindex !== !INDEXED[id]) fault(noindex ? 'noindex on an indexed page' : 'no noindex on a private page');
      const types = jsonLd(res.body).map((d) => d['@type']);
      for (const type of JSON_LD[id] ?? []) if (!types.includes(type)) fault(`no JSON-LD ${type}`);
    }
    t.same(
      problems,
      [],
      `${language}: all ${paths.length} routes answer with one title, description, canonical = og:url, og:title, noindex exactly on private pages, their JSON-LD`,
    );
  }
  // Pages with a query keep their canonical to what identifies them.
  for (const [url, canonical] of [
    ['/vibroizolyaciya?page=1&sort=price_asc', 'https://tihoavto.ru/vibroizolyaciya'],
    ['/search?q=вибро', 'https://tihoavto.ru/search'],
    ['/calc?car=sedan', 'https://tihoavto.ru/calc'],
  ] as const) {
    const h = head((await app.request({ url: encodeURI(url), as: visitor })).body);
    t.same(all(h, /<link rel="canonical" href="([^"]*)"\/>/g), [canonical], url);
  }
});

t.test('home: the shop with its contacts (Organization) and its search (WebSite)', async (t) => {
  const app = await startTestApp(t);
  const data = jsonLd((await app.request({ url: '/', host: 'kz.localhost' })).body);
  const org = data.find((d) => d['@type'] === 'Organization')!;
  t.equal(org.url, 'https://tihoavto.kz/');
  t.equal(org.telephone, '+7 727 200-00-00');
  t.equal(org.email, 'help@tihoavto.kz');
  t.same(org.contactPoint, {
    '@type': 'ContactPoint',
    contactType: 'customer support',
    telephone: '+7 727 200-00-00',
    email: 'help@tihoavto.kz',
    availableLanguage: ['ru', 'kk'],
    areaServed: 'KZ',
  });
  const site = data.find((d) => d['@type'] === 'WebSite')!;
  t.equal(site.potentialAction.target, 'https://tihoavto.kz/search?q={search_term_string}');
});

t.test('a category page has a description (its own, or one naming it) and its picture', async (t) => {
  const app = await startTestApp(t);
  await app.db.query(`UPDATE categories SET description = '' WHERE slug = 'antiskrip'`);
  app.services.invalidateCaches();
  const h = head((await app.request({ url: '/antiskrip' })).body);
  t.match(
    h,
    /<meta name="description" content="Антискрип и уплотнители для шумоизоляции автомобиля: цены, наличие, характеристики и доставка."\/>/,
  );
  t.match(h, /<meta property="og:image" content="https:\/\/tihoavto.ru\/img\/categories\/antiskrip.svg"\/>/);
});

/**
 * Every page states its head one way (client/components/PageHead.tsx, docs/decisions/029): one title, one meta
 * description, Open Graph with og:url equal to the canonical address, noindex on one visitor's pages, and the
 * JSON-LD of the page (Organization with contacts on home, Product and BreadcrumbList on a product).
 */
import t from 'tap';
import { META_DESCRIPTION_MAX } from '../shared/seo.ts';
import { createOrder, createUser, startTestApp } from './helpers/app.ts';

const all = (html: string, re: RegExp) => [...html.matchAll(re)].map((m) => m[1]!);
const head = (html: string) => /<head>(.*?)<\/head>/s.exec(html)![1]!;
const jsonLd = (html: string) =>
  all(html, /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs).map((s) => JSON.parse(s) as Record<string, any>);

t.test('every page: one title, one description, Open Graph on the canonical address; private pages noindex', async (t) => {
  const app = await startTestApp(t);
  const visitor = app.visitor();
  const userId = await createUser(app, { signIn: visitor });
  const orderId = await createOrder(app, { sessionId: visitor.sessionId, userId });
  const [product] = await app.db.query<{ path: string }>(
    `SELECT '/' || c.slug || '/' || p.slug AS path FROM products p JOIN categories c ON c.id = p.category_id ORDER BY p.id LIMIT 1`,
  );
  const pages: [string, boolean][] = [
    ['/', false],
    ['/vibroizolyaciya', false],
    ['/vibroizolyaciya?page=1&sort=price_asc', false],
    [product!.path, false],
    ['/materials', false],
    ['/komplekty-sumoizoliacii', false],
    ['/komplekty-sumoizoliacii/dveri-4', false],
    ['/map', false],
    ['/en/map', false],
    ['/search?q=вибро', true],
    ['/cart', true],
    ['/compare', true],
    ['/personal', true],
    ['/history', true],
    [`/history/${orderId}`, true],
    ['/no-such-page', true],
  ];
  for (const [url, noindex] of pages) {
    const res = await app.request({ url, as: visitor });
    const h = head(res.body);
    t.equal(all(h, /<title>([^<]*)<\/title>/g).length, 1, `${url}: one title`);
    const descriptions = all(h, /<meta name="description" content="([^"]*)"\/>/g);
    t.equal(descriptions.length, 1, `${url}: one description`);
    t.ok(descriptions[0]!.length >= 20 && descriptions[0]!.length <= META_DESCRIPTION_MAX, `${url}: a description of sane length`);
    const canonical = all(h, /<link rel="canonical" href="([^"]*)"\/>/g);
    t.equal(canonical.length, 1, `${url}: one canonical`);
    t.same(all(h, /<meta property="og:url" content="([^"]*)"\/>/g), canonical, `${url}: og:url is the canonical address`);
    t.equal(all(h, /<meta property="og:title" content="([^"]*)"\/>/g).length, 1, `${url}: og:title`);
    t.equal(/<meta name="robots" content="noindex"\/>/.test(h), noindex, `${url}: ${noindex ? 'noindex' : 'indexed'}`);
  }
  // The auth page redirects a signed-in visitor: asked anonymously.
  const auth = head((await app.request({ url: '/auth' })).body);
  t.match(auth, /<meta name="description" content="[^"]+"\/>/);
  t.match(auth, /<meta name="robots" content="noindex"\/>/);
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

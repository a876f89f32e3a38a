/**
 * The home page that sells (issue 19 item 3): a first screen saying what the shop does with the calculator as the
 * main call to action; the site's ready kits with price and mass; popular and new products as buyable cards; why buy
 * here; the latest articles. Everything per site (prices in the site's currency, only what it sells), read through
 * the showcase's cache, which a catalogue change empties.
 */
import t from 'tap';
import { SHOWCASE_KITS, SHOWCASE_NEWEST, SHOWCASE_POPULAR } from '../server/catalog/showcase.ts';
import { HOME_ARTICLES } from '../server/pages/home.ts';
import { hydrationData, startTestApp, type TestApp } from './helpers/app.ts';

const app: TestApp = await startTestApp(t);

type Card = { id: number; title: string; price: number | null; stock: number | null };
type HomeData = {
  kits: Array<{ slug: string; title: string; price: number | null; massKg: number; purchasable: boolean }>;
  popular: Card[];
  newest: Card[];
  articles: Array<{ slug: string; title: string }>;
  currency: string;
};

async function home(host?: string, prefix = '') {
  const res = await app.request({ url: prefix || '/', host });
  t.equal(res.statusCode, 200, `${host ?? 'localhost'}${prefix || '/'} answers`);
  return { html: res.body, data: hydrationData(res.body).loaderData.home as HomeData };
}

t.test('the first screen: what the shop does, the calculator first, then the kits', async (t) => {
  const { html } = await home();
  const hero = /<section class="hero"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
  t.match(hero, /<h1[^>]*>Шумоизоляция автомобиля: материалы и готовые комплекты<\/h1>/, 'one h1 says what the shop sells');
  const links = [...hero.matchAll(/<a class="([^"]*)" href="([^"]*)"/g)].map((m) => ({ cls: m[1], href: m[2] }));
  t.same(links[0], { cls: 'button hero__cta', href: '/calc' }, 'the first call to action is the calculator');
  t.equal(links[1]?.href, '/komplekty-sumoizoliacii', 'the second the ready kits');
  t.match(hero, /<img src="\/img\/content\/layers\.svg" alt="[^"]+"[^>]*fetchPriority="high"/, 'its picture is described and loaded first');
  t.equal((html.match(/<h1[\s>]/g) ?? []).length, 1, 'one h1 on the page');
});

t.test('kits, popular and new products: what the site sells, at its prices', async (t) => {
  const { data, html } = await home();
  const rows = await app.db.query<{ id: number; popularity: number }>(
    `SELECT o.id, o.popularity FROM site_offers o WHERE o.price_list = 'ru' AND o.sold ORDER BY o.popularity DESC, o.id LIMIT $1`,
    [SHOWCASE_POPULAR],
  );
  t.same(
    data.popular.map((p) => p.id),
    rows.map((r) => r.id),
    'the popular products: the most popular the site sells, in order',
  );
  t.ok(data.newest.length > 0 && data.newest.length <= SHOWCASE_NEWEST, 'some new products');
  const popular = new Set(data.popular.map((p) => p.id));
  t.notOk(
    data.newest.some((p) => popular.has(p.id)),
    'a new product already among the popular ones is not shown twice',
  );
  t.ok(
    [...data.popular, ...data.newest].every((p) => p.price !== null && p.stock !== null),
    'every card has a price and a stock state',
  );
  t.ok(data.kits.length > 0 && data.kits.length <= SHOWCASE_KITS, 'some kits');
  t.ok(
    data.kits.every((k) => k.purchasable && k.price !== null && k.massKg > 0),
    'each kit with its price and mass',
  );
  for (const p of data.popular) {
    t.match(html, new RegExp(`name="productId" value="${p.id}"`), `${p.title}: a 'В корзину' form`);
  }
  for (const k of data.kits) t.match(html, new RegExp(`name="slug" value="${k.slug}"`), `${k.title}: the whole kit into the cart`);
  t.equal(data.currency, 'RUB');
});

t.test('another site: its own currency and its own price list', async (t) => {
  const { data, html } = await home('kz.localhost');
  t.equal(data.currency, 'KZT');
  t.match(html, /₸/, 'prices in tenge');
  const [price] = await app.db.query<{ price: number }>(
    `SELECT price::float8 AS price FROM site_offers WHERE price_list = 'kz' AND id = $1`,
    [data.popular[0]!.id],
  );
  t.equal(data.popular[0]!.price, price!.price, "the card's price is the kz list's");
});

t.test('why buy here, the categories and the latest articles', async (t) => {
  const { data, html } = await home();
  for (const [title, href] of [
    ['Доставка', '/oplata-i-vozvraty'],
    ['Оплата', '/oplata-i-vozvraty'],
    ['Возврат и гарантия', '/oplata-i-vozvraty'],
    ['Установка', '/map'],
  ]) {
    t.match(html, `<h3><a href="${href}" data-discover="true">${title}</a></h3>`, `'${title}' leads to ${href}`);
  }
  const categories = await app.db.query<{ title: string }>('SELECT title FROM categories ORDER BY sort, id');
  for (const c of categories) t.match(html, `>${c.title}</a></li>`, `category ${c.title}`);
  const newest = await app.services.content.list('article', 'ru', 'ru', 1, HOME_ARTICLES);
  t.same(
    data.articles.map((a) => a.slug),
    newest.items.map((a) => a.slug),
    'the newest articles',
  );
  for (const a of data.articles) t.match(html, `href="/stati/${a.slug}"`, `${a.title}: linked`);
});

t.test('the English page: the same sections in English, links under /en', async (t) => {
  const { html } = await home(undefined, '/en');
  t.match(html, '>Plan your sound deadening</a>');
  t.match(html, 'href="/en/calc"');
  t.match(html, '>Why buy from us</h2>');
});

t.test('a catalogue change reaches the home page once the caches are emptied', async (t) => {
  const before = (await home()).data.popular[0]!;
  await app.db.query('UPDATE products SET is_active = false WHERE id = $1', [before.id]);
  t.teardown(() => app.db.query('UPDATE products SET is_active = true WHERE id = $1', [before.id]));
  t.equal((await home()).data.popular[0]!.id, before.id, 'served from the cache meanwhile');
  app.services.invalidateCaches();
  const after = (await home()).data;
  t.notOk(
    after.popular.some((p) => p.id === before.id),
    'a withdrawn product leaves the home page',
  );
});

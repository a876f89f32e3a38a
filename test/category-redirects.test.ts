/**
 * A renamed category keeps its old addresses (decision 049, migration 033): CategoryDesk writes the slug it left as a
 * redirect in the rename's transaction; the storefront answers the old category and product addresses — with a
 * language prefix too — with a 301 to the current ones, query string kept, host never taken from the request. A
 * category that takes an old slug wins; an unknown slug is still the 404 page; the sitemap names the current address.
 */
import t from 'tap';
import { startTestApp } from './helpers/app.ts';
import { staffMember, staffPost } from './helpers/staff.ts';

const app = await startTestApp(t);
const owner = await staffMember(app, 'owner');

const [category] = await app.db.query<{ id: number; slug: string; title: string; sort: number }>(
  "SELECT id, slug, title, sort FROM categories WHERE slug = 'antiskrip'",
);
const [product] = await app.db.query<{ slug: string }>(
  'SELECT slug FROM products WHERE category_id = $1 AND is_active ORDER BY id LIMIT 1',
  [category!.id],
);
const productSlug = product!.slug;
const h1 = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

async function rename(slug: string) {
  const res = await staffPost(app, owner, '/staff/categories', {
    id: String(category!.id),
    title: category!.title,
    slug,
    description: '',
    sort: String(category!.sort),
  });
  if (res.statusCode !== 303) throw new Error(`rename to ${slug}: ${res.statusCode} ${res.body.slice(0, 300)}`);
}

const get = (url: string, host = 'localhost') => app.request({ url, host });

t.test('renamed twice: both old addresses answer 301 to the newest, product pages and languages too', async (t) => {
  t.equal((await get('/antiskrip')).statusCode, 200, 'the category page before');
  await rename('antiskrip-dva');
  await rename('antiskrip-tri');

  for (const old of ['/antiskrip', '/antiskrip-dva']) {
    const res = await get(old);
    t.equal(res.statusCode, 301, `${old}: 301`);
    t.equal(res.headers.location, '/antiskrip-tri', `${old}: straight to the newest address`);
  }
  const current = await get('/antiskrip-tri');
  t.equal(current.statusCode, 200, 'the new address is the page');
  t.equal(h1(current.body), category!.title);

  const item = await get(`/antiskrip/${productSlug}`);
  t.equal(item.statusCode, 301, 'a product under the old slug');
  t.equal(item.headers.location, `/antiskrip-tri/${productSlug}`, 'the same product under the current slug');
  t.equal((await get(item.headers.location as string)).statusCode, 200, 'which is the product page');

  const en = await get(`/en/antiskrip-dva/${productSlug}`);
  t.equal(en.statusCode, 301);
  t.equal(en.headers.location, `/en/antiskrip-tri/${productSlug}`, 'the language prefix kept once');
  t.equal((await get('/en/antiskrip')).headers.location, '/en/antiskrip-tri');
  const kk = await get('/kk/antiskrip', 'kz.localhost');
  t.equal(kk.statusCode, 301, 'on another site');
  t.equal(kk.headers.location, '/kk/antiskrip-tri', 'its own prefix, the same host (a relative address)');

  const data = await get('/_data/antiskrip?sort=price&_routes=pages,category');
  t.same(data.json(), { redirect: '/antiskrip-tri?sort=price' }, 'a client navigation is told too, without the router params');

  const rows = await app.db.query<{ slug: string; category_id: number }>('SELECT slug, category_id FROM category_redirects ORDER BY slug');
  t.same(
    rows,
    [
      { slug: 'antiskrip', category_id: category!.id },
      { slug: 'antiskrip-dva', category_id: category!.id },
    ],
    'both old slugs point at the category, not at each other',
  );
});

t.test('the query string is kept; the location is built from the current slug, never from the request', async (t) => {
  const res = await get('/antiskrip?sort=price&page=1');
  t.equal(res.statusCode, 301);
  t.equal(res.headers.location, '/antiskrip-tri?sort=price&page=1');
  const tricky = await get(`/antiskrip/${productSlug}?next=//evil.example/&x=%0d%0aSet-Cookie:a`);
  t.equal(tricky.statusCode, 301);
  t.match(String(tricky.headers.location), new RegExp(`^/antiskrip-tri/${productSlug}\\?`), 'a path on this host');
  t.notMatch(String(tricky.headers.location), /[\r\n]/, 'no header injection');
  t.equal(tricky.headers['set-cookie'], undefined);
});

t.test('an unknown slug is still the 404 page', async (t) => {
  t.equal((await get('/net-takoj-kategorii')).statusCode, 404);
  t.equal((await get(`/net-takoj-kategorii/${productSlug.replace(/^/, 'zz')}`)).statusCode, 404);
  t.equal((await get('/en/net-takoj-kategorii')).statusCode, 404);
});

t.test('a new category that takes an old slug wins; renaming back removes the redirect', async (t) => {
  const created = await staffPost(app, owner, '/staff/categories', { title: 'Новая на старом адресе', slug: 'antiskrip-dva', sort: '50' });
  t.equal(created.statusCode, 303, created.body.slice(0, 300));
  const taken = await get('/antiskrip-dva');
  t.equal(taken.statusCode, 200, 'the new category answers, no redirect');
  t.equal(h1(taken.body), 'Новая на старом адресе');
  t.equal((await get('/antiskrip')).headers.location, '/antiskrip-tri', 'the other old slug still redirects');
  t.same(
    (await app.db.query('SELECT slug FROM category_redirects ORDER BY slug')).map((r) => (r as { slug: string }).slug),
    ['antiskrip'],
    "the taken slug's redirect is gone",
  );

  await rename('antiskrip');
  t.equal((await get('/antiskrip')).statusCode, 200, 'back at its first address');
  t.equal((await get('/antiskrip-tri')).headers.location, '/antiskrip', 'the address it left now redirects');
  t.equal((await get('/antiskrip-dva')).statusCode, 200, 'the new category keeps its address');
  const audit = await app.db.query<{ after: { slug: string } }>(
    "SELECT after FROM staff_audit WHERE action = 'category.update' AND entity_id = $1 ORDER BY id",
    [String(category!.id)],
  );
  t.same(
    audit.map((a) => a.after.slug),
    ['antiskrip-dva', 'antiskrip-tri', 'antiskrip'],
    'each rename audited',
  );
});

t.test('the sitemap names the current address only', async (t) => {
  await rename('antiskrip-chetyre');
  const categories = (await get('/sitemap-categories-1.xml')).body;
  t.match(categories, '/antiskrip-chetyre<', 'the current category address');
  t.notMatch(categories, '/antiskrip<', 'not the old one');
  const products = (await get('/sitemap-products-1.xml')).body;
  t.match(products, `/antiskrip-chetyre/${productSlug}<`, 'products under the current slug');
  t.notMatch(products, `/antiskrip/${productSlug}<`);
});

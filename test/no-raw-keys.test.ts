/**
 * No page shows a locale key as its text. Pages name what the locales may not (a product attribute added in the back
 * office, a tier, a layer, an order state) with `t(key, { defaultValue })`: `''` leaves the row or filter out, a
 * value shows as itself. When pages moved to the page translator (decision 056), its first version ignored
 * defaultValue, and the category filters showed "attr.sheet_length_m"; every test passed. This walks the demo's
 * catalogue pages, in Russian and English, and looks for text that reads like a key of the tables.
 */
import t from 'tap';
import { demoCategories, demoKits, demoProducts } from '../server/demo/demo-data.ts';
import { messages } from '../shared/locales/index.ts';
import { startTestApp } from './helpers/app.ts';

const app = await startTestApp(t);
const v = app.visitor();

/** The tables' first-level names (attr, calc, productPage…): a text "attr.x" is a key, "tihoavto.ru" is not. */
const namespaces = new Set(Object.keys(messages.ru));
const KEY_LIKE = /[a-z][a-zA-Z]*(?:\.[a-zA-Z0-9_-]+)+/g;

/** Key-like words in the page's text and in its attributes people read (title, aria-label, placeholder, alt). */
function rawKeys(html: string): string[] {
  const body = html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<head>[\s\S]*?<\/head>/, '');
  const readable = [...body.matchAll(/>([^<]+)</g), ...body.matchAll(/\s(?:title|aria-label|placeholder|alt)="([^"]*)"/g)].map(
    (m) => m[1]!,
  );
  return readable.flatMap((text) => [...text.matchAll(KEY_LIKE)].map((m) => m[0]).filter((word) => namespaces.has(word.split('.')[0]!)));
}

const withUnnamedAttributes = demoProducts.filter((p) => Object.keys(p.attributes).some((key) => !(key in (messages.ru.attr as object))));

t.test('the demo has attributes the locales do not name (else this test proves nothing)', async (t) => {
  t.ok(withUnnamedAttributes.length > 0, withUnnamedAttributes.map((p) => p.sku).join(', '));
});

for (const prefix of ['', '/en']) {
  t.test(`${prefix || '/'}: catalogue, kits and calculator pages show no locale key`, async (t) => {
    const paths = [
      '/',
      ...demoCategories.map((c) => `/${c.slug}`),
      ...demoProducts.map((p) => `/${p.category}/${p.slug}`),
      '/komplekty-sumoizoliacii',
      ...demoKits.map((k) => `/komplekty-sumoizoliacii/${k.slug}`),
      '/calc',
      '/constructor',
    ];
    const found: string[] = [];
    for (const path of paths) {
      const res = await app.request({ url: `${prefix}${path === '/' && prefix ? '' : path}`, as: v });
      if (res.statusCode !== 200) found.push(`${path}: HTTP ${res.statusCode}`);
      for (const key of rawKeys(res.body)) found.push(`${path}: ${key}`);
    }
    t.same(found, [], `${paths.length} pages, no key shown`);
  });
}

t.test('compare, with products whose attributes the locales do not name', async (t) => {
  for (const product of withUnnamedAttributes.slice(0, 3)) {
    const id = (await app.db.query<{ id: number }>('SELECT id FROM products WHERE sku = $1', [product.sku]))[0]!.id;
    const res = await app.submit({ path: '/compare', fields: { intent: 'add', productId: id }, as: v, js: true });
    t.equal(res.statusCode, 200, `${product.sku} compared`);
  }
  const page = await app.request({ url: '/compare', as: v });
  t.equal(page.statusCode, 200);
  t.same(rawKeys(page.body), [], 'no key shown');
});

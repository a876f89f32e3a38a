/**
 * The drawn demo pictures (issue 19 item 1, decision 041): every demo product has at least two pictures with their
 * own alt text, every news item and article its own cover, every file is shipped with its WebP renditions, none
 * carries text, the stored rows say the same, and the product page preloads its main photo.
 */

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { parseContentFile } from '../server/content/index.ts';
import { demoArticles, demoNews } from '../server/demo/demo-content-articles.ts';
import { CONTENT_PICTURES } from '../server/demo/demo-content-pictures.ts';
import { demoCategories, demoProducts } from '../server/demo/demo-data.ts';
import { demoProductImages, sharedImages } from '../server/demo/demo-pictures.ts';
import { generatedProduct } from '../server/demo/generate-catalog.ts';
import { RENDITIONS } from '../shared/image-renditions.generated.ts';
import { RENDITION_WIDTHS, renditionUrl } from '../shared/image-renditions.ts';
import { startTestApp } from './helpers/app.ts';

const publicDir = join(import.meta.dirname, '..', 'public');

/** A shipped picture: the SVG exists, draws no text, and has every rendition listed and on disk. */
function shipped(src: string): string[] {
  const problems: string[] = [];
  const file = join(publicDir, src);
  if (!existsSync(file)) return [`${src} missing`];
  const svg = readFileSync(file, 'utf8');
  if (/<text\b/i.test(svg)) problems.push(`${src} has <text>`);
  if (svg.length > 12 * 1024) problems.push(`${src} is ${svg.length} bytes`);
  if (!RENDITIONS[src]) problems.push(`${src} has no renditions listed`);
  for (const w of RENDITION_WIDTHS)
    if (!existsSync(join(publicDir, renditionUrl(src, w)))) problems.push(`${renditionUrl(src, w)} missing`);
  return problems;
}

t.test('every demo product has two or more shipped pictures, each with its own Russian alt text', async (t) => {
  const problems: string[] = [];
  for (const p of demoProducts) {
    const images = demoProductImages(p);
    if (images.length < 2) problems.push(`${p.sku}: ${images.length} pictures`);
    if (new Set(images.map((i) => i.src)).size !== images.length) problems.push(`${p.sku}: a picture twice`);
    if (new Set(images.map((i) => i.alt)).size !== images.length) problems.push(`${p.sku}: two pictures with one alt`);
    for (const { src, alt } of images) {
      if (!src.startsWith('/img/products/')) problems.push(`${src} not under /img/products/`);
      if (!alt.startsWith(`${p.title}: `) || !/[а-яё]{4}/i.test(alt.slice(p.title.length))) problems.push(`${src}: alt "${alt}"`);
      problems.push(...shipped(src));
    }
  }
  t.same(problems, [], `${demoProducts.length} products`);
});

t.test('every category picture is shipped and draws no words: it is shown beside the title in every language', async (t) => {
  t.same(
    demoCategories.flatMap((c) => shipped(`/img/categories/${c.slug}.svg`)),
    [],
  );
});

t.test('a generated product shows the drawing of a demo product of its kind, with its own alt', async (t) => {
  for (let n = 1; n <= 14; n++) {
    const p = generatedProduct(n);
    const images = sharedImages(p, demoProducts);
    t.ok(images.length >= 2, `${p.sku} (${p.category}) has pictures`);
    t.ok(
      images.every((i) => existsSync(join(publicDir, i.src)) && i.alt.startsWith(`${p.title}: `)),
      `${p.sku}: shipped files, its own title in the alt`,
    );
  }
});

t.test('every news item and article has its own cover; no article shows its cover again', async (t) => {
  const entries = [...demoArticles, ...demoNews].map((text, i) => parseContentFile(text, `#${i}`));
  t.equal(entries.length, 10);
  const covers = new Set<string>();
  for (const { meta, body } of entries) {
    t.ok(meta.cover, `${meta.slug} has a cover`);
    if (!meta.cover) continue;
    t.notOk(covers.has(meta.cover.src), `${meta.slug}: a cover of its own`);
    covers.add(meta.cover.src);
    t.ok(meta.cover.alt.length > 10, `${meta.slug}: cover alt`);
    t.same(shipped(meta.cover.src), [], `${meta.slug}: cover shipped with renditions`);
    const inside = [...body.matchAll(/!\[[^\]]+\]\(([^ )]+)/g)].map((m) => m[1]!).concat(meta.gallery.map((g) => g.src));
    t.notOk(inside.includes(meta.cover.src), `${meta.slug}: the body and gallery do not repeat the cover`);
    t.equal(new Set(inside).size, inside.length, `${meta.slug}: no body picture twice`);
    for (const src of inside) t.same(shipped(src), [], `${meta.slug}: ${src} shipped`);
  }
  for (const c of CONTENT_PICTURES) t.same(shipped(c.src), [], `${c.name} shipped`);
});

t.test('the stored products carry { src, alt } pictures; the product page preloads its main photo', async (t) => {
  const app = await startTestApp(t);
  const rows = await app.db.query<{ sku: string; images: Array<{ src: string; alt: string }> }>(
    `SELECT sku, images FROM products WHERE sku = ANY($1::text[])`,
    [demoProducts.map((p) => p.sku)],
  );
  t.equal(rows.length, demoProducts.length);
  t.ok(
    rows.every((r) => r.images.length >= 2 && r.images.every((i) => typeof i.src === 'string' && i.alt.trim().length > 0)),
    'every stored picture has an address and an alt text',
  );

  const page = await app.request({ url: '/vibroizolyaciya/vibro-standart-2-2' });
  t.equal(page.statusCode, 200);
  const head = page.body.slice(0, page.body.indexOf('</head>'));
  t.match(
    head,
    /<link rel="preload" as="image" fetchPriority="high" imageSrcSet="\/img\/products\/vib-std-22-main-160\.webp 160w, [^"]+" imageSizes="\(max-width: 32rem\) 100vw, 30rem"\/>/,
    'the main photo preloaded from the head with its WebP srcset',
  );
  t.match(page.body, 'alt="Вибро Стандарт 2.2: листы с алюминиевой фольгой, угол отогнут, видна защитная плёнка"');

  // What migration 024 does to a photo stored as a bare address.
  await app.db.query(`UPDATE products SET images = '["/img/products/x.svg"]'::jsonb WHERE sku = 'CON-PERCH'`);
  await app.db.query(readFileSync(join(import.meta.dirname, '../server/db/migrations/024_product_image_alts.sql'), 'utf8'));
  const [migrated] = await app.db.query<{ images: unknown }>(`SELECT images FROM products WHERE sku = 'CON-PERCH'`);
  t.same(migrated!.images, [{ src: '/img/products/x.svg', alt: 'Перчатки монтажные' }], 'a bare address gets the title as its alt');
});

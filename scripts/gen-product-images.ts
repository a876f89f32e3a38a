/**
 * Writes the demo product photos named in server/demo/demo-data.ts (`images`) as simple SVGs under public/,
 * so the demo shop ships its own pictures and never hot-links any. Run after changing the demo images:
 *   node --import tsx scripts/gen-product-images.ts && npm run images   (the WebP renditions, decision 015)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoProducts } from '../server/demo/demo-data.ts';

/** Every demo photo is 4:3, the shape the product page gives its gallery. */
const DEMO_IMAGE = { width: 1200, height: 900 } as const;

const PALETTE = ['#2e7d32', '#1565c0', '#6a1b9a', '#ef6c00', '#00897b', '#c62828'];
const VIEWS = ['лист', 'срез', 'монтаж', 'упаковка'];

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function svg(title: string, sku: string, n: number, total: number): string {
  const { width, height } = DEMO_IMAGE;
  const fill = PALETTE[(n - 1) % PALETTE.length]!;
  const stripes = Array.from({ length: 8 }, (_, i) => {
    const y = 110 * (i + 1);
    return `<path d="M0 ${y} q150 -${40 + 15 * n} 300 0 t300 0 t300 0 t300 0"/>`;
  }).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" fill="${fill}"/>` +
    `<g fill="none" stroke="#fff" stroke-opacity=".3" stroke-width="14">${stripes}</g>` +
    `<g font-family="system-ui,sans-serif" fill="#fff" text-anchor="middle">` +
    `<text x="600" y="420" font-size="${Math.min(84, Math.floor(2000 / title.length))}" font-weight="700">${escapeXml(title)}</text>` +
    `<text x="600" y="530" font-size="52">${escapeXml(sku)} · ${escapeXml(VIEWS[(n - 1) % VIEWS.length]!)} · ${n}/${total}</text>` +
    `</g></svg>\n`
  );
}

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
let written = 0;
for (const product of demoProducts) {
  const images = product.images ?? [];
  images.forEach((url, i) => {
    const file = join(publicDir, url);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, svg(product.title, product.sku, i + 1, images.length));
    written += 1;
  });
}
console.log(`${written} demo product images written under public/img/products`);

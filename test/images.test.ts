/**
 * Responsive images (issue 4 item 8, decision 015): <ResponsiveImage> markup, the WebP renditions shipped in
 * public/, and the pages that use it.
 */

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import t from 'tap';
import { ResponsiveImage } from '../client/components/ResponsiveImage.tsx';
import { CONTENT_PICTURES } from '../server/demo/demo-content-pictures.ts';
import { demoCategories, demoProducts } from '../server/demo/demo-data.ts';
import { demoProductImages } from '../server/demo/demo-pictures.ts';
import { RENDITIONS } from '../shared/image-renditions.generated.ts';
import { RENDITION_WIDTHS, renditionUrl } from '../shared/image-renditions.ts';
import { startTestApp } from './helpers/app.ts';

const publicDir = join(import.meta.dirname, '..', 'public');
const PHOTO = '/img/products/abs-ak-10-main.svg';

function srcsetFiles(html: string): Array<{ url: string; w: number }> {
  const srcset = /srcSet="([^"]+)"|srcset="([^"]+)"/.exec(html);
  if (!srcset) return [];
  return (srcset[1] ?? srcset[2])!.split(', ').map((part) => {
    const [url, w] = part.split(' ');
    return { url: url!, w: Number(w!.replace('w', '')) };
  });
}

t.test('a shipped picture becomes <picture> with WebP sources in every width, width/height and lazy loading', async (t) => {
  const html = renderToStaticMarkup(createElement(ResponsiveImage, { src: PHOTO, alt: 'Акустик 10', width: 240, height: 180 }));
  t.match(html, /^<picture><source type="image\/webp" srcSet="[^"]+" sizes="240px"\/><img [^>]*><\/picture>$/);
  const files = srcsetFiles(html);
  t.same(
    files.map((f) => f.w),
    [...RENDITION_WIDTHS],
    'one candidate per width',
  );
  for (const f of files) {
    t.ok(existsSync(join(publicDir, f.url)), `${f.url} exists in public/`);
    t.equal(readFileSync(join(publicDir, f.url)).subarray(8, 12).toString(), 'WEBP', `${f.url} is a WebP file`);
  }
  t.match(html, `src="${PHOTO}"`, 'the original is the fallback');
  t.match(html, 'width="240"');
  t.match(html, 'height="180"');
  t.match(html, 'alt="Акустик 10"');
  t.match(html, 'loading="lazy"');
  t.match(html, 'decoding="async"');

  const eager = renderToStaticMarkup(
    createElement(ResponsiveImage, { src: PHOTO, alt: '', width: 480, height: 360, sizes: '30rem', eager: true }),
  );
  t.notMatch(eager, 'loading=', 'an eager picture is not lazy');
  t.notMatch(eager, 'decoding=');
  t.match(eager, /fetchpriority="high"/i, 'high priority (HTML attribute names are case-insensitive)');
  t.match(eager, 'sizes="30rem"');
  t.match(eager, 'width="480" height="360"');
});

t.test('a picture without renditions is a plain <img>, still sized and lazy', async (t) => {
  const html = renderToStaticMarkup(createElement(ResponsiveImage, { src: '/uploads/x.png', alt: 'x', width: 10, height: 20 }));
  t.notMatch(html, '<picture');
  t.match(html, /^<img [^>]*src="\/uploads\/x.png"[^>]*>$/);
  t.match(html, 'width="10" height="20"');
  t.match(html, 'loading="lazy"');
});

t.test('every demo picture has all its renditions, and the renditions stay small', async (t) => {
  const pictures = [
    ...demoCategories.map((c) => `/img/categories/${c.slug}.svg`),
    ...demoProducts.flatMap((p) => demoProductImages(p).map((i) => i.src)),
    ...CONTENT_PICTURES.map((c) => c.src),
  ];
  let total = 0;
  for (const src of pictures) {
    t.ok(RENDITIONS[src], `${src} is listed`);
    for (const w of RENDITION_WIDTHS) {
      const file = join(publicDir, renditionUrl(src, w));
      t.ok(existsSync(file), `${renditionUrl(src, w)} exists`);
      if (existsSync(file)) total += readFileSync(file).length;
    }
  }
  // 103 drawn pictures (decision 041) at ≈ 14 KiB for all four widths of one.
  t.ok(total < 2 * 1024 * 1024, `all renditions together under 2 MiB (${Math.round(total / 1024)} KiB)`);
});

t.test('pages: category cards, product cards and the gallery use the pictures', async (t) => {
  const app = await startTestApp(t);
  const home = await app.request({ url: '/' });
  t.equal(home.statusCode, 200);
  // The home page: its first screen's picture loads first; the product cards below it lazily.
  const hero = /<section class="hero".*?<\/section>/s.exec(home.body)?.[0] ?? '';
  t.match(hero, '<source type="image/webp"', 'the first screen: WebP offered');
  t.match(hero, /<img [^>]*width="\d+" height="\d+"[^>]*fetchPriority="high"/, 'sized, and fetched first');
  t.notMatch(hero, 'loading="lazy"', 'above the fold');
  const cards = [...home.body.matchAll(/<li class="product-card">.*?<\/li>/gs)].map((m) => m[0]);
  t.ok(cards.length >= 8, 'the popular and new products have cards');
  for (const card of cards) {
    t.match(card, '<source type="image/webp"', 'WebP offered');
    t.match(card, /<img [^>]*width="\d+" height="\d+"/, 'sized');
    t.match(card, 'loading="lazy"', 'below the first screen: lazy');
  }

  const category = await app.request({ url: '/shumopogloshchenie' });
  t.equal(category.statusCode, 200);
  t.match(
    category.body,
    /<li class="product-card"><a class="product-card__link" href="\/shumopogloshchenie\/akustik-10" data-discover="true"><picture><source type="image\/webp" srcSet="\/img\/products\/abs-ak-10-main-160.webp 160w/,
  );

  const product = await app.request({ url: '/shumopogloshchenie/akustik-10' });
  t.match(product.body, /data-gallery="abs-ak-10" class="product-gallery__main"><picture><source type="image\/webp"/);
});

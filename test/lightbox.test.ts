/**
 * The lightbox's server and router side (spec §2 "Image lightbox", §9): product photos rendered as gallery
 * items, the demo photos shipped in public/, the gallery hash and drag rules, and gallery hash steps that
 * never reload route data. The lightbox in the browser: e2e/lightbox.spec.ts.
 */

import { existsSync } from 'node:fs';
import t from 'tap';
import { dragShouldClose, galleryHash, LIGHTBOX, parseGalleryHash } from '../client/gallery.ts';
import { demoProducts } from '../server/demo/demo-data.ts';
import { demoProductImages } from '../server/demo/demo-pictures.ts';
import { startTestApp } from './helpers/app.ts';
import { browserRouter } from './helpers/browser-router.ts';

const PRODUCT = '/shumopogloshchenie/akustik-10'; // ABS-AK-10: three photos
const PHOTOS = demoProductImages(demoProducts.find((p) => p.sku === 'ABS-AK-10')!);
const SINGLE = '/zhidkaya-shumoizolyaciya/zhidkaya-shumoizolyaciya-aerozol-650-ml'; // LIQ-AER-650: given one photo below

/** The gallery links of a page: [whole tag of <a>…(<picture><source>)<img>, href, data-gallery, img attributes]. */
function galleryItems(html: string) {
  return [...html.matchAll(/<a href="([^"]+)" data-gallery="([^"]+)"[^>]*>(?:<picture><source [^>]*\/?>)?<img ([^>]*)\/?>/g)].map((m) => ({
    href: m[1]!,
    gallery: m[2]!,
    img: m[3]!,
  }));
}

t.test('the product page renders its photos as one gallery: the first large, the rest lazy thumbnails', async (t) => {
  const app = await startTestApp(t);
  const res = await app.request({ url: PRODUCT });
  t.equal(res.statusCode, 200);
  const items = galleryItems(res.body);
  t.same(
    items.map((i) => i.href),
    ['/img/products/abs-ak-10-main.svg', '/img/products/abs-ak-10-detail.svg', '/img/products/abs-ak-10-use.svg'],
  );
  t.ok(
    items.every((i) => i.gallery === 'abs-ak-10'),
    'one gallery, named by the SKU',
  );
  for (const [n, item] of items.entries()) {
    t.match(item.img, new RegExp(`src="${item.href}"`), 'the link points at its own full image');
    t.match(item.img, /width="\d+"/, 'width set');
    t.match(item.img, /height="\d+"/, 'height set');
    t.match(item.img, `alt="${PHOTOS[n]!.alt}"`, 'the alt text stored with the photo');
  }
  t.match(items[0]!.img, 'width="480" height="360"');
  t.notMatch(items[0]!.img, 'loading=', 'the main photo loads at once');
  t.ok(
    items.slice(1).every((i) => i.img.includes('loading="lazy"')),
    'thumbnails load lazily',
  );

  const en = await app.request({ url: `/en${PRODUCT}` });
  t.match(galleryItems(en.body)[1]!.img, `alt="${PHOTOS[1]!.alt}"`, 'the stored alt text, like the title, in every page language');

  await app.db.query(`UPDATE products SET images = jsonb_build_array(images->0) WHERE sku = 'LIQ-AER-650'`);
  const single = await app.request({ url: SINGLE });
  t.same(
    galleryItems(single.body).map((i) => i.href),
    ['/img/products/liq-aer-650-main.svg'],
  );

  const [bare] = await app.db.query<{ url: string }>(
    `UPDATE products p SET images = '[]'::jsonb FROM categories c WHERE c.id = p.category_id AND p.sku = 'CON-PERCH'
      RETURNING '/' || c.slug || '/' || p.slug AS url`,
  );
  const none = await app.request({ url: bare!.url });
  t.equal(none.statusCode, 200);
  t.notMatch(none.body, 'data-gallery', 'a product without photos has no gallery');
});

t.test('the demo photos are shipped files, served as SVG', async (t) => {
  const app = await startTestApp(t);
  const images = demoProducts.flatMap((p) => demoProductImages(p).map((i) => i.src));
  for (const url of images) {
    t.ok(url.startsWith('/img/products/'), `${url} is local`);
    t.ok(existsSync(new URL(`../public${url}`, import.meta.url)), `${url} exists in public/`);
  }
  const res = await app.request({ url: images[0]! });
  t.equal(res.statusCode, 200);
  t.match(String(res.headers['content-type']), /^image\/svg\+xml/);
});

t.test('gallery hashes and the drag-to-close rule', async (t) => {
  t.same(parseGalleryHash('#gallery-abs-ak-10-2'), { slug: 'abs-ak-10', index: 1 });
  t.equal(galleryHash({ slug: 'abs-ak-10', index: 1 }), '#gallery-abs-ak-10-2');
  for (const bad of ['', '#gallery-', '#gallery-x', '#gallery-x-0', '#other-x-1', '#gallery-x-1<', '#gallery-a b-1']) {
    t.equal(parseGalleryHash(bad), null, JSON.stringify(bad));
  }
  t.same(LIGHTBOX, {
    idleMs: 3500,
    slideshowMs: 3000,
    compactPx: 578,
    dragClosePx: 200,
    quickDragClosePx: 50,
    quickVelocity: 0.5,
    quickWindowMs: 100,
    minThumbnails: 2,
  });
  const slow = (dy: number) => [
    { t: 0, dy: 0 },
    { t: 400, dy },
    { t: 900, dy }, // held still before release
  ];
  const quick = (dy: number) => [
    { t: 0, dy: 0 },
    { t: 40, dy: dy / 2 },
    { t: 80, dy },
  ];
  t.equal(dragShouldClose(slow(199)), false, 'slow, under 200 px: stays');
  t.equal(dragShouldClose(slow(200)), true, 'slow, 200 px: closes');
  t.equal(dragShouldClose(slow(-250)), true, 'upwards too');
  t.equal(dragShouldClose(quick(49)), false, 'quick, under 50 px: stays');
  t.equal(dragShouldClose(quick(50)), true, 'quick, 50 px: closes');
  t.equal(dragShouldClose(quick(120)), true);
  t.equal(
    dragShouldClose([
      { t: 5, dy: 0 },
      { t: 5, dy: 80 },
    ]),
    true,
    'a flick within one instant is quick',
  );
  t.equal(dragShouldClose([]), false);
});

t.test('opening, moving in and closing a gallery never reloads route data; other same-page visits still do', async (t) => {
  const app = await startTestApp(t);
  const { router, calls } = browserRouter(t, app, { initialEntry: PRODUCT });
  const settled = (test: () => boolean) =>
    new Promise<void>((resolve) => {
      if (router.state.navigation.state === 'idle' && test()) return resolve();
      const stop = router.subscribe((state) => state.navigation.state === 'idle' && test() && (stop(), resolve()));
    });
  await settled(() => router.state.initialized);
  t.equal(router.state.loaderData.product.product.sku, 'ABS-AK-10');

  calls.length = 0;
  await router.navigate(`${PRODUCT}#gallery-abs-ak-10-1`, { state: { gallery: true } }); // open
  await router.navigate(`${PRODUCT}#gallery-abs-ak-10-2`, { replace: true }); // next image
  await router.navigate(-1); // Back closes
  await settled(() => router.state.location.hash === '');
  t.same(calls, [], 'no data request for gallery steps');
  t.equal(router.state.location.pathname, PRODUCT);

  await router.navigate(`${PRODUCT}#gallery-abs-ak-10-3`, { replace: true }); // a shared link …
  await router.navigate(PRODUCT, { replace: true }); // … closed
  t.same(calls, []);

  await router.navigate(PRODUCT); // a link to the page itself: the usual revalidation
  t.equal(calls.length, 1, 'a same-page visit without a gallery hash still revalidates');
  await router.navigate(`${PRODUCT}#reviews`);
  await router.navigate(-1);
  await settled(() => router.state.location.hash === '');
  t.equal(calls.length, 2, 'other hash steps keep the router default');
});

/**
 * Product photos uploaded in the back office (issue 21 item 3, migration 032): a real picture made here with sharp is
 * uploaded through the gallery's multipart form, stored as WebP renditions in the database and served at
 * /media/<hash>-<W>x<H>[-<w>].webp (immutable); the storefront's product page offers the renditions in a srcset with the size
 * and the alt text; order, alt text and removal are edited and audited; bad uploads are named 4xx and store nothing.
 */
import sharp from 'sharp';
import t from 'tap';
import { MEDIA_MAX_BYTES } from '../server/catalog/index.ts';
import { startTestApp } from './helpers/app.ts';
import { type StaffAgent, staffMember, staffPost } from './helpers/staff.ts';

const app = await startTestApp(t);
const owner = await staffMember(app, 'owner');

const [product] = await app.db.query<{ id: number; sku: string; url: string; images: Array<{ src: string; alt: string }> }>(
  `SELECT p.id, p.sku, '/' || c.slug || '/' || p.slug AS url, p.images
     FROM products p JOIN categories c ON c.id = p.category_id
    WHERE p.is_active AND jsonb_array_length(p.images) >= 2 ORDER BY p.id LIMIT 1`,
);
const { id, sku, url } = product!;
const galleryUrl = `/staff/products/${id}/images`;

/** The gallery's upload form as a browser sends it: multipart, the token and the description before the file. */
async function upload(file: Buffer, opts: { alt?: string; token?: string; agent?: StaffAgent; type?: string } = {}) {
  const agent = opts.agent ?? owner;
  const form = new FormData();
  form.set('_token', opts.token ?? agent.token);
  if (opts.alt !== undefined) form.set('alt', opts.alt);
  form.set('file', new Blob([new Uint8Array(file)], { type: opts.type ?? 'image/png' }), 'photo.png');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return app.request({
    method: 'POST',
    url: galleryUrl,
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')!, cookie: agent.cookie },
  });
}

const galleryOf = async () =>
  (await app.db.query<{ images: Array<{ src: string; alt: string }> }>('SELECT images FROM products WHERE id = $1', [id]))[0]!.images;
const countOf = async (sql: string, params: unknown[] = []) => (await app.db.query<{ n: number }>(sql, params))[0]!.n;
const audits = () =>
  countOf(`SELECT count(*)::int AS n FROM staff_audit WHERE entity = 'product' AND entity_id = $1 AND action LIKE 'product.image.%'`, [
    sku,
  ]);
const mediaCount = () => countOf('SELECT count(*)::int AS n FROM media_images');
const productPage = async () => {
  const res = await app.request({ url });
  if (res.statusCode !== 200) throw new Error(`product page: ${res.statusCode}`);
  return res.body;
};

/** A 1200×900 photo-like PNG (a gradient, so the WebP has something to encode). */
const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 180, g: 40, b: 40 } } })
  .composite([
    {
      input: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="450"><circle cx="300" cy="225" r="200" fill="#36c"/></svg>',
      ),
      top: 100,
      left: 100,
    },
  ])
  .png()
  .toBuffer();
const hash = (await import('node:crypto')).createHash('sha256').update(photo).digest('hex');
/** The address carries the largest rendition's size: every page that shows the photo knows its renditions and box. */
const base = `/media/${hash}-1200x900`;
const src = `${base}.webp`;

t.test('an upload is stored as WebP renditions and appended to the gallery with its alt text and size', async (t) => {
  const before = await audits();
  const res = await upload(photo, { alt: 'Рулон материала на верстаке' });
  t.equal(res.statusCode, 303, res.body.slice(0, 300));
  t.equal(res.headers.location, `${galleryUrl}?notice=imageAdded`);
  const images = await galleryOf();
  t.same(images.at(-1), { src, alt: 'Рулон материала на верстаке' }, 'appended last, its size in its address');
  t.equal(images.length, product!.images.length + 1, 'the demo pictures stay');
  const widths = await app.db.query<{ width: number; largest: boolean }>(
    'SELECT width, largest FROM media_renditions WHERE hash = $1 ORDER BY width',
    [hash],
  );
  t.same(
    widths.map((w) => [w.width, w.largest]),
    [
      [160, false],
      [320, false],
      [480, false],
      [960, false],
      [1200, true],
    ],
    'each rendition width below the original, and the largest',
  );
  const [media] = await app.db.query<{ width: number; height: number; mime: string }>(
    'SELECT width, height, mime FROM media_images WHERE hash = $1',
    [hash],
  );
  t.same(media, { width: 1200, height: 900, mime: 'image/png' });
  t.equal(await audits(), before + 1, 'one audit row');

  const gallery = await app.request({ url: galleryUrl, headers: { cookie: owner.cookie } });
  t.equal(gallery.statusCode, 200);
  t.match(gallery.body, `${base}-160.webp`, 'the gallery shows the smallest rendition as the thumbnail');
  t.match(gallery.body, 'value="Рулон материала на верстаке"', 'with its alt text to edit');
  t.match(gallery.body, 'encType="multipart/form-data"', 'and the upload form');
  const editor = await app.request({ url: `/staff/products/${id}`, headers: { cookie: owner.cookie } });
  t.match(editor.body, `href="${galleryUrl}"`, 'the product editor links to its photos');
});

t.test('/media serves the renditions: image/webp, immutable, an ETag, 304 and 404', async (t) => {
  const largest = await app.request({ url: src });
  t.equal(largest.statusCode, 200);
  t.equal(largest.headers['content-type'], 'image/webp');
  t.equal(largest.headers['cache-control'], 'public, max-age=31536000, immutable');
  t.ok(largest.headers.etag, 'an ETag');
  const meta = await sharp(largest.rawPayload).metadata();
  t.equal(meta.format, 'webp');
  t.equal(meta.width, 1200);
  t.equal(meta.height, 900);
  const small = await app.request({ url: `${base}-320.webp` });
  t.equal(small.statusCode, 200);
  t.equal((await sharp(small.rawPayload).metadata()).width, 320, 'the 320 rendition is 320 px wide');
  t.equal((await sharp(small.rawPayload).metadata()).height, 240);
  const again = await app.request({ url: src, headers: { 'if-none-match': String(largest.headers.etag) } });
  t.equal(again.statusCode, 304, 'the ETag is honoured');
  t.equal((await app.request({ url: `/media/${'0'.repeat(64)}-1200x900.webp` })).statusCode, 404, 'an unknown hash');
  t.equal((await app.request({ url: `/media/${hash}.webp` })).statusCode, 404, 'an address without the size');
  t.equal((await app.request({ url: `/media/${hash}-1200x901.webp` })).statusCode, 404, "a size that is not the picture's");
  t.equal((await app.request({ url: `/media/${hash}-1199x900-320.webp` })).statusCode, 404, 'nor for a rendition');
  t.equal((await app.request({ url: `${base}-1200.webp` })).statusCode, 404, 'the largest has one address only');
  t.equal((await app.request({ url: `${base}-1920.webp` })).statusCode, 404, 'a width not stored');
  t.equal((await app.request({ url: `${base}-333.webp` })).statusCode, 404, 'not a rendition width');
  t.equal((await app.request({ url: '/media/../package.json' })).statusCode, 404, 'nothing else');
  // Any site's host serves the pictures (every site shows the same products).
  t.equal((await app.request({ url: src, host: 'kz.localhost' })).statusCode, 200, 'on a regional host too');
});

t.test('the product page offers the stored renditions in a srcset, with the size and alt text; order moves it', async (t) => {
  const srcset = `${base}-160.webp 160w, ${base}-320.webp 320w, ${base}-480.webp 480w, ${base}-960.webp 960w, ${src} 1200w`;
  let body = await productPage();
  t.match(body, `<source type="image/webp" srcSet="${srcset}"`, 'the srcset of its renditions');
  t.match(
    body,
    new RegExp(`<img src="${src}" alt="Рулон материала на верстаке"[^>]* width="96" height="72"`),
    'a thumbnail with size and alt',
  );
  const before = await audits();
  // Up until it is the main photo.
  for (let i = 0; i < product!.images.length; i++) {
    const res = await staffPost(app, owner, `${galleryUrl}/edit`, { action: 'up', src, alt: 'ignored' });
    t.equal(res.statusCode, 303);
  }
  t.equal((await galleryOf())[0]!.src, src, 'moved to the front');
  t.equal(await audits(), before + product!.images.length, 'an audit row per move');
  body = await productPage();
  t.match(
    body,
    new RegExp(
      `class="product-gallery__main"><picture><source type="image/webp" srcSet="${srcset}"[^>]*><img src="${src}" alt="Рулон материала на верстаке"[^>]* width="480" height="360"`,
    ),
    'the main photo, 480×360 with its srcset',
  );
  t.match(body, new RegExp(`<link rel="preload"[^>]*imageSrcSet="${srcset}"`, 'i'), 'preloaded with its srcset');
  // The card in its category shows the main photo from the same address: renditions and box from the address alone.
  const category = await app.request({ url: url.slice(0, url.lastIndexOf('/')) });
  t.equal(category.statusCode, 200);
  t.match(category.body, `srcSet="${srcset}"`, "the product's card in its category offers the renditions too");
  t.match(category.body, new RegExp(`<img src="${src}"[^>]* width="\\d+" height="\\d+"`), 'with its box');
  // A demo picture keeps its generated renditions.
  const demo = product!.images[0]!.src;
  t.match(body, `${demo.replace(/\.svg$/, '')}-160.webp 160w`, 'a demo picture keeps its srcset');
  const down = await staffPost(app, owner, `${galleryUrl}/edit`, { action: 'down', src });
  t.equal(down.statusCode, 303);
  t.equal((await galleryOf())[1]!.src, src, 'down one');
  const order = (await galleryOf()).map((i) => i.src);
  const first = await staffPost(app, owner, `${galleryUrl}/edit`, { action: 'up', src: order[0]! });
  t.equal(first.statusCode, 303, 'moving the first up changes nothing and is no error');
  t.same(
    (await galleryOf()).map((i) => i.src),
    order,
  );
});

t.test('alt text: edited on the page, required, no control characters', async (t) => {
  const before = await audits();
  const res = await staffPost(app, owner, `${galleryUrl}/edit`, { action: 'alt', src, alt: '  Шумоизоляция двери изнутри  ' });
  t.equal(res.statusCode, 303);
  t.equal((await galleryOf()).find((i) => i.src === src)!.alt, 'Шумоизоляция двери изнутри', 'trimmed and saved');
  t.match(await productPage(), new RegExp(`<img src="${src}" alt="Шумоизоляция двери изнутри"`), 'the product page shows it');
  t.equal(await audits(), before + 1);
  const empty = await staffPost(app, owner, `${galleryUrl}/edit`, { action: 'alt', src, alt: '   ' });
  t.equal(empty.statusCode, 400, 'an empty description is refused');
  const nul = await staffPost(app, owner, `${galleryUrl}/edit`, { action: 'alt', src, alt: 'a\u0000b' });
  t.equal(nul.statusCode, 400, 'a NUL byte is a 400');
  t.match(nul.body, 'control characters');
  const unknown = await staffPost(app, owner, `${galleryUrl}/edit`, { action: 'alt', src: '/media/nothing.webp', alt: 'x' });
  t.equal(unknown.statusCode, 409, 'a photo not in the gallery');
  t.match(unknown.body, 'Такой фотографии в галерее нет');
  t.equal(await audits(), before + 1, 'no audit row for a refusal');
});

t.test('bad uploads are named 4xx answers and store nothing', async (t) => {
  const images = await galleryOf();
  const media = await mediaCount();
  const audited = await audits();
  const notImage = await upload(Buffer.from('just some text, not a picture at all'), { alt: 'Текст' });
  t.equal(notImage.statusCode, 415, 'not an image');
  t.match(notImage.body, 'Это не фотография');
  const broken = await upload(photo.subarray(0, 400), { alt: 'Обрезанный файл' });
  t.equal(broken.statusCode, 415, 'a truncated PNG');
  const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), {
    alt: 'SVG',
    type: 'image/svg+xml',
  });
  t.equal(svg.statusCode, 415, 'an SVG is a document, not a photo');
  const big = Buffer.concat([photo, Buffer.alloc(MEDIA_MAX_BYTES + 1 - photo.length)]);
  const oversize = await upload(big, { alt: 'Большой файл' });
  t.equal(oversize.statusCode, 413, 'over 10 MB');
  t.match(oversize.body, 'Файл больше 10 МБ');
  const noAlt = await upload(photo.subarray(0), { alt: '  ' });
  t.equal(noAlt.statusCode, 400, 'without a description');
  t.match(noAlt.body, 'Опишите, что на фотографии');
  const missingAlt = await upload(photo);
  t.equal(missingAlt.statusCode, 400, 'without the alt field');
  const nul = await upload(photo, { alt: 'bad\u0000alt' });
  t.equal(nul.statusCode, 400, 'a NUL byte in the alt text');
  t.match(nul.body, 'control characters');
  const again = await upload(photo, { alt: 'Та же фотография' });
  t.equal(again.statusCode, 409, 'the same photo twice');
  const stale = await upload(photo, { alt: 'x', token: 'stale' });
  t.equal(stale.statusCode, 403, 'a stale token');
  const notMultipart = await staffPost(app, owner, galleryUrl, { alt: 'x' });
  t.equal(notMultipart.statusCode, 400, 'not multipart');
  const unknownProduct = await app.request({ url: '/staff/products/2147483647/images', headers: { cookie: owner.cookie } });
  t.equal(unknownProduct.statusCode, 404, 'an unknown product');
  t.same(await galleryOf(), images, 'the gallery is unchanged');
  t.equal(await mediaCount(), media, 'no picture stored');
  t.equal(await audits(), audited, 'nothing audited');
});

t.test('metadata is stripped; a small original keeps its own width as the largest', async (t) => {
  const jpeg = await sharp({ create: { width: 400, height: 250, channels: 3, background: '#2a7' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'secret-owner', ImageDescription: 'gps here' } })
    .toBuffer();
  t.ok((await sharp(jpeg).metadata()).exif, 'the upload carries EXIF');
  const res = await upload(jpeg, { alt: 'Маленькое фото', type: 'image/jpeg' });
  t.equal(res.statusCode, 303);
  const entry = (await galleryOf()).at(-1)!;
  t.match(entry.src, /^\/media\/[0-9a-f]{64}-400x250\.webp$/, 'its own size in its address');
  const jpegHash = entry.src.slice('/media/'.length, -'-400x250.webp'.length);
  const widths = await app.db.query<{ width: number }>('SELECT width FROM media_renditions WHERE hash = $1 ORDER BY width', [jpegHash]);
  t.same(
    widths.map((w) => w.width),
    [160, 320, 400],
  );
  const served = await app.request({ url: entry.src });
  const meta = await sharp(served.rawPayload).metadata();
  t.equal(meta.exif, undefined, 'no EXIF in the rendition');
  t.notMatch(served.rawPayload.toString('latin1'), 'secret-owner', 'nothing of it in the bytes');
  t.match(await productPage(), `/media/${jpegHash}-400x250-320.webp 320w, ${entry.src} 400w"`, 'its srcset ends at its own width');
});

t.test('removal: the photo leaves the gallery and, shown nowhere else, the database', async (t) => {
  const before = await audits();
  const res = await staffPost(app, owner, `${galleryUrl}/edit`, { action: 'remove', src });
  t.equal(res.statusCode, 303);
  t.notOk(
    (await galleryOf()).some((i) => i.src === src),
    'gone from the gallery',
  );
  t.equal(await countOf('SELECT count(*)::int AS n FROM media_renditions WHERE hash = $1', [hash]), 0, 'renditions deleted');
  t.equal((await app.request({ url: src })).statusCode, 404, '/media answers 404');
  t.notMatch(await productPage(), src, 'not on the product page');
  t.equal(await audits(), before + 1, 'audited');
  const [row] = await app.db.query<{ before: { images: unknown[] }; after: { images: unknown[] } }>(
    `SELECT before, after FROM staff_audit WHERE action = 'product.image.remove' AND entity_id = $1 ORDER BY id DESC LIMIT 1`,
    [sku],
  );
  t.equal(row!.before.images.length - 1, row!.after.images.length, 'the audit row keeps the gallery before and after');
});

t.test('a manager may not touch photos', async (t) => {
  const manager = await staffMember(app, 'manager');
  t.equal((await app.request({ url: galleryUrl, headers: { cookie: manager.cookie } })).statusCode, 403);
  const media = await mediaCount();
  t.equal((await upload(photo, { alt: 'x', agent: manager })).statusCode, 403, 'upload');
  t.equal(
    (await staffPost(app, manager, `${galleryUrl}/edit`, { action: 'remove', src: product!.images[0]!.src })).statusCode,
    403,
    'edit',
  );
  t.equal(await mediaCount(), media);
  t.equal((await galleryOf()).length, product!.images.length + 1, 'unchanged: the demo pictures and the small JPEG');
});

/**
 * What shoppers' browsers expect of a shop (issue 19, item 11), over every site and language of the sites config:
 * a web app manifest in the page's language with icons that exist at their declared sizes, the .ico and the
 * apple-touch-icon browsers ask for by name, a skip link as the first thing in the body, and a <main> it can reach.
 * (The progress bar during client navigations and the print styles are looked at in Chromium: e2e/shell.spec.ts.)
 */

import t from 'tap';
import { serverI18n } from '../server/platform/i18n.ts';
import { siteBrand } from '../shared/public-site.ts';
import { pathForLanguage } from '../shared/sites.ts';
import { APPLE_TOUCH_ICON, MANIFEST_ICONS, MARK_COLOR, manifestHref } from '../shared/web-app.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';

const app: TestApp = await startTestApp(t);
const sites = app.services.sites.all;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk (it always comes first, at byte 16). */
function pngSize(data: Buffer): { width: number; height: number } {
  if (!data.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('not a PNG');
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

t.test('every site and language links a manifest that speaks its language and starts on its home page', async (t) => {
  for (const site of sites) {
    for (const language of site.languages) {
      const home = pathForLanguage('/', language);
      const basename = home; // '/' or '/en'
      const page = await app.request({ url: home, host: site.host });
      t.equal(page.statusCode, 200, `${site.host}${home}`);
      const href = manifestHref(basename);
      t.match(page.body, `<link rel="manifest" href="${href}"/>`, `${site.host}${home} links ${href}`);
      const res = await app.request({ url: href, host: site.host });
      t.equal(res.statusCode, 200, `${site.host}${href} answers`);
      t.match(res.headers['content-type'], /^application\/manifest\+json/, 'as a manifest');
      const manifest = res.json();
      t.equal(manifest.lang, language, `${site.host}${href}: lang ${language}`);
      t.equal(manifest.start_url, basename, 'starts on the home page of that language');
      t.equal(manifest.short_name, siteBrand(site, language), "the short name is the site's brand in that language");
      t.ok(manifest.name.startsWith(manifest.short_name.split(/[ （]/)[0]), `the brand written one way in ${language}: ${manifest.name}`);
      t.equal(manifest.name, serverI18n(language).t('meta.titleSuffix'), 'the name says what the shop is, as page titles do');
      t.equal(manifest.theme_color, MARK_COLOR);
      const start = await app.request({ url: manifest.start_url, host: site.host });
      t.equal(start.statusCode, 200, 'its start page answers');
    }
  }
});

t.test('the English manifest is in English, the Russian one in Russian', async (t) => {
  const en = (await app.request({ url: '/en/manifest.webmanifest' })).json();
  const ru = (await app.request({ url: '/manifest.webmanifest' })).json();
  t.notMatch(en.name, /[а-яё]/i, 'no Cyrillic in the English name');
  t.match(ru.name, /[а-яё]/i, 'the Russian name is Russian');
});

t.test('a prefix the site does not offer has no manifest', async (t) => {
  for (const url of [
    '/kk/manifest.webmanifest',
    '/xx/manifest.webmanifest',
    '/zz-ZZ/manifest.webmanifest',
    '/en/en/manifest.webmanifest',
  ]) {
    const res = await app.request({ url, host: 'tihoavto.md' });
    t.equal(res.statusCode, 404, `${url} on tihoavto.md`);
  }
});

t.test("the manifest's icons exist at their declared sizes; the maskable one is square and full-bleed", async (t) => {
  for (const icon of MANIFEST_ICONS) {
    const res = await app.request({ url: icon.src });
    t.equal(res.statusCode, 200, icon.src);
    t.equal(res.headers['content-type'], 'image/png');
    const { width, height } = pngSize(res.rawPayload);
    t.equal(`${width}x${height}`, icon.sizes, `${icon.src} is ${icon.sizes}`);
  }
  t.ok(
    MANIFEST_ICONS.some((i) => i.purpose === 'maskable'),
    'a maskable icon for Android launchers',
  );
  t.ok(
    MANIFEST_ICONS.some((i) => i.sizes === '512x512' && i.purpose === 'any') && MANIFEST_ICONS.some((i) => i.sizes === '192x192'),
    'the two sizes installability needs',
  );
});

t.test('/favicon.ico and the apple-touch-icon: what browsers fetch by name', async (t) => {
  const ico = await app.request({ url: '/favicon.ico' });
  t.equal(ico.statusCode, 200);
  const data = ico.rawPayload;
  t.same([data.readUInt16LE(0), data.readUInt16LE(2)], [0, 1], 'an ICO header');
  const count = data.readUInt16LE(4);
  const sizes: number[] = [];
  for (let i = 0; i < count; i++) {
    const entry = 6 + 16 * i;
    const size = data.readUInt8(entry);
    const length = data.readUInt32LE(entry + 8);
    const offset = data.readUInt32LE(entry + 12);
    const image = data.subarray(offset, offset + length);
    t.same(pngSize(image), { width: size, height: size }, `its ${size} px image is a ${size} px PNG`);
    sizes.push(size);
  }
  t.same(sizes, [16, 32, 48], 'tab, taskbar and desktop sizes');

  const apple = await app.request({ url: APPLE_TOUCH_ICON });
  t.equal(apple.statusCode, 200);
  t.same(pngSize(apple.rawPayload), { width: 180, height: 180 }, 'the apple-touch-icon is 180 px');
  const page = (await app.request({ url: '/calc' })).body;
  t.match(page, `<link rel="apple-touch-icon" href="${APPLE_TOUCH_ICON}"/>`);
  t.match(page, '<link rel="icon" href="/favicon.ico" sizes="32x32"/>');
});

t.test('a skip link is the first thing in the body and leads to the one <main>', async (t) => {
  for (const [host, url, text] of [
    ['localhost', '/', 'Перейти к содержимому'],
    ['localhost', '/en/calc', 'Skip to content'],
    ['tihoavto.kz', '/kk/materials', 'Мазмұнға өту'],
  ] as const) {
    const html = (await app.request({ url, host })).body;
    const body = html.slice(html.indexOf('<body>') + '<body>'.length);
    const firstLink = /<a [^>]*>[^<]*<\/a>/.exec(body)?.[0] ?? '';
    t.equal(firstLink, `<a class="skip-link" href="#content">${text}</a>`, `${host}${url}: the first link skips to the content`);
    t.equal((html.match(/<main[\s>]/g) ?? []).length, 1, 'one main');
    t.match(html, /<main id="content" class="page" tabindex="-1">/, 'it is #content and takes focus');
  }
});

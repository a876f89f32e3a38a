/**
 * The gallery's pure helpers (client/gallery.ts) and the data URL of client navigations (client/data-strategy.ts):
 * the hash a shared lightbox link carries reads back, slugs the hash cannot carry are refused, a step that only opens,
 * moves or closes a gallery reloads no route data while every other step keeps its own rule, and the one-request data
 * address keeps the page's query.
 */
import fc from 'fast-check';
import type { ShouldRevalidateFunctionArgs } from 'react-router-dom';
import t from 'tap';
import { dataUrl } from '../client/data-strategy.ts';
import { galleryAware, galleryHash, isGallerySlug, parseGalleryHash } from '../client/gallery.ts';
import { DATA_PREFIX, DATA_ROUTES_PARAM } from '../shared/contracts.ts';

const step = (from: string, to: string, extra: Partial<ShouldRevalidateFunctionArgs> = {}): ShouldRevalidateFunctionArgs =>
  ({
    currentUrl: new URL(from, 'https://shop.localhost'),
    nextUrl: new URL(to, 'https://shop.localhost'),
    currentParams: {},
    nextParams: {},
    defaultShouldRevalidate: true,
    ...extra,
  }) as ShouldRevalidateFunctionArgs;

t.test('a shared lightbox link: the hash of any slug and position reads back; junk hashes are no gallery', async (t) => {
  fc.assert(
    fc.property(fc.stringMatching(/^[\w-]{1,40}$/), fc.integer({ min: 0, max: 9998 }), (slug, index) => {
      const back = parseGalleryHash(galleryHash({ slug, index }));
      return back !== null && back.slug === slug && back.index === index;
    }),
  );
  for (const junk of ['', '#', '#gallery-', '#gallery-x-0', '#gallery-x-', '#gallery-x-12345', '#gallery-a b-1', '#other-x-1'])
    t.equal(parseGalleryHash(junk), null, `${JSON.stringify(junk)} opens nothing`);
});

t.test('gallery slugs: latin letters, digits, "_" and "-" only (what the hash can carry)', async (t) => {
  for (const ok of ['abs-ak-10', 'VIB_MAX_40', 'x']) t.ok(isGallerySlug(ok), `${ok} is a slug`);
  for (const bad of [undefined, '', 'a b', 'шумоизоляция', 'x"]', 'a/b']) t.notOk(isGallerySlug(bad), `${JSON.stringify(bad)} is not`);
  fc.assert(fc.property(fc.string(), (s) => !isGallerySlug(s) || parseGalleryHash(galleryHash({ slug: s, index: 0 }))?.slug === s));
});

t.test('opening, moving and closing a gallery reloads no route data; other steps keep their own rule', async (t) => {
  const plain = galleryAware();
  t.equal(plain(step('/p/x', '/p/x#gallery-x-1')), false, 'opening the lightbox');
  t.equal(plain(step('/p/x#gallery-x-1', '/p/x#gallery-x-2')), false, 'the next photo');
  t.equal(plain(step('/p/x#gallery-x-2', '/p/x')), false, 'closing it (Back)');
  t.equal(plain(step('/p/x?page=2', '/p/x?page=2#gallery-x-1')), false, 'the query kept');
  t.equal(plain(step('/p/x', '/p/x#reviews')), true, 'another hash: the default (true)');
  t.equal(plain(step('/p/x#gallery-x-1', '/p/y')), true, 'another page: the default');
  t.equal(plain(step('/p/x?page=1', '/p/x?page=2#gallery-x-1')), true, 'another query: the default');
  t.equal(plain(step('/p/x', '/p/x#gallery-x-1', { formMethod: 'POST' })), true, 'a form sent from the page always reloads');
  t.equal(plain(step('/a', '/b', { defaultShouldRevalidate: false })), false, 'the default answer is passed through');

  const seen: string[] = [];
  const own = galleryAware(({ nextUrl }) => {
    seen.push(nextUrl.pathname);
    return false;
  });
  t.equal(own(step('/p/x', '/p/x#gallery-x-1')), false);
  t.same(seen, [], "a gallery step never asks the route's own rule");
  t.equal(own(step('/p/x', '/p/y')), false, "another step: the route's own rule answers");
  t.same(seen, ['/p/y']);
});

t.test('client navigation data: one request for the routes, under /_data, keeping the page query', async (t) => {
  t.equal(
    dataUrl(new URL('https://shop.localhost/en/vibroizolyaciya?page=2&sort=new#top'), ['root', 'category']),
    `${DATA_PREFIX}/en/vibroizolyaciya?page=2&sort=new&${DATA_ROUTES_PARAM}=root%2Ccategory`,
  );
  const url = new URL(dataUrl(new URL(`https://shop.localhost/cart?${DATA_ROUTES_PARAM}=evil`), ['cart']), 'https://x');
  t.same(url.searchParams.getAll(DATA_ROUTES_PARAM), ['cart'], "a page query cannot choose the routes: the router's list replaces it");
  t.equal(url.pathname, `${DATA_PREFIX}/cart`);
});

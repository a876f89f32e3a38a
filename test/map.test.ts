/**
 * /map, where to buy (docs/decisions/029): the site's partners as a list filtered by city and kind (a GET form that
 * works without JavaScript), LocalBusiness JSON-LD per partner, the map container only where the site has a maps
 * key, and hostile query strings answered with 4xx or the defaults, never a 500.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import t from 'tap';
import { demoDealers } from '../server/demo/demo-dealers.ts';
import { demoSitesConfig } from '../server/platform/demo-sites.ts';
import { CITY_FILTER_MAX, filterDealers, formatHours, normalizeCity } from '../shared/dealers.ts';
import { hydrationData, startTestApp } from './helpers/app.ts';

const names = (html: string) => [...html.matchAll(/<h2 class="dealer__name">([^<]*)<\/h2>/g)].map((m) => m[1]);
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!) as Record<string, any>);

t.test('demo partners: 25 in the five countries, real coordinates inside each country', async (t) => {
  t.equal(demoDealers.length, 25);
  const boxes: Record<string, [number, number, number, number]> = {
    // lat min, lat max, lng min, lng max
    RU: [41, 82, 19, 180],
    KZ: [40, 56, 46, 88],
    MD: [45.4, 48.5, 26.6, 30.2],
    UZ: [37.1, 45.6, 55.9, 73.2],
    KG: [39.1, 43.3, 69.2, 80.3],
  };
  for (const d of demoDealers) {
    const [a, b, c, e] = boxes[d.country]!;
    t.ok(d.latitude > a && d.latitude < b && d.longitude > c && d.longitude < e, `${d.name} lies in ${d.country}`);
  }
  t.same(new Set(demoDealers.map((d) => d.kind)), new Set(['installer', 'dealer', 'distributor']));
  t.same(new Set(demoDealers.map((d) => d.site)), new Set(['ru', 'kz', 'md', 'uz', 'kg']));
});

t.test('each site lists its own partners, with a LocalBusiness per partner', async (t) => {
  const app = await startTestApp(t);
  for (const site of ['ru', 'kz', 'md', 'uz', 'kg']) {
    const res = await app.request({ url: '/map', host: site === 'ru' ? 'localhost' : `${site}.localhost` });
    t.equal(res.statusCode, 200);
    const expected = demoDealers.filter((d) => d.site === site);
    t.same(names(res.body).sort(), expected.map((d) => d.name.replace(/"/g, '&quot;')).sort(), `${site}: its partners`);
    const businesses = jsonLd(res.body).filter((d) => ['AutoRepair', 'AutoPartsStore', 'WholesaleStore'].includes(d['@type']));
    t.equal(businesses.length, expected.length, `${site}: one LocalBusiness each`);
    for (const b of businesses) {
      t.equal(b.geo['@type'], 'GeoCoordinates');
      t.equal(b.address.addressCountry, expected[0]!.country);
    }
    t.notMatch(res.body, /class="dealer-map/, 'no maps key: no map, the list alone');
  }
  const test = await app.request({ url: '/map', host: 'test.localhost' });
  t.equal(test.statusCode, 200);
  t.same(names(test.body), [], 'a site without partners');
  t.match(test.body, /Партнёры этого сайта скоро появятся здесь/);
});

t.test('the filter: city (any case, ё, dashes, a prefix) and kind, alone or together', async (t) => {
  const app = await startTestApp(t);
  const get = async (query: string, host = 'localhost') => {
    const res = await app.request({ url: `/map?${query}`, host });
    return { status: res.statusCode, names: names(res.body), body: res.body };
  };
  const moscow = demoDealers.filter((d) => d.city === 'Москва').map((d) => d.name.replace(/"/g, '&quot;'));
  t.same((await get('city=%D0%9C%D0%BE%D1%81%D0%BA%D0%B2%D0%B0')).names.sort(), moscow.sort(), 'Москва');
  t.same((await get(`city=${encodeURIComponent('  моск ')}`)).names.sort(), moscow.sort(), 'a prefix, any case');
  t.same((await get(`city=${encodeURIComponent('санкт петербург')}&type=installer`)).names, ['Студия «Тишина»'], 'city and kind');
  t.same((await get(`city=${encodeURIComponent('Кишинев')}`, 'md.localhost')).names, ['Centrul «Liniște»'], 'е for ё');
  const installers = await get('type=installer');
  t.equal(installers.names.length, demoDealers.filter((d) => d.site === 'ru' && d.kind === 'installer').length);
  t.match(installers.body, /<option value="installer" selected="">/, 'the form shows the filter');
  const none = await get(`city=${encodeURIComponent('Владивосток')}`);
  t.same(none.names, []);
  t.match(none.body, /По этому фильтру партнёров нет/);
  t.match(none.body, /value="Владивосток"/, 'the city stays in its field');
  const unknownKind = await get('type=spaceport');
  t.equal(unknownKind.status, 200, 'an unknown kind: every kind');
  t.equal(unknownKind.names.length, 13);
  const long = await get(`city=${'ы'.repeat(CITY_FILTER_MAX + 1)}`);
  t.equal(long.status, 400, 'a city too long is refused');
  t.equal(long.names.length, 13, '…with the whole list');
  t.match(long.body, /Название города длиннее 100 символов/);
  const data = await app.request({ url: `/_data/map?city=${encodeURIComponent('Казань')}&_routes=map` });
  t.equal(data.statusCode, 200);
  t.same(
    JSON.parse(data.body).results.map.data.dealers.map((d: { name: string }) => d.name),
    ['ТихоАвто Казань'],
    'a client navigation gets the filtered list as data',
  );
  t.equal((await app.request({ url: '/en/map?type=dealer' })).statusCode, 200, 'in another language');
});

t.test('with a maps key the page has the map container (the script itself loads in the browser)', async (t) => {
  const cfg = structuredClone(demoSitesConfig) as any;
  cfg.sites.find((s: any) => s.id === 'kz').tags = { maps: { apiKey: '0a1b2c3d-4e5f-6789-abcd-ef0123456789', lang: 'ru_RU' } };
  const file = join(mkdtempSync(join(tmpdir(), 'map-')), 'sites.json');
  writeFileSync(file, JSON.stringify(cfg));
  const app = await startTestApp(t, { SITES_FILE: file });
  const res = await app.request({ url: '/map', host: 'kz.localhost' });
  t.match(
    res.body,
    /<section class="dealer-map" aria-label="Карта партнёров"><div class="dealer-map__canvas" data-state="loading"><p class="dealer-map__loading">Карта загружается…<\/p>/,
  );
  t.same(hydrationData(res.body).loaderData.root.site.tags.maps, {
    apiKey: '0a1b2c3d-4e5f-6789-abcd-ef0123456789',
    lang: 'ru_RU',
    version: 'v3',
  });
  t.match(res.headers['content-security-policy'], /script-src[^;]*https:\/\/api-maps\.yandex\.ru/);
  const empty = await app.request({ url: '/map?city=nowhere', host: 'kz.localhost' });
  t.match(empty.body, /class="dealer-map"/, 'a filter with no match keeps the map (the site has partners)');
});

t.test('the list answers from a per-site cache; invalidateCaches shows an owner’s edit', async (t) => {
  const app = await startTestApp(t);
  await app.request({ url: '/map' });
  await app.db.query(`UPDATE dealers SET name = 'Переименован' WHERE slug = 'tiho-kazan'`);
  t.notOk(names((await app.request({ url: '/map' })).body).includes('Переименован'), 'cached');
  app.services.invalidateCaches();
  t.ok(names((await app.request({ url: '/map' })).body).includes('Переименован'), 'after invalidation');
});

t.test('hostile query strings: 4xx or the defaults, never a 500, never echoed unescaped', async (t) => {
  const app = await startTestApp(t);
  const probe = '<x-probe>';
  await fc.assert(
    fc.asyncProperty(
      fc.dictionary(
        fc.constantFrom('city', 'type', 'page', '_routes'),
        fc.oneof(fc.string({ unit: 'binary', maxLength: 120 }), fc.constant(probe)),
        {
          maxKeys: 3,
        },
      ),
      fc.boolean(),
      async (query, data) => {
        const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, v.replace(/[\ud800-\udfff]/g, '\ufffd')])).toString();
        const res = await app.request({ url: `${data ? '/_data' : ''}/map?${search}` });
        if (res.statusCode >= 500) throw new Error(`${res.statusCode} for ${search}`);
        if (!data && res.body.includes(probe)) throw new Error(`probe echoed for ${search}`);
      },
    ),
    { numRuns: 60 },
  );
  t.pass();
});

t.test('shared helpers: city normalisation, filter, opening hours in the page language', async (t) => {
  t.equal(normalizeCity('  Ростов—на-Дону '), 'ростов на дону');
  const list = [
    { city: 'Ош', kind: 'dealer' as const },
    { city: 'Ошмяны', kind: 'dealer' as const },
  ];
  t.same(filterDealers(list, { city: 'ош', kind: null }), [list[0]], 'a whole name first');
  t.same(filterDealers(list, { city: 'ошм', kind: null }), [list[1]]);
  t.same(filterDealers(list, { city: '', kind: 'installer' }), []);
  t.equal(formatHours('Mo-Fr 09:00-20:00; Sa 10:00-18:00', 'ru'), 'пн–пт 09:00–20:00, сб 10:00–18:00');
  t.equal(formatHours('Mo-Su 10:00-21:00', 'en'), 'Mon–Sun 10:00–21:00');
  t.equal(formatHours('by appointment', 'ru'), 'by appointment', 'an unreadable part as written');
});

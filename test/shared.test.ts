/** Pure code shared by server and browser: sites, language prefixes, escaping, money, cart total, safe paths. */

import fc from 'fast-check';
import t from 'tap';
import { demoSitesConfig } from '../server/platform/demo-sites.ts';
import { type CartEntry, cartTotal } from '../shared/cart.ts';
import { pointAddress } from '../shared/delivery.ts';
import { siteBrand } from '../shared/public-site.ts';
import { routerPath, safeLocalPath } from '../shared/safe-path.ts';
import { jsonForScript } from '../shared/serialize.ts';
import { normalizeHost, pathForLanguage, SiteDirectory, splitLanguagePrefix } from '../shared/sites.ts';
import { sitesConfigSchema } from '../shared/sites-config.ts';

const sites = new SiteDirectory(demoSitesConfig);

t.test('hosts and spec-style domain values resolve to sites', async (t) => {
  t.equal(sites.find('tihoavto.ru')?.id, 'ru');
  t.equal(sites.find('localhost')?.id, 'ru');
  t.equal(sites.find('KZ.localhost')?.id, 'kz');
  t.equal(sites.find('https://tihoavto.kz/')?.id, 'kz');
  t.equal(sites.find('tihoavto.md:443')?.id, 'md');
  t.equal(sites.find('test.localhost')?.id, 'test');
  t.equal(sites.find('evil.example'), undefined);
  t.equal(sites.find(''), undefined);
  t.equal(normalizeHost('HTTP://Uz.LocalHost:3000/path?x'), 'uz.localhost');
  t.equal(normalizeHost('tihoavto.kg.'), 'tihoavto.kg');
  t.equal(sites.defaultSite.id, 'ru');
});

t.test('every site offers the languages of spec §9, ru first', async (t) => {
  const langs = Object.fromEntries(demoSitesConfig.sites.map((s) => [s.id, s.languages]));
  t.same(langs, {
    ru: ['ru', 'en', 'zh-CN', 'tr'],
    kz: ['ru', 'kk'],
    md: ['ru', 'ro'],
    uz: ['ru', 'uz'],
    kg: ['ru', 'ky'],
    test: ['ru', 'en', 'zh-CN', 'tr'],
  });
  t.same(Object.fromEntries(demoSitesConfig.sites.map((s) => [s.id, [s.currency, s.rounding]])), {
    ru: ['RUB', 1],
    kz: ['KZT', 10],
    md: ['MDL', 1],
    uz: ['UZS', 1000],
    kg: ['KGS', 10],
    test: ['RUB', 1],
  });
});

t.test('the sites config is validated', async (t) => {
  const base = structuredClone(demoSitesConfig);
  t.ok(sitesConfigSchema.safeParse(base).success);
  const dupHost = structuredClone(base);
  dupHost.sites[1]!.aliases.push('localhost');
  t.match(sitesConfigSchema.safeParse(dupHost).error?.issues[0]?.message, /localhost is claimed by ru and kz/);
  const badDefault = { ...structuredClone(base), defaultSite: 'nowhere' };
  t.match(sitesConfigSchema.safeParse(badDefault).error?.issues[0]?.message, /defaultSite nowhere/);
  const notRuFirst = structuredClone(base);
  notRuFirst.sites[1]!.languages = ['kk', 'ru'];
  t.notOk(sitesConfigSchema.safeParse(notRuFirst).success);
  const badHost = structuredClone(base);
  badHost.sites[0]!.host = 'https://tihoavto.ru';
  t.notOk(sitesConfigSchema.safeParse(badHost).success);
  // A pickup point's address without its city: pages write "city, address", so "Алматы, Алматы, …" cannot happen.
  const cityTwice = structuredClone(base);
  const point = cityTwice.sites[1]!.delivery[0]!.points![0]!;
  point.address = `${point.city}, ${point.address}`;
  t.match(sitesConfigSchema.safeParse(cityTwice).error?.issues[0]?.message, /the address without its city/);
  for (const site of base.sites) {
    for (const p of site.delivery.flatMap((m) => m.points ?? [])) {
      t.equal(
        pointAddress(p)
          .split(', ')
          .filter((part) => part === p.city).length,
        1,
        `${site.id} ${p.id}: the city written once`,
      );
    }
  }
  // The brand as each language writes it: no Cyrillic brand on a page in a Latin-script language.
  for (const site of base.sites) {
    for (const language of site.languages) {
      const latin = !['ru', 'kk', 'ky'].includes(language);
      t.equal(/[\u0400-\u04ff]/.test(siteBrand(site, language)), !latin, `${site.id} ${language}: ${siteBrand(site, language)}`);
    }
  }
});

t.test('language prefixes', async (t) => {
  const ru = sites.byId('ru')!;
  const kz = sites.byId('kz')!;
  t.same(splitLanguagePrefix('/', ru), { language: 'ru', basename: '/', rest: '/' });
  t.same(splitLanguagePrefix('/calc', ru), { language: 'ru', basename: '/', rest: '/calc' });
  t.same(splitLanguagePrefix('/en', ru), { language: 'en', basename: '/en', rest: '/' });
  t.same(splitLanguagePrefix('/zh-CN/calc', ru), { language: 'zh-CN', basename: '/zh-CN', rest: '/calc' });
  t.same(splitLanguagePrefix('/kk/calc', kz), { language: 'kk', basename: '/kk', rest: '/calc' });
  t.same(splitLanguagePrefix('/kk/calc', ru), { unknownPrefix: 'kk' }, 'a language the site does not offer');
  t.same(splitLanguagePrefix('/en', kz), { unknownPrefix: 'en' });
  t.same(splitLanguagePrefix('/zh-cn', ru), { unknownPrefix: 'zh-cn' }, 'the prefix is case-sensitive');
  t.equal(splitLanguagePrefix('/ru/calc', ru), null, '/ru is no prefix: ru has none');
  t.equal(splitLanguagePrefix('/english', ru)?.constructor, Object);
  t.same(splitLanguagePrefix('/english', ru), { language: 'ru', basename: '/', rest: '/english' });
  t.equal(pathForLanguage('/calc', 'kk'), '/kk/calc');
  t.equal(pathForLanguage('/', 'en'), '/en');
  t.equal(pathForLanguage('/calc', 'ru'), '/calc');
});

t.test('JSON for inline scripts cannot break out of the script element', async (t) => {
  const hostile = { title: '</script><script>alert(1)</script>', comment: '<!--', amp: 'a&b', ls: '\u2028\u2029' };
  const out = jsonForScript(hostile);
  t.notMatch(out, /<|>|&|\u2028|\u2029/);
  t.same(JSON.parse(out), hostile, 'the data survives unchanged');
  // As JavaScript source, too (what the browser runs):
  t.same(new Function(`return ${out}`)(), hostile);
});

t.test('cart total = Σ actual_price × quantity; the original error text counts as an empty cart', async (t) => {
  const entry = (price: number, quantity: number): CartEntry => ({
    sku: { id: 1, code: 'X', title: 'x', url: '/x', actual_price: price },
    quantity,
  });
  t.equal(cartTotal([entry(380, 11), entry(690, 3), entry(190, 6), entry(260, 2)]), 7910, 'the dveri-4 kit of domain.md');
  t.equal(cartTotal([entry(0.1, 1), entry(0.2, 1)]), 0.3, 'no floating-point drift');
  t.equal(cartTotal([]), 0);
  t.equal(cartTotal("Cannot read property 'actual_price' of undefined"), 0);
  t.equal(cartTotal(null), 0);
});

t.test('only local paths are followed as return addresses', async (t) => {
  t.equal(safeLocalPath('/personal'), '/personal');
  t.equal(safeLocalPath('/history?page=2'), '/history?page=2');
  t.equal(safeLocalPath('/en/personal'), '/en/personal');
  for (const bad of [
    '//evil.example',
    '/\\evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    'personal',
    '',
    null,
    undefined,
    '/' + 'x'.repeat(2001),
  ]) {
    t.equal(safeLocalPath(bad), null, `refused: ${String(bad).slice(0, 30)}`);
  }
  for (const bad of ['/\t/evil.example', '/.//evil', '/..//evil', '\\evil', '/%5C']) {
    const safe = safeLocalPath(bad);
    t.ok(safe === null || !/^\/[/\\]/.test(safe), `${JSON.stringify(bad)} never becomes protocol-relative: ${safe}`);
  }
  t.equal(safeLocalPath('/a b'), '/a%20b', 'a space is encoded, not dropped');
  t.equal(safeLocalPath('/корзина?x=ё#y'), '/%D0%BA%D0%BE%D1%80%D0%B7%D0%B8%D0%BD%D0%B0?x=%D1%91#y');
  t.equal(safeLocalPath('/a\u0000b\u007f'), '/a%00b%7F', 'control characters are encoded');
});

t.test('property: any string is refused or becomes a printable local path that stays one', async (t) => {
  const seed = Number(process.env.HOSTILE_SEED ?? 20261123);
  const prefix = fc.constantFrom('', '/', '//', '/\\', '\\', '/\t/', '/./', 'https://', '/%2F');
  fc.assert(
    fc.property(prefix, fc.string({ unit: 'binary', maxLength: 60 }), (head, rest) => {
      const safe = safeLocalPath(head + rest);
      if (safe === null) return true;
      if (!/^\/(?![/\\])[\x21-\x7e]*$/.test(safe)) return false;
      // A browser resolving it against the site stays on the site, and validating again changes nothing.
      return new URL(safe, 'https://tihoavto.ru').host === 'tihoavto.ru' && safeLocalPath(safe) === safe;
    }),
    { seed, numRuns: 2000 },
  );
  t.pass('2000 generated return addresses');
  t.equal(routerPath('/en/cart?x=1', '/en'), '/cart?x=1');
  t.equal(routerPath('/zh-CN/cart', '/en'), null, 'another language is outside the router');
  t.equal(routerPath('/en', '/en'), '/');
});

/**
 * The translated catalogue (issue 20 item 1, decision 048): categories, products, kits and free-text attribute values
 * are stored per language (migration 026) and read through the one read model in the page's language; a row without a
 * translation shows its Russian text marked lang="ru". Generated from the sites config: every site in each of its
 * languages renders its category, product, kit, compare, cart, materials, home and search pages with no Russian
 * catalogue text outside an element marked lang="ru" — and, in the Latin- and Han-script languages, no Cyrillic there.
 */
import { DomHandler, Parser } from 'htmlparser2';
import t from 'tap';
import { demoCategories, demoKits, demoProducts } from '../server/demo/demo-data.ts';
import { demoTranslations, type TranslatedLanguage } from '../server/demo/translations/index.ts';
import { formatNumber } from '../shared/format.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../shared/languages.ts';
import { createOrder, hydrationData, orderNumber, startTestApp } from './helpers/app.ts';

const app = await startTestApp(t);
const sites = app.config.sites.sites;

// Read before any test starts: tap ends the file's root test (and the database) once its queued tests are done.
// A product with attributes that have a translation, and a kit, read in every language below.
const PRODUCT = demoProducts.find((p) => p.sku === 'VIB-STD-22')!;
const CATEGORY = demoCategories.find((c) => c.slug === PRODUCT.category)!;
const KIT = demoKits[0]!;
const [{ id: productId }] = (await app.db.query<{ id: number }>('SELECT id FROM products WHERE sku = $1', [PRODUCT.sku])) as [
  { id: number },
];
const [{ id: otherId }] = (await app.db.query<{ id: number }>(
  `SELECT id FROM products WHERE category_id = (SELECT category_id FROM products WHERE id = $1) AND id <> $1 ORDER BY id LIMIT 1`,
  [productId],
)) as [{ id: number }];

const hostOf = (siteId: string) => (siteId === 'ru' ? 'localhost' : `${siteId}.localhost`);
const prefix = (language: string) => (language === DEFAULT_LANGUAGE ? '' : `/${language}`);

/** Every Russian text of the demo catalogue a page could show. */
const russianTexts = new Set<string>([
  ...demoCategories.flatMap((c) => [c.title, c.description]),
  ...demoProducts.flatMap((p) => [p.title, p.description, ...Object.values(p.attributes).filter((v) => typeof v === 'string')]),
  ...demoKits.flatMap((k) => [k.title, k.description]),
]);
const CYRILLIC = /\p{Script=Cyrillic}/u;
/** Languages written in another script than Cyrillic: any Cyrillic letter there is a Russian leftover. */
const NON_CYRILLIC: readonly Language[] = ['en', 'zh-CN', 'tr', 'ro', 'uz'];

/** What the walk below reads of htmlparser2's DOM nodes. */
interface DomNode {
  type: string;
  data?: string;
  name?: string;
  attribs?: Record<string, string>;
  children?: DomNode[];
}

/** Text nodes of `main` with the language they are in (the nearest lang attribute). */
function textsOf(html: string, pageLanguage: string): Array<{ text: string; lang: string }> {
  const handler = new DomHandler();
  new Parser(handler, { decodeEntities: true }).end(html);
  const out: Array<{ text: string; lang: string }> = [];
  const walk = (nodes: DomNode[], lang: string, inMain: boolean) => {
    for (const node of nodes) {
      if (node.type === 'text') {
        const text = node.data?.trim();
        if (inMain && text) out.push({ text, lang });
      } else if (node.children && node.name !== 'script' && node.name !== 'style' && node.name !== 'template') {
        walk(node.children, node.attribs?.lang ?? lang, inMain || node.name === 'main');
      }
    }
  };
  walk(handler.dom as unknown as DomNode[], pageLanguage, false);
  return out;
}

/** Every catalogue text of a language (a Kyrgyz loanword or brand name may be spelt as the Russian one is). */
const ownTexts = (language: TranslatedLanguage) => {
  const texts = demoTranslations[language];
  return new Set([
    ...[texts.categories, texts.products, texts.kits].flatMap((group) => Object.values(group).flatMap((x) => [x.title, x.description])),
    ...Object.values(texts.attributeValues).flatMap((byValue) => Object.values(byValue)),
  ]);
};

/**
 * Texts shown in `language` (not marked Russian) that are Russian: a Russian catalogue text that is not also the
 * language's own, or any Cyrillic at all in a language written in another script.
 */
function russianLeftovers(html: string, language: Language): string[] {
  const own = language === DEFAULT_LANGUAGE ? new Set<string>() : ownTexts(language as TranslatedLanguage);
  return textsOf(html, language)
    .filter(({ lang }) => lang !== 'ru')
    .map(({ text }) => text)
    .filter((text) => (russianTexts.has(text) && !own.has(text)) || (NON_CYRILLIC.includes(language) && CYRILLIC.test(text)));
}

/** Russian's short function words, which Kazakh and Kyrgyz do not use. */
const RUSSIAN_WORDS = /(?:^|[\s,(])(и|для|на|из|при|или|от|без|с|в)(?=[\s,.)])/iu;

t.test('the detector: every Russian description of the demo has a Russian function word', async (t) => {
  const descriptions = [...demoCategories, ...demoProducts, ...demoKits].map((x) => x.description);
  t.notOk(
    descriptions.find((d) => !RUSSIAN_WORDS.test(d)),
    'a Russian description copied into kk or ky would be caught',
  );
});

t.test('the demo catalogue is translated completely, each language in its own script', async (t) => {
  const translated = LANGUAGES.filter((l): l is TranslatedLanguage => l !== DEFAULT_LANGUAGE);
  t.same(Object.keys(demoTranslations).sort(), [...translated].sort(), 'a file per language other than Russian');
  const values = new Map<string, Set<string>>();
  for (const p of demoProducts) {
    for (const [key, value] of Object.entries(p.attributes)) {
      if (typeof value === 'string' && ['adhesive', 'material', 'unit'].includes(key))
        values.set(key, (values.get(key) ?? new Set()).add(value));
    }
  }
  for (const language of translated) {
    const texts = demoTranslations[language];
    t.same(Object.keys(texts.categories).sort(), demoCategories.map((c) => c.slug).sort(), `${language}: every category`);
    t.same(Object.keys(texts.products).sort(), demoProducts.map((p) => p.sku).sort(), `${language}: every product`);
    t.same(Object.keys(texts.kits).sort(), demoKits.map((k) => k.slug).sort(), `${language}: every kit`);
    for (const [key, set] of values) t.same(Object.keys(texts.attributeValues[key] ?? {}).sort(), [...set].sort(), `${language}: ${key}`);
    const all = [...ownTexts(language)];
    t.notOk(
      all.find((text) => !text.trim()),
      `${language}: no empty text`,
    );
    if (NON_CYRILLIC.includes(language))
      t.notOk(
        all.find((text) => CYRILLIC.test(text)),
        `${language}: no Cyrillic`,
      );
    // Kazakh and Kyrgyz are written in Cyrillic too: a description in them has none of Russian's short function words
    // (every Russian description of the demo has one — the test above — so a copy would be caught).
    if (language === 'kk' || language === 'ky') {
      const descriptions = [texts.categories, texts.products, texts.kits].flatMap((group) =>
        Object.values(group).map((x) => x.description),
      );
      t.notOk(
        descriptions.find((d) => RUSSIAN_WORDS.test(d)),
        `${language}: every description is in ${language}, not Russian`,
      );
    }
  }
});

t.test('every site in each of its languages shows the catalogue in that language, with no unmarked Russian', async (t) => {
  for (const site of sites) {
    const host = hostOf(site.id);
    for (const language of site.languages.filter((l) => l !== DEFAULT_LANGUAGE)) {
      const at = `${site.id} ${language}`;
      const texts = demoTranslations[language as TranslatedLanguage];
      const v = app.visitor();
      // A cart with a product and a kit, and two products to compare.
      const adds: Array<Record<string, string | number>> = [
        { intent: 'item', productId, quantity: 1, mode: 'add' },
        { intent: 'kit', slug: KIT.slug },
      ];
      for (const fields of adds) {
        t.equal((await app.submit({ path: '/cart', as: v, js: true, host, fields })).statusCode, 200, `${at}: cart add`);
      }
      for (const id of [productId, otherId]) {
        await app.submit({ path: '/compare', as: v, js: true, host, fields: { intent: 'add', productId: id } });
      }
      const pages: Record<string, string> = {
        home: '',
        category: `/${CATEGORY.slug}`,
        product: `/${CATEGORY.slug}/${PRODUCT.slug}`,
        kit: `/komplekty-sumoizoliacii/${KIT.slug}`,
        kits: '/komplekty-sumoizoliacii',
        materials: '/materials',
        compare: '/compare',
        cart: '/cart',
        checkout: '/cart?step=checkout',
        calc: '/calc',
        builder: '/constructor',
        search: `/search?q=${encodeURIComponent(texts.products[PRODUCT.sku]!.title.split(' ')[0]!)}`,
      };
      const html: Record<string, string> = {};
      for (const [name, path] of Object.entries(pages)) {
        const res = await app.request({ url: prefix(language) + path || '/', host, as: v });
        t.equal(res.statusCode, 200, `${at}: ${name} answers`);
        html[name] = res.body;
        t.same(russianLeftovers(res.body, language as Language), [], `${at}: ${name} has no unmarked Russian`);
      }
      const product = texts.products[PRODUCT.sku]!;
      t.match(html.product, `<h1>${product.title}</h1>`, `${at}: the product's title in ${language}`);
      t.match(html.category, `<h1>${texts.categories[CATEGORY.slug]!.title}</h1>`, `${at}: the category's`);
      t.match(html.kit, `<h1>${texts.kits[KIT.slug]!.title}</h1>`, `${at}: the kit's`);
      t.match(html.product, `<td>${texts.attributeValues.adhesive![String(PRODUCT.attributes.adhesive)]}</td>`, `${at}: attribute values`);
      t.match(html.product, `<td>${formatNumber(2.9, language as Language)}</td>`, `${at}: numbers as ${language} writes them`);
      t.match(html.search, product.title, `${at}: search finds the product by its ${language} title`);
      t.match(html.cart, product.title, `${at}: the cart line`);
      t.match(html.compare, product.title, `${at}: the compare column`);
      t.match(html.calc, `>${product.title}</a>`, `${at}: the calculator's lines`);
      t.match(html.builder, `>${product.title}</a>`, `${at}: the constructor's`);
    }
  }
});

t.test('Russian pages read the catalogue as stored, with no lang marks', async (t) => {
  const body = (await app.request({ url: `/${CATEGORY.slug}/${PRODUCT.slug}` })).body;
  t.match(body, `<h1>${PRODUCT.title}</h1>`);
  t.notMatch(textsOf(body, 'ru').length, 0);
  t.notMatch(body.slice(body.indexOf('<main'), body.indexOf('</main>')), 'lang="ru"', 'nothing to mark on a Russian page');
});

t.test('a row without a translation falls back to Russian, marked lang="ru"', async (t) => {
  const [{ id: newId }] = (await app.db.query<{ id: number }>(
    `INSERT INTO products (sku, slug, category_id, title, description, attributes)
     VALUES ('NEW-1', 'novinka', $1, 'Новинка без перевода', 'Описание новинки.', '{"adhesive":"новый клей"}'::jsonb) RETURNING id`,
    [CATEGORY.id],
  )) as [{ id: number }];
  await app.db.query(`INSERT INTO product_prices (product_id, price_list, amount) SELECT $1, code, 100 FROM price_lists`, [newId]);
  await app.db.query(`DELETE FROM category_translations WHERE category_id = $1 AND language = 'en'`, [CATEGORY.id]);
  app.services.invalidateCaches();

  const product = (await app.request({ url: `/en/${CATEGORY.slug}/novinka` })).body;
  t.match(product, '<h1 lang="ru">Новинка без перевода</h1>', 'the title');
  t.match(product, '<p lang="ru">Описание новинки.</p>', 'the description');
  t.match(product, '<td lang="ru">новый клей</td>', 'an untranslated attribute value');
  t.match(
    product,
    `<a lang="ru" href="/en/${CATEGORY.slug}" data-discover="true">${CATEGORY.title}</a>`,
    'the category in the breadcrumbs',
  );
  t.same(russianLeftovers(product, 'en'), [], 'every Russian text is marked');

  const category = (await app.request({ url: `/en/${CATEGORY.slug}` })).body;
  t.match(category, `<h1 lang="ru">${CATEGORY.title}</h1>`, 'the category page');
  t.match(category, '<span class="product-card__title" lang="ru">Новинка без перевода</span>', 'its card');
  t.match(category, '<span lang="ru">новый клей</span>', "the filter's untranslated value");
  t.match(category, demoTranslations.en.attributeValues.adhesive!.бутил!, 'translated values are labelled in English');
  t.same(russianLeftovers(category, 'en'), [], 'every Russian text is marked');
  const home = (await app.request({ url: '/en' })).body;
  t.match(home, new RegExp(`lang="ru"[^>]*>${CATEGORY.title}</a>`), 'the menu marks the untranslated category');

  const data = hydrationData((await app.request({ url: `/en/${CATEGORY.slug}/novinka` })).body).loaderData;
  const loaded = Object.values(data).find((d) => d && typeof d === 'object' && 'product' in d) as { product: { lang: string | null } };
  t.equal(loaded.product.lang, 'ru', 'the loader data says so too');
});

t.test("the calculator's names: the database's translation, else the locale's, else the Russian title marked", async (t) => {
  await app.db.query(`INSERT INTO calc_zones (code, title, grp, sort) VALUES ('spoiler', 'Спойлер', 'spoiler', 99)`);
  await app.db.query(`INSERT INTO calc_tiers (code, title, sort) VALUES ('sport', 'Спорт', 99)`);
  app.services.invalidateCaches();
  let body = (await app.request({ url: '/en/calc' })).body;
  t.match(body, '<span lang="ru">Спойлер</span>', 'an untranslated zone shows its Russian title, marked');
  t.match(body, '<span class="calc-tier__name" lang="ru">Спорт</span>', 'so does a tier');
  t.same(russianLeftovers(body, 'en'), [], 'nothing Russian unmarked');
  t.match((await app.request({ url: '/en/constructor' })).body, '<option value="sport" lang="ru">Спорт</option>', 'the constructor too');

  await app.db.query(
    `INSERT INTO calc_translations (kind, code, language, title) VALUES ('zone', 'spoiler', 'en', 'Spoiler'), ('tier', 'sport', 'en', 'Sport'),
       ('zone', 'roof', 'en', 'Roof panel')`,
  );
  app.services.invalidateCaches();
  body = (await app.request({ url: '/en/calc' })).body;
  t.match(body, '<span>Spoiler</span>', "the database's translation, unmarked");
  t.match(body, '<span class="calc-tier__name">Sport</span>');
  t.match(body, '<span>Roof panel</span>', 'a translation in the database names a demo zone before the locale does');
  t.match((await app.request({ url: '/calc' })).body, '<span>Спойлер</span>', 'Russian pages show the Russian title');
  t.equal((await app.db.query('SELECT 1 FROM calc_translations WHERE language = $1', ['ru']).catch(() => [])).length, 0);
  await t.rejects(
    app.db.query(`INSERT INTO calc_translations (kind, code, language, title) VALUES ('zone', 'roof', 'ru', 'Крыша')`),
    "Russian is the tables' own language, not a translation",
  );
});

t.test("an order keeps its goods' Russian titles: marked on another language's receipt", async (t) => {
  const v = app.visitor();
  const number = await orderNumber(app, await createOrder(app, { sessionId: v.sessionId }));
  const en = (await app.request({ url: `/en/cart/success/${number}`, as: v })).body;
  t.match(en, '<td lang="ru">Вибро Стандарт 2.2</td>');
  t.same(russianLeftovers(en, 'en'), [], 'nothing Russian unmarked');
  t.match((await app.request({ url: `/cart/success/${number}`, as: v })).body, '<td>Вибро Стандарт 2.2</td>', 'unmarked in Russian');
});

t.test('search in a language finds products by their names in it and answers in it', async (t) => {
  const title = demoTranslations.kk.products[PRODUCT.sku]!.title;
  const word = title.split(' ').find((w) => w.length > 3 && !/\d/.test(w)) ?? title.split(' ')[0]!;
  const v = app.visitor();
  const ask = (language: string | undefined, search: string) =>
    app.request({
      method: 'POST',
      url: `/api/site/search?token=${v.token}&domain=kz.localhost${language ? `&language=${language}` : ''}`,
      host: 'kz.localhost',
      as: v,
      payload: { search },
    });
  const kk = await ask('kk', word.slice(0, -1));
  t.equal(kk.statusCode, 200);
  const results = kk.json().data.results as Array<{ title: string; lang: string | null }>;
  t.ok(
    results.some((r) => r.title === title && r.lang === null),
    'a prefix of the Kazakh name finds the product, titled in Kazakh',
  );
  const ru = (await ask(undefined, PRODUCT.title)).json().data.results as Array<{ title: string }>;
  t.equal(ru[0]?.title, PRODUCT.title, 'without a language the answer is Russian, as the spec has it');
  const bad = await ask('xx', 'вибро');
  t.equal(bad.statusCode, 400, 'an unknown language is refused');
  t.match(bad.body, 'language');
});

/**
 * The page's translator (shared/translator.ts, decision 056) against i18next, which the server's own strings use: for
 * every string of every language, with and without values, every plural count that picks a different form, missing
 * keys with and without a `defaultValue` (the one i18next option pages use), and generated hostile values in every
 * language, both give the same text. A string that uses an i18next feature the translator lacks
 * (`$t()` nesting, `{{x, number}}` formats, contexts) fails here before a page could show it differently.
 */
import fc from 'fast-check';
import t from 'tap';
import { createI18n } from '../server/platform/i18n.ts';
import { messages } from '../shared/locales/index.ts';
import type { LocaleMessages } from '../shared/locales/types.ts';
import { LANGUAGES, type Language } from '../shared/sites.ts';
import { createTranslator, type TranslateOptions } from '../shared/translator.ts';

function leaves(table: LocaleMessages, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(table)) {
    if (typeof value === 'string') into.set(prefix + key, value);
    else leaves(value, `${prefix}${key}.`, into);
  }
  return into;
}

const PLURAL = /^(.+)_(zero|one|two|few|many|other)$/;
const placeholdersOf = (text: string) => [...text.matchAll(/\{\{([^{}]+?)\}\}/g)].map((m) => m[1]!.trim());
/** Counts that reach every plural form of the sites' languages (Russian 1/2/5/11/21/…, fractions are "other"). */
const COUNTS = [0, 1, 2, 3, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 1000, 1.5, 0.25, -1];

/** The same strings through both: i18next as the server sets it up (server/platform/i18n.ts), over one language, and the translator. */
function pair(language: Language) {
  const table = messages[language];
  return {
    table,
    i18next: createI18n(language, { [language]: { translation: table } }),
    translator: createTranslator(language, table),
  };
}

for (const language of LANGUAGES) {
  t.test(`${language}: every string reads the same through the translator and i18next`, async (t) => {
    const { table, i18next, translator } = pair(language);
    const differ: string[] = [];
    const same = (key: string, options?: TranslateOptions) => {
      const want = options === undefined ? i18next.t(key) : i18next.t(key, options);
      const got = translator.t(key, options);
      if (got !== want) differ.push(`${key} ${JSON.stringify(options)}: translator «${got}», i18next «${want}»`);
    };
    const flat = leaves(table);
    const pluralBases = new Set<string>();
    for (const [key, text] of flat) {
      const values = Object.fromEntries(placeholdersOf(text).map((name, i) => [name, `v${i}<b>&amp;`]));
      same(key);
      same(key, {});
      same(key, values);
      same(key, { ...values, count: 7 });
      same(key, { ...values, defaultValue: 'not used: the table has the key' });
      if (translator.exists(key) !== i18next.exists(key)) differ.push(`${key}: exists() differs`);
      const plural = PLURAL.exec(key);
      if (plural) pluralBases.add(plural[1]!);
    }
    for (const base of pluralBases) for (const count of COUNTS) same(base, { count });
    // Keys the table lacks: both answer with the key, with or without a count. (A sub-table's key, which no page asks
    // for, is the one difference: i18next answers a message about it, the translator the key.)
    for (const key of ['no.such.key', 'header.nope', `${[...pluralBases][0]}_nope`, 'attr.no_name_yet', 'orders.states.onHold']) {
      same(key);
      same(key, { count: 2 });
      // defaultValue: '' hides a facet, attribute or tier hint without a name; an unknown order state reads as itself.
      same(key, { defaultValue: '' });
      same(key, { defaultValue: 'onHold' });
      same(key, { defaultValue: '{{n}} of {{count}}', n: 1, count: 2 });
      same(key, { defaultValue: '', count: 0 });
      if (translator.exists(key) !== i18next.exists(key)) differ.push(`${key}: exists() differs`);
    }
    t.ok(flat.size > 500, `${flat.size} strings compared`);
    t.ok(pluralBases.size > 10, `${pluralBases.size} plural keys compared at ${COUNTS.length} counts`);
    t.same(differ, [], 'no string differs');
  });
}

t.test('generated values (markup, braces, i18next syntax, NUL, numbers, null) are shown as given, as i18next does', async (t) => {
  const pairs = new Map(LANGUAGES.map((language) => [language, pair(language)]));
  const withPlaceholders = LANGUAGES.flatMap((language) =>
    [...leaves(messages[language])].filter(([, text]) => placeholdersOf(text).length > 0).map(([key, text]) => ({ language, key, text })),
  );
  t.ok(withPlaceholders.length > 400, 'strings with placeholders to try, in every language');
  const value = fc.oneof(
    fc.string({ unit: 'binary' }),
    fc.constantFrom('{{count}}', '{{name}}', '$t(header.cart)', '$t(nope)', '<script>alert(1)</script>', '\u0000', '{{', '}}'),
    fc.integer(),
    fc.double(),
    fc.constantFrom(null, undefined, true, false, 0, -0),
  );
  fc.assert(
    fc.property(
      fc.constantFrom(...withPlaceholders),
      fc.array(value, { minLength: 1, maxLength: 4 }),
      ({ language, key, text }, values) => {
        const { i18next, translator } = pairs.get(language)!;
        const names = placeholdersOf(text);
        const options = Object.fromEntries(names.map((name, i) => [name, values[i % values.length]]));
        return translator.t(key, options) === i18next.t(key, options);
      },
    ),
    { numRuns: 4000 },
  );
});

t.test('exists, missing keys and strings added later', async (t) => {
  const missing: string[] = [];
  const translator = createTranslator(
    'en',
    { nav: { calc: 'Calculator' }, cart: { items_one: '{{count}} item', items_other: '{{count}} items' } },
    {
      onMissingKey: (key) => missing.push(key),
    },
  );
  t.ok(translator.exists('nav.calc'));
  t.notOk(translator.exists('nav'), 'a sub-table is not a string');
  t.equal(translator.t('nav'), 'nav', "a sub-table's key reads as itself");
  t.notOk(translator.exists('nav.nope'));
  t.equal(translator.t('nav.nope'), 'nav.nope', 'a missing key reads as itself');
  t.equal(translator.t('cart.items', { count: 1 }), '1 item');
  t.equal(translator.t('cart.items', { count: 3 }), '3 items');
  t.equal(translator.t('cart.gone', { count: 3 }), 'cart.gone');
  t.equal(translator.t('cart.gone', { defaultValue: '' }), '', 'an empty defaultValue is the answer, not the key');
  t.equal(translator.t('cart.gone', { defaultValue: 'onHold' }), 'onHold');
  t.equal(translator.t('cart.items', { count: 3, defaultValue: 'unused' }), '3 items', 'a key the table has ignores it');
  t.same(missing, ['nav', 'nav.nope', 'cart.gone', 'cart.gone', 'cart.gone'], 'each missing key is reported, defaultValue or not');
  translator.add({ nav: { calc: 'Replaced?', home: 'Home' } });
  t.equal(translator.t('nav.home'), 'Home', 'an added string is found');
  t.equal(translator.t('nav.calc'), 'Calculator', 'a string already held keeps its text');
  t.equal(translator.language, 'en');
});

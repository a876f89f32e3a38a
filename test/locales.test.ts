/**
 * Locale completeness: every language mirrors ru.ts key for key, has exactly the plural forms its
 * Intl.PluralRules asks for, keeps the {{placeholders}} of the Russian source, and works in i18next.
 */
import t from 'tap';
import { createI18n } from '../server/platform/i18n.ts';
import { allResources, messages, resourcesFor } from '../shared/locales/index.ts';
import ru from '../shared/locales/ru.ts';
import type { LocaleMessages } from '../shared/locales/types.ts';
import { LANGUAGES } from '../shared/sites.ts';

const PLURAL_SUFFIXES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
const PLURAL_RE = new RegExp(`^(.+)_(${PLURAL_SUFFIXES.join('|')})$`);

/** Flattens a nested table to dotted key paths; non-string leaves are reported as such. */
function flatten(tree: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) flatten(value, path, out);
    else out.set(path, value);
  }
  return out;
}

/** Splits key paths into plain ones and plural bases (→ the suffixes present), given the plural bases to recognise. */
function classify(flat: Map<string, unknown>, pluralBases: Set<string>) {
  const plain = new Set<string>();
  const plurals = new Map<string, Set<string>>();
  for (const path of flat.keys()) {
    const m = PLURAL_RE.exec(path);
    if (m && pluralBases.has(m[1]!)) {
      const set = plurals.get(m[1]!) ?? new Set<string>();
      set.add(m[2]!);
      plurals.set(m[1]!, set);
    } else plain.add(path);
  }
  return { plain, plurals };
}

function placeholders(s: unknown): string[] {
  if (typeof s !== 'string') return [];
  return [...new Set([...s.matchAll(/\{\{\s*([^}]+?)\s*\}\}/g)].map((m) => m[1]!))].sort();
}

const sorted = (it: Iterable<string>) => [...it].sort();
const isNonEmptyString = (value: unknown) => typeof value === 'string' && value.trim() !== '';

const ruFlat = flatten(messages.ru);
// A plural base is any key that ru spells with an _other form (thickness_mm, foil_um … are not).
const ruPluralBases = new Set<string>();
for (const path of ruFlat.keys()) {
  const m = PLURAL_RE.exec(path);
  if (m && m[2] === 'other') ruPluralBases.add(m[1]!);
}
const ruClassified = classify(ruFlat, ruPluralBases);

t.test('ru itself is a sane source', async (t) => {
  t.ok(ruPluralBases.has('header.cartItems'), 'header.cartItems is a plural key');
  t.equal(ru.notFound.title, 'Упс! Страница не найдена!', 'the spec string of the 404 page');
  t.ok(ruClassified.plain.size > 0);
});

t.test('messages has every language and nothing else', async (t) => {
  t.same(sorted(Object.keys(messages)), sorted(LANGUAGES));
  const notFromSource = Object.entries(ru)
    .filter(([key, value]) => messages.ru[key] !== value)
    .map(([key]) => key);
  t.same(notFromSource, [], 'every ru namespace comes from the source file itself');
});

t.test('resource helpers', async (t) => {
  t.same(resourcesFor('en'), { en: { translation: messages.en } });
  const all = allResources();
  t.same(sorted(Object.keys(all)), sorted(LANGUAGES));
  for (const lang of LANGUAGES) t.equal(all[lang]!.translation, messages[lang], `${lang} translation`);
});

for (const lang of LANGUAGES) {
  t.test(lang, async (t) => {
    const flat = flatten(messages[lang]);
    const { plain, plurals } = classify(flat, ruPluralBases);
    const categories = sorted(new Intl.PluralRules(lang).resolvedOptions().pluralCategories);

    // One assertion per collection, each listing the offending keys (dotted paths, namespace first).
    t.test('plain keys: all present, non-empty strings, none extra', async (t) => {
      const missing = sorted([...ruClassified.plain].filter((k) => !plain.has(k)));
      const extra = sorted([...plain].filter((k) => !ruClassified.plain.has(k)));
      const empty = [...ruClassified.plain].filter((k) => plain.has(k) && !isNonEmptyString(flat.get(k)));
      t.same(missing, [], `${lang}: no key of ru missing`);
      t.same(extra, [], `${lang}: no key that ru lacks`);
      t.same(empty, [], `${lang}: every key a non-empty string`);
    });

    t.test(`plural keys have exactly the categories ${categories.join(', ')}`, async (t) => {
      const wrongCategories: { base: string; has: string[] }[] = [];
      const emptyForms: string[] = [];
      for (const base of ruPluralBases) {
        const has = sorted(plurals.get(base) ?? []);
        if (JSON.stringify(has) !== JSON.stringify(categories)) wrongCategories.push({ base, has });
        for (const cat of categories) if (!isNonEmptyString(flat.get(`${base}_${cat}`))) emptyForms.push(`${base}_${cat}`);
      }
      t.ok(ruPluralBases.size > 0, 'there are plural keys to check');
      t.same(wrongCategories, [], `${lang}: every plural key has the forms ${categories.join(', ')} and no other`);
      t.same(emptyForms, [], `${lang}: every plural form a non-empty string`);
    });

    t.test('placeholders match ru', async (t) => {
      const mismatched: { key: string; has: string[]; ru: string[] }[] = [];
      for (const [key, value] of flat) {
        const m = PLURAL_RE.exec(key);
        const ruKey = m && ruPluralBases.has(m[1]!) ? `${m[1]}_other` : key;
        if (!ruFlat.has(ruKey)) continue; // reported as extra above
        const has = placeholders(value);
        const want = placeholders(ruFlat.get(ruKey));
        if (JSON.stringify(has) !== JSON.stringify(want)) mismatched.push({ key, has, ru: want });
      }
      t.same(mismatched, [], `${lang}: every key has the {{placeholders}} of its ru source`);
    });

    t.test('i18next picks the right plural form', async (t) => {
      const i18n = createI18n(lang, resourcesFor(lang));
      const rules = new Intl.PluralRules(lang);
      const header = messages[lang].header as LocaleMessages;
      for (const n of [1, 2, 5, 21]) {
        const text = i18n.t('header.cartItems', { count: n });
        t.match(text, new RegExp(`(^|\\D)${n}(\\D|$)`), `${n}: "${text}" contains the number`);
        t.notMatch(text, /cartItems|header\./, `${n}: not a raw key`);
        const expected = String(header[`cartItems_${rules.select(n)}`]).replace(/\{\{\s*count\s*\}\}/g, String(n));
        t.equal(text, expected, `${n}: the _${rules.select(n)} form`);
      }
    });
  });
}

/**
 * Parts of a language's strings, as pages carry them (docs/decisions/050-translations-per-page.md): a unit is a
 * namespace of the table ("calc") or a path into one ("seo.home"); a page embeds the units it shows, and the browser
 * loads the units a client navigation needs from STRINGS_PREFIX.
 */
import type { LocaleMessages } from './types.ts';

/** Where the browser loads a unit: `/assets/i18n/<language>/<unit>.<version>.json` (immutable: the version changes). */
export const STRINGS_PREFIX = '/assets/i18n/';

export const stringsPath = (language: string, unit: string, version: string): string =>
  `${STRINGS_PREFIX}${language}/${unit}.${version}.json`;

/** The value at a unit's path ("seo.home" → table.seo.home), or undefined. */
export function stringsAt(table: LocaleMessages, unit: string): string | LocaleMessages | undefined {
  let at: string | LocaleMessages | undefined = table;
  for (const key of unit.split('.')) at = typeof at === 'object' && Object.hasOwn(at, key) ? at[key] : undefined;
  return at;
}

const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;

/**
 * A unit's entries by their key in its parent: the unit's own, or a plural key's forms ("search.found" →
 * found_one, found_few … as the language has them). Empty when the table has neither.
 */
function unitEntries(table: LocaleMessages, unit: string): [string, string | LocaleMessages][] {
  const keys = unit.split('.');
  const last = keys.pop()!;
  const parent = keys.length > 0 ? stringsAt(table, keys.join('.')) : table;
  if (typeof parent !== 'object') return [];
  if (Object.hasOwn(parent, last)) return [[last, parent[last]!]];
  return Object.entries(parent).filter(([key]) => PLURAL_FORM.test(key) && key.replace(PLURAL_FORM, '') === last);
}

/** Whether `table` has strings at `unit` (a path, or a plural key's forms). */
export const hasStrings = (table: LocaleMessages, unit: string): boolean => unitEntries(table, unit).length > 0;

/**
 * The units of `table`, nested as in the table: `["seo.home", "nav"]` → `{ seo: { home }, nav }`; a plural key brings
 * its forms. Units may overlap ("kits" and "kits.added"); the table itself is never changed. A unit the table lacks
 * is an error.
 */
export function sliceStrings(table: LocaleMessages, units: readonly string[]): LocaleMessages {
  let out: LocaleMessages = {};
  for (const unit of units) {
    const entries = unitEntries(table, unit);
    if (entries.length === 0) throw new Error(`no strings at "${unit}"`);
    const nested = unit
      .split('.')
      .slice(0, -1)
      .reduceRight<LocaleMessages>((inner, key) => ({ [key]: inner }), Object.fromEntries(entries));
    out = mergeStrings(out, nested);
  }
  return out;
}

/** `into` with `from` merged in, objects merged key by key; neither argument is changed. */
export function mergeStrings(into: LocaleMessages, from: LocaleMessages): LocaleMessages {
  const out: LocaleMessages = { ...into };
  for (const [key, value] of Object.entries(from)) {
    const have = out[key];
    out[key] = typeof have === 'object' && typeof value === 'object' ? mergeStrings(have, value) : value;
  }
  return out;
}

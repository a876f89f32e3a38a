/**
 * A page's translator (docs/decisions/056-a-page-translator.md): the part of i18next a page's strings use — a key
 * looked up in one language's table, the plural form Intl.PluralRules picks for `count`, and `{{name}}` replaced by
 * a value — in about a kilobyte instead of i18next's 16 KB gzip in every page's first script. The server renders a
 * page with it and the browser hydrates with it, so both sides produce the same text by construction. The server's
 * own strings (API answers, mails) stay on i18next (server/platform/i18n.ts); test/translator.test.ts holds every string of
 * every language to giving the same text through both.
 */
import type { LocaleMessages } from './locales/types.ts';
import type { Language } from './sites.ts';

/**
 * Values for a string's `{{name}}` placeholders; `count` also picks the plural form (`key_one`, `key_few`…), and
 * `defaultValue` is the text of a key the table lacks (`''` included), as with i18next. i18next's other options are
 * not the translator's. The type refuses the seven a caller is likeliest to reach for (contexts, `lng`, `lngs`, `ns`,
 * `returnObjects`, `ordinal`, `replace`) when written literally; any other name (`postProcess`, `defaultValue_other`…)
 * passes as a placeholder value and changes nothing.
 */
export type TranslateOptions = Readonly<Record<string, unknown>> & {
  readonly defaultValue?: string;
  readonly context?: never;
  readonly lng?: never;
  readonly lngs?: never;
  readonly ns?: never;
  readonly returnObjects?: never;
  readonly ordinal?: never;
  readonly replace?: never;
};

/** A string of the page's language; a key it lacks is answered with `defaultValue`, else the key itself, as i18next does. */
export type Translate = (key: string, options?: TranslateOptions) => string;

export interface Translator {
  readonly language: Language;
  readonly t: Translate;
  /** Whether the table holds `key` (a string, not a sub-table). */
  exists(key: string): boolean;
  /** Adds strings a client navigation loaded (client/strings.ts); a key already held keeps its text. */
  add(strings: LocaleMessages): void;
}

export interface TranslatorOptions {
  /** Called with each key asked for that the table lacks (server/render/strings.ts: a page's strings missing a unit). */
  onMissingKey?: (key: string) => void;
}

const PLACEHOLDER = /\{\{([^{}]+?)\}\}/g;

function flatten(table: LocaleMessages, prefix: string, into: Map<string, string>): void {
  for (const [key, value] of Object.entries(table)) {
    const path = prefix + key;
    if (typeof value === 'string') {
      if (!into.has(path)) into.set(path, value);
    } else if (value && typeof value === 'object') {
      flatten(value, `${path}.`, into);
    }
  }
}

/** A placeholder's value: `a.b` reads a nested value, as i18next's interpolation does. */
function valueAt(options: TranslateOptions, path: string): unknown {
  if (Object.hasOwn(options, path)) return options[path];
  let value: unknown = options;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/**
 * `{{name}}` → its value as text (null and undefined as ''); a placeholder the options do not name stays as written.
 * A value is never scanned again, so a shopper's text holding `{{…}}` is shown as typed.
 */
function interpolate(text: string, options: TranslateOptions): string {
  return text.replace(PLACEHOLDER, (whole, inner: string) => {
    const name = inner.trim();
    const value = valueAt(options, name);
    if (value === undefined) return Object.hasOwn(options, name) ? '' : whole;
    return value === null ? '' : String(value);
  });
}

export function createTranslator(language: Language, strings: LocaleMessages, options: TranslatorOptions = {}): Translator {
  const table = new Map<string, string>();
  flatten(strings, '', table);
  const plurals = new Intl.PluralRules(language);
  const { onMissingKey } = options;

  const lookup = (key: string, count: unknown): string | undefined => {
    if (typeof count === 'number') {
      // i18next's order: `_zero` for 0 when the table has it, then the language's form, then the bare key.
      if (count === 0) {
        const zero = table.get(`${key}_zero`);
        if (zero !== undefined) return zero;
      }
      const form = table.get(`${key}_${plurals.select(count)}`);
      if (form !== undefined) return form;
    }
    return table.get(key);
  };

  const t: Translate = (key, values) => {
    let text = lookup(key, values?.count);
    if (text === undefined) {
      onMissingKey?.(key);
      if (values?.defaultValue === undefined) return key;
      text = values.defaultValue;
    }
    return values === undefined || !text.includes('{{') ? text : interpolate(text, values);
  };

  return {
    language,
    t,
    exists: (key) => table.has(key),
    add: (more) => flatten(more, '', table),
  };
}

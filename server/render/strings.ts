/**
 * The strings a page carries (docs/decisions/050-translations-per-page.md): for a language and the units its matched
 * routes declare (shared/routes.ts), the JSON the boot script embeds and the translator the server renders with
 * (shared/translator.ts, as the browser's) — the same strings, so the browser's hydration finds every string the server's HTML shows. Built once per
 * language and set of units, then shared by every request. The units a client navigation lacks are answered as
 * files at STRINGS_PREFIX, named by a version of the language's strings (cached for a year: a new text, a new name).
 */
import { createHash } from 'node:crypto';
import { messages } from '../../shared/locales/index.ts';
import { hasStrings, sliceStrings } from '../../shared/locales/slices.ts';
import type { LocaleMessages } from '../../shared/locales/types.ts';
import { browserStrings } from '../../shared/routes.ts';
import { jsonForScript } from '../../shared/serialize.ts';
import { LANGUAGES, type Language } from '../../shared/sites.ts';
import { createTranslator, type Translator } from '../../shared/translator.ts';

export interface PageStrings {
  /** The strings of the units. */
  translations: LocaleMessages;
  /** The strings of those units, as JSON for the boot script (escaped for an inline script). */
  json: string;
  /** A translator holding only those strings: a key outside them renders as the key (and is reported, onMissingKey). */
  translator: Translator;
}

type MissingKeyListener = (language: Language, units: readonly string[], key: string) => void;
const missingKeyListeners = new Set<MissingKeyListener>();

/**
 * Calls `listener` for each key a page's render asked for outside its strings (test/page-strings.test.ts), each time
 * it is asked for.
 */
export function onMissingKey(listener: MissingKeyListener): () => void {
  missingKeyListeners.add(listener);
  return () => missingKeyListeners.delete(listener);
}

const bundles = new Map<string, PageStrings>();

/** The strings of `units` (sorted, shared/routes.ts stringsOf) in `language`. */
export function pageStrings(language: Language, units: readonly string[]): PageStrings {
  const cacheKey = `${language}:${units.join(',')}`;
  let bundle = bundles.get(cacheKey);
  if (!bundle) {
    const strings = sliceStrings(messages[language], units);
    const translator = createTranslator(language, strings, {
      onMissingKey: (key) => {
        for (const listener of missingKeyListeners) listener(language, units, key);
      },
    });
    bundle = { translations: strings, json: jsonForScript(strings), translator };
    bundles.set(cacheKey, bundle);
  }
  return bundle;
}

const versions = new Map<Language, string>();

/** A digest of every string of `language` the browser may load: the name part of its files. */
export function stringsVersion(language: Language): string {
  let version = versions.get(language);
  if (!version) {
    const strings = sliceStrings(messages[language], [...browserStrings].sort());
    version = createHash('sha256').update(JSON.stringify(strings)).digest('base64url').slice(0, 10);
    versions.set(language, version);
  }
  return version;
}

const FILE = /^([A-Za-z0-9_.]+)\.([A-Za-z0-9_-]{10})\.json$/;

/**
 * The JSON of a file the browser asks for (`<unit>.<version>.json` in `language`), nested as in the table, or null:
 * an unknown language or unit (`mail`: the server's own), or another version than this build's (an old page after a
 * deploy: it reloads, client/strings.ts).
 */
export function stringsFile(language: string, file: string): string | null {
  const m = FILE.exec(file);
  if (!m || !(LANGUAGES as readonly string[]).includes(language)) return null;
  const [, unit, version] = m;
  if (!browserStrings.has(unit!) || version !== stringsVersion(language as Language)) return null;
  if (!hasStrings(messages[language as Language], unit!)) return null;
  return JSON.stringify(sliceStrings(messages[language as Language], [unit!]));
}

/**
 * The server's own strings (API answers, mails) through i18next: one instance per language, holding that language's
 * strings and the default language's (the fallback), built once and shared by every request and mail. Pages render
 * with the page translator instead (shared/translator.ts, decision 056), which the browser runs too; i18next stays
 * here, off the browser's first script.
 */
import i18next, { type i18n as I18n, type Resource, type TFunction } from 'i18next';
import { resourcesFor } from '../../shared/locales/index.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/sites.ts';

/** An i18next instance over `resources` (tests build one over a single language to compare with the translator). */
export function createI18n(language: Language, resources: Resource): I18n {
  const instance = i18next.createInstance();
  // initAsync: false makes init synchronous, so the instance is usable at once.
  void instance.init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    resources,
    initAsync: false,
    interpolation: { escapeValue: false }, // React and the mail templates escape
    returnNull: false,
  });
  return instance;
}

export interface LanguageInstance {
  i18n: I18n;
  t: TFunction;
}

const instances = new Map<Language, LanguageInstance>();

/** The server's i18next instance of `language` (an unknown language gets the default one's). */
export function serverI18n(language: Language): LanguageInstance {
  const known = instances.get(language);
  if (known) return known;
  if (!(LANGUAGES as readonly string[]).includes(language)) return serverI18n(DEFAULT_LANGUAGE);
  const i18n = createI18n(language, { ...resourcesFor(DEFAULT_LANGUAGE), ...resourcesFor(language) });
  const made = { i18n, t: i18n.t.bind(i18n) as TFunction };
  instances.set(language, made);
  return made;
}

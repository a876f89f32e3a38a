/** i18next set-up shared by server and browser. The server holds every language; a page embeds only its own. */
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { DEFAULT_LANGUAGE, type Language } from './sites.ts';

export interface I18nOptions {
  /** Called with each key asked for that the resources lack (a page's strings missing a unit its render uses). */
  onMissingKey?: (key: string) => void;
}

export function createI18n(language: Language, resources: Resource, options: I18nOptions = {}): I18n {
  const instance = i18next.createInstance();
  const { onMissingKey } = options;
  // initAsync: false makes init synchronous, so the first render (and hydration) already has its strings.
  void instance.init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    resources,
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    ...(onMissingKey
      ? { saveMissing: true, missingKeyHandler: (_languages: readonly string[], _namespace: string, key: string) => onMissingKey(key) }
      : {}),
  });
  return instance;
}

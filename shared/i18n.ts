/** i18next set-up shared by server and browser. The server holds every language; a page embeds only its own. */
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { DEFAULT_LANGUAGE, type Language } from './sites.ts';

export function createI18n(language: Language, resources: Resource): I18n {
  const instance = i18next.createInstance();
  // initAsync: false makes init synchronous, so the first render (and hydration) already has its strings.
  void instance.init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    resources,
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  return instance;
}

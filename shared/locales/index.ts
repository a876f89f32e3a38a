/** Every locale, keyed by language, and helpers that shape them as i18next resources. */
import type { Resource } from 'i18next';
import type { Language } from '../sites.ts';
import en from './en.ts';
import kk from './kk.ts';
import ky from './ky.ts';
import ro from './ro.ts';
import ru from './ru.ts';
import tr from './tr.ts';
import type { LocaleMessages } from './types.ts';
import uz from './uz.ts';
import zhCN from './zh-CN.ts';

export type { LocaleMessages } from './types.ts';

export const messages: Record<Language, LocaleMessages> = {
  ru,
  en,
  'zh-CN': zhCN,
  tr,
  kk,
  ro,
  uz,
  ky,
};

/** One language only, as a page embeds it: `{ [language]: { translation } }`. */
export function resourcesFor(language: Language) {
  return { [language]: { translation: messages[language] } } satisfies Resource;
}

/** Every language, as the server holds them: `{ ru: { translation }, en: { translation }, … }`. */
export function allResources(): Resource {
  const out: Resource = {};
  for (const [language, translation] of Object.entries(messages)) out[language] = { translation };
  return out;
}

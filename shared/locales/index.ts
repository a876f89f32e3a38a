/** Every locale, keyed by language, and helpers that shape them as i18next resources. */
import type { Resource } from 'i18next';
import type { Language } from '../sites.ts';
import en from './en.ts';
import { features } from './features/index.ts';
import kk from './kk.ts';
import ky from './ky.ts';
import ro from './ro.ts';
import ru from './ru.ts';
import tr from './tr.ts';
import type { LocaleMessages } from './types.ts';
import uz from './uz.ts';
import zhCN from './zh-CN.ts';

export type { LocaleMessages } from './types.ts';

/** The shell's tables (one file per language), before the feature namespaces are merged in. */
export const shellMessages: Record<Language, LocaleMessages> = {
  ru,
  en,
  'zh-CN': zhCN,
  tr,
  kk,
  ro,
  uz,
  ky,
};

function withFeatures(language: Language): LocaleMessages {
  const merged: LocaleMessages = { ...shellMessages[language] };
  for (const [namespace, feature] of Object.entries(features)) {
    if (namespace in merged) throw new Error(`locale namespace ${namespace} is defined twice (shell and features/${namespace}.ts)`);
    merged[namespace] = feature[language];
  }
  return merged;
}

/** Every string of a language: the shell's table and every feature's namespace. */
export const messages = Object.fromEntries(Object.keys(shellMessages).map((l) => [l, withFeatures(l as Language)])) as Record<
  Language,
  LocaleMessages
>;

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

/**
 * UI strings in components. A page has one language for its whole life (switching languages is a page load), so
 * components read the page's translator (shared/translator.ts) from context: no subscriptions, no per-render
 * wrappers (react-i18next's useTranslation cost ~7 % of a server render here; see docs/decisions/004-languages.md).
 */

import { createContext, type ReactNode, useContext } from 'react';
import type { Translate, Translator } from '../shared/translator.ts';

const TranslatorContext = createContext<Translator | null>(null);

export function I18nProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>;
}

export function useTranslation(): { t: Translate; i18n: Translator } {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error('I18nProvider is missing');
  return { t: translator.t, i18n: translator };
}

/**
 * UI strings in components. A page has one language for its whole life (switching languages is a page
 * load), so components read a fixed i18next instance from context: no subscriptions, no per-render wrappers
 * (react-i18next's useTranslation cost ~7 % of a server render here; see docs/decisions/004-languages.md).
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { i18n as I18n, TFunction } from 'i18next';

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('I18nProvider is missing');
  return { t: i18n.t, i18n };
}

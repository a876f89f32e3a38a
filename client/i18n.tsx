/**
 * UI strings in components. A page has one language for its whole life (switching languages is a page
 * load), so components read a fixed i18next instance from context: no subscriptions, no per-render wrappers
 * (react-i18next's useTranslation cost ~7 % of a server render here; see docs/decisions/004-languages.md).
 */

import type { i18n as I18n, TFunction } from 'i18next';
import { createContext, type ReactNode, useContext } from 'react';

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

/**
 * i18next's t() resolves key paths, fallbacks and interpolation on every call (~7 % of a server render);
 * a page calls it with the same plain keys again and again. Plain lookups are memoised per instance, until strings
 * are added to it (a client navigation's, client/strings.ts): a key looked up before its strings came is asked again.
 */
const memoised = new WeakMap<I18n, TFunction>();

function memoisedT(i18n: I18n): TFunction {
  let t = memoised.get(i18n);
  if (!t) {
    const plain = new Map<string, string>();
    i18n.store?.on('added', () => plain.clear());
    t = ((key: string | string[], options?: unknown) => {
      if (options !== undefined || typeof key !== 'string') return (i18n.t as (k: unknown, o?: unknown) => string)(key, options);
      let value = plain.get(key);
      if (value === undefined) {
        value = i18n.t(key);
        plain.set(key, value);
      }
      return value;
    }) as TFunction;
    memoised.set(i18n, t);
  }
  return t;
}

export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('I18nProvider is missing');
  return { t: memoisedT(i18n), i18n };
}

import type { Language } from '../languages.ts';

/** The shape shared by every locale file: nested string tables (plural forms as key_one, key_few, … per Intl.PluralRules). */
export type LocaleMessages = { [key: string]: string | LocaleMessages };

/** One feature's namespace in every language (shared/locales/features/*.ts); ru is the source the others mirror. */
export type FeatureLocale = Record<Language, LocaleMessages>;

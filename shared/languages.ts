/** The languages the storefront speaks (any site offers a subset; decision 004). */
export const LANGUAGES = ['ru', 'en', 'zh-CN', 'tr', 'kk', 'ro', 'uz', 'ky'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ru';

/** Each language's name in itself (the language menu's entries: a shopper finds their own language in its own words). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  ru: 'Русский',
  en: 'English',
  'zh-CN': '中文',
  tr: 'Türkçe',
  kk: 'Қазақша',
  ro: 'Română',
  uz: 'Oʻzbekcha',
  ky: 'Кыргызча',
};

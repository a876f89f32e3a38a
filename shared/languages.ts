/** The languages the storefront speaks (any site offers a subset; decision 004). */
export const LANGUAGES = ['ru', 'en', 'zh-CN', 'tr', 'kk', 'ro', 'uz', 'ky'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ru';

/**
 * The demo catalogue in every language other than Russian (decision 048), one file per language. The seed writes them
 * into the translation tables (migration 026); test/catalog-translations.test.ts holds every file complete.
 */
import type { Language } from '../../../shared/languages.ts';
import { texts as en } from './en.ts';
import { texts as kk } from './kk.ts';
import { texts as ky } from './ky.ts';
import { texts as ro } from './ro.ts';
import { texts as tr } from './tr.ts';
import type { LanguageTexts } from './types.ts';
import { texts as uz } from './uz.ts';
import { texts as zhCN } from './zh-CN.ts';

export type { DemoText, LanguageTexts } from './types.ts';

/** The languages a catalogue text is translated into (Russian is the catalogue's own). */
export type TranslatedLanguage = Exclude<Language, 'ru'>;

export const demoTranslations: Record<TranslatedLanguage, LanguageTexts> = { en, 'zh-CN': zhCN, tr, kk, ro, uz, ky };

/**
 * The demo's info pages and FAQ in the languages beyond Russian and English (issue 20, item 2), one file per language:
 * about, about noise insulation with its three sub-pages, the payment and returns page of the site that speaks the
 * language, and the twelve FAQ entries. test/content-pages.test.ts holds each language complete.
 */
import { faqFiles } from '../demo-content-pages.ts';
import { content as kk } from './kk.ts';
import { content as ky } from './ky.ts';
import { content as ro } from './ro.ts';
import { content as tr } from './tr.ts';
import type { ContentTranslation } from './types.ts';
import { content as uz } from './uz.ts';
import { content as zhCN } from './zh-CN.ts';

export const contentTranslations: Record<'zh-CN' | 'tr' | 'kk' | 'ro' | 'uz' | 'ky', ContentTranslation> = {
  'zh-CN': zhCN,
  tr,
  kk,
  ro,
  uz,
  ky,
};

/** Every translated page and FAQ entry as a content file. */
export const translatedContentFiles: string[] = Object.entries(contentTranslations).flatMap(([language, { pages, faq }]) => [
  ...pages,
  ...faqFiles(faq, language),
]);

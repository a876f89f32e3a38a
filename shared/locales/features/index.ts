/**
 * Feature string tables: one file per feature (checkout, account, content…), each holding its namespace in every
 * language, so that features built side by side never edit the same locale file. The namespace is the key here;
 * shared/locales/index.ts merges each into the language's table (test/locales.test.ts checks they mirror ru).
 */
import type { FeatureLocale } from '../types.ts';
import { map } from './map.ts';
import { seo } from './seo.ts';

export const features: Record<string, FeatureLocale> = {
  map,
  seo,
};

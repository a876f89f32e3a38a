/**
 * Feature string tables: one file per feature (checkout, account, content…), each holding its namespace in every
 * language, so that features built side by side never edit the same locale file. The namespace is the key here;
 * shared/locales/index.ts merges each into the language's table (test/locales.test.ts checks they mirror ru).
 */
import type { FeatureLocale } from '../types.ts';
import { account } from './account.ts';
import { calc } from './calc.ts';
import { checkout } from './checkout.ts';
import { consent } from './consent.ts';
import { content } from './content.ts';
import { details } from './details.ts';
import { forms } from './forms.ts';
import { mail } from './mail.ts';
import { map } from './map.ts';
import { orders } from './orders.ts';
import { payment } from './payment.ts';
import { seo } from './seo.ts';
import { site } from './site.ts';

export const features: Record<string, FeatureLocale> = {
  account,
  calc,
  checkout,
  consent,
  content,
  details,
  forms,
  mail,
  map,
  orders,
  payment,
  seo,
  site,
};

/**
 * Content pages' shared bits (decision 027): where each kind of entry lives, and dates shown in the site's time zone
 * with an explicit locale (formatted on the server; the browser shows the same string, no hydration mismatch).
 */
import { formatDate } from './format.ts';
import type { Language } from './languages.ts';

/** The list page of news and articles; an item is `${path}/${slug}`. */
export const CONTENT_PATHS = { news: '/news', article: '/stati' } as const;
export const ABOUT_NOISE_PATH = '/about_noise_insulation';
export const REVIEWS_PATH = '/otzyvy-i-predlojeniya';

/** A picture of a content entry (cover or gallery), as pages show it. */
export interface ContentImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}

/** "12 марта 2026 г." in the visitor's language, in the site's time zone (shared/format.ts). */
export function formatContentDate(iso: string, language: Language, timeZone: string): string {
  return formatDate(iso, language, timeZone, 'long');
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone: <time datetime>, JSON-LD, the earliest appointment. */
export function isoDateIn(iso: string | number | Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(
    new Date(iso),
  );
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

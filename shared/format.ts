/**
 * THE formatting module (issue 20 item 3): money, numbers, dates and weekdays as each language writes them, with
 * an explicit locale per language (LOCALES), so the server and the browser render the same text (hydration must
 * match; Node and browsers both carry full ICU). Digits are grouped by Intl; a space-like separator (a normal or
 * narrow no-break space, as ICU writes for ru-RU, kk-KZ, uz-Latn-UZ, ky-KG) is written as U+00A0, so an amount
 * never breaks across lines. The currency sign comes from our own table (domain.md), never a raw ISO code.
 *
 * Phone numbers are formatted by formatPhone in shared/phone.ts: it needs libphonenumber's metadata (≈ 145 kB), so
 * only the server formats them (loaders, mails, the invoice) and sends the readable string.
 */
import type { Language } from './languages.ts';

/** The Intl locale of each language: the language as written in the country of its site (en-US for English). */
export const LOCALES: Record<Language, string> = {
  ru: 'ru-RU',
  en: 'en-US',
  'zh-CN': 'zh-CN',
  tr: 'tr-TR',
  kk: 'kk-KZ',
  ro: 'ro-MD',
  uz: 'uz-Latn-UZ',
  ky: 'ky-KG',
};

/** The Intl locale of a language (an unknown one reads as Russian, the default language). */
export const localeOf = (language: Language): string => LOCALES[language] ?? LOCALES.ru;

/**
 * Browsers ship a reduced ICU: Chromium (Debian's, and Chrome's own data) has no Kazakh, Uzbek or Kyrgyz formats and
 * falls back to English ("12,345.5", "Mon"), so a page formatted with them on the server would not hydrate. Numbers in
 * those languages are written exactly as Russian writes them (space groups, decimal comma — what ICU's kk-KZ,
 * uz-Latn-UZ and ky-KG give), so they are formatted with ru-RU on both sides; their weekday names come from the table
 * below (ICU's, copied). Dates of those languages are formatted on the server only (loaders pass the string).
 */
const NUMBER_LOCALES: Partial<Record<Language, string>> = { kk: 'ru-RU', uz: 'ru-RU', ky: 'ru-RU' };
const numberLocaleOf = (language: Language): string => NUMBER_LOCALES[language] ?? localeOf(language);
const WEEKDAYS: Partial<Record<Language, readonly string[]>> = {
  kk: ['дс', 'сс', 'ср', 'бс', 'жм', 'сб', 'жс'],
  uz: ['Dush', 'Sesh', 'Chor', 'Pay', 'Jum', 'Shan', 'Yak'],
  ky: ['дүй.', 'шейш.', 'шарш.', 'бейш.', 'жума', 'ишм.', 'жек.'],
};

/** Each currency's sign as the shop writes it after the amount (domain.md). */
const CURRENCY_SIGNS: Record<string, string> = { RUB: '₽', KZT: '₸', MDL: 'lei', UZS: 'сум', KGS: 'сом' };
/** Where a language writes a currency otherwise: Uzbek in Latin script writes soʻm (U+02BB), not the Cyrillic сум. */
const LANGUAGE_SIGNS: Partial<Record<Language, Record<string, string>>> = { uz: { UZS: 'soʻm' } };

/** The currencies the table names (the tests check that none is ever shown as its code). */
export const KNOWN_CURRENCIES = Object.keys(CURRENCY_SIGNS);

const cache = <T>(make: (key: string) => T) => {
  const made = new Map<string, T>();
  return (key: string): T => {
    let value = made.get(key);
    if (value === undefined) {
      value = make(key);
      made.set(key, value);
    }
    return value;
  };
};

/** Space-like separators (normal, no-break, narrow no-break) → U+00A0. */
const nonBreaking = (text: string) => text.replace(/\s/g, '\u00a0');

/**
 * The sign of a currency in a language: ₽, ₸, lei, сум / soʻm, сом. A currency outside the table gets ICU's narrow
 * symbol for it (still no bare code where ICU knows a symbol).
 */
export function currencySign(currency: string, language: Language): string {
  const own = LANGUAGE_SIGNS[language]?.[currency] ?? CURRENCY_SIGNS[currency];
  if (own) return own;
  try {
    const parts = new Intl.NumberFormat(localeOf(language), { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).formatToParts(
      0,
    );
    return parts.find((p) => p.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}

const numberFormat = cache((key) => {
  const [locale, min, max] = key.split('|');
  return new Intl.NumberFormat(locale, { minimumFractionDigits: Number(min), maximumFractionDigits: Number(max) });
});

/**
 * A number with at most `digits` decimals (at least `minDigits`) as the language writes it: 2,9 in Russian, 2.9 in
 * English, 1.234,5 in Turkish.
 */
export function formatNumber(value: number, language: Language, digits = 4, minDigits = 0): string {
  return nonBreaking(numberFormat(`${numberLocaleOf(language)}|${minDigits}|${digits}`).format(value));
}

/** An amount with the currency's sign: whole amounts without decimals, others with two ("7 910 ₽", "1,234.50 ₽"). */
export function formatMoney(amount: number, currency: string, language: Language): string {
  const fractional = Math.round(amount * 100) % 100 !== 0;
  const digits = fractional ? 2 : 0;
  const number = nonBreaking(numberFormat(`${numberLocaleOf(language)}|${digits}|2`).format(amount));
  return `${number}\u00a0${currencySign(currency, language)}`;
}

export type DateStyle = 'long' | 'medium' | 'short';

const dateFormat = cache((key) => {
  const [locale, dateStyle, timeZone] = key.split('|');
  return new Intl.DateTimeFormat(locale, { dateStyle: dateStyle as DateStyle, timeZone });
});

/**
 * A day as the language writes it, in a time zone (the site's): "12 марта 2026 г.", "March 12, 2026", "12-mart, 2026"
 * (long); "12 мар. 2026 г." (medium); "12.03.2026" (short).
 */
export function formatDate(when: string | number | Date, language: Language, timeZone: string, style: DateStyle = 'long'): string {
  return dateFormat(`${localeOf(language)}|${style}|${timeZone}`).format(new Date(when));
}

const dateTimeFormat = cache((key) => {
  const [locale, timeZone] = key.split('|');
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
});

/** A day and time as the language writes them, in a time zone: "12 мар. 2026 г., 10:00". */
export function formatDateTime(when: string | number | Date, language: Language, timeZone: string): string {
  return dateTimeFormat(`${localeOf(language)}|${timeZone}`).format(new Date(when));
}

const stampFormat = cache((key) => {
  const [locale, timeZone] = key.split('|');
  const parts = { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' } as const;
  return new Intl.DateTimeFormat(locale, { ...parts, timeZone });
});

/** A moment to the second, without the year (the demo inbox's list): "12.03, 10:00:05". */
export function formatStamp(when: string | number | Date, language: Language, timeZone: string): string {
  return stampFormat(`${localeOf(language)}|${timeZone}`).format(new Date(when));
}

const weekdayNames = cache((locale) => {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2024, 0, 1 + i))));
});

/** Short weekday names Monday…Sunday as the language writes them ("пн", "Mon", "Pzt", "Dush"). */
export function weekdays(language: Language): readonly string[] {
  return WEEKDAYS[language] ?? weekdayNames(localeOf(language));
}

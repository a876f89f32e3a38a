/**
 * Money formatting, identical on server and browser (hydration must match): the digits are grouped by
 * Intl with an explicit locale, the currency sign comes from our own table (domain.md), not from ICU.
 */
import type { Language } from './sites.ts';

const CURRENCY_SIGNS: Record<string, string> = { RUB: '₽', KZT: '₸', MDL: 'lei', UZS: 'сум', KGS: 'сом' };

const numberFormats = new Map<string, Intl.NumberFormat>();

export function formatMoney(amount: number, currency: string, language: Language): string {
  const fractional = Math.round(amount * 100) % 100 !== 0;
  const key = `${language}:${fractional}`;
  let nf = numberFormats.get(key);
  if (!nf) {
    nf = new Intl.NumberFormat(language === 'en' ? 'en-US' : 'ru-RU', {
      minimumFractionDigits: fractional ? 2 : 0,
      maximumFractionDigits: 2,
    });
    numberFormats.set(key, nf);
  }
  return `${nf.format(amount).replace(/\s/g, '\u00a0')}\u00a0${CURRENCY_SIGNS[currency] ?? currency}`;
}

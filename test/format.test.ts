/**
 * The one formatting module (shared/format.ts; issue 20 item 3): money, numbers, dates and weekdays in each
 * language's own locale, the currency signs (no raw ISO code in any language), and phones (shared/phone.ts).
 */
import t from 'tap';
import { demoSitesConfig } from '../server/platform/demo-sites.ts';
import {
  currencySign,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatStamp,
  KNOWN_CURRENCIES,
  LOCALES,
  weekdays,
} from '../shared/format.ts';
import { LANGUAGES, type Language } from '../shared/languages.ts';
import { formatPhone } from '../shared/phone.ts';
import { attributeRows } from '../shared/product-info.ts';

const NBSP = '\u00a0';

t.test('money is formatted the same on server and browser, with the site currency sign', async (t) => {
  t.equal(formatMoney(7910, 'RUB', 'ru'), '7\u00a0910\u00a0₽');
  t.equal(formatMoney(44300, 'KZT', 'kk'), '44\u00a0300\u00a0₸');
  t.equal(formatMoney(76, 'MDL', 'ro'), '76\u00a0lei');
  t.equal(formatMoney(53000, 'UZS', 'ru'), '53\u00a0000\u00a0сум', 'Russian writes сум');
  t.equal(formatMoney(1234.5, 'RUB', 'en'), '1,234.50\u00a0₽');
  t.equal(formatMoney(0.1 + 0.2, 'RUB', 'ru'), '0,30\u00a0₽');
});

t.test('each language formats money, a fraction and a date in its own locale', async (t) => {
  t.same(LOCALES, {
    ru: 'ru-RU',
    en: 'en-US',
    'zh-CN': 'zh-CN',
    tr: 'tr-TR',
    kk: 'kk-KZ',
    ro: 'ro-MD',
    uz: 'uz-Latn-UZ',
    ky: 'ky-KG',
  });
  const day = '2026-03-12T10:00:00Z';
  const expected: Record<Language, [money: string, fraction: string, date: string]> = {
    ru: [`1${NBSP}234${NBSP}567,50${NBSP}₽`, '2,9', '12 марта 2026 г.'],
    en: [`1,234,567.50${NBSP}₽`, '2.9', 'March 12, 2026'],
    'zh-CN': [`1,234,567.50${NBSP}₽`, '2.9', '2026年3月12日'],
    tr: [`1.234.567,50${NBSP}₽`, '2,9', '12 Mart 2026'],
    kk: [`1${NBSP}234${NBSP}567,50${NBSP}₸`, '2,9', '2026 ж. 12 наурыз'],
    ro: [`1.234.567,50${NBSP}lei`, '2,9', '12 martie 2026'],
    uz: [`1${NBSP}234${NBSP}567,50${NBSP}soʻm`, '2,9', '12-mart, 2026'],
    ky: [`1${NBSP}234${NBSP}567,50${NBSP}сом`, '2,9', '2026-ж., 12-март'],
  };
  const currencyOf: Partial<Record<Language, string>> = { kk: 'KZT', ro: 'MDL', uz: 'UZS', ky: 'KGS' };
  for (const language of LANGUAGES) {
    const [money, fraction, date] = expected[language];
    t.equal(formatMoney(1234567.5, currencyOf[language] ?? 'RUB', language), money, `${language}: money`);
    t.equal(formatNumber(2.9, language), fraction, `${language}: a fraction`);
    t.equal(formatNumber(0.3525, language), fraction.replace('2', '0').replace('9', '3525'), `${language}: four decimals`);
    t.equal(formatDate(day, language, 'Europe/Moscow'), date, `${language}: a date`);
    t.notMatch(formatDateTime(day, language, 'Europe/Moscow'), /\s(?!\u00a0)\s/, `${language}: a date and time`);
  }
  t.equal(formatNumber(2.25, 'ru', 1, 1), '2,3', 'at least and at most one decimal');
  t.equal(formatNumber(4, 'en', 1, 1), '4.0');
  t.equal(formatDate(day, 'ru', 'Europe/Moscow', 'medium'), '12 мар. 2026 г.');
  t.equal(formatDate('2026-03-12T22:30:00Z', 'ru', 'Asia/Almaty', 'short'), '13.03.2026', "in the site's time zone");
  t.equal(formatStamp(new Date(day), 'ru', 'Europe/Moscow'), '12.03, 13:00:00');
  t.same(weekdays('ru'), ['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс']);
  t.equal(weekdays('tr')[0], 'Pzt');
});

t.test('Uzbek in Latin script writes soʻm (U+02BB); no currency of a site is ever its raw code', async (t) => {
  t.equal(formatMoney(53000, 'UZS', 'uz'), `53${NBSP}000${NBSP}so\u02bbm`);
  t.equal(currencySign('UZS', 'uz'), 'so\u02bbm');
  t.equal(currencySign('UZS', 'ru'), 'сум');
  t.equal(currencySign('KGS', 'ky'), 'сом');
  t.equal(currencySign('KGS', 'ru'), 'сом');
  t.equal(currencySign('MDL', 'ro'), 'lei');
  t.equal(currencySign('KZT', 'kk'), '₸');
  t.equal(currencySign('RUB', 'en'), '₽');
  const siteCurrencies = demoSitesConfig.sites.map((s) => s.currency);
  for (const currency of new Set([...siteCurrencies, ...KNOWN_CURRENCIES])) {
    for (const language of LANGUAGES) {
      const shown = formatMoney(1500, currency, language);
      t.notMatch(shown, currency, `${currency} in ${language}: ${shown}`);
      t.notMatch(shown, /[A-Z]{3}/, `${currency} in ${language}: no code`);
    }
  }
  t.equal(currencySign('USD', 'en'), '$', 'a currency outside the table: ICU’s narrow symbol');
});

t.test('the attributes table writes its numbers through the module', async (t) => {
  const attributes = { thickness_mm: 2.2, sheet_area_m2: 0.3525, mass_kg_m2: 2.9, layer: 'vibration' };
  const values = (language: Language) => Object.fromEntries(attributeRows(attributes, language).map((r) => [r.key, r.value]));
  t.same(values('ru'), { thickness_mm: '2,2', sheet_area_m2: '0,3525', mass_kg_m2: '2,9', sheet_mass_kg: '1,02', layer: 'vibration' });
  t.same(values('en'), { thickness_mm: '2.2', sheet_area_m2: '0.3525', mass_kg_m2: '2.9', sheet_mass_kg: '1.02', layer: 'vibration' });
});

t.test('phones: stored E.164, shown with the country code and grouped as the country groups them', async (t) => {
  t.equal(formatPhone('+79123456789'), '+7 912 345 67 89');
  t.equal(formatPhone('+77012345678'), '+7 701 234 5678');
  t.equal(formatPhone('+37369123456'), '+373 691 23 456');
  t.equal(formatPhone('+998901234567'), '+998 90 123 45 67');
  t.equal(formatPhone('+996700123456'), '+996 700 123 456');
  t.equal(formatPhone(''), '');
  t.equal(formatPhone('call me'), 'call me', 'what is not a number is shown as stored');
});

t.test('languages browsers have no ICU data for (kk, uz, ky) format the same on server and browser', async (t) => {
  for (const language of ['kk', 'uz', 'ky'] as const) {
    // Numbers as their own locale writes them (Node has full ICU) — but with ru-RU, which every browser has.
    t.equal(formatNumber(12345.5, language), new Intl.NumberFormat(LOCALES[language]).format(12345.5).replace(/\s/g, '\u00a0'));
    // The weekday table is ICU's own names, so no browser's fallback to English can differ from the server.
    const icu = new Intl.DateTimeFormat(LOCALES[language], { weekday: 'short', timeZone: 'UTC' });
    t.same(
      weekdays(language),
      Array.from({ length: 7 }, (_, i) => icu.format(new Date(Date.UTC(2024, 0, 1 + i)))),
      `${language} weekdays`,
    );
  }
});

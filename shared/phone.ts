/**
 * Phone numbers of the order form, read for the site's country and kept as E.164 (+79161234567), with
 * libphonenumber-js. Its "max" metadata on purpose: "min" checks only a number's length, so it would accept
 * numbers no operator issues (+7 000 …); "max" checks them against the country's real number ranges. It weighs
 * ≈ 145 kB, so only the server imports this module (the browser shows the server's verdict beside the field).
 */

import { getExampleNumber, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/mobile/examples';
import type { Country } from './commerce-config.ts';

/**
 * The number in E.164 when it is a valid number — written nationally for `country` (8 916 …, 0 22 …) or
 * internationally (+7 916 …) — else null. By default a number of another country (a Kazakh +7 7… on the Russian
 * site) is null: the order form needs a number of the country it delivers in. `anyCountry` accepts a valid number
 * of any country written with its code (accounts and the public forms: one account serves every site).
 */
export function normalizePhone(input: string, country: Country, options: { anyCountry?: boolean } = {}): string | null {
  if (input.length > 40 || !/\d/.test(input)) return null;
  const parsed = parsePhoneNumberFromString(input, { defaultCountry: country, extract: false });
  if (!parsed?.isValid() || (!options.anyCountry && parsed.country !== country)) return null;
  return parsed.number;
}

/** A country's example never changes: worked out once (the cart page asks on every view; libphonenumber took ~1 %). */
const exampleOf = new Map<Country, string>();

/** A sample number of the country as people write it there (the field's hint): "+7 912 345 6789", a mobile number. */
export function phoneExample(country: Country): string {
  let known = exampleOf.get(country);
  if (known === undefined) {
    const example = getExampleNumber(country, examples);
    known = example ? example.formatInternational() : '';
    exampleOf.set(country, known);
  }
  return known;
}

/**
 * A stored number (E.164, as normalizePhone keeps it) as people read it, with its country code and grouped the way
 * its country groups digits: "+79123456789" → "+7 912 345 67 89", "+37369123456" → "+373 691 23 456". What is not a
 * number libphonenumber can read (an old row, free text) is shown as stored. The pages get it from their loaders and
 * the mails from the server: the browser never loads libphonenumber (this module's note above).
 */
export function formatPhone(stored: string): string {
  if (!stored) return stored;
  const parsed = parsePhoneNumberFromString(stored, { extract: false });
  return parsed?.isPossible() ? parsed.formatInternational() : stored;
}

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

/** A sample number of the country as people write it there (the field's hint): "+7 912 345 6789", a mobile number. */
export function phoneExample(country: Country): string {
  const example = getExampleNumber(country, examples);
  return example ? example.formatInternational() : '';
}

/**
 * Russian taxpayer numbers in the order form of a legal entity: the ИНН with its check digits (10 digits for an
 * organisation, 12 for an individual entrepreneur) and the КПП's shape (organisations only). Pure; shared by the
 * form's schema (server) and its hints (browser).
 */

const digits = (s: string) => Array.from(s, Number);
const checkDigit = (d: number[], weights: number[]) => (weights.reduce((sum, w, i) => sum + w * d[i]!, 0) % 11) % 10;

const W10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const W11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const W12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

/** Is this a valid ИНН: 10 digits (organisation) or 12 (person, entrepreneur), with correct check digits? */
export function isValidInn(value: string): boolean {
  if (!/^\d{10}$|^\d{12}$/.test(value)) return false;
  const d = digits(value);
  if (d.length === 10) return checkDigit(d, W10) === d[9];
  return checkDigit(d, W11) === d[10] && checkDigit(d, W12) === d[11];
}

/** The check digits an ИНН's first 9 (or 10) digits need: builds valid numbers (tests, demo data). */
export function innCheckDigits(prefix: string): string {
  const d = digits(prefix);
  if (d.length === 9) return String(checkDigit(d, W10));
  if (d.length === 10) {
    const n11 = checkDigit(d, W11);
    return `${n11}${checkDigit([...d, n11], W12)}`;
  }
  throw new RangeError('an ИНН prefix has 9 or 10 digits');
}

/** КПП: the tax office (4 digits), the reason (2 digits or capital latin letters), a number (3 digits). */
export function isValidKpp(value: string): boolean {
  return /^\d{4}[\dA-Z]{2}\d{3}$/.test(value);
}

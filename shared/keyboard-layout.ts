/**
 * Text typed with the wrong keyboard layout: the same keys on the Russian ЙЦУКЕН layout and the US QWERTY
 * layout. "db,hjbpjkzwbz" is "виброизоляция" typed with QWERTY active; "мши-ыев" is "vib-std" typed with
 * ЙЦУКЕН active. The catalogue search tries these variants when the text as typed finds nothing.
 */

// Key by key, unshifted then shifted: the QWERTY character and the ЙЦУКЕН character of the same key.
const QWERTY = '`qwertyuiop[]asdfghjkl;\'zxcvbnm,.~QWERTYUIOP{}ASDFGHJKL:"ZXCVBNM<>';
const JCUKEN = 'ёйцукенгшщзхъфывапролджэячсмитьбюЁЙЦУКЕНГШЩЗХЪФЫВАПРОЛДЖЭЯЧСМИТЬБЮ';

const toCyrillicMap = new Map<string, string>();
const toLatinMap = new Map<string, string>();
for (let i = 0; i < QWERTY.length; i++) {
  toCyrillicMap.set(QWERTY[i]!, JCUKEN[i]!);
  toLatinMap.set(JCUKEN[i]!, QWERTY[i]!);
}

const LATIN_LETTER = /[a-z]/i;
const CYRILLIC_LETTER = /[а-яё]/i;

/** The text as if typed with ЙЦУКЕН active: QWERTY keys become the Russian letters on them, the rest stays. */
export function qwertyToJcuken(text: string): string {
  let out = '';
  for (const ch of text) out += toCyrillicMap.get(ch) ?? ch;
  return out;
}

/** The text as if typed with QWERTY active: Russian letters become the Latin characters on their keys. */
export function jcukenToQwerty(text: string): string {
  let out = '';
  for (const ch of text) out += toLatinMap.get(ch) ?? ch;
  return out;
}

/**
 * The other-layout readings of a text: the ЙЦУКЕН reading when it holds Latin letters, the QWERTY reading
 * when it holds Russian letters (both for mixed text), without the text itself or repeats.
 */
export function layoutVariants(text: string): string[] {
  const variants: string[] = [];
  if (LATIN_LETTER.test(text)) variants.push(qwertyToJcuken(text));
  if (CYRILLIC_LETTER.test(text)) variants.push(jcukenToQwerty(text));
  return [...new Set(variants)].filter((v) => v !== text);
}

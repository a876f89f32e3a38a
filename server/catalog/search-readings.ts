/**
 * Other readings of a search query (issue 19, item 9), tried by searchCatalog when the text as typed finds nothing:
 *  - Latin transliteration: a shopper without a Russian keyboard types "vibro", "shumoizolyatsiya", "izolyator";
 *    each all-Latin word is read as Russian in the common (ГОСТ 7.79 B / passport-like) spellings;
 *  - the shop's slang, a synonym list: "шумка", "виброшумка", "вибра", "сплэн", "битопласт"… are what people call
 *    the layers (and the well-known brand names of them) — each maps to the words the catalogue itself uses.
 * Both are plain TypeScript over the words: the database (PGlite or PostgreSQL) only ever sees the resulting words,
 * as parameters, exactly as for a typed query.
 */

/**
 * Slang and brand words → the catalogue's own words (a reading per alternative; each is searched and the answers
 * are merged in this order). Keys are lower-case; a key matches a query word exactly.
 */
export const SEARCH_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  // The whole treatment: the absorbers and the barriers are what "шумка" buys besides the vibration layer.
  шумка: ['шумопоглощение', 'шумоизоляция'],
  шумки: ['шумопоглощение', 'шумоизоляция'],
  шумку: ['шумопоглощение', 'шумоизоляция'],
  шумоизоляшка: ['шумопоглощение', 'шумоизоляция'],
  шумоизол: ['шумопоглощение', 'шумоизоляция'],
  антишум: ['шумопоглощение', 'шумоизоляция'],
  // The vibration layer.
  вибра: ['виброизоляция'],
  вибры: ['виброизоляция'],
  вибру: ['виброизоляция'],
  вибруха: ['виброизоляция'],
  виброха: ['виброизоляция'],
  вибка: ['виброизоляция'],
  виброшумка: ['виброизоляция'],
  виброшумки: ['виброизоляция'],
  вибропласт: ['виброизоляция'],
  визомат: ['виброизоляция'],
  бимаст: ['виброизоляция'],
  // Closed-cell PE foam under trims: "Сплэн", "Изолон", "Пенофол" are what the shop sells as Изолятор.
  сплэн: ['изолятор'],
  сплен: ['изолятор'],
  изолон: ['изолятор'],
  пенофол: ['изолятор'],
  // Anti-squeak.
  битопласт: ['антискрип'],
  мадлен: ['антискрип'],
  антискрипка: ['антискрип'],
  // Absorbers.
  акцент: ['шумопоглощение'],
  бипласт: ['шумопоглощение'],
  шумопоглотитель: ['шумопоглощение'],
};

/** At most this many synonym readings of one query (the alternatives of its words multiplied). */
const MAX_SYNONYM_READINGS = 4;

/** Readings of the words with slang replaced by the catalogue's words; [] when no word is slang. */
export function synonymReadings(words: readonly string[]): string[][] {
  if (!words.some((w) => SEARCH_SYNONYMS[w])) return [];
  let readings: string[][] = [[]];
  for (const word of words) {
    const alternatives = SEARCH_SYNONYMS[word] ?? [word];
    readings = readings.flatMap((r) => alternatives.map((a) => [...r, a])).slice(0, MAX_SYNONYM_READINGS);
  }
  return readings;
}

/** Latin → Cyrillic, longest spellings first ("shch" before "sh" before "s"). */
const LATIN_SPELLINGS: ReadonlyArray<readonly [string, string]> = [
  ['shch', 'щ'],
  ['sch', 'щ'],
  ['zh', 'ж'],
  ['kh', 'х'],
  ['ts', 'ц'],
  ['tz', 'ц'],
  ['ch', 'ч'],
  ['sh', 'ш'],
  ['yu', 'ю'],
  ['ju', 'ю'],
  ['ya', 'я'],
  ['ja', 'я'],
  ['yo', 'ё'],
  ['ye', 'е'],
  ['a', 'а'],
  ['b', 'б'],
  ['c', 'к'],
  ['d', 'д'],
  ['e', 'е'],
  ['f', 'ф'],
  ['g', 'г'],
  ['h', 'х'],
  ['i', 'и'],
  ['j', 'й'],
  ['k', 'к'],
  ['l', 'л'],
  ['m', 'м'],
  ['n', 'н'],
  ['o', 'о'],
  ['p', 'п'],
  ['q', 'к'],
  ['r', 'р'],
  ['s', 'с'],
  ['t', 'т'],
  ['u', 'у'],
  ['v', 'в'],
  ['w', 'в'],
  ['x', 'кс'],
  ['z', 'з'],
];
const VOWELS = new Set('аеёиоуыэюя');

/** One Latin word read as Russian ("shumoizolyatsiya" → "шумоизоляция"); other words as they are. */
export function cyrillicOf(word: string): string {
  if (!/^[a-z]+$/.test(word)) return word;
  let out = '';
  for (let i = 0; i < word.length; ) {
    // "y" alone: "й" after a vowel ("noviy"), else "ы" ("myshka").
    if (word[i] === 'y' && !['yu', 'ya', 'yo', 'ye'].includes(word.slice(i, i + 2))) {
      out += VOWELS.has(out.at(-1) ?? '') ? 'й' : 'ы';
      i++;
      continue;
    }
    const [latin, cyrillic] = LATIN_SPELLINGS.find(([l]) => word.startsWith(l, i))!;
    out += cyrillic;
    i += latin.length;
  }
  // The catalogue spells "е" where "ё" is said.
  return out.replace(/ё/g, 'е');
}

/** The words with every all-Latin word transliterated; null when none was Latin. */
export function transliterated(words: readonly string[]): string[] | null {
  const read = words.map(cyrillicOf);
  return read.some((w, i) => w !== words[i]) ? read : null;
}

/**
 * Catalogue search (decision 012), shared by the header's live search (POST /api/site/search) and the
 * /search page: the same function, the same SQL, the same ranking.
 *
 * Matching, on PostgreSQL's full-text search with the 'russian' configuration (migration 003):
 *  - every word of the query must match (AND), by its stem: "шумоизоляцию" finds "шумоизоляция";
 *  - in titles and category titles a word also matches as a prefix, for as-you-type search ("вибр" finds
 *    "Вибро …" and the category "Виброизоляция"); in descriptions only whole words count;
 *  - the SKU, exactly or by its beginning, regardless of case ("vib-std" finds VIB-STD-22).
 * Ranking: exact SKU, SKU prefix, title, category title, description; then popularity, then id.
 *
 * In another language than Russian (decision 048) the titles and descriptions of that language's translations are
 * searched too, word by word with the 'simple' configuration (no stemmer for most of our languages) and titles by
 * prefix; hits come back with their texts in that language (`lang` 'ru' where a product has no translation).
 *
 * When the text as typed finds nothing, its other keyboard-layout readings are tried ("db,hjbpjkzwbz" →
 * "виброизоляция", "мши-ыев" → "vib-std"); when those find nothing either, each word is replaced by the most
 * similar word of the catalogue's vocabulary (pg_trgm similarity: "вибризоляция" → "виброизоляция") and the
 * search runs again. The first reading that finds something wins.
 *
 * The user's text never becomes SQL or tsquery syntax: words are sequences of letters and digits, passed as
 * a text[] parameter, stemmed by to_tsvector in the database, and each lexeme is quoted before it becomes a
 * tsquery term; the SKU pattern escapes LIKE's wildcards. Every query has a LIMIT.
 */

import { layoutVariants } from '../../shared/keyboard-layout.ts';
import type { SearchResult } from '../../shared/search.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/sites.ts';
import type { Queryable } from '../db/index.ts';
import { synonymReadings, transliterated } from './search-readings.ts';

export type { SearchResult } from '../../shared/search.ts';

/** Longest text looked at (the API accepts 200 characters, the page 100). */
export const SEARCH_TEXT_MAX = 200;
/** Words of a query taken into account; the rest are ignored. */
export const SEARCH_WORDS_MAX = 8;
/** Results per query at most, whatever the caller asks. */
export const SEARCH_LIMIT_MAX = 100;
/** Words shorter than this are never corrected as typos (too few trigrams to judge). */
const TYPO_MIN_LENGTH = 4;
/** A vocabulary word replaces a misspelt one from this trigram similarity on (pg_trgm's default is 0.3). */
const TYPO_MIN_SIMILARITY = 0.4;

/** Runs of letters (with combining marks) and digits: the only part of a query that reaches the tsquery. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/**
 * NFC, lower-case, control characters (NUL included, which PostgreSQL text cannot hold) as spaces, single
 * spaces, trimmed, at most SEARCH_TEXT_MAX characters.
 */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim()
    .slice(0, SEARCH_TEXT_MAX);
}

/** The words of a query, lower-case, at most SEARCH_WORDS_MAX of them. */
export function searchWords(text: string): string[] {
  return (normalizeSearchText(text).match(WORD) ?? []).slice(0, SEARCH_WORDS_MAX);
}

/** A LIKE pattern for "starts with": the shopper's "%", "_" and "\" match literally. */
export function prefixPattern(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => '\\' + ch) + '%';
}

/**
 * The query terms from $1 (the words): the 'russian' stems of the words; when every word is a stop word
 * ("а", "для"), their plain lower-case forms instead, so such a query still finds titles starting with it.
 * A term is quoted for tsquery syntax (quotes doubled, backslashes escaped), although words carry neither.
 */
const TERMS_SQL = `
  russian AS (
    SELECT DISTINCT l.lexeme FROM unnest($1::text[]) AS w(word)
     CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector('russian'::regconfig, w.word))) AS l(lexeme)
  ),
  plain AS (
    SELECT DISTINCT l.lexeme FROM unnest($1::text[]) AS w(word)
     CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector('simple'::regconfig, w.word))) AS l(lexeme)
     WHERE NOT EXISTS (SELECT 1 FROM russian)
  ),
  terms AS (
    SELECT '''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || '''' AS term FROM russian
    UNION
    SELECT '''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || '''' FROM plain
  ),
  q AS (
    SELECT
      -- Anywhere: a prefix in the title (weight A) or the whole stem in any field.
      to_tsquery('simple'::regconfig, string_agg('(' || term || ':*A | ' || term || ')', ' & ')) AS anywhere,
      -- In the title alone.
      to_tsquery('simple'::regconfig, string_agg(term || ':*A', ' & ')) AS in_title
      FROM terms
  )`;

/** The words of $1 as quoted 'simple' lexemes, and the queries over them: what translations are searched with. */
const SIMPLE_TERMS_SQL = `,
  simple_terms AS (
    SELECT DISTINCT '''' || replace(replace(l.lexeme, '\\', '\\\\'), '''', '''''') || '''' AS term FROM unnest($1::text[]) AS w(word)
     CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector('simple'::regconfig, w.word))) AS l(lexeme)
  ),
  sq AS (
    SELECT to_tsquery('simple'::regconfig, string_agg('(' || term || ':*A | ' || term || ')', ' & ')) AS anywhere,
           to_tsquery('simple'::regconfig, string_agg(term || ':*A', ' & ')) AS in_title
      FROM simple_terms
  )`;

/** The branches every search has: SKU exact and prefix, Russian title and description, Russian category title. */
const RUSSIAN_HITS = `
    (SELECT p.id, 0 AS tier FROM products p WHERE lower(p.sku) = $2 AND p.is_active LIMIT $4)
    UNION ALL
    (SELECT p.id, 1 AS tier FROM products p WHERE lower(p.sku) LIKE $3 AND p.is_active
      ORDER BY p.popularity DESC, p.id LIMIT $4)
    UNION ALL
    (SELECT p.id, CASE WHEN p.search_vector @@ q.in_title THEN 2 ELSE 4 END AS tier
       FROM q JOIN products p ON p.search_vector @@ q.anywhere
      WHERE p.is_active
      ORDER BY tier, p.popularity DESC, p.id LIMIT $4)
    UNION ALL
    (SELECT p.id, 3 AS tier
       FROM q JOIN categories c ON setweight(to_tsvector('russian'::regconfig, c.title), 'A') @@ q.anywhere
       JOIN products p ON p.category_id = c.id
      WHERE p.is_active
      ORDER BY p.popularity DESC, p.id LIMIT $4)`;

/**
 * $1 words (text[]), $2 the whole text for an exact SKU match (or null), $3 its SKU prefix pattern (or null),
 * $4 the limit. Each branch is served by an index (migration 003) and cut at the limit in its own order, so
 * the union holds the overall best; a product found by several branches keeps its best tier. The Russian search.
 */
export const SEARCH_SQL = `
WITH ${TERMS_SQL},
  hits AS (${RUSSIAN_HITS}
  ),
  best AS (SELECT id, min(tier) AS tier FROM hits GROUP BY id)
SELECT p.id, p.title, '/' || c.slug || '/' || p.slug AS url,
       coalesce(p.images->0->>'src', c.preview_image) AS preview_image,
       left(p.description, 160) AS preview_content
  FROM best JOIN products p ON p.id = best.id JOIN categories c ON c.id = p.category_id
 ORDER BY best.tier, p.popularity DESC, p.id
 LIMIT $4`;

/**
 * The search in another language $5 (decision 048): the Russian branches, and that language's translated titles
 * (prefix) and descriptions and translated category titles; hits answer with their texts in $5 and `lang` 'ru' where a
 * product has none. A text of its own, so the Russian search plans no more than it did.
 */
export const SEARCH_IN_SQL = `
WITH ${TERMS_SQL}${SIMPLE_TERMS_SQL},
  hits AS (${RUSSIAN_HITS}
    UNION ALL
    (SELECT p.id, CASE WHEN t.search_vector @@ sq.in_title THEN 2 ELSE 4 END AS tier
       FROM sq JOIN product_translations t ON t.language = $5 AND t.search_vector @@ sq.anywhere
       JOIN products p ON p.id = t.product_id
      WHERE p.is_active
      ORDER BY tier, p.popularity DESC, p.id LIMIT $4)
    UNION ALL
    (SELECT p.id, 3 AS tier
       FROM sq JOIN category_translations ct ON ct.language = $5
        AND setweight(to_tsvector('simple'::regconfig, ct.title), 'A') @@ sq.anywhere
       JOIN products p ON p.category_id = ct.category_id
      WHERE p.is_active
      ORDER BY p.popularity DESC, p.id LIMIT $4)
  ),
  best AS (SELECT id, min(tier) AS tier FROM hits GROUP BY id)
SELECT p.id, coalesce(t.title, p.title) AS title, CASE WHEN t.product_id IS NULL THEN 'ru' END AS lang,
       '/' || c.slug || '/' || p.slug AS url, coalesce(p.images->0->>'src', c.preview_image) AS preview_image,
       left(CASE WHEN t.product_id IS NULL THEN p.description ELSE t.description END, 160) AS preview_content
  FROM best JOIN products p ON p.id = best.id JOIN categories c ON c.id = p.category_id
  LEFT JOIN product_translations t ON t.product_id = p.id AND t.language = $5
 ORDER BY best.tier, p.popularity DESC, p.id
 LIMIT $4`;

/**
 * For each word of $1 (lower-case), the most similar vocabulary word at or above $2, or the word itself.
 * The % operator (similarity above pg_trgm's threshold) is what the trigram GIN index serves.
 */
export const TYPO_SQL = `
SELECT coalesce(
         (SELECT s.word FROM search_words s
           WHERE s.word % w.word AND similarity(s.word, w.word) >= $2
           ORDER BY similarity(s.word, w.word) DESC, s.word LIMIT 1),
         w.word) AS word
  FROM unnest($1::text[]) WITH ORDINALITY AS w(word, n)
 ORDER BY w.n`;

interface Reading {
  words: string[];
  /** The text for the SKU match, or null to skip it. */
  sku: string | null;
}

async function runSearch(db: Queryable, reading: Reading, limit: number, language: Language): Promise<SearchResult[]> {
  if (!reading.words.length && !reading.sku) return [];
  const params = [reading.words, reading.sku, reading.sku === null ? null : prefixPattern(reading.sku), limit];
  // In Russian nothing falls back: the answer keeps the spec's shape (§7), without `lang`.
  return language === DEFAULT_LANGUAGE
    ? db.query<SearchResult>(SEARCH_SQL, params)
    : db.query<SearchResult>(SEARCH_IN_SQL, [...params, language]);
}

/** The words with each misspelt one replaced by its closest vocabulary word; null when nothing changed. */
async function correctedWords(db: Queryable, words: string[]): Promise<string[] | null> {
  const candidates = words.filter((w) => w.length >= TYPO_MIN_LENGTH && !/\p{N}/u.test(w));
  if (!candidates.length) return null;
  const rows = await db.query<{ word: string }>(TYPO_SQL, [candidates, TYPO_MIN_SIMILARITY]);
  const fixes = new Map(candidates.map((w, i) => [w, rows[i]?.word ?? w]));
  const corrected = words.map((w) => fixes.get(w) ?? w);
  return corrected.some((w, i) => w !== words[i]) ? corrected : null;
}

/** The answers of several readings, in order, each product once, at most `limit`. */
async function mergedSearch(db: Queryable, readings: string[][], limit: number, language: Language): Promise<SearchResult[]> {
  const out = new Map<number, SearchResult>();
  for (const words of readings) {
    for (const hit of await runSearch(db, { words, sku: null }, limit, language)) if (!out.has(hit.id)) out.set(hit.id, hit);
  }
  return [...out.values()].slice(0, limit);
}

/** Products matching the text, best first, at most `limit` (1…SEARCH_LIMIT_MAX), with their texts in `language`. */
export async function searchCatalog(
  db: Queryable,
  text: string,
  limit: number,
  language: Language = DEFAULT_LANGUAGE,
): Promise<SearchResult[]> {
  const typed = normalizeSearchText(text);
  if (!typed) return [];
  const bound = Math.min(Math.max(1, Math.floor(limit) || 1), SEARCH_LIMIT_MAX);
  const texts = [typed, ...layoutVariants(typed)];

  for (const t of texts) {
    const found = await runSearch(db, { words: searchWords(t), sku: t }, bound, language);
    if (found.length) return found;
  }
  // The shop's slang (a synonym list) and Latin transliteration ("шумка", "vibro"): search-readings.ts.
  // Each group's readings are merged (a slang word's alternatives); the first group that finds something wins.
  const typedWords = searchWords(typed);
  const latin = transliterated(typedWords);
  for (const group of [latin ? [latin] : [], synonymReadings(latin ?? typedWords)]) {
    if (!group.length) continue;
    const found = await mergedSearch(db, group, bound, language);
    if (found.length) return found;
  }
  for (const t of texts) {
    const words = await correctedWords(db, searchWords(t));
    if (!words) continue;
    const found = await runSearch(db, { words, sku: null }, bound, language);
    if (found.length) return found;
  }
  return [];
}

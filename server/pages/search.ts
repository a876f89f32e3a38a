/** /search?q=: the catalogue search's results page — the same service and ranking as POST /api/site/search. */
import { data } from 'react-router-dom';
import { z } from 'zod';
import { SEARCH_MAX_LENGTH, SEARCH_PAGE_LIMIT, type SearchResult } from '../../shared/search.ts';
import { type LoaderArgs, queryObject } from './helpers/route-module.ts';

/**
 * `?q=`: control characters (NUL included, which PostgreSQL text cannot hold) become spaces, then trimmed; at most
 * SEARCH_MAX_LENGTH characters. Empty is valid: the page with no results.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this removes
const withoutControls = (s: string) => s.replace(/[\u0000-\u001f\u007f]/g, ' ');
export const query = z.object({ q: z.string().default('').transform(withoutControls).pipe(z.string().trim().max(SEARCH_MAX_LENGTH)) });

export interface SearchPageData {
  query: string;
  results: SearchResult[];
  /** Set when the query was refused (answered with status 400): it is longer than SEARCH_MAX_LENGTH. */
  problem: 'tooLong' | null;
}

export async function loader({ request, context }: LoaderArgs) {
  const raw = queryObject(request);
  const parsed = query.safeParse(raw);
  if (!parsed.success) {
    // The input shows the start of what was sent, cut to what it accepts.
    const refused: SearchPageData = {
      query: withoutControls(raw.q ?? '')
        .trim()
        .slice(0, SEARCH_MAX_LENGTH),
      results: [],
      problem: 'tooLong',
    };
    return data(refused, { status: 400 });
  }
  const { q } = parsed.data;
  const results = q ? await context.services.catalog.search(q, SEARCH_PAGE_LIMIT) : [];
  return { query: q, results, problem: null } satisfies SearchPageData;
}

/** /search?q=: the catalogue search's results page — the same service and ranking as POST /api/site/search. */
import { data } from 'react-router-dom';
import { z } from 'zod';
import type { ProductCard } from '../../shared/catalog.ts';
import { SEARCH_MAX_LENGTH, SEARCH_PAGE_LIMIT } from '../../shared/search.ts';
import { type LoaderArgs, queryObject } from './helpers/route-module.ts';

/**
 * `?q=`: control characters (NUL included, which PostgreSQL text cannot hold) become spaces, then trimmed; at most
 * SEARCH_MAX_LENGTH characters. Empty is valid: the page with no results.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this removes
const withoutControls = (s: string) => s.replace(/[\u0000-\u001f\u007f]/g, ' ');
export const query = z.object({ q: z.string().default('').transform(withoutControls).pipe(z.string().trim().max(SEARCH_MAX_LENGTH)) });

/** A found product as the page shows it: a buyable card (the site's price and stock) with the search's snippet. */
export type SearchHit = ProductCard & { preview_content: string };

export interface SearchPageData {
  query: string;
  results: SearchHit[];
  currency: string;
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
      currency: context.site.currency,
      problem: 'tooLong',
    };
    return data(refused, { status: 400 });
  }
  const { q } = parsed.data;
  const { catalog } = context.services;
  const found = q ? await catalog.search(q, SEARCH_PAGE_LIMIT, context.language) : [];
  const cards = new Map(
    (
      await catalog.cards(
        found.map((r) => r.id),
        context.site.priceList,
        context.language,
      )
    ).map((c) => [c.id, c]),
  );
  // The search's picture (the product's, else its category's) and snippet on the site's card.
  const results = found.flatMap((r) => {
    const card = cards.get(r.id);
    return card ? [{ ...card, preview_image: r.preview_image, preview_content: r.preview_content }] : [];
  });
  return { query: q, results, currency: context.site.currency, problem: null } satisfies SearchPageData;
}

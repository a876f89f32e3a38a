/**
 * /map, where to buy: the site's partners as a list filtered by city and kind (a GET form: works without
 * JavaScript), which the page also puts on a map when the site has a maps key (docs/decisions/029-map-and-seo.md).
 * The query is normalised: an unknown kind means every kind; a city longer than CITY_FILTER_MAX is refused (400)
 * with the whole list.
 */
import { data } from 'react-router-dom';
import { z } from 'zod';
import { CITY_FILTER_MAX, DEALER_KINDS, type Dealer, type DealerFilter, filterDealers } from '../../shared/dealers.ts';
import { type LoaderArgs, queryObject } from './helpers/route-module.ts';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this removes
const withoutControls = (s: string) => s.replace(/[\u0000-\u001f\u007f]/g, ' ');

export const query = z.object({
  city: z.string().default('').transform(withoutControls).pipe(z.string().trim().max(CITY_FILTER_MAX)),
  // A kind this page does not know (an old link, a typo) shows every kind rather than an error.
  type: z.enum(DEALER_KINDS).nullable().catch(null).default(null),
});

export interface MapPageData {
  filter: DealerFilter;
  /** The partners the filter lets through. */
  dealers: Dealer[];
  /** How many partners the site has in all (0: the site has none yet). */
  total: number;
  /** Set when the query was refused (answered 400): the city is longer than CITY_FILTER_MAX. */
  problem: 'cityTooLong' | null;
}

export async function loader({ request, context }: LoaderArgs) {
  const all = await context.services.dealers.list(context.site.id);
  const raw = queryObject(request);
  const parsed = query.safeParse(raw);
  if (!parsed.success) {
    const refused: MapPageData = {
      filter: {
        city: withoutControls(raw.city ?? '')
          .trim()
          .slice(0, CITY_FILTER_MAX),
        kind: null,
      },
      dealers: all,
      total: all.length,
      problem: 'cityTooLong',
    };
    return data(refused, { status: 400 });
  }
  const filter: DealerFilter = { city: parsed.data.city, kind: parsed.data.type };
  return { filter, dealers: filterDealers(all, filter), total: all.length, problem: null } satisfies MapPageData;
}

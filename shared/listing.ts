/**
 * The category listing's URL state (docs/decisions/013-category-listing.md), shared by the loader and the page:
 *   ?sort=popular|price_asc|price_desc|new   (default popular, omitted from links)
 *   ?page=N                                   (1-based, omitted for page 1)
 *   ?price_min=&price_max=                    (the site's price list)
 *   ?<attr>_min=&<attr>_max=                  (a numeric attribute of the category's products)
 *   ?<attr>=v&<attr>=w                        (a text attribute: any of the values)
 * Links are built from the normalised state only, in one order, so one state has one address.
 */

export const LISTING_SORTS = ['popular', 'price_asc', 'price_desc', 'new'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];
export const DEFAULT_SORT: ListingSort = 'popular';

/** Products per listing page. */
export const LISTING_PAGE_SIZE = 12;

/** A numeric attribute: a range filter between the category's smallest and largest value. */
export interface RangeFacet {
  key: string;
  kind: 'range';
  min: number;
  max: number;
}

/** A text attribute: a checkbox per value present in the category. */
export interface ValuesFacet {
  key: string;
  kind: 'values';
  /** The values as stored (Russian): what the address carries. */
  values: string[];
  /** The values' texts in the page's language; a value missing here is shown as stored, marked lang="ru". */
  labels: Record<string, string>;
}

export type Facet = RangeFacet | ValuesFacet;

export interface Range {
  min: number | null;
  max: number | null;
}

export interface ListingFilters {
  price: Range;
  /** Numeric attribute → range, only the facets with a bound set. */
  ranges: Record<string, Range>;
  /** Text attribute → chosen values (each present in the facet), only non-empty. */
  values: Record<string, string[]>;
}

export interface ListingState {
  sort: ListingSort;
  page: number;
  filters: ListingFilters;
}

/** Query parameters that are never an attribute's name. */
export const RESERVED_PARAMS = new Set(['sort', 'page', 'price_min', 'price_max']);

export function hasFilters(filters: ListingFilters): boolean {
  return (
    filters.price.min !== null ||
    filters.price.max !== null ||
    Object.keys(filters.ranges).length > 0 ||
    Object.keys(filters.values).length > 0
  );
}

/** The query string (with "?", or "" when empty) of a listing state, in one fixed order. */
export function listingSearch(facets: Facet[], state: { sort: ListingSort; page: number; filters: ListingFilters }): string {
  const params = new URLSearchParams();
  if (state.sort !== DEFAULT_SORT) params.append('sort', state.sort);
  const range = (name: string, r: Range | undefined) => {
    if (r?.min != null) params.append(`${name}_min`, String(r.min));
    if (r?.max != null) params.append(`${name}_max`, String(r.max));
  };
  range('price', state.filters.price);
  for (const facet of facets) {
    if (facet.kind === 'range') range(facet.key, state.filters.ranges[facet.key]);
    else for (const v of state.filters.values[facet.key] ?? []) params.append(facet.key, v);
  }
  if (state.page > 1) params.append('page', String(state.page));
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

export const NO_FILTERS: ListingFilters = { price: { min: null, max: null }, ranges: {}, values: {} };

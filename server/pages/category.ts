/**
 * A category listing: sort, attribute and price filters, page (docs/decisions/013-category-listing.md).
 * The query string is normalised (never an error); a page past the last one is the 404 page; a renamed category's old
 * address is a 301 to its current one.
 */
import { z } from 'zod';
import { SLUG_PATTERN } from '../../shared/catalog.ts';
import { parseListingQuery } from '../catalog/index.ts';
import { type LoaderArgs, movedCategoryRedirect, notFoundError, routeParams } from './helpers/route-module.ts';

export const params = z.object({ category: z.string().regex(SLUG_PATTERN) });

export async function loader(args: LoaderArgs) {
  const { request, context } = args;
  const { category: slug } = routeParams(params, args);
  const category = await context.services.catalog.findCategory(slug, context.language);
  if (!category) {
    const moved = await context.services.catalog.movedCategory(slug);
    throw moved ? movedCategoryRedirect(moved, '', request.url) : notFoundError(request.url);
  }
  const { listing } = context.services;
  const { priceList, currency } = context.site;
  const facets = await listing.facets(category.id, priceList, context.language);
  const state = parseListingQuery(new URL(request.url).searchParams, facets);
  const page = await listing.page(category, priceList, state, context.language);
  if (state.page > page.pages) throw notFoundError(request.url);
  return {
    category,
    products: page.products,
    currency,
    listing: { ...state, total: page.total, pages: page.pages, facets },
    /** Canonical: the same page of the unfiltered, default-sorted listing (SeoLinks appends it). */
    canonicalSearch: state.page > 1 ? `?page=${state.page}` : '',
  };
}

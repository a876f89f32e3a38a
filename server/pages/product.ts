/** A product page: details, price on the site's list, stock, related products (decision 014). */
import { redirect } from 'react-router-dom';
import { z } from 'zod';
import { SLUG_PATTERN } from '../../shared/catalog.ts';
import { splitLanguagePrefix } from '../../shared/sites.ts';
import { type LoaderArgs, movedCategoryRedirect, notFoundError, routeParams } from './helpers/route-module.ts';

export const params = z.object({ category: z.string().regex(SLUG_PATTERN), product: z.string().regex(SLUG_PATTERN) });

export async function loader(args: LoaderArgs) {
  const { request, context } = args;
  const { catalog } = context.services;
  const { category, product: slug } = routeParams(params, args);
  const product = await catalog.findProduct(category, slug, context.site.priceList, context.language);
  if (!product) {
    // "/kk/<product>" on a site without kk is a refused language prefix (spec: the 404 page), not an old link.
    const segment = splitLanguagePrefix('/' + category, context.site);
    if (segment && 'unknownPrefix' in segment) throw notFoundError(request.url);
    // Under a renamed category's old slug: the same product address under its current slug (query kept).
    const moved = await catalog.movedCategory(category);
    if (moved) throw movedCategoryRedirect(moved, `/${slug}`, request.url);
    // A product reached under another category (an old link, a moved product): send to its one address.
    // The path is relative to the router: the static handler prepends the basename ("/en") itself.
    const canonical = await catalog.productUrlBySlug(slug);
    if (canonical) throw redirect(canonical, 301);
    throw notFoundError(request.url);
  }
  const { services, site } = context;
  const related = await services.related.forProduct(
    { id: product.id, categoryId: product.category.id, price: product.price },
    site.priceList,
    context.language,
  );
  return { product, related, currency: site.currency };
}

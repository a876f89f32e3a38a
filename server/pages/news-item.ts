/** /news/{slug}: one news item with the products it names; an unknown slug is the 404 page. */

import { entrySeo, requireEntry, slugParams } from './helpers/content-pages.ts';
import { type LoaderArgs, routeParams } from './helpers/route-module.ts';

export async function loader(args: LoaderArgs) {
  const { context } = args;
  const { slug } = routeParams(slugParams, args);
  const entry = await requireEntry(args, 'news', slug);
  const products = await context.services.content.products(entry.products, context.site.priceList, context.language);
  return { entry, products, currency: context.site.currency, ...(await entrySeo(args, 'news', slug)) };
}

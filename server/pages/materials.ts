/** /materials: every category with its image, product count and most popular products. */
import type { LoaderArgs } from './helpers/route-module.ts';

export async function loader({ context }: LoaderArgs) {
  const categories = await context.services.listing.materials(context.site, context.language);
  return { categories, currency: context.site.currency };
}

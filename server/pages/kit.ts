/** /komplekty-sumoizoliacii/{slug}: one kit — contents, price with the kit discount, mass (decision 014). */
import { z } from 'zod';
import { SLUG_PATTERN } from '../../shared/catalog.ts';
import { type LoaderArgs, notFoundError, routeParams } from './helpers/route-module.ts';

export const params = z.object({ slug: z.string().regex(SLUG_PATTERN) });

export async function loader(args: LoaderArgs) {
  const { request, context } = args;
  const { slug } = routeParams(params, args);
  const kit = await context.services.kits.find(slug, context.site, context.language);
  if (!kit) throw notFoundError(request.url);
  return { kit, currency: context.site.currency };
}

/** /about_noise_insulation/{page}: one sub-page of the section, with its siblings and the products it names. */
import { z } from 'zod';
import { ABOUT_NOISE_PATH } from '../../shared/content.ts';
import { entrySeo, requireEntry } from './helpers/content-pages.ts';
import { type LoaderArgs, routeParams } from './helpers/route-module.ts';

export const params = z.object({ page: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,100}$/) });

export async function loader(args: LoaderArgs) {
  const { context } = args;
  const { page } = routeParams(params, args);
  const section = ABOUT_NOISE_PATH.slice(1);
  const entry = await requireEntry(args, 'page', `${section}/${page}`);
  const [parent, siblings, products] = await Promise.all([
    context.services.content.get('page', section, context.site.id, context.language),
    context.services.content.all('page', context.site.id, context.language, `${section}/`),
    context.services.content.products(entry.products, context.site.priceList, context.language),
  ]);
  return {
    entry,
    parentTitle: parent?.title ?? null,
    siblings: siblings.map((s) => ({ slug: s.slug, title: s.title })),
    products,
    currency: context.site.currency,
    ...(await entrySeo(args, 'page', entry.slug)),
  };
}

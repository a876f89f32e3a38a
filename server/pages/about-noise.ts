/** /about_noise_insulation: the section's page and the list of its sub-pages. */
import { ABOUT_NOISE_PATH } from '../../shared/content.ts';
import { entrySeo, requireEntry } from './helpers/content-pages.ts';
import type { LoaderArgs } from './helpers/route-module.ts';

export async function loader(args: LoaderArgs) {
  const { context } = args;
  const entry = await requireEntry(args, 'page', ABOUT_NOISE_PATH.slice(1));
  const children = await context.services.content.all('page', context.site.id, context.language, `${ABOUT_NOISE_PATH.slice(1)}/`);
  return {
    entry,
    children: children.map((c) => ({ slug: c.slug, title: c.title, summary: c.summary })),
    ...(await entrySeo(args, 'page', entry.slug)),
  };
}

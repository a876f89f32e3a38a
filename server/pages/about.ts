/** /about: the company, its contacts (#contacts: phone and e-mail from the sites config) and requisites per site. */
import { type EntryView, entrySeo, requireEntry } from '../render/content-pages.ts';
import type { LoaderArgs } from '../render/route-module.ts';
import { requisitesFor } from '../services/requisites.ts';

export async function loader(args: LoaderArgs): Promise<{
  entry: EntryView;
  requisites: ReturnType<typeof requisitesFor>;
  seoAlternates: 'all' | 'site';
}> {
  return {
    entry: await requireEntry(args, 'page', 'about'),
    requisites: requisitesFor(args.context.site),
    ...(await entrySeo(args, 'page', 'about')),
  };
}

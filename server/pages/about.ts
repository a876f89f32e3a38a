/** /about: the company, its contacts (#contacts: phone and e-mail from the sites config) and requisites per site. */

import { requisitesFor } from '../checkout/index.ts';
import { type EntryView, entrySeo, requireEntry } from './helpers/content-pages.ts';
import type { LoaderArgs } from './helpers/route-module.ts';

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

/** /politika-konfidencialnosti: the privacy policy — the site's own page (per country), else the main one. */

import { entrySeo, requireEntry } from './helpers/content-pages.ts';
import type { LoaderArgs } from './helpers/route-module.ts';

const SLUG = 'politika-konfidencialnosti';

export async function loader(args: LoaderArgs) {
  return { entry: await requireEntry(args, 'page', SLUG), ...(await entrySeo(args, 'page', SLUG)) };
}

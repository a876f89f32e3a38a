/** /oplata-i-vozvraty: payment, delivery and returns — the site's own page (per country), else the main one. */

import { entrySeo, requireEntry } from './helpers/content-pages.ts';
import type { LoaderArgs } from './helpers/route-module.ts';

export async function loader(args: LoaderArgs) {
  return { entry: await requireEntry(args, 'page', 'oplata-i-vozvraty'), ...(await entrySeo(args, 'page', 'oplata-i-vozvraty')) };
}

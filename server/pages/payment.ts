/** /oplata-i-vozvraty: payment, delivery and returns — the site's own page (per country), else the main one. */
import { entrySeo, requireEntry } from '../render/content-pages.ts';
import type { LoaderArgs } from '../render/route-module.ts';

export async function loader(args: LoaderArgs) {
  return { entry: await requireEntry(args, 'page', 'oplata-i-vozvraty'), ...(await entrySeo(args, 'page', 'oplata-i-vozvraty')) };
}

/** /oplata-i-vozvraty: payment, delivery and returns — the site's own page (per country), else the main one. */
import { requireEntry } from '../render/content-pages.ts';
import type { LoaderArgs } from '../render/route-module.ts';

export async function loader(args: LoaderArgs) {
  return { entry: await requireEntry(args, 'page', 'oplata-i-vozvraty') };
}

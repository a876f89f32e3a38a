/** /voprosy-i-otvety: every FAQ entry of the site in its order (each an anchor: /voprosy-i-otvety#slug). */

import type { LoaderArgs } from '../render/route-module.ts';
import { entryView } from './helpers/content-pages.ts';

export async function loader({ context }: LoaderArgs) {
  const entries = await context.services.content.all('faq', context.site.id, context.language);
  return { entries: entries.map((e) => entryView(e, context)) };
}

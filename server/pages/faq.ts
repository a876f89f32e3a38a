/** /voprosy-i-otvety: every FAQ entry of the site in its order (each an anchor: /voprosy-i-otvety#slug). */

import { entryView } from './helpers/content-pages.ts';
import type { LoaderArgs } from './helpers/route-module.ts';

export async function loader({ context }: LoaderArgs) {
  const entries = await context.services.content.all('faq', context.site.id, context.language);
  return { entries: entries.map((e) => entryView(e, context)) };
}

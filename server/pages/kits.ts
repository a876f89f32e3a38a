/** /komplekty-sumoizoliacii: the ready kits (the kits category's own slug; its description is the list's lead). */
import { KITS_PATH } from '../../shared/navigation.ts';
import type { LoaderArgs } from './helpers/route-module.ts';

const KITS_CATEGORY_SLUG = KITS_PATH.slice(1);

export async function loader({ context }: LoaderArgs) {
  const { services, site, language } = context;
  const [kits, category] = await Promise.all([
    services.kits.list(site, language),
    services.catalog.findCategory(KITS_CATEGORY_SLUG, language),
  ]);
  return { kits, description: category?.description ?? '', descriptionLang: category?.lang ?? null, currency: site.currency };
}

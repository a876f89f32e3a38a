/**
 * The home page (issue 19): what the shop does with the calculator as the main call to action, then the site's
 * ready kits, popular and new products (server/catalog/showcase.ts, cached per price list), why buy here, and the
 * latest articles (the content index, cached). The categories come with the shell.
 */
import { CONTENT_PATHS } from '../../shared/content.ts';
import { teaserView } from './helpers/content-pages.ts';
import type { LoaderArgs } from './helpers/route-module.ts';

export const HOME_ARTICLES = 3;

export async function loader({ context }: LoaderArgs) {
  const { services, site, language } = context;
  const [showcase, articles] = await Promise.all([
    services.showcase.forSite(site, language),
    services.content.list('article', site.id, language, 1, HOME_ARTICLES),
  ]);
  return {
    ...showcase,
    articles: articles.items.map((a) => teaserView(a, context)),
    articlesBase: CONTENT_PATHS.article,
    currency: site.currency,
  };
}

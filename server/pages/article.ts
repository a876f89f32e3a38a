/**
 * /stati/{slug}: an article — headings with a table of contents, reading time, gallery, the products it names and
 * related articles (those it names, else the newest others); an unknown slug is the 404 page.
 */

import { entrySeo, requireEntry, slugParams, teaserView } from './helpers/content-pages.ts';
import { type LoaderArgs, routeParams } from './helpers/route-module.ts';

export const RELATED_ARTICLES = 3;

export async function loader(args: LoaderArgs) {
  const { context } = args;
  const { content } = context.services;
  const { slug } = routeParams(slugParams, args);
  const entry = await requireEntry(args, 'article', slug);
  const { id: site, priceList, currency } = context.site;
  const [products, named] = await Promise.all([
    content.products(entry.products, priceList, context.language),
    content.teasers('article', entry.related, site, context.language),
  ]);
  const related = named.length > 0 ? named : await content.newest('article', site, context.language, slug, RELATED_ARTICLES);
  return {
    entry,
    products,
    currency,
    related: related.slice(0, RELATED_ARTICLES).map((t) => teaserView(t, context)),
    ...(await entrySeo(args, 'article', slug)),
  };
}

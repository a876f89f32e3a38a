/**
 * The content pages in the feeds (decision 027 content, decision 029 feeds): the sitemap's `content` series — news
 * items, articles, the info pages that have a route and their sub-pages, the FAQ page and the news and article lists —
 * and the news of /rss.xml. Both read what a visitor of the site can open: published rows of the site or of every
 * site ('*'), in any language (a language without a text shows the Russian one, so every language's address exists).
 */
import { CONTENT_PATHS } from '../../shared/content.ts';
import { DEFAULT_LANGUAGE } from '../../shared/languages.ts';
import { pageRoutes } from '../../shared/routes.ts';
import type { ContentService } from '../content/index.ts';
import type { Queryable } from '../db/index.ts';
import type { NewsFeedSource } from './rss.ts';
import type { SitemapEntry, SitemapSource } from './sitemap.ts';

/** Where the FAQ entries are shown, all on one page (each an anchor): the faq route's path. */
export const FAQ_PATH = `/${pageRoutes.find((r) => r.id === 'faq')!.path}`;

/**
 * The routes an info page's slug can be served by: those whose first segment is fixed ("about",
 * "about_noise_insulation/:page"), as patterns. A page row without a route (a typo, a page for a later release)
 * would be a 404, so it is not listed.
 */
const PAGE_PATTERNS: RegExp[] = pageRoutes.flatMap((route) => {
  if (!('path' in route) || /^[:*]/.test(route.path)) return [];
  const pattern = route.path
    .split('/')
    .map((part) => (part.startsWith(':') ? '[a-z0-9][a-z0-9_-]*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return [new RegExp(`^${pattern}$`)];
});

/** The router path of a content row, or null when no page shows it on its own (FAQ entries: the FAQ page). */
export function contentPath(kind: string, slug: string): string | null {
  if (kind === 'news') return `${CONTENT_PATHS.news}/${slug}`;
  if (kind === 'article') return `${CONTENT_PATHS.article}/${slug}`;
  if (kind === 'page') return PAGE_PATTERNS.some((p) => p.test(slug)) ? `/${slug}` : null;
  return null;
}

interface ContentRow {
  kind: string;
  slug: string;
  lastmod: string;
  /** A row for every site exists: the address is on every domain (else on this site's only). */
  everywhere: boolean;
}

/** The content series' name (sitemap-content-<n>.xml; FeedService.scopeOf). */
export const CONTENT_SOURCE = 'content';

export function contentSource(db: Queryable): SitemapSource {
  return {
    name: CONTENT_SOURCE,
    entries: async (site) => {
      const rows = await db.query<ContentRow>(
        `SELECT kind, slug, bool_or(site = '*') AS everywhere,
                to_char(max(updated_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS lastmod
           FROM content_entries
          WHERE site IN ($1, '*') AND published AND published_at <= now()
          GROUP BY kind, slug ORDER BY kind, slug`,
        [site.id],
      );
      const entries: SitemapEntry[] = [];
      // The lists and the FAQ page exist on every site; they are worth listing when they show something.
      for (const [kind, path] of [
        ['news', CONTENT_PATHS.news],
        ['article', CONTENT_PATHS.article],
        ['faq', FAQ_PATH],
      ] as const) {
        const of = rows.filter((r) => r.kind === kind);
        if (of.length) entries.push({ path, lastmod: of.reduce((max, r) => (r.lastmod > max ? r.lastmod : max), '') });
      }
      for (const row of rows) {
        const path = contentPath(row.kind, row.slug);
        // A row of this site alone (no '*' one): the same path on another domain is not this page.
        if (path) entries.push({ path, lastmod: row.lastmod, scope: row.everywhere ? 'all' : 'site' });
      }
      return entries;
    },
  };
}

/** The newest news of a site for /rss.xml, in Russian (the channel's language), as /news shows them. */
export function contentNewsSource(content: Pick<ContentService, 'list'>): NewsFeedSource {
  return {
    latest: async (site, limit) => {
      const { items } = await content.list('news', site.id, DEFAULT_LANGUAGE, 1, limit);
      return items.map((item) => ({
        title: item.title,
        link: `${CONTENT_PATHS.news}/${item.slug}`,
        date: new Date(item.publishedAt),
        summary: item.summary,
      }));
    },
  };
}

/**
 * What the sitemap lists, one source per series of files. Adding a kind of page is one more line in
 * `sitemapSources`; the content pages (news, articles, info pages, FAQ) are server/feeds/content-source.ts.
 */
import { REVIEWS_PATH } from '../../shared/content.ts';
import { KITS_PATH } from '../../shared/navigation.ts';
import type { Queryable } from '../db/index.ts';
import { contentSource } from './content-source.ts';
import type { SitemapSource } from './sitemap.ts';

/** The fixed pages of the shell worth an index entry (one visitor's pages are left out, as robots.txt says). */
const FIXED_PAGES = ['/', '/materials', KITS_PATH, '/map', '/calc', '/constructor', REVIEWS_PATH];

export const pagesSource: SitemapSource = {
  name: 'pages',
  entries: async () => FIXED_PAGES.map((path) => ({ path })),
};

export function categoriesSource(db: Queryable): SitemapSource {
  return {
    name: 'categories',
    // The kits category's address is the kits list, a fixed page above.
    entries: () => db.query(`SELECT '/' || slug AS path FROM categories WHERE '/' || slug <> $1::text ORDER BY sort, id`, [KITS_PATH]),
  };
}

export function productsSource(db: Queryable): SitemapSource {
  return {
    name: 'products',
    entries: () =>
      db.query(
        `SELECT '/' || c.slug || '/' || p.slug AS path FROM products p JOIN categories c ON c.id = p.category_id
          WHERE p.is_active ORDER BY p.id`,
      ),
  };
}

export function kitsSource(db: Queryable): SitemapSource {
  return {
    name: 'kits',
    entries: () => db.query(`SELECT $1::text || '/' || slug AS path FROM kits ORDER BY id`, [KITS_PATH]),
  };
}

export function sitemapSources(db: Queryable): SitemapSource[] {
  return [pagesSource, categoriesSource(db), productsSource(db), kitsSource(db), contentSource(db)];
}

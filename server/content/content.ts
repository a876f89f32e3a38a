/**
 * Editorial content per site and language (decision 027): news, articles, info pages and their sub-pages, FAQ.
 * Reading picks, per slug, the best row: the site's own before the all-sites one ('*'), the visitor's language
 * before Russian — so a language without a translation shows the Russian text (and the page says so).
 * Saving renders the Markdown once (content-markdown.ts); pages only read.
 *
 * Reads are cached per site and language (TtlCache, the shell's TTL): an index of each kind's published entries
 * (teaser fields only) answers lists, teasers and "no such slug" without a query; whole entries and a section's
 * entries are cached per slug or prefix, and only for slugs the index knows, so unknown addresses cannot grow the
 * cache. Saving through this service clears it; services.invalidateCaches() does too. The owner's import runs in
 * another process: there the TTL bounds how long pages show the old text (decision 027).
 */
import type { Language } from '../../shared/languages.ts';
import { TtlCache } from '../cache/index.ts';
import type { ProductCard } from '../catalog/index.ts';
import type { Db, Queryable } from '../db/index.ts';
import { type ContentKind, type ContentSource, contentFilePath, type FrontMatter, formatContentFile } from './content-files.ts';
import { ContentError, type ContentImage, renderMarkdown, type TocEntry } from './content-markdown.ts';

export const FALLBACK_LANGUAGE: Language = 'ru';

export interface ContentEntry {
  id: number;
  kind: ContentKind;
  slug: string;
  /** The language the row is written in: not the visitor's when it fell back to Russian. */
  language: Language;
  title: string;
  summary: string;
  html: string;
  toc: TocEntry[];
  words: number;
  cover: ContentImage | null;
  gallery: ContentImage[];
  products: string[];
  related: string[];
  sort: number;
  /** ISO 8601, UTC. */
  publishedAt: string;
  updatedAt: string;
}

export type ContentTeaser = Pick<ContentEntry, 'slug' | 'language' | 'title' | 'summary' | 'cover' | 'publishedAt' | 'words'>;

export interface ContentPage<T> {
  items: T[];
  total: number;
  pages: number;
}

const ENTRY_COLUMNS = `id, kind, slug, language, title, summary, body_html AS html, toc, words, cover, gallery, products, related, sort,
  to_char(published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "publishedAt",
  to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "updatedAt"`;

/**
 * The best published row per slug of a kind for (site, language): $1 kind, $2 site, $3 language. A CTE both the
 * single read and the lists use, so they agree on which row wins.
 */
const BEST = `SELECT DISTINCT ON (slug) * FROM content_entries
  WHERE kind = $1 AND site IN ($2, '*') AND language IN ($3, 'ru') AND published AND published_at <= now()
  ORDER BY slug, (site = $2) DESC, (language = $3) DESC`;

export interface SaveOptions {
  /** An image's size when the file's front matter does not give it (the CLI reads public/). */
  sizeOf?: (src: string) => { width: number; height: number } | undefined;
}

/** Most entries a process keeps whole (over all sites and languages); the least recently loaded go first. */
const MAX_CACHED_ENTRIES = 5000;

export class ContentService {
  /** Per kind, site and language: every published entry's teaser, newest first. */
  private readonly indexCache: TtlCache<ContentTeaser[]>;
  /** Whole entries by kind, site, language and slug (null: it vanished after the index was read). */
  private readonly entryCache: TtlCache<ContentEntry | null>;
  /** all(): a kind's entries (under a prefix) by kind, site, language and prefix — prefixes come from code. */
  private readonly allCache: TtlCache<ContentEntry[]>;

  /** `cacheTtlMs` 0 (the owner's CLI, tests that want it): every read queries the database. `now`: the caches' clock. */
  constructor(
    private readonly db: Db,
    cacheTtlMs = 0,
    now: () => number = Date.now,
  ) {
    // Stale entries are served for at most one more TTL, and only while a refresh runs: an import in another process
    // shows within about two TTLs at worst, a database hiccup does not blank a page meanwhile.
    this.indexCache = new TtlCache<ContentTeaser[]>(cacheTtlMs, cacheTtlMs, now).countedAs('content');
    this.entryCache = new TtlCache<ContentEntry | null>(cacheTtlMs, cacheTtlMs, now, MAX_CACHED_ENTRIES).countedAs('content');
    this.allCache = new TtlCache<ContentEntry[]>(cacheTtlMs, cacheTtlMs, now).countedAs('content');
  }

  /** Drops every cached read (after a save here; services.invalidateCaches()). */
  clearCache(): void {
    this.indexCache.clear();
    this.entryCache.clear();
    this.allCache.clear();
  }

  /** Every published entry of a kind as a teaser, newest first: one query per kind, site and language and TTL. */
  private index(kind: ContentKind, site: string, language: Language): Promise<ContentTeaser[]> {
    return this.indexCache.get(`${kind}|${site}|${language}`, () =>
      this.db.query<ContentTeaser>(
        `WITH best AS (${BEST})
         SELECT slug, language, title, summary, cover, words,
                to_char(published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "publishedAt"
           FROM best ORDER BY published_at DESC, id DESC`,
        [kind, site, language],
      ),
    );
  }

  /** One entry (a page by its path, an item by its slug), or null. */
  async get(kind: ContentKind, slug: string, site: string, language: Language): Promise<ContentEntry | null> {
    // An unknown slug is answered from the index: it costs no query and leaves nothing in the cache.
    if (!(await this.index(kind, site, language)).some((t) => t.slug === slug)) return null;
    return this.entryCache.get(`${kind}|${site}|${language}|${slug}`, async () => {
      const [row] = await this.db.query<ContentEntry>(`WITH best AS (${BEST}) SELECT ${ENTRY_COLUMNS} FROM best WHERE slug = $4`, [
        kind,
        site,
        language,
        slug,
      ]);
      return row ?? null;
    });
  }

  /** A page of a kind's items, newest first. */
  async list(kind: ContentKind, site: string, language: Language, page: number, perPage: number): Promise<ContentPage<ContentTeaser>> {
    const all = await this.index(kind, site, language);
    return {
      items: all.slice((page - 1) * perPage, page * perPage),
      total: all.length,
      pages: Math.max(1, Math.ceil(all.length / perPage)),
    };
  }

  /** Every entry of a kind in its order (FAQ entries, a section's sub-pages with `prefix` 'about_noise_insulation/'). */
  all(kind: ContentKind, site: string, language: Language, prefix = ''): Promise<ContentEntry[]> {
    return this.allCache.get(`${kind}|${site}|${language}|${prefix}`, () =>
      this.db.query<ContentEntry>(
        `WITH best AS (${BEST}) SELECT ${ENTRY_COLUMNS} FROM best WHERE starts_with(slug, $4) ORDER BY sort, published_at, slug`,
        [kind, site, language, prefix],
      ),
    );
  }

  /** Teasers of the given articles (an article's `related`), in the given order, leaving out missing ones. */
  async teasers(kind: ContentKind, slugs: string[], site: string, language: Language): Promise<ContentTeaser[]> {
    if (slugs.length === 0) return [];
    const all = await this.index(kind, site, language);
    return slugs.flatMap((slug) => all.filter((t) => t.slug === slug));
  }

  /** The newest other items of a kind, when an article names no related ones. */
  async newest(kind: ContentKind, site: string, language: Language, except: string, limit: number): Promise<ContentTeaser[]> {
    return (await this.list(kind, site, language, 1, limit + 1)).items.filter((i) => i.slug !== except).slice(0, limit);
  }

  /** Product cards of the given SKUs that the site sells, in the given order. */
  async products(skus: string[], priceList: string, language: Language): Promise<ProductCard[]> {
    if (skus.length === 0) return [];
    const rows = await this.db.query<ProductCard>(
      `SELECT o.id, o.sku, o.title, o.lang, '/' || c.slug || '/' || o.slug AS url, o.images->0->>'src' AS preview_image,
              o.price::float8 AS price, o.stock
         FROM site_offers_in($2, $3) o
         JOIN categories c ON c.id = o.category_id
        WHERE o.sku = ANY($1::text[]) AND o.sold`,
      [skus, priceList, language],
    );
    return skus.flatMap((sku) => rows.filter((r) => r.sku === sku));
  }

  /**
   * Saves an entry from its source (insert or replace by kind, site, language and slug), rendering its body.
   * Throws ContentError naming what is wrong (an image without alt text or size …); pass a transaction to save many at once.
   */
  async save(source: ContentSource, options: SaveOptions = {}, q: Queryable = this.db): Promise<number> {
    try {
      return await saveContent(q, source, options);
    } finally {
      this.clearCache();
    }
  }

  /**
   * Saves many sources in one transaction: all or nothing. With `prune`, rows of the kinds present that are not
   * among the sources are deleted (the folder is the whole truth). Returns how many were saved and deleted.
   */
  async saveAll(sources: ContentSource[], options: SaveOptions & { prune?: boolean } = {}): Promise<{ saved: number; deleted: number }> {
    const seen = new Set<string>();
    for (const s of sources) {
      const key = `${s.meta.kind}|${s.meta.site}|${s.meta.language}|${s.meta.slug}`;
      if (seen.has(key)) throw new ContentError(`two files describe ${contentFilePath(s.meta)}`);
      seen.add(key);
    }
    return this.saveAllIn(sources, seen, options).finally(() => this.clearCache());
  }

  private saveAllIn(sources: ContentSource[], seen: Set<string>, options: SaveOptions & { prune?: boolean }) {
    return this.db.transaction(async (tx) => {
      for (const source of sources) await saveContent(tx, source, options);
      let deleted = 0;
      if (options.prune) {
        const rows = await tx.query<{ kind: string; site: string; language: string; slug: string; id: number }>(
          'SELECT id, kind, site, language, slug FROM content_entries',
        );
        const stale = rows.filter((r) => !seen.has(`${r.kind}|${r.site}|${r.language}|${r.slug}`)).map((r) => r.id);
        if (stale.length) await tx.query('DELETE FROM content_entries WHERE id = ANY($1::int[])', [stale]);
        deleted = stale.length;
      }
      return { saved: sources.length, deleted };
    });
  }

  /** Every row as a file (path and text), for the CLI's export. */
  async exportAll(): Promise<{ path: string; text: string }[]> {
    const rows = await this.db.query<{
      kind: ContentKind;
      site: string;
      language: Language;
      slug: string;
      title: string;
      summary: string;
      body_md: string;
      body_html: string;
      cover: FrontMatter['cover'] | null;
      gallery: FrontMatter['gallery'];
      products: string[];
      related: string[];
      sort: number;
      published: boolean;
      publishedAt: string;
    }>(
      `SELECT kind, site, language, slug, title, summary, body_md, body_html, cover, gallery, products, related, sort, published,
              to_char(published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "publishedAt"
         FROM content_entries ORDER BY kind, site, slug, language`,
    );
    return rows.map((r) => {
      const meta: FrontMatter = {
        kind: r.kind,
        slug: r.slug,
        site: r.site,
        language: r.language,
        title: r.title,
        summary: r.summary,
        ...(r.cover ? { cover: r.cover } : {}),
        gallery: r.gallery,
        // The body's picture sizes, as rendered: the exported file imports again without reading any picture.
        images: [...r.body_html.matchAll(/<img src="([^"]+)" alt="[^"]*" width="(\d+)" height="(\d+)"/g)]
          .map((m) => ({ src: m[1]!.replace(/&amp;/g, '&'), width: Number(m[2]), height: Number(m[3]) }))
          .filter((img, i, all) => all.findIndex((o) => o.src === img.src) === i),
        products: r.products,
        related: r.related,
        sort: r.sort,
        published: r.published,
      };
      return { path: contentFilePath(meta), text: formatContentFile(meta, r.publishedAt, r.body_md) };
    });
  }

  /** True when no content has been loaded yet (the demo content is loaded on a first start). */
  async isEmpty(q: Queryable = this.db): Promise<boolean> {
    const [row] = await q.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM content_entries) AS any');
    return !row!.any;
  }
}

/** Renders and upserts one entry (ContentService.save; the demo seed uses it inside its own transaction). */
export async function saveContent(q: Queryable, source: ContentSource, options: SaveOptions = {}): Promise<number> {
  const { meta } = source;
  const known = new Map(meta.images.map((i) => [i.src, { width: i.width, height: i.height }]));
  for (const p of [...meta.gallery, ...(meta.cover ? [meta.cover] : [])]) known.set(p.src, { width: p.width, height: p.height });
  const rendered = renderMarkdown(source.body, {
    gallery: `${meta.kind}-${meta.slug.replace(/\//g, '-')}`,
    sizeOf: (src) => known.get(src) ?? options.sizeOf?.(src),
  });
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO content_entries (kind, site, language, slug, title, summary, body_md, body_html, toc, words, cover, gallery,
                                  products, related, sort, published, published_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11::jsonb, $12::jsonb, $13::jsonb, $14::jsonb, $15, $16, $17, now())
     ON CONFLICT (kind, site, language, slug) DO UPDATE SET
       title = EXCLUDED.title, summary = EXCLUDED.summary, body_md = EXCLUDED.body_md, body_html = EXCLUDED.body_html,
       toc = EXCLUDED.toc, words = EXCLUDED.words, cover = EXCLUDED.cover, gallery = EXCLUDED.gallery,
       products = EXCLUDED.products, related = EXCLUDED.related, sort = EXCLUDED.sort, published = EXCLUDED.published,
       published_at = EXCLUDED.published_at, updated_at = now()
     RETURNING id`,
    [
      meta.kind,
      meta.site,
      meta.language,
      meta.slug,
      meta.title,
      meta.summary,
      source.body,
      rendered.html,
      JSON.stringify(rendered.toc),
      rendered.words,
      meta.cover ? JSON.stringify(meta.cover) : null,
      JSON.stringify(meta.gallery),
      JSON.stringify(meta.products),
      JSON.stringify(meta.related),
      meta.sort,
      meta.published,
      source.publishedAt,
    ],
  );
  return row!.id;
}

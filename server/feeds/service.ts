/**
 * The feeds of each site — sitemap index and files, robots.txt, the YML catalogue, the news RSS — rendered once
 * and served from a per-site cache (fresh for `ttlMs`, then refreshed behind a stale copy, like the shell's).
 * services.invalidateCaches() drops them when prices or content change; other pods follow within the TTL.
 */

import { messages } from '../../shared/locales/index.ts';
import { siteBrand } from '../../shared/public-site.ts';
import { type SeoSite, seoSites } from '../../shared/seo.ts';
import { DEFAULT_LANGUAGE, type Language, type Site, type SiteDirectory } from '../../shared/sites.ts';
import { TtlCache } from '../cache/index.ts';
import type { Queryable } from '../db/index.ts';
import { renderRobots } from './robots.ts';
import { type NewsFeedSource, RSS_ITEMS, renderRss } from './rss.ts';
import {
  renderSitemapIndex,
  renderUrlset,
  SITEMAP_FILE,
  SITEMAP_PATHS_PER_FILE,
  type SitemapEntry,
  type SitemapSource,
  sitemapFileName,
} from './sitemap.ts';
import { sitemapSources } from './sources.ts';
import { renderYml } from './yml.ts';

export interface FeedServiceOptions {
  ttlMs: number;
  /** The sitemap's series (default: server/feeds/sources.ts). */
  sources?: SitemapSource[];
  /** The news items of /rss.xml; without one the feed is a valid, empty channel. */
  news?: NewsFeedSource | null;
}

/** Documents kept at most (sites × files): bounds memory on a catalogue of many sitemap files. */
const MAX_DOCUMENTS = 500;

export class FeedService {
  private readonly sources: SitemapSource[];
  private news: NewsFeedSource | null;
  private readonly entries: TtlCache<SitemapEntry[]>;
  private readonly documents: TtlCache<string | null>;
  private readonly seo: SeoSite[];

  constructor(
    private readonly db: Queryable,
    sites: SiteDirectory,
    options: FeedServiceOptions,
  ) {
    this.sources = options.sources ?? sitemapSources(db);
    this.news = options.news ?? null;
    this.entries = new TtlCache<SitemapEntry[]>(options.ttlMs, options.ttlMs * 10);
    this.documents = new TtlCache<string | null>(options.ttlMs, options.ttlMs * 10, Date.now, MAX_DOCUMENTS).countedAs('feeds');
    this.seo = seoSites(sites.all, sites.defaultSite.id);
  }

  /** Sets the news of /rss.xml (the content pages' news, once they exist). */
  useNews(news: NewsFeedSource | null): void {
    this.news = news;
    this.documents.clear();
  }

  /** Drops every cached document and sitemap entry list (services.invalidateCaches). */
  clear(): void {
    this.entries.clear();
    this.documents.clear();
  }

  robots(site: Site): string {
    return renderRobots(site);
  }

  /** The sitemap index; null on a test site (it has no index entries: robots.txt disallows everything). */
  sitemapIndex(site: Site): Promise<string | null> {
    if (site.isTest) return Promise.resolve(null);
    return this.documents.get(`${site.id}:sitemap`, async () => {
      const files: { name: string }[] = [];
      for (const source of this.sources) {
        const count = (await this.sourceEntries(site, source)).length;
        for (let page = 1; (page - 1) * SITEMAP_PATHS_PER_FILE < count; page++) files.push({ name: sitemapFileName(source.name, page) });
      }
      return renderSitemapIndex(site, files);
    });
  }

  /** One sitemap file by its name ("sitemap-products-2.xml"); null when there is no such file. */
  sitemapFile(site: Site, file: string): Promise<string | null> {
    const m = SITEMAP_FILE.exec(file);
    const source = m && this.sources.find((s) => s.name === m[1]);
    if (site.isTest || !m || !source) return Promise.resolve(null);
    const page = Number(m[2]);
    return this.documents.get(`${site.id}:${file}`, async () => {
      const entries = await this.sourceEntries(site, source);
      const slice = entries.slice((page - 1) * SITEMAP_PATHS_PER_FILE, page * SITEMAP_PATHS_PER_FILE);
      if (slice.length === 0) return null;
      return renderUrlset(this.seo, this.seoSite(site), slice);
    });
  }

  /** The site's YML in one of its languages (Russian: /yml.xml; another: /<language>/yml.xml). */
  yml(site: Site, language: Language = DEFAULT_LANGUAGE): Promise<string> {
    return this.documents.get(`${site.id}:yml:${language}`, () => renderYml(this.db, site, new Date(), language)) as Promise<string>;
  }

  rss(site: Site): Promise<string> {
    return this.documents.get(`${site.id}:rss`, async () => {
      const ru = messages[DEFAULT_LANGUAGE] as { nav: { news: string }; meta: { titleSuffix: string } };
      const items = this.news ? await this.news.latest(site, RSS_ITEMS) : [];
      return renderRss(
        {
          title: `${siteBrand(site, DEFAULT_LANGUAGE)} — ${ru.nav.news}`,
          link: `https://${site.host}/news`,
          description: ru.meta.titleSuffix,
          self: `https://${site.host}/rss.xml`,
          language: DEFAULT_LANGUAGE,
        },
        site.host,
        items,
      );
    }) as Promise<string>;
  }

  /**
   * Whether a page's alternates span the domains ('all') or keep to its own ('site': content of this site alone), as
   * its entry in the source `name` says — so the page's head and the sitemap agree. A path the source does not list
   * (or no such source): 'all'. Read from the same cached list as the sitemap.
   */
  async scopeOf(site: Site, name: string, path: string): Promise<'all' | 'site'> {
    const source = this.sources.find((s) => s.name === name);
    const entry = source && (await this.sourceEntries(site, source)).find((e) => e.path === path);
    return entry?.scope ?? 'all';
  }

  private sourceEntries(site: Site, source: SitemapSource): Promise<SitemapEntry[]> {
    return this.entries.get(`${site.id}:${source.name}`, () => source.entries(site));
  }

  private seoSite(site: Site): SeoSite {
    return this.seo.find((s) => s.id === site.id) ?? { id: site.id, host: site.host, languages: site.languages, isDefault: false };
  }
}

/**
 * /sitemap.xml of a site: an index of paged files, one series per source (pages, categories, products, kits, and
 * whatever the sources list adds — server/feeds/sources.ts). Each <url> is a router path in one of the site's
 * languages, with xhtml:link alternates across the regional domains and languages (shared/seo.ts), as the page's
 * own head says.
 */
import { alternatesOf, type SeoSite } from '../../shared/seo.ts';
import { type Language, pathForLanguage } from '../../shared/sites.ts';
import { el, XML_DECLARATION, xmlEscape } from './xml.ts';

/** One page of a source: a router path (no language prefix), optionally when it last changed. */
export interface SitemapEntry {
  path: string;
  /** W3C datetime (an ISO date or timestamp). */
  lastmod?: string;
  /** 'site': the page exists on this domain only (per-site content): alternates in its own languages only. */
  scope?: 'all' | 'site';
}

/** A series of sitemap files: `name` is the file's middle part (sitemap-<name>-<n>.xml), lower-case letters. */
export interface SitemapSource {
  name: string;
  entries(site: { id: string; priceList: string }): Promise<SitemapEntry[]>;
}

/** Paths per file: × up to 4 languages and ~13 alternates each stays far below the 50 000 URLs / 50 MB limit. */
export const SITEMAP_PATHS_PER_FILE = 1000;

export const SITEMAP_FILE = /^sitemap-([a-z]+)-([1-9]\d{0,5})\.xml$/;

const URLSET_OPEN = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';

export function sitemapFileName(source: string, page: number): string {
  return `sitemap-${source}-${page}.xml`;
}

/** The index: one <sitemap> per non-empty file of each source. */
export function renderSitemapIndex(site: Pick<SeoSite, 'host'>, files: readonly { name: string; lastmod?: string }[]): string {
  const items = files.map(
    (f) => `<sitemap>${el('loc', `https://${site.host}/${f.name}`)}${f.lastmod ? el('lastmod', f.lastmod) : ''}</sitemap>\n`,
  );
  return `${XML_DECLARATION}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('')}</sitemapindex>\n`;
}

/** One file: every entry in every language of the site, each with its alternates. */
export function renderUrlset(sites: readonly SeoSite[], site: SeoSite, entries: readonly SitemapEntry[]): string {
  const out: string[] = [XML_DECLARATION, URLSET_OPEN];
  for (const entry of entries) {
    const alternates = alternatesOf(sites, site, entry.path, '', entry.scope ?? 'all')
      .map((a) => `<xhtml:link rel="alternate" hreflang="${xmlEscape(a.hreflang)}" href="${xmlEscape(a.href)}"/>`)
      .join('');
    for (const language of site.languages) {
      const loc = `https://${site.host}${pathForLanguage(entry.path, language as Language)}`;
      out.push(`<url>${el('loc', loc)}${entry.lastmod ? el('lastmod', entry.lastmod) : ''}${alternates}</url>\n`);
    }
  }
  out.push('</urlset>\n');
  return out.join('');
}

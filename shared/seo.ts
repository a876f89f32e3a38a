/**
 * Search-engine addresses shared by the page head (client/components/SeoLinks.tsx) and the sitemap
 * (server/feeds/sitemap.ts): the canonical address of a router path and its hreflang alternates across the
 * regional domains and their languages (docs/decisions/029-map-and-seo.md). Built from the sites config only,
 * never from a request's Host.
 */
import { DEFAULT_LANGUAGE, type Language, pathForLanguage, type Site } from './sites.ts';

/** What the alternates need of a public (non-test) site; the root loader hands the browser this list. */
export interface SeoSite {
  id: string;
  host: string;
  languages: readonly Language[];
  /** ISO 3166 country of the site's audience (region part of its hreflang codes); absent: plain language codes. */
  country?: string;
  /** The default business domain: its default language is x-default, its hreflang codes carry no region. */
  isDefault: boolean;
}

/** The public sites in config order, the default one first (its codes win a tie); test sites never appear. */
export function seoSites(sites: readonly Site[], defaultSiteId: string): SeoSite[] {
  return sites
    .filter((s) => !s.isTest)
    .map((s) => ({
      id: s.id,
      host: s.host,
      languages: s.languages,
      ...(s.country ? { country: s.country } : {}),
      isDefault: s.id === defaultSiteId,
    }))
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
}

/** The absolute address of a router path on a site's own host, in a language. */
export function absoluteUrl(site: Pick<SeoSite, 'host'>, path: string, language: Language): string {
  return `https://${site.host}${pathForLanguage(path, language)}`;
}

/**
 * The hreflang code of a site's language: the plain language on the default site ("ru", "en", "zh-CN"), the
 * language with the site's country elsewhere ("ru-KZ", "kk-KZ"), so Russian on five domains is five distinct codes.
 */
export function hreflangOf(site: SeoSite, language: Language): string {
  if (site.isDefault || !site.country) return language;
  return `${language.split('-')[0]}-${site.country}`;
}

export interface Alternate {
  hreflang: string;
  href: string;
}

/**
 * The alternates of one router path: every language of every public site (or, with `scope: 'site'`, of `current`
 * only — content that exists on one domain), then x-default (the default site's default language, or the current
 * site's when it is alone). A code two sites would share is kept once (the default site's).
 */
export function alternatesOf(
  sites: readonly SeoSite[],
  current: SeoSite,
  path: string,
  search = '',
  scope: 'all' | 'site' = 'all',
): Alternate[] {
  const pool = scope === 'site' ? [current] : sites;
  const seen = new Set<string>();
  const out: Alternate[] = [];
  for (const site of pool) {
    for (const language of site.languages) {
      const hreflang = hreflangOf(site, language);
      if (seen.has(hreflang)) continue;
      seen.add(hreflang);
      out.push({ hreflang, href: absoluteUrl(site, path, language) + search });
    }
  }
  if (out.length <= 1) return [];
  const fallback = pool.find((s) => s.isDefault) ?? current;
  out.push({ hreflang: 'x-default', href: absoluteUrl(fallback, path, DEFAULT_LANGUAGE) + search });
  return out;
}

/** The site's public part as a SeoSite (the current site when it is a test site: it has no alternates anyway). */
export function seoSiteOf(sites: readonly SeoSite[], site: Pick<Site, 'id' | 'host' | 'languages'>): SeoSite {
  return sites.find((s) => s.id === site.id) ?? { id: site.id, host: site.host, languages: site.languages, isDefault: false };
}

/** The meta description's length: search engines cut longer ones. */
export const META_DESCRIPTION_MAX = 160;

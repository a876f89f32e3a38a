/**
 * Canonical address and hreflang alternates of the current page across the regional domains and their languages
 * (shared/seo.ts), built from the sites config (the root loader's `seoSites`), never from the request's Host. React
 * 19 hoists these <link>/<meta> elements into <head>. Test sites are kept out of search engines altogether.
 * A page's loader data may carry:
 *  - `canonicalSearch` (a listing's "?page=2"): appended to its canonical and alternate addresses; any other query
 *    string is left out;
 *  - `seoAlternates: 'site'`: content that exists on this domain only — alternates in its own languages, no others.
 */
import { useLocation, useMatches } from 'react-router-dom';
import type { PublicSite } from '../../shared/public-site.ts';
import { absoluteUrl, alternatesOf, type SeoSite, seoSiteOf } from '../../shared/seo.ts';
import type { Language } from '../../shared/sites.ts';
import { useBoot } from '../boot.ts';
import { useShell } from '../loader-data.ts';

/** The absolute address of a router path on the site's own host, in a language (the canonical form). */
export function siteUrl(site: Pick<PublicSite, 'host'>, path: string, language: Language): string {
  return absoluteUrl(site, path, language);
}

interface SeoRouteData {
  canonicalSearch?: string;
  seoAlternates?: 'all' | 'site';
}

/** What the matched routes' data say about the page's addresses (the deepest route that says it wins). */
function useSeoRouteData(): Required<SeoRouteData> {
  const matches = useMatches();
  let canonicalSearch = '';
  let seoAlternates: 'all' | 'site' = 'all';
  for (const m of matches) {
    const d = m.data as SeoRouteData | null | undefined;
    if (typeof d?.canonicalSearch === 'string') canonicalSearch = d.canonicalSearch;
    if (d?.seoAlternates === 'site' || d?.seoAlternates === 'all') seoAlternates = d.seoAlternates;
  }
  return { canonicalSearch, seoAlternates };
}

/** The page's canonical address (what og:url and JSON-LD `url` name too). */
export function useCanonicalUrl(): string {
  const { language } = useBoot();
  const { pathname } = useLocation();
  const { site } = useShell();
  const { canonicalSearch } = useSeoRouteData();
  return siteUrl(site, pathname, language) + canonicalSearch;
}

export function SeoLinks({ site, sites }: { site: PublicSite; sites: readonly SeoSite[] }) {
  const { pathname } = useLocation();
  const canonical = useCanonicalUrl();
  const { canonicalSearch, seoAlternates } = useSeoRouteData();
  if (site.isTest) return <meta name="robots" content="noindex, nofollow" />;
  const alternates = alternatesOf(sites, seoSiteOf(sites, site), pathname, canonicalSearch, seoAlternates);
  return (
    <>
      <link rel="canonical" href={canonical} />
      {alternates.map((a) => (
        <link key={a.hreflang} rel="alternate" hrefLang={a.hreflang} href={a.href} />
      ))}
    </>
  );
}

/**
 * Canonical address and hreflang alternates of the current page, built from the sites config (never from the
 * request's Host). React 19 hoists these <link>/<meta> elements into <head>. Test sites are kept out of search
 * engines altogether. A page whose loader data carries `canonicalSearch` (a listing's "?page=2") gets it appended
 * to its canonical and alternate addresses; any other query string is left out.
 */
import { useLocation, useMatches } from 'react-router-dom';
import type { PublicSite } from '../../shared/public-site.ts';
import { DEFAULT_LANGUAGE, type Language, pathForLanguage } from '../../shared/sites.ts';
import { useBoot } from '../boot.ts';

/** The absolute address of a router path on the site's own host, in a language (the canonical form). */
export function siteUrl(site: Pick<PublicSite, 'host'>, path: string, language: Language): string {
  return `https://${site.host}${pathForLanguage(path, language)}`;
}

export function SeoLinks({ site }: { site: PublicSite }) {
  const { language } = useBoot();
  const { pathname } = useLocation();
  const matches = useMatches();
  if (site.isTest) return <meta name="robots" content="noindex, nofollow" />;
  const search = matches.reduce((s, m) => (m.data as { canonicalSearch?: string } | null | undefined)?.canonicalSearch ?? s, '');
  const url = (lang: typeof language) => siteUrl(site, pathname, lang) + search;
  return (
    <>
      <link rel="canonical" href={url(language)} />
      {site.languages.length > 1 && site.languages.map((lang) => <link key={lang} rel="alternate" hrefLang={lang} href={url(lang)} />)}
      {site.languages.length > 1 && <link rel="alternate" hrefLang="x-default" href={url(DEFAULT_LANGUAGE)} />}
    </>
  );
}

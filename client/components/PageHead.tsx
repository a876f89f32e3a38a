/**
 * The one way a page states its head (docs/decisions/029-map-and-seo.md): title, meta description, Open Graph,
 * an optional `noindex`, and its JSON-LD blocks. React 19 hoists <title> and <meta> into <head>; JSON-LD goes
 * through <JsonLd> (escaped for an inline script, with the request's nonce). The canonical address and the hreflang
 * alternates are the shell's (SeoLinks), and og:url is that same canonical address.
 */

import { metaDescription } from '../../shared/product-info.ts';
import { META_DESCRIPTION_MAX } from '../../shared/seo.ts';
import type { Language } from '../../shared/sites.ts';
import { useBoot } from '../boot.ts';
import { useShell } from '../loader-data.ts';
import { JsonLd } from './JsonLd.tsx';
import { PageTitle } from './PageTitle.tsx';
import { useCanonicalUrl } from './SeoLinks.tsx';

/** og:locale of each language (language_TERRITORY). */
const OG_LOCALE: Record<Language, string> = {
  ru: 'ru_RU',
  en: 'en_US',
  'zh-CN': 'zh_CN',
  tr: 'tr_TR',
  kk: 'kk_KZ',
  ro: 'ro_MD',
  uz: 'uz_UZ',
  ky: 'ky_KG',
};

export interface PageHeadProps {
  /** The page's name (the shop's name follows it); none on the home page: the shop's title alone. */
  title?: string;
  /** One or two sentences; flattened and cut to META_DESCRIPTION_MAX characters at a word. */
  description: string;
  /** og:type. */
  type?: 'website' | 'product' | 'article';
  /** A picture of the page: a path on the site (made absolute on its host) or an absolute address. */
  image?: string;
  /** Pages of one visitor (cart, account) and result pages: kept out of search indexes. */
  noindex?: boolean;
  /** schema.org objects, each its own <script type="application/ld+json">. */
  jsonLd?: readonly unknown[];
}

export function PageHead({ title, description, type = 'website', image, noindex, jsonLd = [] }: PageHeadProps) {
  const { language } = useBoot();
  const { site } = useShell();
  const url = useCanonicalUrl();
  const text = metaDescription(description, META_DESCRIPTION_MAX);
  const picture = image ? absoluteAsset(site.host, image) : undefined;
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <meta name="description" content={text} />
      {/* The test site says noindex for every page already (SeoLinks). */}
      {noindex && !site.isTest && <meta name="robots" content="noindex" />}
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title ?? site.brand} />
      <meta property="og:description" content={text} />
      <meta property="og:url" content={url} />
      {picture && <meta property="og:image" content={picture} />}
      <meta property="og:site_name" content={site.brand} />
      <meta property="og:locale" content={OG_LOCALE[language]} />
      {jsonLd.map((data, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a page's blocks are a fixed list, never reordered
        <JsonLd key={i} data={data} />
      ))}
    </>
  );
}

/** A static file's address on the site's own host (pictures are the same in every language). */
export function absoluteAsset(host: string, src: string): string {
  return src.startsWith('/') ? `https://${host}${src}` : src;
}

/** schema.org BreadcrumbList of absolute addresses. */
export function breadcrumbList(crumbs: readonly { name: string; item: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.name, item: crumb.item })),
  };
}

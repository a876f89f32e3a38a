/** What the browser may know of a site: everything of the config that a page shows. No secrets live in Site. */
import { localized } from './delivery.ts';
import type { Language, Site } from './sites.ts';
import type { SiteTags } from './sites-config.ts';

/**
 * The third-party tags the browser loads itself. All public by nature (the Metrika counter id and the maps
 * api key are visible in any page that uses them); the chat allowlist stays on the server, which hands the
 * browser only the chat script addresses it allowed (root loader `chatScripts`).
 */
export type PublicTags = Pick<SiteTags, 'analytics' | 'tracker' | 'maps'>;

export type PublicSite = Pick<
  Site,
  'id' | 'host' | 'languages' | 'currency' | 'phone' | 'email' | 'social' | 'timeZone' | 'isTest' | 'country'
> & {
  /** The shop's name in the page's language (siteBrand). */
  brand: string;
  /** Absent when the site has none of these tags. */
  tags?: PublicTags;
};

/** The shop's name as `language` writes it (ТихоАвто, TihoAvto), from the site's config. */
export function siteBrand(site: Pick<Site, 'brand'>, language: Language): string {
  return localized(site.brand, language);
}

/** The site as a page in `language` may show it. */
export function publicSite(site: Site, language: Language): PublicSite {
  const brand = siteBrand(site, language);
  const { id, host, languages, currency, phone, email, social, timeZone, isTest, country } = site;
  const tags = publicTags(site.tags);
  return {
    id,
    host,
    brand,
    languages,
    currency,
    phone,
    email,
    social,
    timeZone,
    isTest,
    country,
    ...(tags ? { tags } : {}),
  };
}

function publicTags(tags: SiteTags | undefined): PublicTags | undefined {
  if (!tags) return undefined;
  const { analytics, tracker, maps } = tags;
  if (!analytics && !tracker && !maps) return undefined;
  return { ...(analytics ? { analytics } : {}), ...(tracker ? { tracker } : {}), ...(maps ? { maps } : {}) };
}

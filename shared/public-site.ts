/** What the browser may know of a site: everything of the config that a page shows. No secrets live in Site. */
import type { Site } from './sites.ts';
import type { SiteTags } from './sites-config.ts';

/**
 * The third-party tags the browser loads itself. All public by nature (the Metrika counter id and the maps
 * api key are visible in any page that uses them); the chat allowlist stays on the server, which hands the
 * browser only the chat script addresses it allowed (root loader `chatScripts`).
 */
export type PublicTags = Pick<SiteTags, 'analytics' | 'tracker' | 'maps'>;

export type PublicSite = Pick<
  Site,
  'id' | 'host' | 'brand' | 'languages' | 'currency' | 'phone' | 'email' | 'social' | 'timeZone' | 'isTest' | 'country'
> & {
  /** Absent when the site has none of these tags. */
  tags?: PublicTags;
};

export function publicSite(site: Site): PublicSite {
  const { id, host, brand, languages, currency, phone, email, social, timeZone, isTest, country } = site;
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

/** What the browser may know of a site: everything of the config that a page shows. No secrets live in Site. */
import type { Site } from './sites.ts';

export type PublicSite = Pick<Site, 'id' | 'host' | 'brand' | 'languages' | 'currency' | 'phone' | 'email' | 'timeZone' | 'isTest'>;

export function publicSite(site: Site): PublicSite {
  const { id, host, brand, languages, currency, phone, email, timeZone, isTest } = site;
  return { id, host, brand, languages, currency, phone, email, timeZone, isTest };
}

/**
 * /oplata-i-vozvraty: the site's own text (per country; else the main one) on returns and the rest, and — generated
 * from the sites config — the payment and delivery methods its order form offers right now (server/checkout/site-offer.ts).
 */

import { siteOffer } from '../checkout/index.ts';

export type { PriceSummary, SiteOffer } from '../checkout/index.ts';

import { entrySeo, requireEntry } from './helpers/content-pages.ts';
import type { LoaderArgs } from './helpers/route-module.ts';

export async function loader(args: LoaderArgs) {
  const { site, language, services } = args.context;
  return {
    entry: await requireEntry(args, 'page', 'oplata-i-vozvraty'),
    offer: siteOffer(site, language, services.checkout.onlineAvailable(site)),
    ...(await entrySeo(args, 'page', 'oplata-i-vozvraty')),
  };
}

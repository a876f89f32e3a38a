/**
 * The in-process services every loader and API route uses: built here, once per app, and nowhere else
 * (server/http/services.ts decorates the Fastify instance with them).
 */

import { type Site, SiteDirectory } from '../../shared/sites.ts';
import type { SitesConfig } from '../../shared/sites-config.ts';
import type { AddressSuggestConfig } from '../config.ts';
import type { Db } from '../db/index.ts';
import { AuthService } from './auth.ts';
import { CartService } from './cart.ts';
import { CatalogService, type Category } from './catalog.ts';
import { CityService } from './cities.ts';
import { CompareService } from './compare.ts';
import { ContentService } from './content.ts';
import { FormService } from './forms.ts';
import { KitService } from './kits.ts';
import { ListingService } from './listing.ts';
import { LocationService } from './location.ts';
import { OrderService, UserService } from './orders.ts';
import { Outbox } from './outbox.ts';
import { RecordService } from './records.ts';
import { RelatedService } from './related.ts';
import { SessionService } from './sessions.ts';
import { SiteAddresses } from './site-address.ts';
import { TtlCache } from './ttl-cache.ts';
import { WidgetService, type Widgets } from './widgets.ts';

/** The part of every page's shell that is the same for all visitors of a site. */
export interface PublicShell {
  categories: Category[];
  widgets: Widgets;
  /** The onlineChat widget's script addresses that the site's chat allowlist admits (https only). */
  chatScripts: string[];
}

export interface Services {
  db: Db;
  /** The configured sites: host → site, language prefixes. */
  sites: SiteDirectory;
  /** Where a picked region may send the browser: the configured sites' origins only. */
  addresses: SiteAddresses;
  /** Sign-in (with its failed-attempt limit) and sign-out. */
  auth: AuthService;
  catalog: CatalogService;
  /** Category listings (sort, filters, pages) and the materials catalogue. */
  listing: ListingService;
  widgets: WidgetService;
  cities: CityService;
  /** The visitor IP → location lookup of the region overlay (spec §4). */
  location: LocationService;
  sessions: SessionService;
  cart: CartService;
  compare: CompareService;
  /** Ready kits with their contents, price and mass per site. */
  kits: KitService;
  /** Related products of a product page. */
  related: RelatedService;
  orders: OrderService;
  users: UserService;
  /** Mail queued in the transaction of the change it reports; delivered by the mail worker. */
  outbox: Outbox;
  /** A signed-in shopper's saved calculations, constructions and appointments (/records). */
  records: RecordService;
  /** News, articles, info pages and FAQ per site and language (decision 027). */
  content: ContentService;
  /** The public forms: fill-time stamps, rate limit, storing with the shop's notification (decision 027). */
  forms: FormService;
  /** Categories and widgets of a site (language-independent today: titles live in the database in Russian). */
  publicShell(site: Site): Promise<PublicShell>;
  /** Drops cached shell data and content (after an owner's edit, and in tests). */
  invalidateCaches(): void;
}

export function createServices(
  db: Db,
  options: {
    sites: SitesConfig;
    sessionSecret: string;
    shellCacheTtlMs: number;
    addressSuggest?: AddressSuggestConfig | null;
  },
): Services {
  const sites = new SiteDirectory(options.sites);
  const catalog = new CatalogService(db);
  const listing = new ListingService(db, options.shellCacheTtlMs);
  const widgets = new WidgetService(db);
  // Stale data may be served for up to ten TTLs while a refresh runs: a database hiccup does not blank the menu.
  const shellCache = new TtlCache<PublicShell>(options.shellCacheTtlMs, options.shellCacheTtlMs * 10).countedAs('shell');
  const sessions = new SessionService(db, options.sessionSecret);
  const content = new ContentService(db, options.shellCacheTtlMs);
  return {
    db,
    sites,
    addresses: new SiteAddresses(sites),
    auth: new AuthService(db),
    catalog,
    listing,
    widgets,
    cities: new CityService(db),
    location: new LocationService(options.addressSuggest ?? null),
    sessions,
    cart: new CartService(db, sessions),
    compare: new CompareService(db, sessions),
    kits: new KitService(db),
    related: new RelatedService(db),
    orders: new OrderService(db),
    users: new UserService(db),
    outbox: new Outbox(),
    records: new RecordService(db),
    content,
    // Outbox and RecordService hold no state: the forms' own instances write the same tables.
    forms: new FormService(db, options.sessionSecret, new Outbox(), new RecordService(db)),
    publicShell: (site) =>
      shellCache.get(site.id, async () => {
        const [categories, siteWidgets] = await Promise.all([catalog.listCategories(), widgets.allForSite(site.id, site.tags?.chatHosts)]);
        return { categories, ...siteWidgets };
      }),
    invalidateCaches: () => {
      shellCache.clear();
      listing.clearCache();
      content.clearCache();
    },
  };
}

/**
 * The in-process services every loader and API route uses: built here, once per app, and nowhere else
 * (server/http/services.ts decorates the Fastify instance with them).
 */

import { type Language, type Site, SiteDirectory } from '../../shared/sites.ts';
import type { SitesConfig } from '../../shared/sites-config.ts';
import { AccountOrders, AccountService, AddressBook, AuthService, RecordService } from '../accounts/index.ts';
import { PageCache, TtlCache } from '../cache/index.ts';
import { CalculatorDesk, CalculatorService } from '../calculator/index.ts';
import { CartService } from '../cart/index.ts';
import {
  CatalogService,
  type Category,
  CategoryDesk,
  CompareService,
  KitDesk,
  KitService,
  ListingService,
  MerchandiseDesk,
  ProductDesk,
  ProductImages,
  RelatedService,
  ShowcaseService,
} from '../catalog/index.ts';
import { CheckoutService, OrderDesk, OrderService, OrderWorkflow, PaymentService, UserService } from '../checkout/index.ts';
import { ContentDesk, ContentService, probeImageSize, WidgetService, type Widgets } from '../content/index.ts';
import type { Db } from '../db/index.ts';
import { contentNewsSource, FeedService } from '../feeds/index.ts';
import { FormService, FormStamps, LeadDesk, ReviewService } from '../forms/index.ts';
import { CityService, DealerService, LocationService } from '../geo/index.ts';
import { Mailer } from '../mail/index.ts';
import type { AddressSuggestConfig, OrdersConfig } from '../platform/config.ts';
import { PUBLIC_DIR } from '../platform/paths.ts';
import type { PaymentsConfig } from '../platform/payment-config.ts';
import { SessionService } from '../sessions/index.ts';
import { SiteAddresses } from '../sites/index.ts';
import { StaffService } from '../staff/index.ts';

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
  /** The staff's price grid, stock counts and stock movements (decision 049). */
  merchandise: MerchandiseDesk;
  /** The staff's product editor: names and descriptions per language, attributes, on sale or not (decision 049). */
  productDesk: ProductDesk;
  /** Product photos uploaded by the staff: WebP renditions stored in the database, the gallery's order and alt texts. */
  productImages: ProductImages;
  /** The staff's category editor: titles per language, address, menu order (decision 049). */
  categoryDesk: CategoryDesk;
  /** The staff's kit editor: lines by SKU, discount, titles per language, the price per site (decision 049). */
  kitDesk: KitDesk;
  /** Ready kits with their contents, price and mass per site. */
  kits: KitService;
  /** Related products of a product page. */
  related: RelatedService;
  /** The home page's kits, popular and newest products per site (cached like the shell). */
  showcase: ShowcaseService;
  orders: OrderService;
  /** The back office's reads of orders (list, filters, one order with its history; decision 049). */
  orderDesk: OrderDesk;
  /** Moving an order along the order graph, with stock, history, audit and the shopper's mail (decision 049). */
  orderWorkflow: OrderWorkflow;
  users: UserService;
  /** The back office's members, sign-in with a second factor and sessions (decision 049). */
  staff: StaffService;
  /** Mail: typed messages rendered and queued in the transaction of the change they report; the worker delivers them. */
  mail: Mailer;
  /** A signed-in shopper's saved calculations, constructions and appointments (/records). */
  records: RecordService;
  /** News, articles, info pages and FAQ per site and language (decision 027). */
  content: ContentService;
  /** The staff's content editor: rows as stored, preview with the shop's renderer, audited saves (decision 049). */
  contentDesk: ContentDesk;
  /** The public forms' submissions: rate limit, storing with the shop's notification (decision 027). */
  forms: FormService;
  /** The anti-robot stamps the public forms carry (minimum fill time, maximum age). */
  formStamps: FormStamps;
  /** Published reviews and their moderation. */
  reviews: ReviewService;
  /** The staff's inbox of questions, partner applications and appointments (decision 049). */
  leads: LeadDesk;
  /** The calculator's and constructor's tables with the layers' products priced per site (/calc, /constructor). */
  calculator: CalculatorService;
  /** The staff's editor of the calculator's tables, checked against the worked examples and the ready kits (decision 049). */
  calculatorDesk: CalculatorDesk;
  /** Online payment of orders (ЮKassa-compatible API) and its notifications. */
  payments: PaymentService;
  /** Registration, mailed links (confirmation, reset, e-mail change) and the personal area's changes. */
  accounts: AccountService;
  /** The account's orders in pages and 'repeat order'. */
  accountOrders: AccountOrders;
  /** A signed-in shopper's saved delivery addresses per site. */
  addressBook: AddressBook;
  /** The order form's checkout keys and placing an order (one transaction; decision 022). */
  checkout: CheckoutService;
  /** Dealers and installation centres per site (/map). */
  dealers: DealerService;
  /** The sitemap, robots.txt, the YML and RSS feeds of each site, rendered once and cached (server/feeds/). */
  feeds: FeedService;
  /** Categories (in `language`, decision 048) and widgets of a site; the spec's API answers read it in Russian. */
  publicShell(site: Site, language: Language): Promise<PublicShell>;
  /** Rendered pages of visitors without personal state (decision 052). */
  pages: PageCache;
  /** Drops cached shell data, content and pages (after an owner's edit, and in tests). */
  invalidateCaches(): void;
}

const NO_PAYMENTS: PaymentsConfig = { apiUrl: 'https://api.yookassa.ru', timeoutMs: 10000, confirmationHosts: [], shops: {} };

export function createServices(
  db: Db,
  options: {
    sites: SitesConfig;
    sessionSecret: string;
    shellCacheTtlMs: number;
    /** 0 or unset: pages are not cached. */
    pageCacheTtlMs?: number;
    addressSuggest?: AddressSuggestConfig | null;
    /** Online payment; unset: no site takes it. */
    payments?: PaymentsConfig;
    /** Per-order caps and reservation times (decision 036); unset: the defaults. */
    orders?: OrdersConfig;
    /** Where services report trouble they handle themselves (the app's logger). */
    log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  },
): Services {
  const sites = new SiteDirectory(options.sites);
  const catalog = new CatalogService(db, options.pageCacheTtlMs ?? 0);
  const listing = new ListingService(db, options.shellCacheTtlMs);
  const showcase = new ShowcaseService(db, options.shellCacheTtlMs);
  const widgets = new WidgetService(db);
  // Stale data may be served for up to ten TTLs while a refresh runs: a database hiccup does not blank the menu.
  const shellCache = new TtlCache<PublicShell>(options.shellCacheTtlMs, options.shellCacheTtlMs * 10).countedAs('shell');
  const sessions = new SessionService(db, options.sessionSecret, (siteId) => sites.byId(siteId)?.priceList);
  const auth = new AuthService(db);
  const calculator = new CalculatorService(db, options.shellCacheTtlMs);
  const mail = new Mailer();
  const records = new RecordService(db);
  const cart = new CartService(db, sessions);
  const payments = new PaymentService(db, options.payments ?? NO_PAYMENTS, options.log);
  const dealers = new DealerService(db, options.shellCacheTtlMs);
  const content = new ContentService(db, options.shellCacheTtlMs);
  const pages = new PageCache(options.pageCacheTtlMs ?? 0);
  const feeds = new FeedService(db, sites, { ttlMs: options.shellCacheTtlMs * 10, news: contentNewsSource(content) });
  const contentDesk = new ContentDesk(
    db,
    (src) => probeImageSize(PUBLIC_DIR, src),
    () => {
      content.clearCache();
      feeds.clear();
      pages.clear();
    },
  );
  // A catalogue change made here (prices, stock, products) reaches this process's cached lists at once.
  const catalogChanged = () => {
    shellCache.clear();
    catalog.clearCache();
    listing.clearCache();
    showcase.clearCache();
    calculator.clearCache();
    feeds.clear();
    pages.clear();
  };
  const merchandise = new MerchandiseDesk(db, catalogChanged);
  return {
    db,
    sites,
    merchandise,
    productDesk: new ProductDesk(db, catalogChanged),
    productImages: new ProductImages(db, catalogChanged),
    categoryDesk: new CategoryDesk(db, catalogChanged),
    kitDesk: new KitDesk(db, catalogChanged),
    addresses: new SiteAddresses(sites),
    auth,
    catalog,
    listing,
    widgets,
    cities: new CityService(db),
    location: new LocationService(options.addressSuggest ?? null),
    sessions,
    cart,
    compare: new CompareService(db, sessions),
    kits: new KitService(db),
    related: new RelatedService(db),
    showcase,
    orders: new OrderService(db),
    orderDesk: new OrderDesk(db),
    orderWorkflow: new OrderWorkflow(db, mail, (id) => sites.byId(id)),
    users: new UserService(db),
    staff: new StaffService(db, options.sessionSecret),
    mail,
    records,
    content,
    contentDesk,
    forms: new FormService(db, mail, records),
    formStamps: new FormStamps(options.sessionSecret),
    reviews: new ReviewService(db, () => pages.clear()),
    leads: new LeadDesk(db),
    calculator,
    // A table change reaches this process's calculator (and the pages it feeds) at once; other pods within the TTL.
    calculatorDesk: new CalculatorDesk(db, catalogChanged),
    payments,
    accounts: new AccountService(db, options.sessionSecret, auth, mail, (id) => sites.byId(id), options.log),
    accountOrders: new AccountOrders(db, sessions),
    addressBook: new AddressBook(db),
    checkout: new CheckoutService(db, {
      cart,
      sessions,
      mail,
      secret: options.sessionSecret,
      onlinePaymentAvailable: (site) => payments.onlineAvailable(site.id),
      rules: options.orders,
    }),
    dealers,
    feeds,
    publicShell: (site, language) =>
      shellCache.get(`${site.id}:${language}`, async () => {
        const [categories, siteWidgets] = await Promise.all([
          catalog.listCategories(language),
          widgets.allForSite(site.id, site.tags?.chatHosts),
        ]);
        return { categories, ...siteWidgets };
      }),
    invalidateCaches: () => {
      catalogChanged();
      dealers.clearCache();
      content.clearCache();
    },
    pages,
  };
}

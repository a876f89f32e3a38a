/** The public face of server/catalog/: what the rest of the server imports from it. */
export { CatalogService, type Category, likePattern, type ProductCard } from './catalog.ts';
export { CompareService, MAX_COMPARE_ITEMS } from './compare.ts';
export { KitService } from './kits.ts';
export { ListingService, parseListingQuery } from './listing.ts';
export {
  applyImport,
  exportRows,
  type ImportPlan,
  MERCHANDISE_PAGE_SIZE,
  MerchandiseDesk,
  type MerchandiseRow,
  type PlannedChange,
  type PriceChange,
  planImport,
  type StockMovement,
} from './merchandise.ts';
export { soldPrice, unsoldOf } from './offers.ts';
export {
  formatAttributes,
  PRODUCTS_PAGE_SIZE,
  ProductDesk,
  type ProductDraft,
  type ProductListRow,
  parseAttributes,
  TRANSLATED_LANGUAGES,
} from './product-desk.ts';
export { RelatedService } from './related.ts';
export { type Showcase, ShowcaseService } from './showcase.ts';

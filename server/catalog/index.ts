/** The public face of server/catalog/: what the rest of the server imports from it. */
export { CatalogService, type Category, likePattern, type ProductCard } from './catalog.ts';
export { CategoryDesk, type CategoryDraft, type CategoryListRow } from './category-desk.ts';
export { CompareService, MAX_COMPARE_ITEMS } from './compare.ts';
export {
  addFileError,
  type CsvPlan,
  type CsvRecord,
  csvCell,
  errorCount,
  omittedErrorsNote,
  type PlannedChange,
  planCsvStream,
  type RowError,
} from './csv-import.ts';
export { KitDesk, type KitDraft, type KitLineDraft, type KitListRow, type KitSitePrice, MAX_KIT_LINES } from './kit-desk.ts';
export { KitService } from './kits.ts';
export { ListingService, parseListingQuery } from './listing.ts';
export {
  applyImport,
  exportRows,
  type ImportPlan,
  MERCHANDISE_PAGE_SIZE,
  MerchandiseDesk,
  type MerchandiseRow,
  type PriceChange,
  planImport,
  type StockMovement,
} from './merchandise.ts';
export { soldPrice, unsoldOf } from './offers.ts';
export {
  applyProductImport,
  exportProductRows,
  PRODUCT_CSV_REQUIRED,
  PRODUCTS_CHANGED,
  type ProductImportPlan,
  planProductImport,
} from './product-csv.ts';
export {
  formatAttributes,
  PRODUCTS_PAGE_SIZE,
  ProductDesk,
  type ProductDraft,
  type ProductListRow,
  parseAttributes,
  TRANSLATED_LANGUAGES,
} from './product-desk.ts';
export {
  ALT_MAX_LENGTH,
  type GalleryImage,
  type ImageChangeError,
  type ImageEdit,
  MAX_PRODUCT_IMAGES,
  MEDIA_MAX_BYTES,
  type MediaRendition,
  ProductImages,
} from './product-images.ts';
export { RelatedService } from './related.ts';
export { type Showcase, ShowcaseService } from './showcase.ts';

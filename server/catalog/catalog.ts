/** Categories and products from the database, priced from a site's price list (the read model, offers.ts). */
import { DEFAULT_LANGUAGE, type Language } from '../../shared/sites.ts';
import { TtlCache } from '../cache/index.ts';
import type { Queryable } from '../db/index.ts';
import { normalizeSearchText, type SearchResult, searchCatalog } from './search.ts';

export type { Category, ComparedProduct, Product, ProductCard } from '../../shared/catalog.ts';

import type { Category, Product, ProductCard } from '../../shared/catalog.ts';

export type { SearchResult } from '../../shared/search.ts';

/** A category's card columns from `categories_in($lang) c` (migration 026: titles in the page's language). */
export const categoryColumns = `c.id, c.title, c.lang, '/' || c.slug AS url, c.preview_image`;

/** Escapes LIKE wildcards so a shopper's "%" or "_" match literally. */
export function likePattern(text: string): string {
  return '%' + text.replace(/[\\%_]/g, (ch) => '\\' + ch) + '%';
}

/** Distinct searches kept (language, limit and normalised text); the least recently stored goes first past it. */
const SEARCHES_KEPT = 2000;

export class CatalogService {
  /**
   * Search answers, which depend on the text, the limit, the language and the catalogue only (no site, price or
   * visitor): the header's live search asks the same few prefixes over and over. Kept for the page cache's lifetime
   * (PAGE_CACHE_TTL; 0 keeps nothing), stale up to ten times that while one search refreshes it, and cleared with every
   * catalogue change made on this pod (`clearCache`).
   */
  private readonly searches: TtlCache<SearchResult[]> | undefined;

  constructor(
    private readonly db: Queryable,
    searchTtlMs = 0,
  ) {
    this.searches =
      searchTtlMs > 0
        ? new TtlCache<SearchResult[]>(searchTtlMs, searchTtlMs * 10, Date.now, SEARCHES_KEPT).countedAs('search')
        : undefined;
  }

  /** Forgets every kept search answer (a catalogue change). */
  clearCache(): void {
    this.searches?.clear();
  }

  /** The categories in `language` (the Russian title where one has no translation, marked by `lang`). */
  listCategories(language: Language): Promise<Category[]> {
    return this.db.query<Category>(`SELECT ${categoryColumns} FROM categories_in($1) c ORDER BY c.sort, c.id`, [language]);
  }

  async findCategory(slug: string, language: Language): Promise<(Category & { description: string }) | undefined> {
    const [row] = await this.db.query<Category & { description: string }>(
      `SELECT ${categoryColumns}, c.description FROM categories_in($2) c WHERE c.slug = $1`,
      [slug, language],
    );
    return row;
  }

  /**
   * The current slug of the category that once had `slug` (category-desk.ts keeps every slug a rename left behind),
   * for the 301 from an old address. Asked only after no live category has `slug`: a live one always wins.
   */
  async movedCategory(slug: string): Promise<string | undefined> {
    const [row] = await this.db.query<{ slug: string }>(
      'SELECT c.slug FROM category_redirects r JOIN categories c ON c.id = r.category_id WHERE r.slug = $1',
      [slug],
    );
    return row?.slug;
  }

  async findProduct(categorySlug: string, productSlug: string, priceList: string, language: Language): Promise<Product | undefined> {
    const [row] = await this.db.query<
      Omit<Product, 'category'> & {
        category_id: number;
        category_title: string;
        category_lang: Category['lang'];
        category_image: string | null;
      }
    >(
      `SELECT o.id, o.sku, o.title, o.lang, '/' || c.slug || '/' || o.slug AS url, o.images->0->>'src' AS preview_image,
              o.price::float8 AS price, o.description, a.attributes, a.ru_keys AS ru_attributes, o.images, o.stock,
              c.id AS category_id, c.title AS category_title, c.lang AS category_lang, c.preview_image AS category_image
         FROM site_offers_in($3, $4) o
         JOIN categories_in($4) c ON c.id = o.category_id
        CROSS JOIN LATERAL attributes_in(o.attributes, $4) a
        WHERE c.slug = $1 AND o.slug = $2 AND o.active`,
      [categorySlug, productSlug, priceList, language],
    );
    if (!row) return undefined;
    const { category_id, category_title, category_lang, category_image, ...product } = row;
    return {
      ...product,
      category: { id: category_id, title: category_title, lang: category_lang, url: '/' + categorySlug, preview_image: category_image },
    };
  }

  /** Cards of the active products `ids` as the site of `priceList` offers them, in the order of `ids` (unknown ids left out). */
  async cards(ids: number[], priceList: string, language: Language): Promise<ProductCard[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.query<ProductCard>(
      `SELECT o.id, o.sku, o.title, o.lang, '/' || c.slug || '/' || o.slug AS url, o.images->0->>'src' AS preview_image,
              CASE WHEN o.sold THEN o.price::float8 END AS price, o.stock
         FROM site_offers_in($2, $3) o
         JOIN categories c ON c.id = o.category_id
        WHERE o.id = ANY($1::int[]) AND o.active`,
      [ids, priceList, language],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** The address of the one active product with this slug, when exactly one exists (for canonical redirects). */
  async productUrlBySlug(productSlug: string): Promise<string | undefined> {
    const rows = await this.db.query<{ url: string }>(
      `SELECT '/' || c.slug || '/' || p.slug AS url FROM products p JOIN categories c ON c.id = p.category_id
        WHERE p.slug = $1 AND p.is_active LIMIT 2`,
      [productSlug],
    );
    return rows.length === 1 ? rows[0]!.url : undefined;
  }

  /** Catalogue search (server/catalog/search.ts): morphology, typos, keyboard layout, SKU; ranked. */
  search(text: string, limit = 10, language: Language = DEFAULT_LANGUAGE): Promise<SearchResult[]> {
    const run = () => searchCatalog(this.db, text, limit, language);
    return this.searches ? this.searches.get(`${language}\n${limit}\n${normalizeSearchText(text)}`, run) : run();
  }
}

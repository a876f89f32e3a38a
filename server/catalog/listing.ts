/**
 * The category listing (sorting, attribute filters, pages) and the materials catalogue's featured products.
 * Decision: docs/decisions/013-category-listing.md.
 *
 * Every query is bounded: a listing page is LIMIT/OFFSET of LISTING_PAGE_SIZE with a count under the same WHERE;
 * the facets of a category (its attributes' ranges and values, its price range) are one aggregate query,
 * cached per category and price list like the shell. Attribute names and values reach SQL only as parameters.
 */
import { z } from 'zod';
import type { FallbackLang } from '../../shared/catalog.ts';
import {
  DEFAULT_SORT,
  type Facet,
  LISTING_PAGE_SIZE,
  LISTING_SORTS,
  type ListingFilters,
  type ListingSort,
  type ListingState,
  type Range,
  RESERVED_PARAMS,
} from '../../shared/listing.ts';
import { KITS_CATEGORY_ID, KITS_PATH } from '../../shared/navigation.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/sites.ts';
import { TtlCache } from '../cache/index.ts';
import type { Queryable } from '../db/index.ts';
import type { ProductCard } from './catalog.ts';
import { KitService } from './kits.ts';

/** What a category offers to filter by. */
export interface CategoryFacets {
  /** Attribute facets, in display order. */
  attributes: Facet[];
  /** The range of the category's prices on the site's price list; null when nothing there has a price. */
  price: { min: number; max: number } | null;
}

export interface ListingPage {
  products: ProductCard[];
  /** Products matching the filters (all pages). */
  total: number;
  /** Number of pages (at least 1). */
  pages: number;
}

export interface CategorySummary {
  id: number;
  title: string;
  lang: FallbackLang;
  url: string;
  preview_image: string | null;
  /** Active products in the category. */
  count: number;
  /** The most popular products the site sells (has a price for). */
  featured: ProductCard[];
}

/** Attributes shown first, in this order (the rest follow alphabetically). */
const FACET_ORDER = ['thickness_mm', 'mass_kg_m2', 'loss_factor', 'foil_um', 'material', 'adhesive'];
/** Attribute names usable as query parameters: lower-case latin, digits and underscores. */
const ATTRIBUTE_NAME = /^[a-z][a-z0-9_]{0,39}$/;
/** A text attribute with more values than this is not a checkbox filter. */
const MAX_VALUES = 30;
const MAX_VALUE_LENGTH = 100;

// ── query parsing (zod at the edge) ─────────────────────────────────────────────────────────────────
const sortParam = z.enum(LISTING_SORTS).catch(DEFAULT_SORT);
/** 1-based page: digits only ("1e9", "-1", "abc" and "0" are page 1). */
const pageParam = z
  .string()
  .regex(/^\d{1,9}$/)
  .transform(Number)
  .pipe(z.number().int().min(1))
  .catch(1);
/** A decimal number as a shopper types it ("2.5" or "2,5"); NaN, Infinity, exponents and junk are no bound. */
const boundParam = z
  .string()
  .trim()
  .regex(/^-?\d{1,12}(?:[.,]\d{1,6})?$/)
  .transform((s) => Number(s.replace(',', '.')))
  .pipe(z.number().finite())
  .nullable()
  .catch(null);

function rangeParam(params: URLSearchParams, name: string): Range {
  let min = boundParam.parse(params.get(`${name}_min`));
  let max = boundParam.parse(params.get(`${name}_max`));
  if (min !== null && max !== null && min > max) [min, max] = [max, min];
  return { min, max };
}

/**
 * The listing state from a request's query string, normalised against the category's facets: an unknown sort
 * is the default, a bad page is 1, bad bounds are dropped, values the category does not have and unknown
 * parameters are ignored; a repeated single-valued parameter counts once (its first occurrence).
 */
export function parseListingQuery(params: URLSearchParams, facets: CategoryFacets): ListingState {
  const filters: ListingFilters = { price: rangeParam(params, 'price'), ranges: {}, values: {} };
  for (const facet of facets.attributes) {
    if (facet.kind === 'range') {
      const range = rangeParam(params, facet.key);
      if (range.min !== null || range.max !== null) filters.ranges[facet.key] = range;
    } else {
      const chosen = new Set(params.getAll(facet.key));
      const values = facet.values.filter((v) => chosen.has(v));
      if (values.length > 0) filters.values[facet.key] = values;
    }
  }
  return { sort: sortParam.parse(params.get('sort')), page: pageParam.parse(params.get('page')), filters };
}

// ── SQL ─────────────────────────────────────────────────────────────────────────────────────────────
/**
 * Price orders put products without a price on the site's list last, in both directions. Popularity and
 * novelty follow the listing indexes (category, popularity / created_at) so that a page reads only its rows.
 */
const ORDER_BY: Record<ListingSort, string> = {
  popular: 'o.popularity DESC, o.id',
  price_asc: 'o.price ASC NULLS LAST, o.popularity DESC, o.id',
  price_desc: 'o.price DESC NULLS LAST, o.popularity DESC, o.id',
  new: 'o.created_at DESC, o.id DESC',
};

/**
 * WHERE of a category's listing over the site's offers (`site_offers o`, the read model of offers.ts): $1 category id,
 * $2 price list; filters append their parameters.
 */
function whereClause(categoryId: number, priceList: string, filters: ListingFilters): { sql: string; params: unknown[] } {
  const params: unknown[] = [categoryId, priceList];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = ['o.price_list = $2', 'o.category_id = $1', 'o.active'];
  // A price bound excludes products without a price (NULL compares false).
  if (filters.price.min !== null) where.push(`o.price >= ${p(filters.price.min)}::numeric`);
  if (filters.price.max !== null) where.push(`o.price <= ${p(filters.price.max)}::numeric`);
  for (const [key, range] of Object.entries(filters.ranges)) {
    // CASE guards the cast: a text value under a numeric attribute's name never reaches ::numeric.
    const value = `(CASE WHEN jsonb_typeof(o.attributes -> ${p(key)}::text) = 'number' THEN (o.attributes ->> $${params.length}::text)::numeric END)`;
    if (range.min !== null) where.push(`${value} >= ${p(range.min)}::numeric`);
    if (range.max !== null) where.push(`${value} <= ${p(range.max)}::numeric`);
  }
  for (const [key, values] of Object.entries(filters.values)) {
    where.push(`o.attributes ->> ${p(key)}::text = ANY(${p(values)}::text[])`);
  }
  return { sql: where.join(' AND '), params };
}

interface FacetRow {
  key: string;
  kind: 'range' | 'values';
  value: string | null;
  min: number | null;
  max: number | null;
  n: number;
}

export class ListingService {
  private readonly facetCache: TtlCache<CategoryFacets>;
  private readonly materialsCache: TtlCache<CategorySummary[]>;
  /** The ready kits (the kits category's entries on /materials). */
  private readonly kits: KitService;

  constructor(
    private readonly db: Queryable,
    cacheTtlMs: number,
  ) {
    this.facetCache = new TtlCache<CategoryFacets>(cacheTtlMs, cacheTtlMs * 10);
    this.materialsCache = new TtlCache<CategorySummary[]>(cacheTtlMs, cacheTtlMs * 10);
    this.kits = new KitService(db);
  }

  /** The category's filters: numeric attributes with two or more values, text attributes with 2…30 values. */
  facets(categoryId: number, priceList: string, language: Language): Promise<CategoryFacets> {
    return this.facetCache.get(`${categoryId}:${priceList}:${language}`, () => this.loadFacets(categoryId, priceList, language));
  }

  clearCache(): void {
    this.facetCache.clear();
    this.materialsCache.clear();
  }

  private async loadFacets(categoryId: number, priceList: string, language: Language): Promise<CategoryFacets> {
    const [rows, [price], labels] = await Promise.all([
      this.db.query<FacetRow>(
        `WITH a AS (
           SELECT e.key, jsonb_typeof(e.value) AS type, e.value #>> '{}' AS value
             FROM products p CROSS JOIN LATERAL jsonb_each(p.attributes) e
            WHERE p.category_id = $1 AND p.is_active AND jsonb_typeof(e.value) IN ('number', 'string'))
         SELECT key, 'range' AS kind, NULL::text AS value, min(value::numeric)::float8 AS min, max(value::numeric)::float8 AS max,
                count(DISTINCT value::numeric)::int AS n
           FROM a WHERE type = 'number' GROUP BY key
         UNION ALL
         SELECT key, 'values' AS kind, value, NULL::float8, NULL::float8, count(*)::int AS n
           FROM a WHERE type = 'string' GROUP BY key, value`,
        [categoryId],
      ),
      this.db.query<{ min: number | null; max: number | null }>(
        `SELECT min(o.price)::float8 AS min, max(o.price)::float8 AS max
           FROM site_offers o WHERE o.price_list = $2 AND o.category_id = $1 AND o.sold`,
        [categoryId, priceList],
      ),
      // The category's text values in the page's language (migration 026).
      this.db.query<{ attribute: string; value: string; text: string }>(
        `SELECT DISTINCT t.attribute, t.value, t.text
           FROM products p CROSS JOIN LATERAL jsonb_each_text(p.attributes) e
           JOIN attribute_value_translations t ON t.attribute = e.key AND t.value = e.value AND t.language = $2
          WHERE p.category_id = $1 AND p.is_active`,
        [categoryId, language],
      ),
    ]);
    const ranges = new Map<string, Facet>();
    const values = new Map<string, string[]>();
    for (const row of rows) {
      if (!ATTRIBUTE_NAME.test(row.key) || RESERVED_PARAMS.has(row.key) || /_(min|max)$/.test(row.key)) continue;
      if (row.kind === 'range') {
        if (row.n >= 2 && row.min !== null && row.max !== null)
          ranges.set(row.key, { key: row.key, kind: 'range', min: row.min, max: row.max });
      } else if (row.value !== null && row.value.length <= MAX_VALUE_LENGTH) {
        values.set(row.key, [...(values.get(row.key) ?? []), row.value]);
      }
    }
    const facets: Facet[] = [...ranges.values()];
    for (const [key, list] of values) {
      // A name that is numeric elsewhere in the category stays a range filter.
      if (ranges.has(key) || list.length < 2 || list.length > MAX_VALUES) continue;
      // Russian values are their own labels; in another language a value without a translation has none.
      const texts = Object.fromEntries(
        language === DEFAULT_LANGUAGE ? list.map((v) => [v, v]) : labels.filter((l) => l.attribute === key).map((l) => [l.value, l.text]),
      );
      facets.push({ key, kind: 'values', values: list.sort((x, y) => x.localeCompare(y, 'ru')), labels: texts });
    }
    const rank = (key: string) => {
      const i = FACET_ORDER.indexOf(key);
      return i === -1 ? FACET_ORDER.length : i;
    };
    facets.sort((x, y) => rank(x.key) - rank(y.key) || x.key.localeCompare(y.key));
    return {
      attributes: facets,
      price: price && price.min !== null && price.max !== null ? { min: price.min, max: price.max } : null,
    };
  }

  /** One page of the category's products under the filters and sort, with the total count (same WHERE). */
  async page(category: { id: number; url: string }, priceList: string, state: ListingState, language: Language): Promise<ListingPage> {
    const where = whereClause(category.id, priceList, state.filters);
    const [{ n: total }] = (await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM site_offers o WHERE ${where.sql}`,
      where.params,
    )) as [{ n: number }];
    const pages = Math.max(1, Math.ceil(total / LISTING_PAGE_SIZE));
    if (total === 0 || state.page > pages) return { products: [], total, pages };
    const params = [...where.params, category.url + '/', LISTING_PAGE_SIZE, (state.page - 1) * LISTING_PAGE_SIZE, language];
    const n = where.params.length;
    // The same WHERE over the read model in the page's language ($2 is the price list in both).
    const products = await this.db.query<ProductCard>(
      `SELECT o.id, o.sku, o.title, o.lang, $${n + 1}::text || o.slug AS url, o.images->0->>'src' AS preview_image,
              o.price::float8 AS price, o.stock
         FROM site_offers_in($2, $${n + 4}) o
        WHERE ${where.sql}
        ORDER BY ${ORDER_BY[state.sort]}
        LIMIT $${n + 2} OFFSET $${n + 3}`,
      params,
    );
    return { products, total, pages };
  }

  /**
   * Every category with its product count and its `perCategory` most popular products that the site sells
   * (a price on its list): one query, a LATERAL LIMIT per category walking the popularity index. Cached per
   * price list like the shell.
   */
  materials(site: { priceList: string; rounding: number }, language: Language, perCategory = 4): Promise<CategorySummary[]> {
    return this.materialsCache.get(`${site.priceList}:${site.rounding}:${language}:${perCategory}`, () =>
      this.loadMaterials(site, language, perCategory),
    );
  }

  /**
   * Every category with its count and most popular products; the kits category (KITS_CATEGORY_ID) counts the ready
   * kits the site sells and features them (their products are in other categories), as its list page shows them.
   */
  private async loadMaterials(
    site: { priceList: string; rounding: number },
    language: Language,
    perCategory: number,
  ): Promise<CategorySummary[]> {
    const { priceList } = site;
    const kitsOnSale = (await this.kits.list(site, language)).filter((k) => k.purchasable);
    const rows = await this.db.query<{
      cid: number;
      ctitle: string;
      clang: FallbackLang;
      curl: string;
      cimage: string | null;
      count: number;
      id: number | null;
      sku: string;
      title: string;
      lang: FallbackLang;
      url: string;
      preview_image: string | null;
      price: number | null;
      stock: number | null;
    }>(
      `SELECT c.id AS cid, c.title AS ctitle, c.lang AS clang, '/' || c.slug AS curl, c.preview_image AS cimage,
              (SELECT count(*)::int FROM products x WHERE x.category_id = c.id AND x.is_active) AS count,
              f.id, f.sku, f.title, f.lang, '/' || c.slug || '/' || f.slug AS url, f.preview_image, f.price, f.stock
         FROM categories_in($3) c
         LEFT JOIN LATERAL (
           SELECT o.id, o.sku, o.title, o.lang, o.slug, o.images->0->>'src' AS preview_image, o.price::float8 AS price, o.stock,
                  o.popularity
             FROM site_offers_in($1, $3) o
            WHERE o.category_id = c.id AND o.sold
            ORDER BY o.popularity DESC, o.id
            LIMIT $2) f ON true
        ORDER BY c.sort, c.id, f.popularity DESC, f.id`,
      [priceList, perCategory, language],
    );
    const out: CategorySummary[] = [];
    for (const row of rows) {
      let summary = out.at(-1);
      if (!summary || summary.id !== row.cid) {
        summary = {
          id: row.cid,
          title: row.ctitle,
          lang: row.clang,
          url: row.curl,
          preview_image: row.cimage,
          count: row.count,
          featured: [],
        };
        if (row.cid === KITS_CATEGORY_ID) {
          summary.url = KITS_PATH;
          summary.count = kitsOnSale.length;
          summary.featured = kitsOnSale.slice(0, perCategory).map((k) => ({
            id: k.id,
            sku: k.slug,
            title: k.title,
            lang: k.lang,
            url: k.url,
            // A kit's picture: its first line's.
            preview_image: k.lines[0]?.preview_image ?? null,
            price: k.price,
            stock: null,
          }));
        }
        out.push(summary);
      }
      if (row.cid === KITS_CATEGORY_ID) continue;
      if (row.id !== null) {
        summary.featured.push({
          id: row.id,
          sku: row.sku,
          title: row.title,
          lang: row.lang,
          url: row.url,
          preview_image: row.preview_image,
          price: row.price,
          stock: row.stock,
        });
      }
    }
    return out;
  }
}

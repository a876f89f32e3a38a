/**
 * The home page's selections per site (issue 19: a home page that sells): the ready kits the site sells, its most
 * popular products and its newest ones. Read through the catalogue read model (site_offers: sold on the site's
 * price list) and cached per price list like the shell, so the home page's first screen never waits on them.
 */

import type { Language } from '../../shared/sites.ts';
import { TtlCache } from '../cache/index.ts';
import type { Queryable } from '../db/index.ts';
import type { ProductCard } from './catalog.ts';
import { type Kit, KitService } from './kits.ts';

export const SHOWCASE_POPULAR = 8;
export const SHOWCASE_NEWEST = 4;
export const SHOWCASE_KITS = 3;

export interface Showcase {
  kits: Kit[];
  popular: ProductCard[];
  /** The newest products not already among the popular ones. */
  newest: ProductCard[];
}

const CARD_COLUMNS = `o.id, o.sku, o.title, o.lang, '/' || c.slug || '/' || o.slug AS url, o.images->0->>'src' AS preview_image,
       o.price::float8 AS price, o.stock`;

export class ShowcaseService {
  private readonly cache: TtlCache<Showcase>;
  private readonly kits: KitService;

  constructor(
    private readonly db: Queryable,
    cacheTtlMs: number,
  ) {
    this.cache = new TtlCache<Showcase>(cacheTtlMs, cacheTtlMs * 10).countedAs('showcase');
    this.kits = new KitService(db);
  }

  forSite(site: { priceList: string; rounding: number }, language: Language): Promise<Showcase> {
    return this.cache.get(`${site.priceList}:${site.rounding}:${language}`, () => this.load(site, language));
  }

  clearCache(): void {
    this.cache.clear();
  }

  private async load(site: { priceList: string; rounding: number }, language: Language): Promise<Showcase> {
    const [kits, popular, newest] = await Promise.all([
      this.kits.list(site, language),
      this.cards('o.popularity DESC, o.id', SHOWCASE_POPULAR, site.priceList, language),
      // Enough to fill the row after the popular ones are taken out.
      this.cards('o.created_at DESC, o.id DESC', SHOWCASE_NEWEST + SHOWCASE_POPULAR, site.priceList, language),
    ]);
    const shown = new Set(popular.map((p) => p.id));
    return {
      kits: kits.filter((k) => k.purchasable).slice(0, SHOWCASE_KITS),
      popular,
      newest: newest.filter((p) => !shown.has(p.id)).slice(0, SHOWCASE_NEWEST),
    };
  }

  private cards(orderBy: string, limit: number, priceList: string, language: Language): Promise<ProductCard[]> {
    return this.db.query<ProductCard>(
      `SELECT ${CARD_COLUMNS}
         FROM site_offers_in($1, $3) o
         JOIN categories c ON c.id = o.category_id
        WHERE o.sold
        ORDER BY ${orderBy}
        LIMIT $2`,
      [priceList, limit, language],
    );
  }
}

/**
 * Ready kits (kits, kit_items): contents, price on a site and mass. One query reads every kit with its lines
 * (or one kit), priced from the site's price list; the totals follow domain.md:
 *   price = Σ price per unit × quantity, minus the kit's discount, rounded to the site's step;
 *   mass  = Σ quantity × sheet area × kg/m² (or the unit's net mass), over the lines whose mass is known.
 * A kit is purchasable on a site only when the site sells every one of its products.
 */

import { kitPrice, roundToStep, separatePrice } from '../../shared/cart.ts';
import type { FallbackLang } from '../../shared/catalog.ts';
import { KITS_PATH } from '../../shared/navigation.ts';
import { unitMassKg } from '../../shared/product-info.ts';
import type { Language } from '../../shared/sites.ts';
import type { Queryable } from '../db/index.ts';
import { soldPrice } from './offers.ts';

export interface KitLine {
  productId: number;
  sku: string;
  title: string;
  lang: FallbackLang;
  url: string;
  preview_image: string | null;
  quantity: number;
  /** Price of one unit on the site; null when the site does not sell it (or it is withdrawn). */
  price: number | null;
  /** Mass of one unit, kg; null when the product's attributes do not give it. */
  unitMassKg: number | null;
}

export interface Kit {
  id: number;
  slug: string;
  title: string;
  /** 'ru' when title and description are the Russian fallback (decision 048). */
  lang: FallbackLang;
  description: string;
  discountPercent: number;
  url: string;
  lines: KitLine[];
  /** The site sells every product of the kit. */
  purchasable: boolean;
  /** Σ price × quantity at the site's prices (null when not purchasable). */
  separatePrice: number | null;
  /** The kit's price: separatePrice minus the discount, rounded to the site's step (null when not purchasable). */
  price: number | null;
  /** Σ quantity × unit mass over the lines with a known mass, rounded to 0.1 kg. */
  massKg: number;
  /** Some lines have no known mass (tools, liquids by volume): massKg leaves them out. */
  massPartial: boolean;
}

interface KitRow {
  id: number;
  slug: string;
  title: string;
  lang: FallbackLang;
  description: string;
  discount_percent: number;
  /** A kit line as read, with the attributes its unit mass comes from. */
  lines: Array<Omit<KitLine, 'unitMassKg'> & { attributes: Record<string, unknown> }>;
}

/** An amount rounded to the site's step (shared with the cart's kit discounts, shared/cart.ts). */
export { roundToStep };

export class KitService {
  constructor(private readonly db: Queryable) {}

  async list(site: { priceList: string; rounding: number }, language: Language): Promise<Kit[]> {
    return (await this.rows(null, site.priceList, language)).map((row) => priced(row, site.rounding));
  }

  async find(slug: string, site: { priceList: string; rounding: number }, language: Language): Promise<Kit | undefined> {
    const [row] = await this.rows(slug, site.priceList, language);
    return row && priced(row, site.rounding);
  }

  private rows(slug: string | null, priceList: string, language: Language): Promise<KitRow[]> {
    return this.db.query<KitRow>(
      `SELECT k.id, k.slug, k.title, k.lang, k.description, k.discount_percent::float8 AS discount_percent,
              json_agg(json_build_object(
                'productId', o.id, 'sku', o.sku, 'title', o.title, 'lang', o.lang, 'url', '/' || c.slug || '/' || o.slug,
                'preview_image', o.images->0->>'src', 'quantity', ki.quantity,
                'price', ${soldPrice('o')}, 'attributes', o.attributes
              ) ORDER BY ki.quantity DESC, o.id) AS lines
         FROM kits_in($3) k
         JOIN kit_items ki ON ki.kit_id = k.id
         JOIN site_offers_in($2, $3) o ON o.id = ki.product_id
         JOIN categories c ON c.id = o.category_id
        WHERE $1::text IS NULL OR k.slug = $1
        GROUP BY k.id, k.slug, k.title, k.lang, k.description, k.discount_percent
        ORDER BY k.id`,
      [slug, priceList, language],
    );
  }
}

function priced(row: KitRow, rounding: number): Kit {
  const lines: KitLine[] = row.lines.map(({ attributes, ...line }) => ({ ...line, unitMassKg: unitMassKg(attributes) ?? null }));
  const purchasable = lines.every((l) => l.price !== null);
  const separate = purchasable ? separatePrice(lines.map((l) => ({ price: l.price!, quantity: l.quantity }))) : null;
  const price = separate === null ? null : kitPrice(separate, row.discount_percent, rounding);
  const mass = lines.reduce((sum, l) => sum + (l.unitMassKg ?? 0) * l.quantity, 0);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    lang: row.lang,
    description: row.description,
    discountPercent: row.discount_percent,
    url: `${KITS_PATH}/${row.slug}`,
    lines,
    purchasable,
    separatePrice: separate,
    price,
    massKg: Math.round(mass * 10) / 10,
    massPartial: lines.some((l) => l.unitMassKg === null),
  };
}

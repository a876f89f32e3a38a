/**
 * The calculator's model for a site: the calc_* tables of migration 014 (bodies, zones, layers, tiers, areas,
 * coverages, the tier → product choices, cars) with the layers' sheet goods priced from the site's price list.
 * Everything the pages compute from is here; the arithmetic itself is shared/calculator.ts. Non-personal, so it is
 * cached per price list like the shell (stale served while a refresh runs).
 */
import type { CalcModel, CalcProduct, Named } from '../../shared/calculator.ts';
import type { FallbackLang } from '../../shared/catalog.ts';
import type { Language } from '../../shared/sites.ts';
import { TtlCache } from '../cache/index.ts';
import { soldPrice } from '../catalog/index.ts';
import type { Queryable } from '../db/index.ts';

/** The constructor offers at most this many products per layer (the most popular), besides every tier choice. */
export const OPTIONS_PER_LAYER = 24;

const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined);

/** Area one unit covers, m²: a sheet's area, or a tape's width × length. */
export function unitAreaM2(attributes: Record<string, unknown>): number | undefined {
  const sheet = num(attributes.sheet_area_m2);
  if (sheet) return sheet;
  const width = num(attributes.width_mm);
  const length = num(attributes.length_m);
  return width && length ? (width / 1000) * length : undefined;
}

interface ProductRow {
  id: number;
  sku: string;
  title: string;
  lang: FallbackLang;
  url: string;
  layer: string;
  price: number | null;
  attributes: Record<string, unknown>;
}

/**
 * The columns of a calculator row named in the language $1: its title there (calc_translations, migration 027) or its
 * Russian one, and whether it is translated (in Russian every row is).
 */
const named = (kind: string, alias: string) =>
  `${alias}.code, coalesce(tr_${kind}.title, ${alias}.title) AS title, (tr_${kind}.title IS NOT NULL OR $1 = 'ru') AS translated`;
const translation = (kind: string, alias: string) =>
  `LEFT JOIN calc_translations tr_${kind} ON tr_${kind}.kind = '${kind}' AND tr_${kind}.code = ${alias}.code AND tr_${kind}.language = $1`;

export class CalculatorService {
  private readonly cache: TtlCache<CalcModel>;

  constructor(
    private readonly db: Queryable,
    ttlMs: number,
  ) {
    this.cache = new TtlCache<CalcModel>(ttlMs, ttlMs * 10).countedAs('calculator');
  }

  /** The calculator's tables and the products it counts, named in `language` (decision 048). */
  model(site: { priceList: string }, language: Language): Promise<CalcModel> {
    return this.cache.get(`${site.priceList}:${language}`, () => this.load(site.priceList, language));
  }

  clearCache(): void {
    this.cache.clear();
  }

  private async load(priceList: string, language: Language): Promise<CalcModel> {
    const q = this.db;
    const [settings, bodies, zones, layers, tiers, cars, areas, coverage, choices, products] = await Promise.all([
      q.query<{ waste: number }>('SELECT waste::float8 AS waste FROM calc_settings'),
      q.query<Named>(`SELECT ${named('body', 'b')} FROM calc_bodies b ${translation('body', 'b')} ORDER BY b.sort, b.code`, [language]),
      q.query<Named & { group: string; defaultOn: boolean }>(
        `SELECT ${named('zone', 'z')}, z.grp AS "group", z.default_on AS "defaultOn"
           FROM calc_zones z ${translation('zone', 'z')} ORDER BY z.sort, z.code`,
        [language],
      ),
      q.query<Named & { category: string }>(
        `SELECT ${named('layer', 'l')}, l.category_slug AS category FROM calc_layers l ${translation('layer', 'l')} ORDER BY l.sort, l.code`,
        [language],
      ),
      q.query<Named & { isDefault: boolean }>(
        `SELECT ${named('tier', 't')}, t.is_default AS "isDefault" FROM calc_tiers t ${translation('tier', 't')} ORDER BY t.sort, t.code`,
        [language],
      ),
      q.query<{ slug: string; make: string; model: string; body: string }>(
        'SELECT slug, make, model, body FROM calc_cars ORDER BY make, sort, model',
      ),
      q.query<{ body: string; zone: string; area: number }>('SELECT body, zone, area_m2::float8 AS area FROM calc_areas'),
      q.query<{ zone: string; layer: string; tier: string; coverage: number }>(
        'SELECT zone, layer, tier, coverage::float8 AS coverage FROM calc_coverage',
      ),
      q.query<{ tier: string; layer: string; zone: string; sku: string }>(
        'SELECT tier, layer, zone, sku FROM calc_choices ORDER BY tier, layer, zone, rank',
      ),
      // The layers' products: every tier choice, and the most popular others of each layer's category.
      q.query<ProductRow>(
        `SELECT id, sku, title, lang, url, layer, price, attributes FROM (
           SELECT o.id, o.sku, o.title, o.lang, '/' || c.slug || '/' || o.slug AS url, l.code AS layer,
                  ${soldPrice('o')} AS price, o.attributes,
                  o.sku IN (SELECT sku FROM calc_choices) AS chosen,
                  row_number() OVER (PARTITION BY l.code ORDER BY o.sold DESC, o.popularity DESC, o.id) AS n
             FROM calc_layers l
             JOIN categories c ON c.slug = l.category_slug
             JOIN site_offers_in($1, $3) o ON o.category_id = c.id
         ) x WHERE chosen OR n <= $2
         ORDER BY layer, id`,
        [priceList, OPTIONS_PER_LAYER, language],
      ),
    ]);

    const model: CalcModel = {
      waste: settings[0]?.waste ?? 0.1,
      bodies,
      zones,
      layers,
      tiers: tiers.map(({ code, title, translated }) => ({ code, title, translated })),
      defaultTier: (tiers.find((t) => t.isDefault) ?? tiers[0])?.code ?? '',
      cars,
      areas: {},
      coverage: {},
      choices: {},
      products: {},
    };
    for (const a of areas) {
      model.areas[a.body] ??= {};
      model.areas[a.body]![a.zone] = a.area;
    }
    for (const c of coverage) {
      model.coverage[c.zone] ??= {};
      const byLayer = model.coverage[c.zone]!;
      byLayer[c.layer] ??= {};
      byLayer[c.layer]![c.tier] = c.coverage;
    }
    for (const c of choices) {
      model.choices[c.tier] ??= {};
      const byLayer = model.choices[c.tier]!;
      byLayer[c.layer] ??= {};
      const byZone = byLayer[c.layer]!;
      byZone[c.zone] ??= [];
      byZone[c.zone]!.push(c.sku);
    }
    for (const row of products) {
      const sheetAreaM2 = unitAreaM2(row.attributes);
      // A product whose area is unknown cannot be counted in sheets: left out (a tier naming it reports it unsold).
      if (!sheetAreaM2) continue;
      const product: CalcProduct = {
        id: row.id,
        sku: row.sku,
        title: row.title,
        lang: row.lang,
        url: row.url,
        layer: row.layer,
        price: row.price,
        sheetAreaM2,
        massKgM2: num(row.attributes.mass_kg_m2) ?? null,
      };
      model.products[row.sku] = product;
    }
    return model;
  }
}

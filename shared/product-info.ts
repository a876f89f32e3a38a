/**
 * What a product page says about a product beyond its price: availability (from the stock column) and the
 * attributes table in the trade's terms, built from the products.attributes jsonb. Shared by the page and
 * the tests (the compare table too); numbers are written by shared/format.ts, the same on server and browser.
 */

import { formatNumber } from './format.ts';
import type { Language } from './sites.ts';
import type { Translate } from './translator.ts';

export type Availability = 'in_stock' | 'on_order';

/** schema.org ItemAvailability for the JSON-LD offer. */
export const SCHEMA_AVAILABILITY: Record<Availability, string> = {
  in_stock: 'https://schema.org/InStock',
  on_order: 'https://schema.org/BackOrder',
};

export const availabilityOf = (stock: number): Availability => (stock > 0 ? 'in_stock' : 'on_order');

/** One row of the table: `key` names the label (attr.<key> in the locales); `value` is already formatted. */
export interface AttributeRow {
  key: string;
  value: string;
  /** When set, the value is a code whose label is productPage.layer.<code>. */
  layer?: string;
  /** 'ru' when the value is a free text the catalogue has no translation of in the page's language (decision 048). */
  lang?: 'ru';
}

/** The meta description: the product's description on one line, cut at a word to at most `max` characters. */
export function metaDescription(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return (space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, '') + '…';
}

const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** Mass of one unit in kg: sheet area × kg/m² for sheet goods, else the net mass; undefined when unknown. */
export function unitMassKg(attributes: Record<string, unknown>): number | undefined {
  const area = num(attributes.sheet_area_m2);
  const density = num(attributes.mass_kg_m2);
  if (area !== undefined && density !== undefined) return area * density;
  return num(attributes.net_kg);
}

/** Plain keys shown as they are, in the table's order (after the composed rows they sit between). */
const PLAIN_BEFORE = ['thickness_mm'] as const;
const PLAIN_SHEET = ['sheet_area_m2', 'mass_kg_m2'] as const;
const PLAIN_AFTER = ['loss_factor'] as const;
const PLAIN_REST = ['adhesive', 'foil_um', 'material', 'width_mm', 'length_m', 'volume_ml', 'net_kg', 'power_w'] as const;

/** The rows attributeRows can give, in its order: where the compare table puts rows that only some products have. */
export const ATTRIBUTE_ROW_ORDER: readonly string[] = [
  ...PLAIN_BEFORE,
  'sheet_size',
  ...PLAIN_SHEET,
  'sheet_mass_kg',
  ...PLAIN_AFTER,
  'temperature_c',
  ...PLAIN_REST,
  'layer',
  'unit',
];

/**
 * The text a row shows: a code (the layer: 'vibration') through its translation, productPage.layer.<code>
 * ('Виброизоляция'), never the raw code; anything else as attributeRows wrote it. The product page and the compare
 * table both show values through this.
 */
export function attributeText(row: AttributeRow, t: Translate): string {
  return row.layer ? t(`productPage.layer.${row.layer}`, { defaultValue: row.value }) : row.value;
}

/**
 * The attributes table: thickness, sheet size L × W, area per sheet, kg/m², mass per sheet, loss factor,
 * working temperature, adhesive, foil, material, sizes of rolls and tapes, volume, net mass, power, layer, unit.
 * Keys the table does not know are left out (the locales have no label for them). String values come translated by the
 * catalogue (attributes_in, migration 026); `ruKeys` names those still in Russian, whose rows are marked lang="ru".
 */
export function attributeRows(attributes: Record<string, unknown>, language: Language, ruKeys: readonly string[] = []): AttributeRow[] {
  const rows: AttributeRow[] = [];
  const plain = (key: string) => {
    const value = attributes[key];
    if (typeof value === 'number') rows.push({ key, value: formatNumber(value, language) });
    else if (typeof value === 'string' && value) rows.push(ruKeys.includes(key) ? { key, value, lang: 'ru' } : { key, value });
  };
  PLAIN_BEFORE.forEach(plain);
  const length = num(attributes.sheet_length_m);
  const width = num(attributes.sheet_width_m);
  if (length !== undefined && width !== undefined) {
    rows.push({ key: 'sheet_size', value: `${formatNumber(length, language)} × ${formatNumber(width, language)}` });
  }
  PLAIN_SHEET.forEach(plain);
  const area = num(attributes.sheet_area_m2);
  const density = num(attributes.mass_kg_m2);
  if (area !== undefined && density !== undefined) rows.push({ key: 'sheet_mass_kg', value: formatNumber(area * density, language, 2) });
  PLAIN_AFTER.forEach(plain);
  const tMin = num(attributes.temp_min_c);
  const tMax = num(attributes.temp_max_c);
  if (tMin !== undefined && tMax !== undefined) {
    const signed = (v: number) => (v > 0 ? '+' : v < 0 ? '−' : '') + formatNumber(Math.abs(v), language);
    rows.push({ key: 'temperature_c', value: `${signed(tMin)} … ${signed(tMax)}` });
  }
  PLAIN_REST.forEach(plain);
  if (typeof attributes.layer === 'string' && attributes.layer)
    rows.push({ key: 'layer', value: attributes.layer, layer: attributes.layer });
  plain('unit');
  return rows;
}

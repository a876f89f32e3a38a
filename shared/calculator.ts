/**
 * The arithmetic of the calculator (/calc) and the constructor (/constructor), the one copy the server (its render
 * and the save action) and the browser (the answer recomputed as the choice changes) both run. Pure functions of a
 * model — the calculator tables of the database and the site's prices (server/calculator/calculator.ts) — and a state
 * read from the address bar. Formulas (../shared/domain.md, docs/decisions/028-calculator.md):
 *
 *   need m² = area[body][zone] × coverage[zone][layer][tier] × (1 + waste)
 *   sheets  = ceil(need / sheet area)        the calculator: per zone and layer; the constructor: once per product
 *   price   = Σ sheets × price per sheet     from the site's price list, in minor units so no float error creeps in
 *   mass    = Σ sheets × sheet area × kg/m²
 */
import type { FallbackLang } from './catalog.ts';

export interface CalcProduct {
  id: number;
  sku: string;
  title: string;
  /** 'ru' when the title is the Russian fallback in the page's language (decision 048). */
  lang: FallbackLang;
  url: string;
  /** The layer whose category holds the product. */
  layer: string;
  /** Price of one sheet (or roll) on the site; null when the site does not sell it. */
  price: number | null;
  /** Area one sheet (or roll of tape) covers, m². */
  sheetAreaM2: number;
  /** null when the product gives no mass (anti-squeak felt and tapes). */
  massKgM2: number | null;
}

export interface Named {
  code: string;
  /** The title in the page's language where the database has one (calc_translations), else the owner's Russian one. */
  title: string;
  /** The title is in the page's language (always so in Russian). */
  translated: boolean;
}

export interface CalcCar {
  slug: string;
  make: string;
  model: string;
  body: string;
}

export interface CalcModel {
  /** Share added for cutting (0.1). */
  waste: number;
  bodies: Named[];
  zones: Array<Named & { group: string; defaultOn: boolean }>;
  layers: Array<Named & { category: string }>;
  tiers: Named[];
  defaultTier: string;
  cars: CalcCar[];
  /** body → zone → metal area, m². */
  areas: Record<string, Record<string, number>>;
  /** zone → layer → tier → share of the metal covered. */
  coverage: Record<string, Record<string, Record<string, number>>>;
  /** tier → layer → zone ('*': any) → SKUs, the choice first, then its alternatives. */
  choices: Record<string, Record<string, Record<string, string[]>>>;
  /** The layers' sheet goods (tier choices and every constructor option), by SKU. */
  products: Record<string, CalcProduct>;
}

/** What a shared link may say (the query keys of both pages). */
export const CALC_KEYS = { car: 'car', body: 'body', tier: 'tier', zone: 'zone' } as const;
/** The body type shown when a link names none (or a bad one). */
export const DEFAULT_BODY = 'sedan';
/** More values than this for one key is no shopper's link. */
const MAX_VALUES = 64;
const MAX_LENGTH = 80;
/** Slack for float error before rounding up: 5.0000000001 sheets are 5 sheets. */
const EPSILON = 1e-9;

/** A query value the page could not use and replaced by the default (shown as a notice). */
export type CalcNotice = 'car' | 'body' | 'tier' | 'zone' | 'product';

export interface CalcState {
  car: string | null;
  body: string;
  tier: string;
  /** Chosen zones, in the model's order. */
  zones: string[];
}

export interface Parsed<S> {
  state: S;
  notices: CalcNotice[];
}

const has = (list: readonly { code: string }[], code: string) => list.some((item) => item.code === code);

/** One value of a single-valued key: absent (undefined), usable, or a notice (repeated, huge, unknown). */
function single(params: URLSearchParams, key: string, valid: (value: string) => boolean): { value?: string; bad: boolean } {
  const values = params.getAll(key).filter((v) => v !== '');
  if (values.length === 0) return { bad: false };
  if (values.length > 1 || values[0]!.length > MAX_LENGTH || !valid(values[0]!)) return { bad: true };
  return { value: values[0]!, bad: false };
}

function defaultBody(model: CalcModel): string {
  return has(model.bodies, DEFAULT_BODY) ? DEFAULT_BODY : (model.bodies[0]?.code ?? DEFAULT_BODY);
}

/**
 * The calculator's choice from a query string. Anything unusable (an unknown car, body, tier or zone, a repeated
 * single value, a huge one) falls back to the default and names the key in `notices`. With no query at all the
 * default zones are ticked; a submitted form with nothing ticked chooses no zone.
 */
export function parseCalcQuery(model: CalcModel, search: URLSearchParams | string): Parsed<CalcState> {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const notices = new Set<CalcNotice>();
  const car = single(params, CALC_KEYS.car, (v) => model.cars.some((c) => c.slug === v));
  const body = single(params, CALC_KEYS.body, (v) => has(model.bodies, v));
  const tier = single(params, CALC_KEYS.tier, (v) => has(model.tiers, v));
  if (car.bad) notices.add('car');
  if (body.bad) notices.add('body');
  if (tier.bad) notices.add('tier');
  const chosenCar = car.value ? model.cars.find((c) => c.slug === car.value)! : null;
  // A car implies its body type: a model picked in the list wins over the body list of the same form.
  const bodyCode = chosenCar?.body ?? body.value ?? defaultBody(model);

  const asked = params.getAll(CALC_KEYS.zone);
  const submitted = [CALC_KEYS.car, CALC_KEYS.body, CALC_KEYS.tier].some((k) => params.has(k));
  let zones: string[];
  if (asked.length === 0) {
    zones = submitted ? [] : defaultZones(model);
  } else if (asked.length > MAX_VALUES) {
    notices.add('zone');
    zones = defaultZones(model);
  } else {
    const wanted = new Set(asked);
    zones = model.zones.filter((z) => wanted.has(z.code)).map((z) => z.code);
    if (asked.some((z) => !has(model.zones, z))) notices.add('zone');
    if (zones.length === 0) zones = defaultZones(model);
  }
  return {
    state: { car: chosenCar?.slug ?? null, body: bodyCode, tier: tier.value ?? model.defaultTier, zones },
    notices: [...notices],
  };
}

export function defaultZones(model: CalcModel): string[] {
  return model.zones.filter((z) => z.defaultOn).map((z) => z.code);
}

/** The query string of a state, in one canonical order (a car names its body; zones in the model's order). */
export function calcSearch(state: CalcState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.car) params.set(CALC_KEYS.car, state.car);
  else params.set(CALC_KEYS.body, state.body);
  params.set(CALC_KEYS.tier, state.tier);
  for (const zone of state.zones) params.append(CALC_KEYS.zone, zone);
  return params;
}

/** The product a tier puts in a zone's layer on this site: the first of its choices the site sells. */
export function tierProduct(
  model: CalcModel,
  tier: string,
  zone: string,
  layer: string,
): { sku: string | null; substitute: boolean; sold: boolean } {
  const byZone = model.choices[tier]?.[layer];
  const ranked = byZone?.[zone] ?? byZone?.['*'] ?? [];
  const index = ranked.findIndex((sku) => model.products[sku]?.price != null);
  if (index >= 0) return { sku: ranked[index]!, substitute: index > 0, sold: true };
  return { sku: ranked[0] ?? null, substitute: false, sold: false };
}

/** Layers a zone can take at all (any tier covers them), in the model's order. */
export function zoneLayers(model: CalcModel, zone: string): string[] {
  const byLayer = model.coverage[zone] ?? {};
  return model.layers.filter((l) => Object.keys(byLayer[l.code] ?? {}).length > 0).map((l) => l.code);
}

/** The tier's coverage of a zone's layer; for a layer the tier leaves out (the constructor may add it), the most any tier covers. */
export function coverageOf(model: CalcModel, zone: string, layer: string, tier: string): number {
  const byTier = model.coverage[zone]?.[layer] ?? {};
  return byTier[tier] ?? Math.max(0, ...Object.values(byTier));
}

export const sheetsFor = (needM2: number, sheetAreaM2: number): number => (sheetAreaM2 > 0 ? Math.ceil(needM2 / sheetAreaM2 - EPSILON) : 0);

/** Money is summed in minor units (kopecks, tiyn): 0.1 + 0.2 style errors never reach a shopper. */
const minor = (amount: number) => Math.round(amount * 100);

export interface CalcLine {
  zone: string;
  layer: string;
  /** null when the tier names no product at all for it. */
  sku: string | null;
  /** The tier's first choice is not sold here; this is its alternative. */
  substitute: boolean;
  /** The site sells none of the tier's products for this line: reported, left out of the totals and the cart. */
  sold: boolean;
  areaM2: number;
  coverage: number;
  needM2: number;
  sheets: number;
  /** sheets × price per sheet (null when not sold). */
  price: number | null;
  /** null when the product gives no mass. */
  massKg: number | null;
}

/** One product over every zone: what goes into the cart. */
export interface CalcItem {
  sku: string;
  productId: number;
  quantity: number;
  unitPrice: number;
  price: number;
  massKg: number | null;
}

export interface CalcTotals {
  price: number;
  massKg: number;
  sheets: number;
  needM2: number;
}

export interface CalcResult {
  lines: CalcLine[];
  items: CalcItem[];
  totals: CalcTotals;
}

function massOf(product: CalcProduct, sheets: number): number | null {
  return product.massKgM2 === null ? null : sheets * product.sheetAreaM2 * product.massKgM2;
}

/** The metal a layer must cover on a zone of a body (waste included), m². */
export function needOf(
  model: CalcModel,
  body: string,
  zone: string,
  layer: string,
  tier: string,
): { areaM2: number; coverage: number; needM2: number } {
  const areaM2 = model.areas[body]?.[zone] ?? 0;
  const coverage = coverageOf(model, zone, layer, tier);
  return { areaM2, coverage, needM2: areaM2 * coverage * (1 + model.waste) };
}

/** Sums lines into cart items (per product) and totals. */
function summarise(
  lines: Array<{ sku: string | null; sold: boolean; sheets: number; needM2: number }>,
  model: CalcModel,
  roundOnce: boolean,
) {
  const needs = new Map<string, { need: number; sheets: number }>();
  for (const line of lines) {
    if (!line.sold || !line.sku) continue;
    const entry = needs.get(line.sku) ?? { need: 0, sheets: 0 };
    entry.need += line.needM2;
    entry.sheets += line.sheets;
    needs.set(line.sku, entry);
  }
  const items: CalcItem[] = [];
  let price = 0;
  let massKg = 0;
  let sheets = 0;
  for (const [sku, { need, sheets: perLine }] of needs) {
    const product = model.products[sku]!;
    const quantity = roundOnce ? sheetsFor(need, product.sheetAreaM2) : perLine;
    const itemPrice = (minor(product.price!) * quantity) / 100;
    const itemMass = massOf(product, quantity);
    items.push({ sku, productId: product.id, quantity, unitPrice: product.price!, price: itemPrice, massKg: itemMass });
    price += minor(product.price!) * quantity;
    massKg += itemMass ?? 0;
    sheets += quantity;
  }
  const needM2 = lines.reduce((sum, l) => sum + (l.sold ? l.needM2 : 0), 0);
  return { items, totals: { price: price / 100, massKg, sheets, needM2 } };
}

/** The calculator's answer: per chosen zone and layer of the tier the product, sheets, price and mass; then the totals. */
export function calculate(model: CalcModel, state: CalcState): CalcResult {
  const lines: CalcLine[] = [];
  for (const zone of state.zones) {
    for (const layer of model.layers) {
      if (model.coverage[zone]?.[layer.code]?.[state.tier] === undefined) continue;
      const { sku, substitute, sold } = tierProduct(model, state.tier, zone, layer.code);
      const product = sku ? model.products[sku] : undefined;
      const need = needOf(model, state.body, zone, layer.code, state.tier);
      const sheets = product ? sheetsFor(need.needM2, product.sheetAreaM2) : 0;
      lines.push({
        zone,
        layer: layer.code,
        sku,
        substitute,
        sold: sold && !!product,
        ...need,
        sheets,
        price: sold && product ? (minor(product.price!) * sheets) / 100 : null,
        massKg: product ? massOf(product, sheets) : null,
      });
    }
  }
  return { lines, ...summarise(lines, model, false) };
}

// ── The constructor ─────────────────────────────────────────────────────────

/** Value of a zone's layer field meaning "none of this layer". */
export const NONE = '-';
/** The query key of a zone's layer: `door-skin.vibration=VIB-STD-22`. */
export const layerKey = (zone: string, layer: string) => `${zone}.${layer}`;

export interface BuildState {
  car: string | null;
  body: string;
  /** Coverage follows this tier; a zone's products start from its choices. */
  tier: string;
  zones: string[];
  /** zone → layer → SKU (null: none), for the chosen zones. */
  picks: Record<string, Record<string, string | null>>;
}

/** Whether a product may go on a layer in the constructor: of that layer's category, with a known sheet area. */
export function fitsLayer(model: CalcModel, sku: string, layer: string): boolean {
  const product = model.products[sku];
  return !!product && product.layer === layer && product.sheetAreaM2 > 0;
}

/** The products the constructor offers for a layer: those the site sells, cheapest first. */
export function layerOptions(model: CalcModel, layer: string): CalcProduct[] {
  return Object.values(model.products)
    .filter((p) => p.layer === layer && p.price !== null && p.sheetAreaM2 > 0)
    .sort((a, b) => a.price! - b.price! || a.sku.localeCompare(b.sku));
}

/** The tier's pick for a zone's layer, if the site sells one. */
function defaultPick(model: CalcModel, tier: string, zone: string, layer: string): string | null {
  if (model.coverage[zone]?.[layer]?.[tier] === undefined) return null;
  const choice = tierProduct(model, tier, zone, layer);
  return choice.sold ? choice.sku : null;
}

/** The constructor's state: the calculator's keys, then per chosen zone `zone.layer=SKU` (or `-`); a missing one is the tier's pick. */
export function parseBuildQuery(model: CalcModel, search: URLSearchParams | string): Parsed<BuildState> {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const { state, notices } = parseCalcQuery(model, params);
  const found = new Set(notices);
  const picks: BuildState['picks'] = {};
  for (const zone of state.zones) {
    picks[zone] = {};
    for (const layer of zoneLayers(model, zone)) {
      const given = single(
        params,
        layerKey(zone, layer),
        (v) => v === NONE || (fitsLayer(model, v, layer) && model.products[v]!.price !== null),
      );
      if (given.bad) found.add('product');
      picks[zone]![layer] =
        given.value === undefined ? defaultPick(model, state.tier, zone, layer) : given.value === NONE ? null : given.value;
    }
  }
  return { state: { ...state, picks }, notices: [...found] };
}

/** The tier's picks for every layer of a zone (what ticking a zone in the constructor starts from). */
export function tierPicks(model: CalcModel, tier: string, zone: string): Record<string, string | null> {
  return Object.fromEntries(zoneLayers(model, zone).map((layer) => [layer, defaultPick(model, tier, zone, layer)]));
}

export function buildSearch(state: BuildState): URLSearchParams {
  const params = calcSearch(state);
  for (const zone of state.zones) {
    for (const [layer, sku] of Object.entries(state.picks[zone] ?? {})) params.set(layerKey(zone, layer), sku ?? NONE);
  }
  return params;
}

export interface BuildLine {
  zone: string;
  layer: string;
  sku: string;
  areaM2: number;
  coverage: number;
  needM2: number;
}

export interface BuildResult {
  lines: BuildLine[];
  /** Per product: sheets rounded up once over every zone it covers. */
  items: CalcItem[];
  totals: CalcTotals;
}

/** The constructor's answer: per zone and picked product the need; per product the sheets (rounded once), price and mass. */
export function construct(model: CalcModel, state: BuildState): BuildResult {
  const lines: BuildLine[] = [];
  for (const zone of state.zones) {
    for (const [layer, sku] of Object.entries(state.picks[zone] ?? {})) {
      if (!sku || !fitsLayer(model, sku, layer) || model.products[sku]!.price === null) continue;
      lines.push({ zone, layer, sku, ...needOf(model, state.body, zone, layer, state.tier) });
    }
  }
  const summary = summarise(
    lines.map((l) => ({ sku: l.sku, sold: true, needM2: l.needM2, sheets: 0 })),
    model,
    true,
  );
  return { lines, ...summary };
}

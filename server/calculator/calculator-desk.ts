/**
 * The calculator's tables as the staff edit them (issue 21 item 5, decision 049): the waste share, the tiers' titles
 * and the default tier, the metal areas (body × zone), the coverages (tier × zone × layer) and the tier → product
 * choices (tier × layer × zone, ranked) of migration 014.
 *
 * A change set is applied in one transaction. Before anything is kept, the worked examples are computed on the tables
 * as they are and as they would be (the change applied inside the transaction, the model read there with
 * CalculatorService's own SQL): every tier × body × union of zone groups whose answer today is a ready kit's sheet
 * goods (the rule of test/calc-kits.test.ts), and the worked examples of domain.md. A preview, or a save whose change
 * moves any example's totals (price, sheets, mass) or contents without the editor's confirmation, is rolled back and
 * answered with the before/after figures. A save writes an audit row per table it changes and clears this process's
 * caches (the `changed` callback); other pods follow within the shell cache's lifetime.
 *
 * The examples are priced on every price list in use: a reorder of alternative SKUs can change the pick only on a list
 * that does not sell the first choice. The editor's form carries the version of the tables it shows (`version`): a
 * change made from an older rendering is refused ('stale'), so it cannot silently revert a colleague's save. A
 * confirmation names the change set it was given for (`changeHash`, shown by the preview): a save whose change set
 * differs is answered with the preview again.
 */
import { createHash } from 'node:crypto';
import { type CalcModel, type CalcState, calculate } from '../../shared/calculator.ts';
import { type AuditActor, recordAudit } from '../audit/index.ts';
import type { Db, Queryable } from '../db/index.ts';
import { CalculatorService } from './calculator.ts';
import {
  type CalcCar,
  type CalcCarChange,
  type CalcRow,
  type CalcRowChange,
  diffStructure,
  readStructure,
  type StructureDiff,
  validateStructure,
  writeStructureFirst,
  writeStructureLast,
} from './calculator-structure.ts';

/** A code of calc_bodies, calc_zones, calc_layers, calc_tiers (their CHECK). */
export const CALC_CODE = /^[a-z][a-z0-9-]{0,30}$/;
/** A SKU as the product editor allows it. */
export const CALC_SKU = /^[A-Za-z0-9-]{1,64}$/;
/** calc_choices.rank is 1 … 9. */
export const MAX_CHOICES = 9;
export const MAX_TIER_TITLE = 100;
/** The zone of a choice that applies to every zone without its own rows. */
export const ANY_ZONE = '*';

export interface CalcTables {
  waste: number;
  bodies: CalcRow[];
  zones: Array<CalcRow & { group: string; defaultOn: boolean }>;
  layers: Array<CalcRow & { category: string }>;
  tiers: Array<CalcRow & { isDefault: boolean }>;
  /** Makes and models, each implying a body type. */
  cars: CalcCar[];
  /** body → zone → m². */
  areas: Record<string, Record<string, number>>;
  /** tier → zone → layer → share. */
  coverage: Record<string, Record<string, Record<string, number>>>;
  /** tier → layer → zone ('*': any) → SKUs by rank. */
  choices: Record<string, Record<string, Record<string, string[]>>>;
  /** layer → SKUs of its category (what a choice may name), for the editor's suggestions. */
  skus: Record<string, string[]>;
  /** The catalogue's categories (what a layer may draw its products from), for the editor's choice. */
  categories: Array<{ slug: string; title: string }>;
  /**
   * SHA-256 of everything above but `skus` and `categories` (a product or category added to the catalogue is no
   * colleague's edit of the tables).
   */
  version: string;
}

/** What an editor changes; a cell left out stays as it is, null removes its row. */
export interface CalcChange {
  waste?: number;
  defaultTier?: string;
  tierTitles?: Record<string, string>;
  areas?: Array<{ body: string; zone: string; area: number | null }>;
  coverage?: Array<{ tier: string; zone: string; layer: string; coverage: number | null }>;
  choices?: Array<{ tier: string; layer: string; zone: string; skus: string[] }>;
  /** Rows added, renamed, reordered or removed (calculator-structure.ts); cells name only rows that exist before. */
  rows?: CalcRowChange[];
  cars?: CalcCarChange[];
}

export interface ExampleTotals {
  price: number;
  sheets: number;
  massKg: number;
  /** "SKU × n" per product, in SKU order: what a kit holds. */
  contents: string[];
}

/** A price list the examples are priced on, and its currency. */
export interface CalcPriceList {
  priceList: string;
  currency: string;
}

export interface CalcExample {
  /** What the example is: "Готовый комплект «…»", "Пример из domain.md: …". */
  labels: string[];
  tier: string;
  body: string;
  zones: string[];
  /** The example on each price list, in the order asked. */
  lists: Array<CalcPriceList & { before: ExampleTotals; after: ExampleTotals; changed: boolean }>;
  /** Totals or contents differ on some list. */
  changed: boolean;
}

export type CalcApplyResult =
  /** The form was rendered from other tables than the stored ones (a colleague saved since): nothing was kept. */
  | { status: 'stale'; tables: CalcTables }
  | { status: 'invalid'; tables: CalcTables; errors: string[] }
  | { status: 'unchanged' }
  /**
   * A preview, or a save refused for want of the confirmation of this very change set: nothing was kept. `changeHash`
   * names the change set; a confirmation is accepted with it only.
   */
  | { status: 'preview' | 'unconfirmed'; tables: CalcTables; cells: number; examples: CalcExample[]; changeHash: string }
  | { status: 'saved'; cells: number; examples: CalcExample[] };

/** The worked examples of ../shared/domain.md (test/calculator.test.ts computes them by hand). */
const DOMAIN_EXAMPLES: Array<{ label: string; body: string; tier: string; zones: string[] }> = [
  { label: 'Пример: седан, двери ×4, «Хороший»', body: 'sedan', tier: 'good', zones: ['door-skin', 'door-inner', 'door-trim'] },
  { label: 'Пример: седан, пол и багажник, «Хороший»', body: 'sedan', tier: 'good', zones: ['floor', 'boot'] },
  { label: 'Пример: хэтчбек, крыша, «Практичный»', body: 'hatchback', tier: 'practical', zones: ['roof'] },
  { label: 'Пример: седан целиком, «Хороший» (≈ 60 кг)', body: 'sedan', tier: 'good', zones: [] },
];

/** More candidate zone groups than this for one kit are not tried in every union (2^12 unions at most). */
const MAX_CANDIDATE_GROUPS = 12;

class Rollback {
  constructor(readonly result: CalcApplyResult) {}
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

function totalsOf(model: CalcModel, state: CalcState): ExampleTotals {
  const r = calculate(model, state);
  return {
    price: r.totals.price,
    sheets: r.totals.sheets,
    massKg: Math.round(r.totals.massKg * 1000) / 1000,
    contents: r.items.map((i) => `${i.sku} × ${i.quantity}`).sort(),
  };
}

const sameTotals = (a: ExampleTotals, b: ExampleTotals) =>
  a.price === b.price && a.sheets === b.sheets && Math.abs(a.massKg - b.massKg) < 0.005 && a.contents.join() === b.contents.join();

/** JSON with every object's keys sorted: the same value gives the same text, whatever order it was built in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The version of the tables: what the editor's form was rendered from. */
function versionOf(t: Omit<CalcTables, 'version'>): string {
  const { skus: _skus, categories: _categories, ...edited } = t;
  return sha256(canonical(edited));
}

/** The hash of a change set: the cells it changes, with their values before and after. */
const changeHashOf = (d: Diff) => sha256(canonical(d.audit));

export class CalculatorDesk {
  constructor(
    private readonly db: Db,
    private readonly changed: () => void,
  ) {}

  /** The tables as stored, for the editor. */
  tables(q: Queryable = this.db): Promise<CalcTables> {
    return readTables(q);
  }

  /**
   * Validates a change set, works out the examples before and after it on each of `priceLists` (every list a site
   * sells from), and keeps it when `save` is asked and either no example moves or `confirmed` is given for this very
   * change set (`previewed`: the `changeHash` the preview showed). `version` is the version of the tables the change
   * was made on; any other is refused as 'stale'.
   */
  async apply(
    change: CalcChange,
    actor: AuditActor,
    options: { save: boolean; confirmed: boolean; previewed?: string; version: string; priceLists: CalcPriceList[] },
  ): Promise<CalcApplyResult> {
    let result: CalcApplyResult;
    try {
      result = await this.db.transaction(async (tx): Promise<CalcApplyResult> => {
        // One editor at a time: a second save waits for the first and is checked against what it wrote.
        await tx.query('SELECT 1 FROM calc_settings FOR UPDATE');
        const before = await readTables(tx);
        if (before.version !== options.version) throw new Rollback({ status: 'stale', tables: before });
        const errors = validate(before, change);
        if (errors.length) throw new Rollback({ status: 'invalid', tables: before, errors });
        const diff = diffOf(before, change);
        if (diff.cells === 0) throw new Rollback({ status: 'unchanged' });
        const changeHash = changeHashOf(diff);

        const lists = [...new Map(options.priceLists.map((l) => [l.priceList, l])).values()];
        const modelsOf = () => Promise.all(lists.map((l) => new CalculatorService(tx, 0).model({ priceList: l.priceList }, 'ru')));
        const modelsBefore = await modelsOf();
        const examples = await examplesOf(tx, modelsBefore);
        await write(tx, diff);
        const modelsAfter = await modelsOf();
        const compared: CalcExample[] = examples.map((e) => {
          const state: CalcState = { car: null, body: e.body, tier: e.tier, zones: e.zones };
          const onLists = lists.map((l, i) => {
            const beforeTotals = totalsOf(modelsBefore[i]!, state);
            const after = totalsOf(modelsAfter[i]!, state);
            return { ...l, before: beforeTotals, after, changed: !sameTotals(beforeTotals, after) };
          });
          return { ...e, lists: onLists, changed: onLists.some((x) => x.changed) };
        });
        const moved = compared.some((e) => e.changed);
        const shown = { tables: before, cells: diff.cells, examples: compared, changeHash };
        if (!options.save) throw new Rollback({ status: 'preview', ...shown });
        if (moved && !(options.confirmed && options.previewed === changeHash)) throw new Rollback({ status: 'unconfirmed', ...shown });
        for (const entry of diff.audit)
          await recordAudit(tx, actor, {
            action: 'calculator.update',
            entity: 'calculator',
            entityId: entry.table,
            site: null,
            before: entry.before,
            after: {
              ...entry.after,
              ...(moved
                ? {
                    examplesChanged: compared
                      .filter((e) => e.changed)
                      .map(
                        (e) =>
                          `${e.labels.join('; ')} (${e.lists
                            .filter((l) => l.changed)
                            .map((l) => l.priceList)
                            .join(', ')})`,
                      ),
                  }
                : {}),
            },
          });
        return { status: 'saved', cells: diff.cells, examples: compared };
      });
    } catch (error) {
      if (error instanceof Rollback) return error.result;
      throw error;
    }
    this.changed();
    return result;
  }
}

/** The value under `key`, put there first when missing. */
function at<V>(record: Record<string, V>, key: string, empty: V): V {
  if (!(key in record)) record[key] = empty;
  return record[key]!;
}

async function readTables(q: Queryable): Promise<CalcTables> {
  const settings = await q.query<{ waste: number }>('SELECT waste::float8 AS waste FROM calc_settings');
  const structure = await readStructure(q);
  const areas = await q.query<{ body: string; zone: string; area: number }>('SELECT body, zone, area_m2::float8 AS area FROM calc_areas');
  const coverage = await q.query<{ tier: string; zone: string; layer: string; coverage: number }>(
    'SELECT tier, zone, layer, coverage::float8 AS coverage FROM calc_coverage',
  );
  const choices = await q.query<{ tier: string; layer: string; zone: string; sku: string }>(
    'SELECT tier, layer, zone, sku FROM calc_choices ORDER BY tier, layer, zone, rank',
  );
  const skus = await q.query<{ layer: string; sku: string }>(
    `SELECT l.code AS layer, p.sku FROM calc_layers l JOIN categories c ON c.slug = l.category_slug
       JOIN products p ON p.category_id = c.id ORDER BY l.code, p.sku`,
  );
  const categories = await q.query<{ slug: string; title: string }>('SELECT slug, title FROM categories ORDER BY sort, slug');
  const tables: Omit<CalcTables, 'version'> = {
    waste: settings[0]?.waste ?? 0.1,
    ...structure,
    areas: {},
    coverage: {},
    choices: {},
    skus: {},
    categories,
  };
  for (const a of areas) at(tables.areas, a.body, {})[a.zone] = a.area;
  for (const c of coverage) at(at(tables.coverage, c.tier, {}), c.zone, {})[c.layer] = c.coverage;
  for (const c of choices) at(at(at(tables.choices, c.tier, {}), c.layer, {}), c.zone, []).push(c.sku);
  for (const s of skus) at(tables.skus, s.layer, []).push(s.sku);
  return { ...tables, version: versionOf(tables) };
}

const has = (list: Array<{ code: string }>, code: string) => list.some((x) => x.code === code);

/** Everything wrong with a change set, in Russian, each naming its cell; nothing when it may be applied. */
function validate(t: CalcTables, change: CalcChange): string[] {
  const errors: string[] = [];
  if (change.waste !== undefined) {
    const w = round3(change.waste);
    if (!Number.isFinite(change.waste) || w < 0 || w >= 1) errors.push('Запас на подрезку: доля от 0 до 0,999.');
  }
  if (change.defaultTier !== undefined && !has(t.tiers, change.defaultTier))
    errors.push(`Уровень по умолчанию: уровня «${change.defaultTier}» нет.`);
  for (const [tier, title] of Object.entries(change.tierTitles ?? {})) {
    if (!has(t.tiers, tier)) errors.push(`Название уровня: уровня «${tier}» нет.`);
    else if (!title.trim() || title.trim().length > MAX_TIER_TITLE)
      errors.push(`Название уровня «${tier}»: от 1 до ${MAX_TIER_TITLE} знаков.`);
  }
  for (const a of change.areas ?? []) {
    const where = `Площадь ${a.body} × ${a.zone}`;
    if (!has(t.bodies, a.body)) errors.push(`${where}: кузова «${a.body}» нет.`);
    else if (!has(t.zones, a.zone)) errors.push(`${where}: зоны «${a.zone}» нет.`);
    else if (a.area !== null && !(Number.isFinite(a.area) && round3(a.area) > 0 && round3(a.area) < 100))
      errors.push(`${where}: число больше 0 и меньше 100 м² (пусто — зоны на этом кузове нет).`);
  }
  for (const c of change.coverage ?? []) {
    const where = `Покрытие ${c.tier} / ${c.zone} / ${c.layer}`;
    if (!has(t.tiers, c.tier)) errors.push(`${where}: уровня «${c.tier}» нет.`);
    else if (!has(t.zones, c.zone)) errors.push(`${where}: зоны «${c.zone}» нет.`);
    else if (!has(t.layers, c.layer)) errors.push(`${where}: слоя «${c.layer}» нет.`);
    else if (c.coverage !== null && !(Number.isFinite(c.coverage) && round3(c.coverage) > 0 && round3(c.coverage) <= 1))
      errors.push(`${where}: доля больше 0 и не больше 1 (пусто — слоя на этой зоне нет).`);
  }
  for (const c of change.choices ?? []) {
    const where = `Товары ${c.tier} / ${c.layer} / ${c.zone === ANY_ZONE ? 'все зоны' : c.zone}`;
    if (!has(t.tiers, c.tier)) errors.push(`${where}: уровня «${c.tier}» нет.`);
    else if (!has(t.layers, c.layer)) errors.push(`${where}: слоя «${c.layer}» нет.`);
    else if (c.zone !== ANY_ZONE && !has(t.zones, c.zone)) errors.push(`${where}: зоны «${c.zone}» нет.`);
    else if (c.skus.length > MAX_CHOICES) errors.push(`${where}: не больше ${MAX_CHOICES} товаров.`);
    else if (new Set(c.skus).size !== c.skus.length) errors.push(`${where}: товар назван дважды.`);
    else {
      const unchanged = (t.choices[c.tier]?.[c.layer]?.[c.zone] ?? []).join(' ') === c.skus.join(' ');
      if (unchanged) continue;
      const allowed = new Set(t.skus[c.layer] ?? []);
      for (const sku of c.skus) {
        if (!CALC_SKU.test(sku)) errors.push(`${where}: «${sku}» — не артикул.`);
        else if (!allowed.has(sku)) errors.push(`${where}: товара с артикулом ${sku} нет в категории слоя.`);
      }
    }
  }
  errors.push(
    ...validateStructure(
      t,
      change.rows ?? [],
      change.cars ?? [],
      (code) => CALC_CODE.test(code),
      t.categories.map((c) => c.slug),
    ),
  );
  return errors;
}

interface Diff {
  cells: number;
  waste?: number;
  defaultTier?: string;
  tierTitles: Array<{ tier: string; title: string }>;
  areas: Array<{ body: string; zone: string; area: number | null }>;
  coverage: Array<{ tier: string; zone: string; layer: string; coverage: number | null }>;
  choices: Array<{ tier: string; layer: string; zone: string; skus: string[] }>;
  structure?: StructureDiff;
  audit: Array<{ table: string; before: Record<string, unknown>; after: Record<string, unknown> }>;
}

/** The cells a change set really changes (the form posts every cell), with their values before and after. */
function diffOf(t: CalcTables, change: CalcChange): Diff {
  const d: Diff = { cells: 0, tierTitles: [], areas: [], coverage: [], choices: [], audit: [] };
  const audit = (table: string, key: string, before: unknown, after: unknown) => {
    let entry = d.audit.find((a) => a.table === table);
    if (!entry) {
      entry = { table, before: {}, after: {} };
      d.audit.push(entry);
    }
    entry.before[key] = before;
    entry.after[key] = after;
    d.cells++;
  };
  if (change.waste !== undefined && round3(change.waste) !== round3(t.waste)) {
    d.waste = round3(change.waste);
    audit('settings', 'waste', t.waste, d.waste);
  }
  const currentDefault = t.tiers.find((x) => x.isDefault)?.code ?? null;
  if (change.defaultTier !== undefined && change.defaultTier !== currentDefault) {
    d.defaultTier = change.defaultTier;
    audit('tiers', 'default', currentDefault, change.defaultTier);
  }
  for (const [tier, raw] of Object.entries(change.tierTitles ?? {})) {
    const title = raw.trim();
    const was = t.tiers.find((x) => x.code === tier)?.title;
    if (title !== was) {
      d.tierTitles.push({ tier, title });
      audit('tiers', `${tier}.title`, was ?? null, title);
    }
  }
  for (const a of change.areas ?? []) {
    const area = a.area === null ? null : round3(a.area);
    const was = t.areas[a.body]?.[a.zone] ?? null;
    if (area !== was) {
      d.areas.push({ ...a, area });
      audit('areas', `${a.body}/${a.zone}`, was, area);
    }
  }
  for (const c of change.coverage ?? []) {
    const coverage = c.coverage === null ? null : round3(c.coverage);
    const was = t.coverage[c.tier]?.[c.zone]?.[c.layer] ?? null;
    if (coverage !== was) {
      d.coverage.push({ ...c, coverage });
      audit('coverage', `${c.tier}/${c.zone}/${c.layer}`, was, coverage);
    }
  }
  for (const c of change.choices ?? []) {
    const was = t.choices[c.tier]?.[c.layer]?.[c.zone] ?? [];
    if (was.join(' ') !== c.skus.join(' ')) {
      d.choices.push(c);
      audit('choices', `${c.tier}/${c.layer}/${c.zone}`, was, c.skus);
    }
  }
  d.structure = diffStructure(t, change.rows ?? [], change.cars ?? [], audit);
  return d;
}

async function write(tx: Queryable, d: Diff): Promise<void> {
  if (d.structure) await writeStructureFirst(tx, d.structure);
  if (d.waste !== undefined) {
    const updated = await tx.query('UPDATE calc_settings SET waste = $1 RETURNING id', [d.waste]);
    if (updated.length === 0) await tx.query('INSERT INTO calc_settings (waste) VALUES ($1)', [d.waste]);
  }
  if (d.defaultTier !== undefined) {
    // Two statements: the unique index of the default tier is checked row by row.
    await tx.query('UPDATE calc_tiers SET is_default = false WHERE is_default AND code <> $1', [d.defaultTier]);
    await tx.query('UPDATE calc_tiers SET is_default = true WHERE code = $1', [d.defaultTier]);
  }
  for (const { tier, title } of d.tierTitles) await tx.query('UPDATE calc_tiers SET title = $2 WHERE code = $1', [tier, title]);
  for (const a of d.areas) {
    if (a.area === null) await tx.query('DELETE FROM calc_areas WHERE body = $1 AND zone = $2', [a.body, a.zone]);
    else
      await tx.query(
        `INSERT INTO calc_areas (body, zone, area_m2) VALUES ($1, $2, $3)
         ON CONFLICT (body, zone) DO UPDATE SET area_m2 = EXCLUDED.area_m2`,
        [a.body, a.zone, a.area],
      );
  }
  for (const c of d.coverage) {
    if (c.coverage === null)
      await tx.query('DELETE FROM calc_coverage WHERE tier = $1 AND zone = $2 AND layer = $3', [c.tier, c.zone, c.layer]);
    else
      await tx.query(
        `INSERT INTO calc_coverage (tier, zone, layer, coverage) VALUES ($1, $2, $3, $4)
         ON CONFLICT (zone, layer, tier) DO UPDATE SET coverage = EXCLUDED.coverage`,
        [c.tier, c.zone, c.layer, c.coverage],
      );
  }
  for (const c of d.choices) {
    await tx.query('DELETE FROM calc_choices WHERE tier = $1 AND layer = $2 AND zone = $3', [c.tier, c.layer, c.zone]);
    if (c.skus.length)
      await tx.query(
        `INSERT INTO calc_choices (tier, layer, zone, rank, sku)
         SELECT $1, $2, $3, r.n, r.sku FROM unnest($4::text[]) WITH ORDINALITY AS r(sku, n)`,
        [c.tier, c.layer, c.zone, c.skus],
      );
  }
  if (d.structure) await writeStructureLast(tx, d.structure);
}

type Quantities = Map<string, number>;

const signature = (q: Quantities) =>
  [...q]
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([sku, n]) => `${sku}×${n}`)
    .join(' ');

type Example = Pick<CalcExample, 'labels' | 'tier' | 'body' | 'zones'>;

/**
 * The examples that matter on the tables as they are, one model per price list: every tier × body × union of zone
 * groups whose answer on some list is a ready kit's sheet goods, and domain.md's examples.
 */
async function examplesOf(tx: Queryable, models: CalcModel[]): Promise<Example[]> {
  // A kit's sheet goods: its lines of the layers' categories (tools and consumables are not the calculator's).
  const lines = await tx.query<{ slug: string; title: string; sku: string; quantity: number }>(
    `SELECT k.slug, k.title, p.sku, ki.quantity
       FROM kits k JOIN kit_items ki ON ki.kit_id = k.id JOIN products p ON p.id = ki.product_id
       JOIN categories c ON c.id = p.category_id
      WHERE c.slug IN (SELECT category_slug FROM calc_layers)
      ORDER BY k.id, p.sku`,
  );
  const kits = new Map<string, { title: string; goods: Quantities }>();
  for (const l of lines) {
    const kit = kits.get(l.slug) ?? { title: l.title, goods: new Map() };
    kit.goods.set(l.sku, l.quantity);
    kits.set(l.slug, kit);
  }

  const byKey = new Map<string, Example>();
  for (const model of models) examplesOn(model, kits, byKey);
  return [...byKey.values()];
}

/** Adds to `byKey` the examples on one price list's model. */
function examplesOn(model: CalcModel, kits: Map<string, { title: string; goods: Quantities }>, byKey: Map<string, Example>): void {
  const order = new Map(model.zones.map((z, i) => [z.code, i]));
  const add = (label: string, body: string, tier: string, zones: string[]) => {
    const sorted = [...new Set(zones)].filter((z) => order.has(z)).sort((a, b) => order.get(a)! - order.get(b)!);
    if (sorted.length === 0) return;
    const key = `${tier}|${body}|${sorted.join(',')}`;
    const found = byKey.get(key);
    if (found) {
      if (!found.labels.includes(label)) found.labels.push(label);
      return;
    }
    byKey.set(key, { labels: [label], tier, body, zones: sorted });
  };

  const groups = [...new Set(model.zones.map((z) => z.group))].map((g) => ({
    group: g,
    zones: model.zones.filter((z) => z.group === g).map((z) => z.code),
  }));
  for (const tier of model.tiers) {
    for (const body of model.bodies) {
      // The calculator rounds per zone and layer: a union's cart is the sum of its groups' carts.
      const carts = groups.map((g) => {
        const cart: Quantities = new Map();
        for (const item of calculate(model, { car: null, body: body.code, tier: tier.code, zones: g.zones }).items)
          cart.set(item.sku, (cart.get(item.sku) ?? 0) + item.quantity);
        return { ...g, cart };
      });
      for (const [slug, kit] of kits) {
        const target = signature(kit.goods);
        if (!target) continue;
        // Only groups whose every product is in the kit, no more of it than the kit holds, can be part of it.
        const candidates = carts.filter((c) => c.cart.size > 0 && [...c.cart].every(([sku, n]) => (kit.goods.get(sku) ?? 0) >= n));
        if (candidates.length === 0 || candidates.length > MAX_CANDIDATE_GROUPS) continue;
        for (let mask = 1; mask < 1 << candidates.length; mask++) {
          const sum: Quantities = new Map();
          const zones: string[] = [];
          candidates.forEach((c, i) => {
            if (!(mask & (1 << i))) return;
            zones.push(...c.zones);
            for (const [sku, n] of c.cart) sum.set(sku, (sum.get(sku) ?? 0) + n);
          });
          if (signature(sum) === target) add(`Готовый комплект «${kit.title}» (${slug})`, body.code, tier.code, zones);
        }
      }
    }
  }
  for (const e of DOMAIN_EXAMPLES) {
    if (!model.bodies.some((b) => b.code === e.body) || !model.tiers.some((x) => x.code === e.tier)) continue;
    add(e.label, e.body, e.tier, e.zones.length ? e.zones : model.zones.map((z) => z.code));
  }
}

/**
 * The calculator's rows as the staff add, rename, reorder and remove them (issue 21 item 5): body types, zones, layers
 * and tiers of migration 014 with their titles in other languages (calc_translations, migration 027), and the cars
 * list. CalculatorDesk applies these with the cells in one transaction and checks them against the same worked
 * examples: removing a zone or a tier that a ready kit's answer uses is shown before and after and needs the
 * confirmation like any change that moves a kit.
 *
 * A row's code never changes once made: it is in every shared calculator link (/calc?body=sedan&zone=roof …) and in
 * saved results, so a new name is a new title. A new row may start as a copy of another's figures (a body's areas; a
 * zone's areas, coverages and own product choices; a tier's coverages and choices), which is how a real editor adds
 * "minivan" from "wagon" and then corrects it in the tables. What would leave the calculator unusable or a row dangling
 * is refused by name: the last row of a kind, the default tier, a body that cars still imply, a layer of a category
 * that does not exist.
 */
import { LANGUAGES, type Language } from '../../shared/languages.ts';
import type { Queryable } from '../db/index.ts';

export type CalcRowKind = 'body' | 'zone' | 'layer' | 'tier';
export type TranslatedLanguage = Exclude<Language, 'ru'>;
export const CALC_TRANSLATED_LANGUAGES = LANGUAGES.filter((l) => l !== 'ru') as TranslatedLanguage[];

export const CALC_ROW_KINDS: CalcRowKind[] = ['body', 'zone', 'layer', 'tier'];
/** calc_cars.slug's CHECK. */
export const CAR_SLUG = /^[a-z0-9][a-z0-9-]{0,60}$/;
export const MAX_ROW_TITLE = 100;
export const MAX_CAR_NAME = 60;
export const MAX_SORT = 9999;

/** Where each kind lives and what the pages call it. */
const KINDS: Record<CalcRowKind, { table: string; list: 'bodies' | 'zones' | 'layers' | 'tiers'; name: string }> = {
  body: { table: 'calc_bodies', list: 'bodies', name: 'Кузов' },
  zone: { table: 'calc_zones', list: 'zones', name: 'Зона' },
  layer: { table: 'calc_layers', list: 'layers', name: 'Слой' },
  tier: { table: 'calc_tiers', list: 'tiers', name: 'Уровень' },
};

/** A row as the editor shows it. */
export interface CalcRow {
  code: string;
  /** The owner's Russian title. */
  title: string;
  sort: number;
  /** Titles in other languages (no key: the page falls back to the locale's name of a known code, then Russian). */
  titles: Partial<Record<TranslatedLanguage, string>>;
}

export interface CalcCar {
  slug: string;
  make: string;
  model: string;
  body: string;
  sort: number;
}

/** The rows of every kind and the cars, as stored. */
export interface CalcStructure {
  bodies: CalcRow[];
  zones: Array<CalcRow & { group: string; defaultOn: boolean }>;
  layers: Array<CalcRow & { category: string }>;
  tiers: Array<CalcRow & { isDefault: boolean }>;
  cars: CalcCar[];
}

/**
 * One row added (its code is new), changed (only the fields given) or removed. `titles` holds every language the form
 * shows: '' removes that translation.
 */
export interface CalcRowChange {
  kind: CalcRowKind;
  code: string;
  remove?: boolean;
  title?: string;
  titles?: Partial<Record<TranslatedLanguage, string>>;
  sort?: number;
  /** A zone's group: zones of one group are offered together ("all doors"). */
  group?: string;
  /** A zone ticked when the calculator opens without a choice. */
  defaultOn?: boolean;
  /** A layer's catalogue category (its slug): the products a tier may choose for it. */
  category?: string;
  /** A new row starts with this row's figures (body, zone, tier). */
  copyFrom?: string;
  /** Asked for as a new row: a code already taken is refused rather than read as a change of that row. */
  isNew?: boolean;
}

/** One car added (its slug is new), changed or removed. */
export interface CalcCarChange {
  slug: string;
  /** Asked for as a new car: a slug already taken is refused. */
  isNew?: boolean;
  remove?: boolean;
  make?: string;
  model?: string;
  body?: string;
  sort?: number;
}

export interface StructureDiff {
  added: Array<Required<Pick<CalcRowChange, 'kind' | 'code' | 'title'>> & CalcRowChange & { sort: number }>;
  updated: Array<{
    kind: CalcRowKind;
    code: string;
    fields: Partial<Record<'title' | 'sort' | 'group' | 'defaultOn' | 'category', unknown>>;
  }>;
  translations: Array<{ kind: CalcRowKind; code: string; language: TranslatedLanguage; title: string | null }>;
  removed: Array<{ kind: CalcRowKind; code: string }>;
  carsAdded: CalcCar[];
  carsUpdated: Array<{ slug: string; fields: Partial<Omit<CalcCar, 'slug'>> }>;
  carsRemoved: string[];
}

/** Records a changed cell for the audit: the table, a key naming the cell, its value before and after. */
export type AuditCell = (table: string, key: string, before: unknown, after: unknown) => void;

export async function readStructure(q: Queryable): Promise<CalcStructure> {
  const rows = <R = object>(table: string, extra = '') =>
    q.query<Omit<CalcRow, 'titles'> & R>(`SELECT code, title, sort${extra} FROM ${table} ORDER BY sort, code`);
  const [bodies, zones, layers, tiers, translations, cars] = await Promise.all([
    rows('calc_bodies'),
    rows<{ group: string; defaultOn: boolean }>('calc_zones', ', grp AS "group", default_on AS "defaultOn"'),
    rows<{ category: string }>('calc_layers', ', category_slug AS category'),
    rows<{ isDefault: boolean }>('calc_tiers', ', is_default AS "isDefault"'),
    q.query<{ kind: CalcRowKind; code: string; language: TranslatedLanguage; title: string }>(
      'SELECT kind, code, language, title FROM calc_translations ORDER BY kind, code, language',
    ),
    q.query<CalcCar>('SELECT slug, make, model, body, sort FROM calc_cars ORDER BY make, sort, model'),
  ]);
  const titlesOf = (kind: CalcRowKind, code: string) =>
    Object.fromEntries(translations.filter((t) => t.kind === kind && t.code === code).map((t) => [t.language, t.title]));
  const withTitles = <R extends { code: string }>(kind: CalcRowKind, list: R[]) =>
    list.map((r) => ({ ...r, titles: titlesOf(kind, r.code) }));
  return {
    bodies: withTitles('body', bodies),
    zones: withTitles('zone', zones),
    layers: withTitles('layer', layers),
    tiers: withTitles('tier', tiers),
    cars,
  };
}

const listOf = (s: CalcStructure, kind: CalcRowKind): CalcRow[] => s[KINDS[kind].list];
const titleOk = (title: string) => title.trim().length >= 1 && title.trim().length <= MAX_ROW_TITLE;
const sortOk = (sort: number) => Number.isInteger(sort) && sort >= 0 && sort <= MAX_SORT;

/** Everything wrong with the rows and cars of a change set, in Russian, each naming its row. */
export function validateStructure(
  s: CalcStructure,
  rows: CalcRowChange[],
  cars: CalcCarChange[],
  codeOk: (code: string) => boolean,
  categories: string[],
): string[] {
  const errors: string[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    const { name } = KINDS[r.kind];
    const where = `${name} «${r.code}»`;
    const existing = listOf(s, r.kind).find((x) => x.code === r.code);
    if (r.isNew && existing) {
      errors.push(`${where}: такой код уже есть — выберите другой.`);
      continue;
    }
    if (seen.has(`${r.kind}:${r.code}`)) {
      errors.push(`${where}: назван дважды.`);
      continue;
    }
    seen.add(`${r.kind}:${r.code}`);
    if (r.remove) {
      if (!existing) errors.push(`${where}: такого нет, удалять нечего.`);
      continue;
    }
    if (!existing) {
      if (!codeOk(r.code)) errors.push(`${where}: код — латиница в нижнем регистре, цифры и дефисы, с буквы, до 31 знака.`);
      if (r.title === undefined || !titleOk(r.title)) errors.push(`${where}: название от 1 до ${MAX_ROW_TITLE} знаков.`);
      if (r.kind === 'zone' && (r.group === undefined || !codeOk(r.group)))
        errors.push(`${where}: группа — код латиницей (зоны одной группы предлагаются вместе).`);
      if (r.kind === 'layer' && r.category === undefined) errors.push(`${where}: выберите категорию товаров слоя.`);
      if (r.copyFrom !== undefined) {
        if (r.kind === 'layer') errors.push(`${where}: слой не копируется — задайте его покрытие и товары в таблицах.`);
        else if (!listOf(s, r.kind).some((x) => x.code === r.copyFrom))
          errors.push(`${where}: копировать не из чего — «${r.copyFrom}» нет.`);
      }
    } else {
      if (r.title !== undefined && !titleOk(r.title)) errors.push(`${where}: название от 1 до ${MAX_ROW_TITLE} знаков.`);
      if (r.group !== undefined && !codeOk(r.group)) errors.push(`${where}: группа — код латиницей.`);
      if (r.copyFrom !== undefined) errors.push(`${where}: копировать можно только в новую строку.`);
    }
    if (r.sort !== undefined && !sortOk(r.sort)) errors.push(`${where}: порядок — целое от 0 до ${MAX_SORT}.`);
    if (r.category !== undefined && !categories.includes(r.category)) errors.push(`${where}: категории «${r.category}» нет.`);
    for (const [language, title] of Object.entries(r.titles ?? {}))
      if (!(CALC_TRANSLATED_LANGUAGES as string[]).includes(language)) errors.push(`${where}: языка «${language}» нет.`);
      else if (title.trim().length > MAX_ROW_TITLE) errors.push(`${where}, ${language}: название до ${MAX_ROW_TITLE} знаков.`);
  }

  // What the change leaves: every kind keeps a row, the default tier stays, no car implies a body that goes.
  const removed = (kind: CalcRowKind) => new Set(rows.filter((r) => r.kind === kind && r.remove).map((r) => r.code));
  for (const kind of CALC_ROW_KINDS) {
    const gone = removed(kind);
    const added = rows.filter((r) => r.kind === kind && !r.remove && !listOf(s, kind).some((x) => x.code === r.code)).length;
    if (gone.size && listOf(s, kind).length - gone.size + added < 1)
      errors.push(`${KINDS[kind].name}: последний удалить нельзя — калькулятору нужен хотя бы один.`);
  }
  const defaultTier = s.tiers.find((t) => t.isDefault)?.code;
  if (defaultTier && removed('tier').has(defaultTier))
    errors.push(`Уровень «${defaultTier}»: он открывается по умолчанию — сначала сделайте таким другой (в таблицах).`);

  const bodiesAfter = new Set([
    ...s.bodies.map((b) => b.code).filter((c) => !removed('body').has(c)),
    ...rows.filter((r) => r.kind === 'body' && !r.remove).map((r) => r.code),
  ]);
  const carSeen = new Set<string>();
  for (const c of cars) {
    const where = `Машина «${c.slug}»`;
    const existing = s.cars.find((x) => x.slug === c.slug);
    if (c.isNew && existing) {
      errors.push(`${where}: такой адрес уже есть — задайте другой.`);
      continue;
    }
    if (carSeen.has(c.slug)) {
      errors.push(`${where}: названа дважды.`);
      continue;
    }
    carSeen.add(c.slug);
    if (c.remove) {
      if (!existing) errors.push(`${where}: такой нет, удалять нечего.`);
      continue;
    }
    if (!existing && !CAR_SLUG.test(c.slug)) errors.push(`${where}: адрес — латиница, цифры и дефисы, до 61 знака.`);
    for (const [field, label] of [
      ['make', 'марка'],
      ['model', 'модель'],
    ] as const) {
      const value = c[field];
      if ((value === undefined && !existing) || (value !== undefined && (!value.trim() || value.trim().length > MAX_CAR_NAME)))
        errors.push(`${where}: ${label} от 1 до ${MAX_CAR_NAME} знаков.`);
    }
    if (c.body === undefined && !existing) errors.push(`${where}: выберите кузов.`);
    if (c.sort !== undefined && !sortOk(c.sort)) errors.push(`${where}: порядок — целое от 0 до ${MAX_SORT}.`);
  }
  for (const car of s.cars) {
    const change = cars.find((c) => c.slug === car.slug);
    if (change?.remove) continue;
    const body = change?.body ?? car.body;
    if (!bodiesAfter.has(body))
      errors.push(`Машина «${car.make} ${car.model}»: кузова «${body}» не останется — смените кузов или удалите машину.`);
  }
  for (const c of cars)
    if (!c.remove && !s.cars.some((x) => x.slug === c.slug) && c.body !== undefined && !bodiesAfter.has(c.body))
      errors.push(`Машина «${c.slug}»: кузова «${c.body}» нет.`);
  return errors;
}

/** The rows and cars a change set really changes (the form posts every row), each cell recorded for the audit. */
export function diffStructure(s: CalcStructure, rows: CalcRowChange[], cars: CalcCarChange[], audit: AuditCell): StructureDiff {
  const d: StructureDiff = { added: [], updated: [], translations: [], removed: [], carsAdded: [], carsUpdated: [], carsRemoved: [] };
  for (const r of rows) {
    const table = KINDS[r.kind].list;
    const existing = listOf(s, r.kind).find((x) => x.code === r.code) as
      | (CalcRow & { group?: string; defaultOn?: boolean; category?: string })
      | undefined;
    if (r.remove) {
      d.removed.push({ kind: r.kind, code: r.code });
      audit(table, r.code, { title: existing?.title }, null);
      continue;
    }
    const titles = Object.entries(r.titles ?? {}).map(([language, raw]) => [language as TranslatedLanguage, raw.trim()] as const);
    if (!existing) {
      const sort = r.sort ?? Math.max(0, ...listOf(s, r.kind).map((x) => x.sort)) + 1;
      const added = { ...r, title: r.title!.trim(), sort };
      d.added.push(added);
      audit(table, r.code, null, {
        title: added.title,
        sort,
        group: r.group,
        defaultOn: r.defaultOn,
        category: r.category,
        copyFrom: r.copyFrom,
      });
      for (const [language, title] of titles) if (title) d.translations.push({ kind: r.kind, code: r.code, language, title });
      continue;
    }
    const fields: StructureDiff['updated'][number]['fields'] = {};
    const compare = (field: keyof typeof fields, was: unknown, now: unknown) => {
      if (now === undefined || now === was) return;
      fields[field] = now;
      audit(table, `${r.code}.${field}`, was, now);
    };
    compare('title', existing.title, r.title?.trim());
    compare('sort', existing.sort, r.sort);
    compare('group', existing.group, r.group);
    compare('defaultOn', existing.defaultOn, r.defaultOn);
    compare('category', existing.category, r.category);
    if (Object.keys(fields).length) d.updated.push({ kind: r.kind, code: r.code, fields });
    for (const [language, title] of titles) {
      const was = existing.titles[language] ?? '';
      if (title === was) continue;
      d.translations.push({ kind: r.kind, code: r.code, language, title: title || null });
      audit(table, `${r.code}.title.${language}`, was || null, title || null);
    }
  }
  for (const c of cars) {
    const existing = s.cars.find((x) => x.slug === c.slug);
    if (c.remove) {
      d.carsRemoved.push(c.slug);
      audit('cars', c.slug, existing, null);
      continue;
    }
    if (!existing) {
      const car: CalcCar = {
        slug: c.slug,
        make: c.make!.trim(),
        model: c.model!.trim(),
        body: c.body!,
        sort: c.sort ?? Math.max(0, ...s.cars.map((x) => x.sort)) + 1,
      };
      d.carsAdded.push(car);
      audit('cars', c.slug, null, car);
      continue;
    }
    const fields: Partial<Omit<CalcCar, 'slug'>> = {};
    for (const field of ['make', 'model', 'body', 'sort'] as const) {
      const now = typeof c[field] === 'string' ? (c[field] as string).trim() : c[field];
      if (now === undefined || now === existing[field]) continue;
      (fields as Record<string, unknown>)[field] = now;
      audit('cars', `${c.slug}.${field}`, existing[field], now);
    }
    if (Object.keys(fields).length) d.carsUpdated.push({ slug: c.slug, fields });
  }
  return d;
}

const COLUMNS: Record<string, string> = { title: 'title', sort: 'sort', group: 'grp', defaultOn: 'default_on', category: 'category_slug' };

/** New rows, changed rows, translations and cars: written before the cells, so a copy starts from the stored figures. */
export async function writeStructureFirst(tx: Queryable, d: StructureDiff): Promise<void> {
  for (const r of d.added) {
    if (r.kind === 'body') await tx.query('INSERT INTO calc_bodies (code, title, sort) VALUES ($1, $2, $3)', [r.code, r.title, r.sort]);
    else if (r.kind === 'zone')
      await tx.query('INSERT INTO calc_zones (code, title, grp, sort, default_on) VALUES ($1, $2, $3, $4, $5)', [
        r.code,
        r.title,
        r.group,
        r.sort,
        r.defaultOn ?? false,
      ]);
    else if (r.kind === 'layer')
      await tx.query('INSERT INTO calc_layers (code, title, category_slug, sort) VALUES ($1, $2, $3, $4)', [
        r.code,
        r.title,
        r.category,
        r.sort,
      ]);
    else await tx.query('INSERT INTO calc_tiers (code, title, sort) VALUES ($1, $2, $3)', [r.code, r.title, r.sort]);
    if (r.copyFrom !== undefined) await copyFigures(tx, r.kind, r.copyFrom, r.code);
  }
  for (const u of d.updated) {
    const entries = Object.entries(u.fields);
    await tx.query(
      `UPDATE ${KINDS[u.kind].table} SET ${entries.map(([field], i) => `${COLUMNS[field]} = $${i + 2}`).join(', ')} WHERE code = $1`,
      [u.code, ...entries.map(([, value]) => value)],
    );
  }
  for (const t of d.translations) {
    if (t.title === null)
      await tx.query('DELETE FROM calc_translations WHERE kind = $1 AND code = $2 AND language = $3', [t.kind, t.code, t.language]);
    else
      await tx.query(
        `INSERT INTO calc_translations (kind, code, language, title) VALUES ($1, $2, $3, $4)
         ON CONFLICT (kind, code, language) DO UPDATE SET title = EXCLUDED.title`,
        [t.kind, t.code, t.language, t.title],
      );
  }
  for (const c of d.carsAdded)
    await tx.query('INSERT INTO calc_cars (slug, make, model, body, sort) VALUES ($1, $2, $3, $4, $5)', [
      c.slug,
      c.make,
      c.model,
      c.body,
      c.sort,
    ]);
  for (const c of d.carsUpdated) {
    const entries = Object.entries(c.fields);
    await tx.query(`UPDATE calc_cars SET ${entries.map(([field], i) => `${field} = $${i + 2}`).join(', ')} WHERE slug = $1`, [
      c.slug,
      ...entries.map(([, value]) => value),
    ]);
  }
}

/** Removed rows and cars, after the cells: the foreign keys take the row's areas, coverages and choices with it. */
export async function writeStructureLast(tx: Queryable, d: StructureDiff): Promise<void> {
  for (const slug of d.carsRemoved) await tx.query('DELETE FROM calc_cars WHERE slug = $1', [slug]);
  for (const r of d.removed) {
    // A choice's zone is no foreign key ('*' is every zone), nor a translation's code.
    if (r.kind === 'zone') await tx.query('DELETE FROM calc_choices WHERE zone = $1', [r.code]);
    await tx.query('DELETE FROM calc_translations WHERE kind = $1 AND code = $2', [r.kind, r.code]);
    await tx.query(`DELETE FROM ${KINDS[r.kind].table} WHERE code = $1`, [r.code]);
  }
}

/** A new row's figures copied from `from`: a body's areas; a zone's areas, coverages and own choices; a tier's. */
async function copyFigures(tx: Queryable, kind: CalcRowKind, from: string, to: string): Promise<void> {
  if (kind === 'body')
    await tx.query('INSERT INTO calc_areas (body, zone, area_m2) SELECT $2, zone, area_m2 FROM calc_areas WHERE body = $1', [from, to]);
  if (kind === 'zone') {
    await tx.query('INSERT INTO calc_areas (body, zone, area_m2) SELECT body, $2, area_m2 FROM calc_areas WHERE zone = $1', [from, to]);
    await tx.query(
      'INSERT INTO calc_coverage (zone, layer, tier, coverage) SELECT $2, layer, tier, coverage FROM calc_coverage WHERE zone = $1',
      [from, to],
    );
    await tx.query(
      'INSERT INTO calc_choices (tier, layer, zone, rank, sku) SELECT tier, layer, $2, rank, sku FROM calc_choices WHERE zone = $1',
      [from, to],
    );
  }
  if (kind === 'tier') {
    await tx.query(
      'INSERT INTO calc_coverage (zone, layer, tier, coverage) SELECT zone, layer, $2, coverage FROM calc_coverage WHERE tier = $1',
      [from, to],
    );
    await tx.query(
      'INSERT INTO calc_choices (tier, layer, zone, rank, sku) SELECT $2, layer, zone, rank, sku FROM calc_choices WHERE tier = $1',
      [from, to],
    );
  }
}

/**
 * The products CSV of the back office (issue 21 item 3, decision 049): what the product editor (product-desk.ts) keeps
 * — SKU, address slug, category (by slug), on sale (1/0), made to order (1/0), the Russian name and description, a name
 * and description per other language, attributes ("key = value" lines, as the editor writes them) — exported for a
 * spreadsheet and imported back. The import is csv-import.ts's: streamed, every row checked as it arrives against the
 * catalogue read once, a plan listing every change (field: before → after) and every row's error; a plan without
 * errors is applied whole in one transaction with one audit row. A known SKU updates its product, a new one creates a
 * product (its prices and stock are the prices-and-stock CSV's). A column that is absent changes nothing and is not
 * written. The plan is read before the transaction that applies it: applying locks the products it touches and
 * compares what the plan read of them (the file's columns, the address, the category and the title) with what is
 * stored now; a colleague's save in between, a product created meanwhile under a planned SKU or address, or a
 * category gone refuses the whole import ('stale', nothing written) rather than overwriting or failing.
 */
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { slugify } from '../../shared/slug.ts';
import { plainText } from '../../shared/text.ts';
import { type AuditActor, recordAudit } from '../audit/index.ts';
import type { Db } from '../db/index.ts';
import { addRowError, type CsvPlan, type CsvRecord, csvCell, headerErrors, type ListedChanges, listChange } from './csv-import.ts';
import { type AttributeValue, formatAttributes, parseAttributes, TRANSLATED_LANGUAGES } from './product-desk.ts';

type Translated = (typeof TRANSLATED_LANGUAGES)[number];

/** The columns, in the export's order (language codes as the site writes them: title_zh-CN; the import reads any case). */
export const PRODUCT_CSV_COLUMNS = [
  'sku',
  'slug',
  'category',
  'active',
  'made_to_order',
  'title',
  'description',
  ...TRANSLATED_LANGUAGES.flatMap((l) => [`title_${l}`, `description_${l}`]),
  'attributes',
] as const;

/** What a new product cannot do without; the other columns may be left out (and then change nothing). */
export const PRODUCT_CSV_REQUIRED = ['sku', 'category', 'title'] as const;

// The editor's rules (ProductDesk.save and the product form's schema in server/staff/routes/products.tsx).
const SKU = /^[A-Za-z0-9-]{1,64}$/;
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const CONTROL = 'управляющие символы недопустимы';
const line = (max: number) => plainText({ invalid: CONTROL }).max(max, `длиннее ${max} знаков`);
const lines = (max: number) => plainText({ invalid: CONTROL, multiline: true }).max(max, `длиннее ${max} знаков`);
const flag = plainText({ invalid: CONTROL }).regex(/^[01]?$/, '1 (да) или 0 (нет)');

/** Each column's cell, validated at the edge (zod, the shared plain-text rule: no control characters). */
const CELL: Record<string, z.ZodType<string>> = {
  sku: line(64).regex(/^[A-Za-z0-9-]*$/, 'латиница, цифры и дефис, до 64 знаков'),
  slug: line(120).regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, 'латиница в нижнем регистре, цифры и дефисы'),
  category: line(100),
  active: flag,
  made_to_order: flag,
  title: line(300),
  description: lines(10_000),
  ...Object.fromEntries(
    TRANSLATED_LANGUAGES.flatMap((l) => [[`title_${l}`, line(300)] as const, [`description_${l}`, lines(10_000)] as const]),
  ),
  attributes: lines(5000),
};

/** A header name as the import reads it (lower-cased) → the column. */
const BY_LOWER = new Map<string, string>(PRODUCT_CSV_COLUMNS.map((c) => [c.toLowerCase(), c]));

type Cells = Record<string, string>;

interface StoredProduct {
  id: number;
  sku: string;
  slug: string;
  categoryId: number;
  category: string;
  title: string;
  description: string;
  active: boolean;
  madeToOrder: boolean;
  attributes: Record<string, AttributeValue>;
  translations: Partial<Record<Translated, { title: string; description: string }>>;
}

/**
 * A product as the import writes it: a new one with every column, an update with the file's columns only. The
 * translations are those of the languages that change (an empty title: the translation is removed).
 */
export interface ProductImportRow {
  id?: number;
  sku: string;
  slug: string;
  categoryId: number;
  /** The category's slug that named categoryId when the plan was made (checked again on apply). */
  category: string;
  title: string;
  description: string;
  active: boolean;
  madeToOrder: boolean;
  attributes: Record<string, AttributeValue>;
  translations: Partial<Record<Translated, { title: string; description: string }>>;
  /** The languages whose name or description changes. */
  languages: Translated[];
  /** An update's: a digest of what the plan read of the columns it relied on (compared again on apply). */
  read?: string;
}

export interface ProductImportPlan extends CsvPlan, ListedChanges<string | null> {
  /** The file's columns (as PRODUCT_CSV_COLUMNS names them): an update writes only these. */
  columns: string[];
  create: ProductImportRow[];
  update: ProductImportRow[];
}

/** Why a plan was not applied: the products it read changed before its transaction (a 409 for the staff). */
export const PRODUCTS_CHANGED = 'Товары изменились, пока файл проверялся: загрузите его ещё раз';

/** Attributes in one order (jsonb keeps its own), for comparing. */
const attributesKey = (attributes: Record<string, AttributeValue>) =>
  formatAttributes(Object.fromEntries(Object.entries(attributes).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));

/** The product's cells as the export writes them (before the formula guard). */
function cellsOf(p: StoredProduct): Cells {
  const cells: Cells = {
    sku: p.sku,
    slug: p.slug,
    category: p.category,
    active: p.active ? '1' : '0',
    made_to_order: p.madeToOrder ? '1' : '0',
    title: p.title,
    description: p.description,
    attributes: formatAttributes(p.attributes),
  };
  for (const l of TRANSLATED_LANGUAGES) {
    cells[`title_${l}`] = p.translations[l]?.title ?? '';
    cells[`description_${l}`] = p.translations[l]?.description ?? '';
  }
  return cells;
}

/** Every product, or those of `ids`. */
async function readProducts(db: Pick<Db, 'query'>, ids?: number[]): Promise<StoredProduct[]> {
  return db.query<StoredProduct>(
    `SELECT p.id, p.sku, p.slug, p.category_id AS "categoryId", c.slug AS category, p.title, p.description,
            p.is_active AS active, p.made_to_order AS "madeToOrder", p.attributes,
            coalesce((SELECT jsonb_object_agg(t.language, jsonb_build_object('title', t.title, 'description', t.description))
                        FROM product_translations t WHERE t.product_id = p.id), '{}') AS translations
       FROM products p JOIN categories c ON c.id = p.category_id
      WHERE $1::int[] IS NULL OR p.id = ANY($1::int[]) ORDER BY p.sku`,
    [ids ?? null],
  );
}

/**
 * The columns a plan relies on for a product it updates: the file's, the address, category and title (the address
 * is checked and made from them), and both columns of a language the file names either of (a translation is one row:
 * emptying its name removes its description).
 */
function reliedColumns(columns: readonly string[]): string[] {
  const relied = new Set(['sku', 'slug', 'category', 'title', ...columns]);
  for (const l of TRANSLATED_LANGUAGES)
    if (relied.has(`title_${l}`) || relied.has(`description_${l}`)) relied.add(`title_${l}`).add(`description_${l}`);
  return PRODUCT_CSV_COLUMNS.filter((c) => relied.has(c));
}

/** A digest of the product's relied-on columns, as the plan read them and as apply reads them again under lock. */
function digestOf(product: StoredProduct, relied: readonly string[]): string {
  const cells = cellsOf(product);
  const values = relied.map((c) => (c === 'attributes' ? attributesKey(product.attributes) : cells[c]));
  return createHash('sha256')
    .update(JSON.stringify([product.id, ...values]))
    .digest('base64url');
}

/** Every product's row of the export, by SKU. */
export async function exportProductRows(db: Pick<Db, 'query'>): Promise<{ header: string[]; rows: string[][] }> {
  const products = await readProducts(db);
  return {
    header: [...PRODUCT_CSV_COLUMNS],
    rows: products.map((p) => {
      const cells = cellsOf(p);
      return PRODUCT_CSV_COLUMNS.map((c) => cells[c]!);
    }),
  };
}

/** What the plan shows of a long text (the audit row keeps the same). */
const shown = (value: string) => (value.length > 200 ? `${value.slice(0, 199)}…` : value);

/**
 * Reads a products CSV (any size: rows are checked as they stream in) against the catalogue and returns what it would
 * create and change, and every row's error. A cell that is empty: an empty slug is made from the title (as in the
 * editor), an empty flag leaves it as it is (a new product: on sale, not made to order), an empty translated name
 * removes that language's translation.
 */
export async function planProductImport(
  db: Pick<Db, 'query'>,
  records: AsyncIterable<CsvRecord>,
  header: string[],
): Promise<ProductImportPlan> {
  const plan: ProductImportPlan = {
    rows: 0,
    errors: [],
    errorsOmitted: 0,
    columns: [],
    create: [],
    update: [],
    changes: [],
    changesOmitted: 0,
  };
  for (const error of headerErrors(header, (column) => BY_LOWER.has(column), PRODUCT_CSV_REQUIRED))
    addRowError(plan, error.line, error.message);
  if (plan.errors.length) return plan;
  const columns = header.map((h) => [h, BY_LOWER.get(h)!] as const);
  plan.columns = columns.map(([, column]) => column);
  const relied = reliedColumns(plan.columns);
  const categories = new Map((await db.query<{ id: number; slug: string }>('SELECT id, slug FROM categories')).map((c) => [c.slug, c.id]));
  const stored = await readProducts(db);
  const products = new Map(stored.map((p) => [p.sku, p]));
  // Addresses are unique within a category: held by a product in the catalogue, or claimed by an earlier row of the file.
  const owners = new Map(stored.map((p) => [`${p.categoryId}/${p.slug}`, p.sku]));
  const claimed = new Map<string, string>();
  const seen = new Map<string, number>();
  let at = 1;
  for await (const record of records) {
    at++;
    plan.rows++;
    const line = at;
    const errors: string[] = [];
    const given: Cells = {};
    for (const [name, column] of columns) {
      const value = csvCell(record, name).replace(/\r\n?/g, '\n');
      const checked = CELL[column]!.safeParse(value);
      if (checked.success) given[column] = value;
      else errors.push(`${column}: ${checked.error.issues[0]?.message ?? 'неверное значение'}`);
    }
    const sku = given.sku ?? '';
    if (given.sku !== undefined && !SKU.test(sku)) errors.push('пустой артикул');
    else if (sku && seen.has(sku)) errors.push(`артикул ${sku} повторяется (уже в строке ${seen.get(sku)})`);
    if (sku && !seen.has(sku)) seen.set(sku, line);
    const product = products.get(sku);
    const before = product ? cellsOf(product) : undefined;
    // Absent columns and empty flags keep what the product has (a new product: the editor's defaults).
    const after: Cells = { ...(before ?? { active: '1', made_to_order: '0', slug: '', description: '', attributes: '' }) };
    for (const [column, value] of Object.entries(given))
      if (value !== '' || (column !== 'active' && column !== 'made_to_order')) after[column] = value;
    const titled = !!after.title;
    // A title that failed its check is named once (not again as missing, nor as a slug made from it).
    if (!titled && !errors.some((e) => e.startsWith('title:'))) errors.push('title: название обязательно');
    const categoryId = categories.get(after.category ?? '');
    if (given.category !== undefined && categoryId === undefined)
      errors.push(given.category ? `нет категории «${given.category}»` : 'category: категория обязательна');
    if (given.slug === '' || !after.slug) after.slug = slugify(after.title ?? '');
    if (titled && (!SLUG.test(after.slug) || after.slug.length > 120))
      errors.push(`slug «${after.slug}»: латиница, цифры и дефисы, до 120 знаков`);
    const attributes = parseAttributes(after.attributes ?? '');
    if ('error' in attributes) errors.push(`attributes: ${attributes.error}`);
    // Without its name a translation is removed, its description with it; a description given alone is named.
    for (const l of TRANSLATED_LANGUAGES)
      if (!after[`title_${l}`] && after[`description_${l}`]) {
        if (given[`description_${l}`]) errors.push(`description_${l}: описание перевода без названия (title_${l}) не сохранится`);
        after[`description_${l}`] = '';
      }
    if (!errors.length && categoryId !== undefined) {
      const key = `${categoryId}/${after.slug}`;
      const holder = [owners.get(key), claimed.get(key)].find((s) => s !== undefined && s !== sku);
      if (holder) errors.push(`адрес «${after.slug}» в категории «${after.category}» уже у товара ${holder}`);
      else claimed.set(key, sku);
    }
    if (errors.length || categoryId === undefined || 'error' in attributes) {
      for (const message of errors) addRowError(plan, line, message);
      continue;
    }
    const row: ProductImportRow = {
      id: product?.id,
      sku,
      slug: after.slug,
      categoryId,
      category: after.category!,
      title: after.title!,
      description: after.description ?? '',
      active: after.active === '1',
      madeToOrder: after.made_to_order === '1',
      attributes: attributes as Record<string, AttributeValue>,
      translations: {},
      languages: [],
    };
    const translate = (l: Translated) => {
      row.languages.push(l);
      row.translations[l] = { title: after[`title_${l}`] ?? '', description: after[`description_${l}`] ?? '' };
    };
    if (!before) {
      for (const l of TRANSLATED_LANGUAGES) if (after[`title_${l}`]) translate(l);
      plan.create.push(row);
      listChange(plan, { line, sku, field: 'новый товар', before: null, after: shown(`${after.category}/${row.slug}: ${row.title}`) });
      continue;
    }
    let changed = false;
    for (const column of PRODUCT_CSV_COLUMNS) {
      const was = before[column]!;
      const now = after[column] ?? '';
      const same =
        column === 'attributes' ? attributesKey(product!.attributes) === attributesKey(row.attributes) : was.trim() === now.trim();
      if (same) continue;
      changed = true;
      listChange(plan, { line, sku, field: column, before: was ? shown(was) : null, after: now ? shown(now) : null });
      const language = TRANSLATED_LANGUAGES.find((l) => column === `title_${l}` || column === `description_${l}`);
      if (language && !row.languages.includes(language)) translate(language);
    }
    if (changed) {
      row.read = digestOf(product!, relied);
      plan.update.push(row);
    }
  }
  return plan;
}

/** The products' own columns an update writes when the file has them (by the file's column name). */
const WRITTEN: Record<string, { column: string; type: string; cast?: string; of: (r: ProductImportRow) => unknown }> = {
  slug: { column: 'slug', type: 'text', of: (r) => r.slug },
  category: { column: 'category_id', type: 'int', of: (r) => r.categoryId },
  title: { column: 'title', type: 'text', of: (r) => r.title },
  description: { column: 'description', type: 'text', of: (r) => r.description },
  active: { column: 'is_active', type: 'bool', of: (r) => r.active },
  made_to_order: { column: 'made_to_order', type: 'bool', of: (r) => r.madeToOrder },
  attributes: { column: 'attributes', type: 'text', cast: '::jsonb', of: (r) => JSON.stringify(r.attributes) },
};

/** Thrown inside the transaction to roll it back when what the plan read has changed. */
class StaleImport extends Error {
  override name = 'StaleImport';
}

/** A unique (23505) or foreign-key (23503) violation: a product or category changed between the plan and its write. */
function isConstraintRace(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (e.code === '23505' || e.code === '23503') return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * Applies a plan without errors in one transaction (all or nothing), with one audit row summing it up. The products
 * the plan touches are locked first (by SKU) and compared with what the plan read; 'stale' — nothing written — when a
 * colleague changed one of them (a relied-on column, its SKU), a planned-new SKU exists now, a category is gone or
 * renamed, or a write meets a unique or foreign-key violation (an address taken meanwhile).
 */
export async function applyProductImport(db: Db, plan: ProductImportPlan, actor: AuditActor): Promise<'applied' | 'stale'> {
  if (plan.errors.length || plan.errorsOmitted) throw new Error('applyProductImport: the plan has errors');
  try {
    await db.transaction(async (tx) => {
      const rows = [...plan.create, ...plan.update];
      const locked = await tx.query<{ id: number; sku: string }>(
        'SELECT id, sku FROM products WHERE sku = ANY($1::text[]) ORDER BY id FOR UPDATE',
        [rows.map((r) => r.sku)],
      );
      const held = new Map(locked.map((p) => [p.sku, p.id]));
      if (plan.create.some((r) => held.has(r.sku)) || plan.update.some((r) => held.get(r.sku) !== r.id)) throw new StaleImport();
      // Read again after the locks are held (a statement of its own: it sees every save committed before them).
      if (plan.update.length) {
        const relied = reliedColumns(plan.columns);
        const now = new Map(
          (
            await readProducts(
              tx,
              plan.update.map((r) => r.id!),
            )
          ).map((p) => [p.id, p]),
        );
        for (const r of plan.update) {
          const product = now.get(r.id!);
          if (!product || digestOf(product, relied) !== r.read) throw new StaleImport();
        }
      }
      const categoryIds = [...new Set(rows.map((r) => r.categoryId))];
      const categories = new Map(
        (
          await tx.query<{ id: number; slug: string }>('SELECT id, slug FROM categories WHERE id = ANY($1::int[]) FOR KEY SHARE', [
            categoryIds,
          ])
        ).map((c) => [c.id, c.slug]),
      );
      if (rows.some((r) => categories.get(r.categoryId) !== r.category)) throw new StaleImport();

      const ids = new Map<string, number>(plan.update.map((r) => [r.sku, r.id!]));
      if (plan.create.length) {
        const created = await tx.query<{ id: number; sku: string }>(
          `INSERT INTO products (sku, slug, category_id, title, description, is_active, made_to_order, attributes)
           SELECT v.sku, v.slug, v.category_id, v.title, v.description, v.active, v.made_to_order, v.attributes::jsonb
             FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::bool[], $7::bool[], $8::text[])
               AS v(sku, slug, category_id, title, description, active, made_to_order, attributes)
           RETURNING id, sku`,
          [plan.create.map((r) => r.sku), ...Object.values(WRITTEN).map((w) => plan.create.map(w.of))],
        );
        for (const c of created) ids.set(c.sku, c.id);
      }
      // An update writes the file's columns only: one absent from it is left as it is stored.
      const written = plan.columns.flatMap((c) => (WRITTEN[c] ? [WRITTEN[c]] : []));
      if (plan.update.length && written.length)
        await tx.query(
          `UPDATE products p SET ${written.map((w) => `${w.column} = v.${w.column}${w.cast ?? ''}`).join(', ')}
             FROM unnest($1::int[], ${written.map((w, i) => `$${i + 2}::${w.type}[]`).join(', ')})
               AS v(id, ${written.map((w) => w.column).join(', ')})
            WHERE p.id = v.id`,
          [plan.update.map((r) => r.id!), ...written.map((w) => plan.update.map(w.of))],
        );
      const touched = rows.flatMap((r) => r.languages.map((language) => ({ id: ids.get(r.sku)!, language, ...r.translations[language]! })));
      const upsert = touched.filter((t) => t.title);
      const remove = touched.filter((t) => !t.title);
      // A translation that exists keeps its name or description when the file has no column for it.
      const named = (kind: 'title' | 'description') => TRANSLATED_LANGUAGES.filter((l) => plan.columns.includes(`${kind}_${l}`));
      if (upsert.length)
        await tx.query(
          `INSERT INTO product_translations AS t (product_id, language, title, description)
           SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[])
           ON CONFLICT (product_id, language) DO UPDATE
             SET title = CASE WHEN EXCLUDED.language = ANY($5::text[]) THEN EXCLUDED.title ELSE t.title END,
                 description = CASE WHEN EXCLUDED.language = ANY($6::text[]) THEN EXCLUDED.description ELSE t.description END`,
          [
            upsert.map((t) => t.id),
            upsert.map((t) => t.language),
            upsert.map((t) => t.title),
            upsert.map((t) => t.description),
            named('title'),
            named('description'),
          ],
        );
      if (remove.length)
        await tx.query(
          'DELETE FROM product_translations t USING unnest($1::int[], $2::text[]) AS u(id, language) WHERE t.product_id = u.id AND t.language = u.language',
          [remove.map((t) => t.id), remove.map((t) => t.language)],
        );
      await recordAudit(tx, actor, {
        action: 'product.import',
        entity: 'import',
        entityId: new Date().toISOString(),
        site: null,
        before: null,
        after: {
          rows: plan.rows,
          created: plan.create.length,
          updated: plan.update.length,
          changes: plan.changes.slice(0, 1000),
          changesNotListed: Math.max(0, plan.changes.length - 1000) + plan.changesOmitted || undefined,
        },
      });
    });
  } catch (error) {
    if (error instanceof StaleImport || isConstraintRace(error)) return 'stale';
    throw error;
  }
  return 'applied';
}

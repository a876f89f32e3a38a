/**
 * Products as the staff edit them (issue 21 item 3): the Russian name and description (the catalogue's own columns),
 * a name and description per other language (product_translations, decision 048), the category, the address slug,
 * attributes, and whether the product is on sale (active) and made to order. New products are created here too; their
 * prices and stock are the price grid's (merchandise.ts). Every save is audited in its transaction; this process's
 * caches are cleared, other pods follow within the shell cache's lifetime.
 */
import { LANGUAGES, type Language } from '../../shared/languages.ts';
import { slugify } from '../../shared/slug.ts';
import { type AuditActor, recordAudit } from '../audit/index.ts';
import type { Db, Queryable } from '../db/index.ts';
import { likePattern } from './catalog.ts';

export const TRANSLATED_LANGUAGES = LANGUAGES.filter((l) => l !== 'ru') as Exclude<Language, 'ru'>[];
/** The tables of per-language texts (decision 048), by what they translate; never built from input. */
const TRANSLATION_TABLES = {
  product: { table: 'product_translations', key: 'product_id' },
  category: { table: 'category_translations', key: 'category_id' },
  kit: { table: 'kit_translations', key: 'kit_id' },
} as const;

/**
 * Writes a catalogue entry's texts in the languages other than Russian, inside the caller's transaction: a language
 * with a title is upserted, one without is removed (shoppers then read the Russian text).
 */
export async function saveTranslations(
  tx: Queryable,
  of: keyof typeof TRANSLATION_TABLES,
  id: number,
  translations: Partial<Record<Exclude<Language, 'ru'>, { title: string; description: string }>>,
): Promise<void> {
  const { table, key } = TRANSLATION_TABLES[of];
  for (const language of TRANSLATED_LANGUAGES) {
    const t = translations[language];
    if (t?.title.trim())
      await tx.query(
        `INSERT INTO ${table} (${key}, language, title, description) VALUES ($1, $2, $3, $4)
         ON CONFLICT (${key}, language) DO UPDATE SET title = EXCLUDED.title, description = EXCLUDED.description`,
        [id, language, t.title.trim(), t.description.trim()],
      );
    else await tx.query(`DELETE FROM ${table} WHERE ${key} = $1 AND language = $2`, [id, language]);
  }
}

export type AttributeValue = string | number;

export interface ProductDraft {
  id?: number;
  sku: string;
  slug: string;
  categoryId: number;
  title: string;
  description: string;
  active: boolean;
  madeToOrder: boolean;
  attributes: Record<string, AttributeValue>;
  /** Per language other than Russian; an empty title removes that language's translation. */
  translations: Partial<Record<Exclude<Language, 'ru'>, { title: string; description: string }>>;
}

export interface ProductListRow {
  id: number;
  sku: string;
  title: string;
  category: string;
  active: boolean;
  languages: string[];
}

export type ProductSaveResult = { ok: true; id: number } | { ok: false; error: string };

export const PRODUCTS_PAGE_SIZE = 50;
const SKU = /^[A-Za-z0-9-]{1,64}$/;
const ATTRIBUTE_KEY = /^[a-z][a-z0-9_]{0,39}$/;

/** "key = value" lines → attributes (numbers as numbers); the first bad line's complaint otherwise. */
export function parseAttributes(text: string): Record<string, AttributeValue> | { error: string } {
  const out: Record<string, AttributeValue> = {};
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (!line) continue;
    const at = line.indexOf('=');
    const key = at < 0 ? '' : line.slice(0, at).trim();
    const value = at < 0 ? '' : line.slice(at + 1).trim();
    if (!ATTRIBUTE_KEY.test(key) || !value || value.length > 200)
      return { error: `Характеристики, строка ${i + 1}: «ключ = значение», ключ латиницей` };
    out[key] = /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  }
  return out;
}

export const formatAttributes = (attributes: Record<string, AttributeValue>) =>
  Object.entries(attributes)
    .map(([k, v]) => `${k} = ${v}`)
    .join('\n');

export class ProductDesk {
  constructor(
    private readonly db: Db,
    private readonly onChanged: () => void,
  ) {}

  categories(): Promise<Array<{ id: number; title: string; slug: string }>> {
    return this.db.query('SELECT id, title, slug FROM categories ORDER BY sort, id');
  }

  async list(q: string | undefined, page: number): Promise<{ rows: ProductListRow[]; total: number }> {
    const pattern = q?.trim() ? likePattern(q.trim()) : null;
    const [rows, [count]] = await Promise.all([
      this.db.query<ProductListRow>(
        `SELECT p.id, p.sku, p.title, c.title AS category, p.is_active AS active,
                ARRAY(SELECT t.language FROM product_translations t WHERE t.product_id = p.id ORDER BY t.language) AS languages
           FROM products p JOIN categories c ON c.id = p.category_id
          WHERE $1::text IS NULL OR p.sku ILIKE $1 OR p.title ILIKE $1
          ORDER BY p.sku LIMIT ${PRODUCTS_PAGE_SIZE} OFFSET $2`,
        [pattern, (Math.max(1, page) - 1) * PRODUCTS_PAGE_SIZE],
      ),
      this.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM products p WHERE $1::text IS NULL OR p.sku ILIKE $1 OR p.title ILIKE $1',
        [pattern],
      ),
    ]);
    return { rows, total: count!.n };
  }

  async find(id: number, q: Queryable = this.db): Promise<(ProductDraft & { id: number }) | undefined> {
    const [row] = await q.query<ProductDraft & { id: number }>(
      `SELECT p.id, p.sku, p.slug, p.category_id AS "categoryId", p.title, p.description, p.is_active AS active,
              p.made_to_order AS "madeToOrder", p.attributes,
              coalesce((SELECT jsonb_object_agg(t.language, jsonb_build_object('title', t.title, 'description', t.description))
                          FROM product_translations t WHERE t.product_id = p.id), '{}') AS translations
         FROM products p WHERE p.id = $1`,
      [id],
    );
    return row;
  }

  async save(draft: ProductDraft, actor: AuditActor): Promise<ProductSaveResult> {
    const slug = draft.slug.trim() || slugify(draft.title);
    if (!SKU.test(draft.sku)) return { ok: false, error: 'Артикул: латиница, цифры и дефис, до 64 знаков.' };
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug) || slug.length > 120) return { ok: false, error: 'Адрес: латиница, цифры и дефисы.' };
    if (!draft.title.trim()) return { ok: false, error: 'Название обязательно.' };
    const result = await this.db.transaction(async (tx): Promise<ProductSaveResult> => {
      const [category] = await tx.query('SELECT 1 FROM categories WHERE id = $1', [draft.categoryId]);
      if (!category) return { ok: false, error: 'Такой категории нет.' };
      const [clash] = await tx.query<{ id: number; sku: string }>(
        'SELECT id, sku FROM products WHERE (sku = $1 OR (category_id = $2 AND slug = $3)) AND id IS DISTINCT FROM $4::int LIMIT 1',
        [draft.sku, draft.categoryId, slug, draft.id ?? null],
      );
      if (clash)
        return {
          ok: false,
          error: clash.sku === draft.sku ? 'Товар с таким артикулом уже есть.' : 'В этой категории уже есть товар с таким адресом.',
        };
      const before = draft.id ? await this.find(draft.id, tx) : undefined;
      if (draft.id && !before) return { ok: false, error: 'Товар не найден.' };
      const values = [
        draft.sku,
        slug,
        draft.categoryId,
        draft.title.trim(),
        draft.description.trim(),
        draft.active,
        draft.madeToOrder,
        JSON.stringify(draft.attributes),
      ];
      const [row] = draft.id
        ? await tx.query<{ id: number }>(
            `UPDATE products SET sku = $1, slug = $2, category_id = $3, title = $4, description = $5, is_active = $6, made_to_order = $7,
                    attributes = $8::jsonb WHERE id = $9 RETURNING id`,
            [...values, draft.id],
          )
        : await tx.query<{ id: number }>(
            `INSERT INTO products (sku, slug, category_id, title, description, is_active, made_to_order, attributes)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb) RETURNING id`,
            values,
          );
      const id = row!.id;
      await saveTranslations(tx, 'product', id, draft.translations);
      const after = { ...draft, slug, id };
      await recordAudit(tx, actor, {
        action: draft.id ? 'product.update' : 'product.create',
        entity: 'product',
        entityId: draft.sku,
        site: null,
        before: before ?? null,
        after,
      });
      return { ok: true, id };
    });
    if (result.ok) this.onChanged();
    return result;
  }
}

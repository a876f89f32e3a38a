/**
 * Ready kits as the staff edit them (issue 21 item 3): the Russian title and description (the table's own columns), a
 * title and description per other language (kit_translations, decision 048), the address slug, the discount (percent,
 * as kits.discount_percent stores it) and the lines — a product by its SKU and a quantity of at least one. What a
 * shopper pays is worked out as the storefront does (kits.ts, shared/cart.ts kitPrice): Σ price × quantity on the
 * site's list, minus the discount, rounded to the site's step — and only where the site sells every line.
 * Every save is audited in its transaction; this process's caches are cleared.
 */
import { kitPrice, separatePrice } from '../../shared/cart.ts';
import type { Language } from '../../shared/languages.ts';
import { slugify } from '../../shared/slug.ts';
import { type AuditActor, recordAudit } from '../audit/index.ts';
import type { Db, Queryable } from '../db/index.ts';
import { isUniqueViolation, SLUG } from './category-desk.ts';
import { saveTranslations } from './product-desk.ts';

export interface KitLineDraft {
  sku: string;
  quantity: number;
}

export interface KitDraft {
  id?: number;
  slug: string;
  title: string;
  description: string;
  /** Percent off the separate price, 0 ≤ d < 100, two decimals at most (numeric(5,2)). */
  discountPercent: number;
  lines: KitLineDraft[];
  /** Per language other than Russian; an empty title removes that language's translation. */
  translations: Partial<Record<Exclude<Language, 'ru'>, { title: string; description: string }>>;
}

export interface KitListRow {
  id: number;
  slug: string;
  title: string;
  discountPercent: number;
  lines: number;
  languages: string[];
}

/** What the kit costs on one site, as its page shows it. */
export interface KitSitePrice {
  site: string;
  priceList: string;
  currency: string;
  /** Σ price × quantity (null: the site does not sell every line). */
  separate: number | null;
  /** The kit's price after the discount, rounded to the site's step (null: not purchasable there). */
  price: number | null;
  /** SKUs of the lines the site does not sell (unknown, off sale, or without a price on its list). */
  unsold: string[];
}

export type KitSaveResult = { ok: true; id: number } | { ok: false; error: string };

export const MAX_KIT_LINES = 100;
const MAX_QUANTITY = 9999;

/** The lines' own complaint (no database needed), or undefined. */
export function checkKitLines(lines: KitLineDraft[]): string | undefined {
  if (!lines.length) return 'В комплекте должна быть хотя бы одна позиция.';
  if (lines.length > MAX_KIT_LINES) return `Не больше ${MAX_KIT_LINES} позиций в комплекте.`;
  const seen = new Set<string>();
  for (const line of lines) {
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_QUANTITY)
      return `Количество для ${line.sku}: целое число от 1 до ${MAX_QUANTITY}.`;
    if (seen.has(line.sku)) return `Артикул ${line.sku} указан дважды: укажите общее количество в одной строке.`;
    seen.add(line.sku);
  }
  return undefined;
}

export class KitDesk {
  constructor(
    private readonly db: Db,
    private readonly onChanged: () => void,
  ) {}

  list(): Promise<KitListRow[]> {
    return this.db.query<KitListRow>(
      `SELECT k.id, k.slug, k.title, k.discount_percent::float8 AS "discountPercent",
              (SELECT count(*)::int FROM kit_items ki WHERE ki.kit_id = k.id) AS lines,
              ARRAY(SELECT t.language FROM kit_translations t WHERE t.kit_id = k.id ORDER BY t.language) AS languages
         FROM kits k ORDER BY k.id`,
    );
  }

  async find(id: number, q: Queryable = this.db): Promise<(KitDraft & { id: number }) | undefined> {
    const [row] = await q.query<KitDraft & { id: number }>(
      `SELECT k.id, k.slug, k.title, k.description, k.discount_percent::float8 AS "discountPercent",
              coalesce((SELECT json_agg(json_build_object('sku', p.sku, 'quantity', ki.quantity) ORDER BY ki.quantity DESC, p.id)
                          FROM kit_items ki JOIN products p ON p.id = ki.product_id WHERE ki.kit_id = k.id), '[]') AS lines,
              coalesce((SELECT jsonb_object_agg(t.language, jsonb_build_object('title', t.title, 'description', t.description))
                          FROM kit_translations t WHERE t.kit_id = k.id), '{}') AS translations
         FROM kits k WHERE k.id = $1`,
      [id],
    );
    return row;
  }

  /** The products of the lines by SKU: their titles for the editor (a SKU not in the catalogue is left out). */
  async products(skus: string[]): Promise<Record<string, { title: string; active: boolean }>> {
    const rows = await this.db.query<{ sku: string; title: string; active: boolean }>(
      'SELECT sku, title, is_active AS active FROM products WHERE sku = ANY($1::text[])',
      [skus],
    );
    return Object.fromEntries(rows.map((r) => [r.sku, { title: r.title, active: r.active }]));
  }

  /** What `lines` at `discountPercent` cost on each site: the price its shoppers see, or what it does not sell. */
  async prices(
    lines: KitLineDraft[],
    discountPercent: number,
    sites: ReadonlyArray<{ id: string; priceList: string; currency: string; rounding: number }>,
  ): Promise<KitSitePrice[]> {
    const rows = await this.db.query<{ price_list: string; sku: string; price: number | null }>(
      `SELECT o.price_list, o.sku, CASE WHEN o.sold THEN o.price::float8 END AS price
         FROM site_offers o WHERE o.price_list = ANY($1::text[]) AND o.sku = ANY($2::text[])`,
      [[...new Set(sites.map((s) => s.priceList))], lines.map((l) => l.sku)],
    );
    const priceOf = new Map(rows.map((r) => [`${r.price_list}\u0000${r.sku}`, r.price]));
    return sites.map((site) => {
      const unsold = lines.filter((l) => (priceOf.get(`${site.priceList}\u0000${l.sku}`) ?? null) === null).map((l) => l.sku);
      const separate =
        unsold.length || !lines.length
          ? null
          : separatePrice(lines.map((l) => ({ price: priceOf.get(`${site.priceList}\u0000${l.sku}`)!, quantity: l.quantity })));
      return {
        site: site.id,
        priceList: site.priceList,
        currency: site.currency,
        separate,
        price: separate === null ? null : kitPrice(separate, discountPercent, site.rounding),
        unsold,
      };
    });
  }

  async save(draft: KitDraft, actor: AuditActor): Promise<KitSaveResult> {
    const title = draft.title.trim();
    const slug = draft.slug.trim() || slugify(title);
    if (!title) return { ok: false, error: 'Название обязательно.' };
    if (!SLUG.test(slug) || slug.length > 120) return { ok: false, error: 'Адрес: латиница, цифры и дефисы.' };
    const d = draft.discountPercent;
    // Two decimals at most, judged with a tolerance: 0.07 × 100 is 7.000000000000001 in binary floating point.
    if (!Number.isFinite(d) || d < 0 || d >= 100 || Math.abs(Math.round(d * 100) - d * 100) > 1e-6)
      return { ok: false, error: 'Скидка: от 0 до 99,99 %, не больше двух знаков после запятой.' };
    const linesError = checkKitLines(draft.lines);
    if (linesError) return { ok: false, error: linesError };
    let result: KitSaveResult;
    try {
      result = await this.db.transaction(async (tx): Promise<KitSaveResult> => {
        // The kit's row locked first: two saves in parallel take turns, and each audit row's "before" is what it replaced.
        if (draft.id) await tx.query('SELECT 1 FROM kits WHERE id = $1 FOR UPDATE', [draft.id]);
        const before = draft.id ? await this.find(draft.id, tx) : undefined;
        if (draft.id && !before) return { ok: false, error: 'Комплект не найден.' };
        const [clash] = await tx.query('SELECT 1 FROM kits WHERE slug = $1 AND id IS DISTINCT FROM $2::int', [slug, draft.id ?? null]);
        if (clash) return { ok: false, error: `Комплект с адресом «${slug}» уже есть.` };
        const skus = draft.lines.map((l) => l.sku);
        const products = await tx.query<{ id: number; sku: string }>('SELECT id, sku FROM products WHERE sku = ANY($1::text[])', [skus]);
        const idOf = new Map(products.map((p) => [p.sku, p.id]));
        const unknown = skus.filter((s) => !idOf.has(s));
        if (unknown.length) return { ok: false, error: `Нет товара с артикулом ${unknown.join(', ')}.` };
        const values = [slug, title, draft.description.trim(), d];
        let id = draft.id;
        if (id) {
          await tx.query('UPDATE kits SET slug = $1, title = $2, description = $3, discount_percent = $4 WHERE id = $5', [...values, id]);
          await tx.query('DELETE FROM kit_items WHERE kit_id = $1', [id]);
        } else {
          const [row] = await tx.query<{ id: number }>(
            'INSERT INTO kits (slug, title, description, discount_percent) VALUES ($1, $2, $3, $4) RETURNING id',
            values,
          );
          id = row!.id;
        }
        await tx.query(
          `INSERT INTO kit_items (kit_id, product_id, quantity)
           SELECT $1::int, u.product_id, u.quantity FROM unnest($2::int[], $3::int[]) AS u(product_id, quantity)`,
          [id, draft.lines.map((l) => idOf.get(l.sku)), draft.lines.map((l) => l.quantity)],
        );
        await saveTranslations(tx, 'kit', id, draft.translations);
        await recordAudit(tx, actor, {
          action: draft.id ? 'kit.update' : 'kit.create',
          entity: 'kit',
          entityId: String(id),
          site: null,
          before: before ?? null,
          after: await this.find(id, tx),
        });
        return { ok: true, id };
      });
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      return { ok: false, error: `Комплект с адресом «${slug}» уже есть.` };
    }
    if (result.ok) this.onChanged();
    return result;
  }
}

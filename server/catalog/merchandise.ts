/**
 * Prices and stock as the staff keep them (issue 21 item 3): a grid of products × price lists (each site sells from
 * one list), a product's stock set to a count with the movement recorded (the trigger of migration 030 writes every
 * movement, the checkout's and the cancellations' too), and the movements read back. Writes are audited in their own
 * transaction. Shoppers read prices and stock through the read model (site_offers): a change shows on the next read,
 * and in cached lists (listing, showcase) within the shell cache's lifetime — the caller clears this process's caches.
 */
import { type AuditActor, recordAudit } from '../audit/index.ts';
import type { Db } from '../db/index.ts';
import { likePattern } from './catalog.ts';
import { addRowError, type CsvPlan, type CsvRecord, csvCell, type ListedChanges, listChange } from './csv-import.ts';

export const MERCHANDISE_PAGE_SIZE = 50;

export interface MerchandiseRow {
  id: number;
  sku: string;
  title: string;
  stock: number;
  madeToOrder: boolean;
  active: boolean;
  /** Price list code → amount (null: not sold on that list). */
  prices: Record<string, number | null>;
}

export interface StockMovement {
  id: number;
  delta: number;
  stockAfter: number;
  reason: string;
  staffEmail: string | null;
  orderNumber: string | null;
  note: string;
  createdAt: string;
}

export type PriceChange = { list: string; amount: number | null };

export class MerchandiseDesk {
  constructor(
    private readonly db: Db,
    /** After a change: the caches of this process that hold prices or stock. */
    private readonly onChanged: () => void,
  ) {}

  /** The caches of this process that hold prices or stock are dropped (after an import). */
  changed(): void {
    this.onChanged();
  }

  async priceLists(): Promise<Array<{ code: string; currency: string }>> {
    return this.db.query('SELECT code, currency FROM price_lists ORDER BY code');
  }

  /** A page of products (by SKU or title, any case), with every list's price. */
  async grid(q: string | undefined, page: number): Promise<{ rows: MerchandiseRow[]; total: number }> {
    const pattern = q?.trim() ? likePattern(q.trim()) : null;
    const [rows, [count]] = await Promise.all([
      this.db.query<MerchandiseRow>(
        `SELECT p.id, p.sku, p.title, p.stock, p.made_to_order AS "madeToOrder", p.is_active AS active,
                coalesce((SELECT jsonb_object_agg(pp.price_list, pp.amount::float8) FROM product_prices pp WHERE pp.product_id = p.id), '{}') AS prices
           FROM products p
          WHERE $1::text IS NULL OR p.sku ILIKE $1 OR p.title ILIKE $1
          ORDER BY p.sku LIMIT ${MERCHANDISE_PAGE_SIZE} OFFSET $2`,
        [pattern, (Math.max(1, page) - 1) * MERCHANDISE_PAGE_SIZE],
      ),
      this.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM products p WHERE $1::text IS NULL OR p.sku ILIKE $1 OR p.title ILIKE $1`,
        [pattern],
      ),
    ]);
    return { rows, total: count!.n };
  }

  /**
   * A product's new prices (only lists in `lists`: the member's sites') and stock count. Unchanged values write
   * nothing; each change is audited; a stock change is a movement 'count' naming the member and the note.
   */
  async update(
    productId: number,
    change: { stock?: number; stockWas?: number; prices: PriceChange[]; note: string },
    actor: AuditActor & { lists: readonly string[] | null },
  ): Promise<'ok' | 'not_found' | 'out_of_scope' | 'stale_stock'> {
    if (actor.lists !== null && change.prices.some((p) => !actor.lists!.includes(p.list))) return 'out_of_scope';
    const result = await this.db.transaction(async (tx) => {
      const [product] = await tx.query<{ sku: string; stock: number }>('SELECT sku, stock FROM products WHERE id = $1 FOR UPDATE', [
        productId,
      ]);
      if (!product) return 'not_found' as const;
      // The grid sends the count it showed (stockWas): unchanged, the stock is left alone (a checkout may have taken
      // units since the page was drawn); changed while someone else's change landed, it is refused, not overwritten.
      const countGiven = change.stock !== undefined && change.stock !== change.stockWas;
      if (countGiven && change.stockWas !== undefined && change.stockWas !== product.stock) return 'stale_stock' as const;
      const current = await tx.query<{ list: string; amount: number }>(
        'SELECT price_list AS list, amount::float8 AS amount FROM product_prices WHERE product_id = $1',
        [productId],
      );
      for (const p of change.prices) {
        const before = current.find((c) => c.list === p.list)?.amount ?? null;
        if (before === p.amount) continue;
        if (p.amount === null) await tx.query('DELETE FROM product_prices WHERE product_id = $1 AND price_list = $2', [productId, p.list]);
        else
          await tx.query(
            `INSERT INTO product_prices (product_id, price_list, amount) VALUES ($1, $2, $3)
             ON CONFLICT (product_id, price_list) DO UPDATE SET amount = EXCLUDED.amount`,
            [productId, p.list, p.amount],
          );
        await recordAudit(tx, actor, {
          action: 'price.update',
          entity: 'product',
          entityId: product.sku,
          site: null,
          before: { list: p.list, amount: before },
          after: { list: p.list, amount: p.amount },
        });
      }
      if (countGiven && change.stock !== product.stock) {
        await tx.query(
          `SELECT set_config('tihoavto.stock_reason', 'count', true), set_config('tihoavto.staff_id', $1, true), set_config('tihoavto.stock_note', $2, true)`,
          [actor.id === null ? '' : String(actor.id), change.note],
        );
        await tx.query('UPDATE products SET stock = $2 WHERE id = $1', [productId, change.stock]);
        await recordAudit(tx, actor, {
          action: 'stock.count',
          entity: 'product',
          entityId: product.sku,
          site: null,
          before: { stock: product.stock },
          after: { stock: change.stock, note: change.note || undefined },
        });
      }
      return 'ok' as const;
    });
    if (result === 'ok') this.onChanged();
    return result;
  }

  async product(id: number): Promise<{ id: number; sku: string; title: string; stock: number } | undefined> {
    const [row] = await this.db.query<{ id: number; sku: string; title: string; stock: number }>(
      'SELECT id, sku, title, stock FROM products WHERE id = $1',
      [id],
    );
    return row;
  }

  /** The product's latest movements, newest first; an order of a site outside `scope` is not named. */
  movements(productId: number, scope: readonly string[] | null, limit = 100): Promise<StockMovement[]> {
    return this.db.query<StockMovement>(
      `SELECT m.id::int, m.delta, m.stock_after AS "stockAfter", m.reason, s.email AS "staffEmail",
              CASE WHEN $3::text[] IS NULL OR o.site = ANY($3::text[]) THEN o.number END AS "orderNumber", m.note,
              to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"
         FROM stock_movements m LEFT JOIN staff_members s ON s.id = m.staff_id LEFT JOIN orders o ON o.id = m.order_id
        WHERE m.product_id = $1 ORDER BY m.created_at DESC, m.id DESC LIMIT $2`,
      [productId, limit, scope],
    );
  }
}

/**
 * The prices-and-stock CSV's plan (the shared shape of csv-import.ts): stock counts and prices to write, every one of
 * them in compact form, and the first changes listed for the page.
 */
export interface ImportPlan extends CsvPlan, ListedChanges<number | null> {
  stock: Array<{ id: number; stock: number }>;
  prices: Array<{ id: number; list: string; amount: number | null }>;
}

/**
 * The CSV's columns (export and import): sku, title (ignored on import), stock_was (the stock when exported) and stock,
 * then price_<list> per price list. With stock_was present, a row whose stock equals it leaves the stock alone (sales
 * since the export stand), and a changed count over a stock that moved since the export is an error, not an overwrite.
 */
export const CSV_FIXED_COLUMNS = ['sku', 'title', 'stock_was', 'stock'] as const;

/**
 * Reads a prices-and-stock CSV (any size: rows are checked as they stream in) against the catalogue and returns what it
 * would change and every row's error. Columns: `sku` (required), `stock` and `price_<list>` (optional: a column
 * that is absent changes nothing); an empty stock cell leaves the stock as it is, an empty price cell means "not
 * sold on that list" (as the export writes it). A leading apostrophe (the export's formula guard) is ignored.
 */
export async function planImport(
  db: Pick<Db, 'query'>,
  records: AsyncIterable<CsvRecord>,
  header: string[],
  allowedLists: readonly string[] | null,
): Promise<ImportPlan> {
  const plan: ImportPlan = { rows: 0, errors: [], errorsOmitted: 0, stock: [], prices: [], changes: [], changesOmitted: 0 };
  const knownLists = (await db.query<{ code: string }>('SELECT code FROM price_lists')).map((r) => r.code);
  const priceColumns = header.filter((h) => h.startsWith('price_'));
  for (const column of header) {
    if ((CSV_FIXED_COLUMNS as readonly string[]).includes(column)) continue;
    const list = column.slice('price_'.length);
    if (!column.startsWith('price_') || !knownLists.includes(list)) addRowError(plan, 1, `неизвестная колонка «${column}»`);
    else if (allowedLists !== null && !allowedLists.includes(list)) addRowError(plan, 1, `прайс-лист ${list} не входит в ваши сайты`);
  }
  if (!header.includes('sku')) addRowError(plan, 1, 'нет колонки sku');
  if (plan.errors.length) return plan;
  const products = new Map(
    (
      await db.query<{ id: number; sku: string; stock: number; prices: Record<string, number> }>(
        `SELECT p.id, p.sku, p.stock,
                coalesce((SELECT jsonb_object_agg(pp.price_list, pp.amount::float8) FROM product_prices pp WHERE pp.product_id = p.id), '{}') AS prices
           FROM products p`,
      )
    ).map((p) => [p.sku, p]),
  );
  const seen = new Set<string>();
  let line = 1;
  for await (const record of records) {
    line++;
    plan.rows++;
    const cell = (name: string) => csvCell(record, name);
    const sku = cell('sku');
    const product = products.get(sku);
    if (!product) {
      addRowError(plan, line, sku ? `нет товара с артикулом ${sku}` : 'пустой артикул');
      continue;
    }
    if (seen.has(sku)) {
      addRowError(plan, line, `артикул ${sku} повторяется`);
      continue;
    }
    seen.add(sku);
    const was = header.includes('stock_was') ? cell('stock_was') : '';
    if (header.includes('stock') && cell('stock') !== '' && cell('stock') !== was) {
      const stock = cell('stock');
      if (!/^\d{1,8}$/.test(stock)) addRowError(plan, line, `остаток «${stock}»: целое число от 0`);
      else if (was !== '' && Number(was) !== product.stock)
        addRowError(plan, line, `остаток ${sku} изменился после выгрузки (был ${was}, сейчас ${product.stock}): выгрузите заново`);
      else if (Number(stock) !== product.stock) {
        plan.stock.push({ id: product.id, stock: Number(stock) });
        listChange(plan, { line, sku, field: 'stock', before: product.stock, after: Number(stock) });
      }
    }
    for (const column of priceColumns) {
      const list = column.slice('price_'.length);
      const raw = cell(column)
        .replace(/[\s\u00a0]/g, '')
        .replace(',', '.');
      if (raw !== '' && !/^\d{1,12}(\.\d{1,2})?$/.test(raw)) {
        addRowError(plan, line, `${column} «${cell(column)}»: цена — число с точностью до копеек или пусто`);
        continue;
      }
      const amount = raw === '' ? null : Number(raw);
      const before = product.prices[list] ?? null;
      if (amount !== before) {
        plan.prices.push({ id: product.id, list, amount });
        listChange(plan, { line, sku, field: column, before, after: amount });
      }
    }
  }
  return plan;
}

/** Applies a plan without errors in one transaction (all or nothing), with one audit row summing it up. */
export async function applyImport(db: Db, plan: ImportPlan, actor: AuditActor): Promise<void> {
  if (plan.errors.length || plan.errorsOmitted) throw new Error('applyImport: the plan has errors');
  await db.transaction(async (tx) => {
    if (plan.stock.length) {
      await tx.query(`SELECT set_config('tihoavto.stock_reason', 'import', true), set_config('tihoavto.staff_id', $1, true)`, [
        actor.id === null ? '' : String(actor.id),
      ]);
      await tx.query(`UPDATE products p SET stock = v.stock FROM unnest($1::int[], $2::int[]) AS v(id, stock) WHERE p.id = v.id`, [
        plan.stock.map((s) => s.id),
        plan.stock.map((s) => s.stock),
      ]);
    }
    const set = plan.prices.filter((p) => p.amount !== null);
    const unset = plan.prices.filter((p) => p.amount === null);
    if (set.length)
      await tx.query(
        `INSERT INTO product_prices (product_id, price_list, amount) SELECT * FROM unnest($1::int[], $2::text[], $3::numeric[])
         ON CONFLICT (product_id, price_list) DO UPDATE SET amount = EXCLUDED.amount`,
        [set.map((p) => p.id), set.map((p) => p.list), set.map((p) => p.amount)],
      );
    if (unset.length)
      await tx.query(
        'DELETE FROM product_prices pp USING unnest($1::int[], $2::text[]) AS u(id, list) WHERE pp.product_id = u.id AND pp.price_list = u.list',
        [unset.map((p) => p.id), unset.map((p) => p.list)],
      );
    await recordAudit(tx, actor, {
      action: 'stock.import',
      entity: 'import',
      entityId: new Date().toISOString(),
      site: null,
      before: null,
      after: {
        rows: plan.rows,
        stockChanges: plan.stock.length,
        priceChanges: plan.prices.length,
        changes: plan.changes.slice(0, 1000),
        changesNotListed: Math.max(0, plan.changes.length - 1000) + plan.changesOmitted || undefined,
      },
    });
  });
}

/** Every product's row of the export: sku, title, stock and each list's price (empty: not sold there). */
export async function exportRows(db: Pick<Db, 'query'>): Promise<{ header: string[]; rows: string[][] }> {
  const lists = (await db.query<{ code: string }>('SELECT code FROM price_lists ORDER BY code')).map((r) => r.code);
  const products = await db.query<{ sku: string; title: string; stock: number; prices: Record<string, number> }>(
    `SELECT p.sku, p.title, p.stock,
            coalesce((SELECT jsonb_object_agg(pp.price_list, pp.amount::float8) FROM product_prices pp WHERE pp.product_id = p.id), '{}') AS prices
       FROM products p ORDER BY p.sku`,
  );
  return {
    header: [...CSV_FIXED_COLUMNS, ...lists.map((l) => `price_${l}`)],
    rows: products.map((p) => [
      p.sku,
      p.title,
      String(p.stock),
      ...lists.map((l) => (p.prices[l] === undefined ? '' : p.prices[l]!.toFixed(2))),
    ]),
  };
}

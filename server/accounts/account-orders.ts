/**
 * The account's orders on a site: /history in pages, and 'Повторить заказ' — an order's still-sold lines put back in
 * the cart at today's prices, with what changed (a price, a line no longer sold) reported to the shopper.
 */
import { MAX_QUANTITY } from '../../shared/cart.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/languages.ts';
import { type HistoryEntry, type OrderLine, orderDate, type RepeatSummary } from '../../shared/orders.ts';
import { soldPrice } from '../catalog/index.ts';
import { PAYMENT_STATE_SQL } from '../checkout/index.ts';
import type { Db } from '../db/index.ts';
import type { SessionService } from '../sessions/index.ts';

export const HISTORY_PAGE_SIZE = 20;

type SiteRef = { id: string; timeZone: string; priceList: string };

/** An order as /history lists it: number, state, total, and its delivery and payment with the payment's state. */
export type HistoryOrder = HistoryEntry;

/** What repeating an order did, line by line. */
export type { RepeatSummary };

/** An order as /history shows it (its created_date is written in JS: dated below); the caller adds WHERE and ORDER. */
const HISTORY_COLUMNS = `SELECT number, status, currency, total::float8 AS total,
       to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at,
       CASE WHEN delivery IS NULL THEN NULL ELSE json_build_object(
         'label', delivery->>'label', 'city', coalesce(delivery->>'city', ''), 'address', coalesce(delivery->>'address', ''),
         'point', CASE WHEN jsonb_typeof(delivery->'point') = 'object'
                       THEN json_build_object('address', delivery->'point'->>'address') END) END AS delivery,
       CASE WHEN payment IS NULL THEN NULL
            ELSE json_build_object('label', payment->>'label', 'kind', payment->>'kind') END AS payment,
       ${PAYMENT_STATE_SQL} AS "paymentState"
  FROM orders o`;

/** A row with its day as the reader's language writes it, in the site's time zone (shared/orders.ts orderDate). */
const dated = (row: Omit<HistoryOrder, 'created_date'>, site: SiteRef, language: Language): HistoryOrder => ({
  ...row,
  created_date: orderDate(row.created_at, language, site.timeZone),
});

export class AccountOrders {
  constructor(
    private readonly db: Db,
    private readonly sessions: Pick<SessionService, 'ensureRow'>,
  ) {}

  /** One page of the user's orders on the site, newest first, and how many pages there are. */
  async page(
    userId: number,
    site: SiteRef,
    page: number,
    language: Language = DEFAULT_LANGUAGE,
  ): Promise<{ orders: HistoryOrder[]; pages: number; page: number }> {
    const [{ n }] = (await this.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE user_id = $1 AND site = $2', [
      userId,
      site.id,
    ])) as [{ n: number }];
    const pages = Math.max(1, Math.ceil(n / HISTORY_PAGE_SIZE));
    const current = Math.min(page, pages);
    const rows = await this.db.query<Omit<HistoryOrder, 'created_date'>>(
      `${HISTORY_COLUMNS} WHERE user_id = $1 AND site = $2
        ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
      [userId, site.id, HISTORY_PAGE_SIZE, (current - 1) * HISTORY_PAGE_SIZE],
    );
    return { orders: rows.map((row) => dated(row, site, language)), pages, page: current };
  }

  /** One of the user's orders on the site as /history/{id} shows it, with its lines; undefined: not this user's here. */
  async entry(
    userId: number,
    orderId: number,
    site: SiteRef,
    language: Language = DEFAULT_LANGUAGE,
  ): Promise<(HistoryOrder & { items: OrderLine[] }) | undefined> {
    const [row] = await this.db.query<Omit<HistoryOrder, 'created_date'>>(
      `${HISTORY_COLUMNS} WHERE user_id = $1 AND site = $2 AND id = $3`,
      [userId, site.id, orderId],
    );
    if (!row) return undefined;
    const order = dated(row, site, language);
    const items = await this.db.query<OrderLine>(
      'SELECT title, price::float8 AS price, quantity FROM order_items WHERE order_id = $1 ORDER BY title',
      [orderId],
    );
    return { ...order, items };
  }

  /**
   * Puts the lines of the user's order on this site that are still sold into the session's cart (quantities added
   * to what is there, capped at MAX_QUANTITY), in one transaction. undefined: no such order of this user here.
   */
  async repeat(userId: number, orderId: number, sessionId: string, site: SiteRef): Promise<RepeatSummary | undefined> {
    return this.db.transaction(async (tx) => {
      const [order] = await tx.query<{ currency: string }>('SELECT currency FROM orders WHERE id = $1 AND user_id = $2 AND site = $3', [
        orderId,
        userId,
        site.id,
      ]);
      if (!order) return undefined;
      const lines = await tx.query<{ product_id: number; title: string; was: number; now: number | null; quantity: number }>(
        `SELECT oi.product_id, oi.title, oi.price::float8 AS was, oi.quantity, ${soldPrice('o')} AS now
           FROM order_items oi
           JOIN site_offers o ON o.id = oi.product_id AND o.price_list = $2
          WHERE oi.order_id = $1
          ORDER BY oi.product_id`,
        [orderId, site.priceList],
      );
      const sold = lines.filter((l) => l.now !== null);
      if (sold.length) {
        await this.sessions.ensureRow(sessionId, tx);
        const [cart] = await tx.query<{ id: number }>(
          `INSERT INTO carts (session_id, site) VALUES ($1, $2)
           ON CONFLICT (session_id, site) DO UPDATE SET updated_at = now() RETURNING id`,
          [sessionId, site.id],
        );
        await tx.query(
          `INSERT INTO cart_items (cart_id, product_id, quantity)
           SELECT $1, unnest($2::int[]), unnest($3::int[])
           ON CONFLICT (cart_id, product_id) DO UPDATE SET quantity = LEAST(cart_items.quantity + EXCLUDED.quantity, $4)`,
          [cart!.id, sold.map((l) => l.product_id), sold.map((l) => Math.min(l.quantity, MAX_QUANTITY)), MAX_QUANTITY],
        );
      }
      return {
        added: sold.map((l) => ({ title: l.title, quantity: l.quantity, was: l.was, now: l.now! })),
        unavailable: lines.filter((l) => l.now === null).map((l) => l.title),
        currency: order.currency,
      };
    });
  }
}

import { z } from 'zod';
import type { Queryable } from '../db/index.ts';

/** The cart result pages' first segment (spec: /cart/{success}); anything else is not a page. */
export const CART_RESULTS = ['success', 'fail'] as const;

/**
 * An order in an address: its public number "NNNN-NNNN" (order-numbers.ts), never its database id, which would tell
 * anyone the shop's order volume (decision 036). Anything else is not found.
 */
export const ORDER_NUMBER_PATTERN = /^\d{4}-\d{4}$/;
export const orderNumberParam = z.string().regex(ORDER_NUMBER_PATTERN);

/** Orders leave the server without the session id and user id they are keyed by. */
export function withoutOwner<T extends { session_id: unknown; user_id: unknown }>(order: T): Omit<T, 'session_id' | 'user_id'> {
  const { session_id: _s, user_id: _u, ...rest } = order;
  return rest;
}

import { DEFAULT_LANGUAGE, type Language } from '../../shared/languages.ts';
import { type OrderLine, type OrderReceipt, type OrderSummary, orderDate } from '../../shared/orders.ts';
import { formatPhone } from '../../shared/phone.ts';

export type { OrderLine, OrderSummary };

/**
 * Where the payment of order `o` stands (shared/orders.ts PAYMENT_STATES): a succeeded payment, an order that was
 * paid, a cancelled one never paid, the latest online attempt's own state, else what the method's kind makes next.
 * NULL for an order without the checkout's payment snapshot and no payment.
 */
export const PAYMENT_STATE_SQL = `CASE
    WHEN EXISTS (SELECT 1 FROM payments ps WHERE ps.order_id = o.id AND ps.status = 'succeeded') THEN 'succeeded'
    WHEN o.status = 'paid' OR EXISTS (SELECT 1 FROM order_status_history h WHERE h.order_id = o.id AND h.status = 'paid') THEN 'paid'
    WHEN o.status = 'cancelled' THEN 'unpaid'
    ELSE coalesce(
      (SELECT ps.status FROM payments ps WHERE ps.order_id = o.id ORDER BY ps.attempt DESC LIMIT 1),
      CASE o.payment->>'kind' WHEN 'online' THEN 'pending' WHEN 'cash' THEN 'on_receipt' WHEN 'invoice' THEN 'invoice'
                              WHEN 'on_confirmation' THEN 'on_confirmation' END)
  END`;

/** The order columns; created_date is written in JS, in the reader's language (dated below). */
const orderColumns = `SELECT id, number, status, currency, total::float8 AS total,
       to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at, session_id, user_id
  FROM orders`;

type SiteRef = { id: string; timeZone: string };

/** An order row with its day as the reader's language writes it, in the site's time zone (shared/orders.ts orderDate). */
const dated = <T extends { created_at: string }>(row: T, site: SiteRef, language: Language): T & { created_date: string } => ({
  ...row,
  created_date: orderDate(row.created_at, language, site.timeZone),
});

export class OrderService {
  constructor(private readonly db: Queryable) {}

  async find(
    id: number,
    site: SiteRef,
    language: Language = DEFAULT_LANGUAGE,
  ): Promise<(OrderSummary & { items: OrderLine[] }) | undefined> {
    const [row] = await this.db.query<Omit<OrderSummary, 'created_date'>>(`${orderColumns} WHERE id = $1 AND site = $2`, [id, site.id]);
    if (!row) return undefined;
    const order = dated(row, site, language);
    const items = await this.db.query<OrderLine>(
      'SELECT title, price::float8 AS price, quantity FROM order_items WHERE order_id = $1 ORDER BY title',
      [id],
    );
    return { ...order, items };
  }

  /** A placed order with everything its result page shows (checkout, decision 022); undefined on another site. */
  async receipt(id: number, site: SiteRef, language: Language = DEFAULT_LANGUAGE): Promise<OrderReceipt | undefined> {
    const [row] = await this.db.query<Omit<OrderReceipt, 'items' | 'created_date'>>(
      `SELECT number, status, currency, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at,
              ${PAYMENT_STATE_SQL} AS "paymentState",
              json_build_object('type', customer_type, 'name', customer_name, 'phone', customer_phone, 'email', customer_email,
                                'company', company, 'inn', inn, 'kpp', kpp) AS customer,
              delivery, payment, comment, subtotal::float8 AS subtotal, discount::float8 AS discount,
              delivery_cost::float8 AS "deliveryCost", total::float8 AS total
         FROM orders o WHERE id = $1 AND site = $2`,
      [id, site.id],
    );
    if (!row) return undefined;
    const order = dated(row, site, language);
    // The buyer's number as people read it ("+7 912 345 67 89"): formatted here, the browser has no libphonenumber.
    order.customer = { ...order.customer, phone: formatPhone(order.customer.phone) };
    const items = await this.db.query<OrderReceipt['items'][number]>(
      `SELECT title, sku, price::float8 AS price, quantity, discount::float8 AS discount, line_total::float8 AS total
         FROM order_items WHERE order_id = $1 ORDER BY title`,
      [id],
    );
    return { ...order, items };
  }

  /**
   * May this visitor see the order (spec §6, cart guard; decision 034)? An account's order: only that account, signed
   * in on any session. A guest order: only the session that placed it (sign-out and the like detach it, auth.ts).
   * The session that placed an account's order does not see it by being that session: once signed out, it is anyone's.
   */
  async isVisibleTo(number: string, sessionId: string, userId: number | null): Promise<boolean> {
    const [row] = await this.db.query<{ ok: boolean }>(
      'SELECT true AS ok FROM orders WHERE number = $1 AND (user_id = $3 OR (user_id IS NULL AND session_id = $2))',
      [number, sessionId, userId],
    );
    return !!row;
  }

  /** The id of the site's order numbered `number` (an address names the number; the services key by id). */
  async idOf(number: string, site: Pick<SiteRef, 'id'>): Promise<number | undefined> {
    const [row] = await this.db.query<{ id: number }>('SELECT id FROM orders WHERE number = $1 AND site = $2', [number, site.id]);
    return row?.id;
  }

  /** The latest order this session placed on the site that the visitor may still see (isVisibleTo's rule). */
  async latestForSession(
    sessionId: string,
    userId: number | null,
    site: SiteRef,
    language: Language = DEFAULT_LANGUAGE,
  ): Promise<OrderSummary | undefined> {
    const [row] = await this.db.query<Omit<OrderSummary, 'created_date'>>(
      `${orderColumns} WHERE session_id = $1 AND site = $2 AND (user_id IS NULL OR user_id = $3)
        ORDER BY created_at DESC, id DESC LIMIT 1`,
      [sessionId, site.id, userId],
    );
    return row && dated(row, site, language);
  }
}

export class UserService {
  constructor(private readonly db: Queryable) {}

  /** A shopper's contact details as the order form prefills them (phone '' when the profile has none). */
  async find(id: number): Promise<{ id: number; email: string; name: string; phone: string } | undefined> {
    const [row] = await this.db.query<{ id: number; email: string; name: string; phone: string }>(
      "SELECT id, email, name, coalesce(phone, '') AS phone FROM users WHERE id = $1",
      [id],
    );
    return row;
  }
}

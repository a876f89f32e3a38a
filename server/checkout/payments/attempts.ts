/**
 * The payment attempts of orders, as stored (table `payments`): one row per attempt, written before the provider is
 * called so that a call that timed out is repeated with the same Idempotence-Key. Only this file writes SQL about
 * attempts; what to do with them is payments.ts (starting) and settle.ts (recording the provider's state).
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Db, Queryable } from '../../db/index.ts';
import type { PaymentStatus } from './yookassa.ts';

/** The provider remembers an Idempotence-Key for 24 hours: an attempt in doubt older than this is abandoned. */
const KEY_LIFETIME_HOURS = 23;
/** The API's limit on a receipt line's description and on the payment description. */
export const DESCRIPTION_MAX = 128;

/** What an attempt keeps of its order for the receipt and for "pay again": number, contact, delivery line. */
export const attemptDetails = z.object({
  orderNumber: z.string().min(1).max(40),
  customer: z.object({ email: z.string().max(254).optional(), phone: z.string().max(20).optional() }),
  delivery: z.object({ title: z.string().min(1).max(DESCRIPTION_MAX), price: z.number().nonnegative() }).nullable(),
});
export type AttemptDetails = z.infer<typeof attemptDetails>;

export interface PaymentRow {
  id: number;
  order_id: number;
  site: string;
  attempt: number;
  provider_id: string | null;
  status: PaymentStatus;
  amount: string;
  currency: string;
  idempotence_key: string;
  confirmation_url: string | null;
  cancellation_reason: string | null;
  details: AttemptDetails;
  /** Never given to the provider and older than its key's lifetime: a repeat would be a new payment. */
  expired: boolean;
}

/** An order as a payment sees it: what every order has (the rest is in the attempt's details). */
export interface PayableOrder {
  id: number;
  site: string;
  currency: string;
  total: string;
  status: string;
  items: Array<{ title: string; price: string; quantity: number }>;
}

export const PAYMENT_ROW = `id, order_id, site, attempt, provider_id, status, amount::text AS amount, currency, idempotence_key, confirmation_url,
  cancellation_reason, details, (provider_id IS NULL AND created_at < now() - interval '${KEY_LIFETIME_HOURS} hours') AS expired`;

export class PaymentAttempts {
  constructor(private readonly db: Db) {}

  /** The order's latest attempt. */
  async latest(orderId: number): Promise<PaymentRow | undefined> {
    const [row] = await this.db.query<PaymentRow>(`SELECT ${PAYMENT_ROW} FROM payments WHERE order_id = $1 ORDER BY attempt DESC LIMIT 1`, [
      orderId,
    ]);
    return row;
  }

  /** The attempt the provider knows by this id. */
  async byProviderId(providerId: string): Promise<PaymentRow | undefined> {
    const [row] = await this.db.query<PaymentRow>(`SELECT ${PAYMENT_ROW} FROM payments WHERE provider_id = $1`, [providerId]);
    return row;
  }

  /** The order with its lines, when it belongs to the site. */
  async order(id: number, site: string): Promise<PayableOrder | undefined> {
    const [order] = await this.db.query<Omit<PayableOrder, 'items'>>(
      'SELECT id, site, currency, total::text AS total, status FROM orders WHERE id = $1 AND site = $2',
      [id, site],
    );
    if (!order) return undefined;
    const items = await this.db.query<PayableOrder['items'][number]>(
      'SELECT title, price::text AS price, quantity FROM order_items WHERE order_id = $1 ORDER BY title, product_id',
      [id],
    );
    return { ...order, items };
  }

  async orderStatus(orderId: number): Promise<string | undefined> {
    const [order] = await this.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [orderId]);
    return order?.status;
  }

  /**
   * What the checkout kept of an order placed with an online method (number, contact, delivery line) — null for an
   * order placed otherwise; failing that, the details of the order's last attempt.
   */
  async detailsForRepeat(orderId: number, site: string): Promise<AttemptDetails | null> {
    const [order] = await this.db.query<{
      number: string;
      email: string;
      phone: string;
      label: string | null;
      cost: number;
      kind: string | null;
    }>(
      `SELECT number, customer_email AS email, customer_phone AS phone, delivery->>'label' AS label, delivery_cost::float8 AS cost,
              payment->>'kind' AS kind
         FROM orders WHERE id = $1 AND site = $2`,
      [orderId, site],
    );
    if (order?.kind === 'online') {
      return {
        orderNumber: order.number,
        customer: { ...(order.email ? { email: order.email } : {}), ...(order.phone ? { phone: order.phone } : {}) },
        delivery: order.cost > 0 && order.label ? { title: order.label, price: order.cost } : null,
      };
    }
    const [last] = await this.db.query<{ details: unknown }>(
      'SELECT details FROM payments WHERE order_id = $1 AND site = $2 ORDER BY attempt DESC LIMIT 1',
      [orderId, site],
    );
    const details = attemptDetails.safeParse(last?.details);
    return details.success ? details.data : null;
  }

  /** A new attempt with the next number; a parallel start that took the number first is used instead (same key). */
  async create(order: PayableOrder, details: AttemptDetails): Promise<PaymentRow> {
    for (;;) {
      const [latest] = await this.db.query<{ attempt: number }>(
        'SELECT coalesce(max(attempt), 0) AS attempt FROM payments WHERE order_id = $1',
        [order.id],
      );
      const attempt = Number(latest!.attempt) + 1;
      // Derived from the order and attempt; the random tail keeps keys unique across databases sharing one shop.
      const key = `order-${order.id}-${attempt}-${randomBytes(6).toString('hex')}`;
      const [row] = await this.db.query<PaymentRow>(
        `INSERT INTO payments (order_id, site, attempt, amount, currency, idempotence_key, details)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (order_id, attempt) DO NOTHING RETURNING ${PAYMENT_ROW}`,
        [order.id, order.site, attempt, order.total, order.currency, key, JSON.stringify(details)],
      );
      if (row) return row;
      const taken = await this.latest(order.id);
      if (taken && taken.attempt === attempt) return taken;
    }
  }

  /** The provider's id and confirmation address, once: false when the attempt is bound to another payment. */
  async bindProvider(id: number, providerId: string, confirmationUrl: string | null): Promise<boolean> {
    const recorded = await this.db.query(
      `UPDATE payments SET provider_id = $2, confirmation_url = $3, updated_at = now()
        WHERE id = $1 AND (provider_id IS NULL OR provider_id = $2) RETURNING id`,
      [id, providerId, confirmationUrl],
    );
    return recorded.length === 1;
  }

  /** An attempt that never reached the provider (or that it refused) is cancelled with a reason. */
  async cancel(id: number, reason: string): Promise<void> {
    await this.db.query(
      `UPDATE payments SET status = 'canceled', cancellation_reason = $2, updated_at = now() WHERE id = $1 AND status = 'pending'`,
      [id, reason],
    );
  }
}

/** The attempt, locked for the rest of the transaction. */
export async function lockAttempt(tx: Queryable, id: number): Promise<PaymentRow | undefined> {
  const [row] = await tx.query<PaymentRow>(`SELECT ${PAYMENT_ROW} FROM payments WHERE id = $1 FOR UPDATE`, [id]);
  return row;
}

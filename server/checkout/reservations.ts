/**
 * Reservations that lapse (decision 036). A placed order takes its units out of stock at once (checkout.ts notes per
 * line what it took and marks the order `stock_held`). An order nobody pays or confirms must not hold them forever:
 * the housekeeping (server/main.ts) calls releaseLapsedOrders(), which cancels
 *   - an unpaid online order ('awaiting_payment') `unpaidReleaseMinutes` after it was placed — unless a payment of
 *     it is held for capture, or was started within that time and is still pending (the shopper is paying now),
 *   - an order the shop has not confirmed ('new') `unconfirmedReleaseHours` after it was placed (if set),
 * each in its own transaction: the order's row is locked (a racing run skips it, SKIP LOCKED) and re-checked, its
 * lines' units go back to stock, it moves to 'cancelled' with a history row, and the shopper is told in the order's
 * language (`order.cancelled`, within the per-recipient mail cap). `stock_held` turns false in that transaction, so
 * however many runs race, the units go back exactly once. Orders placed before reservations were recorded
 * (stock_held false) are never touched.
 */
import type { Language } from '../../shared/languages.ts';
import type { Site } from '../../shared/sites.ts';
import type { Db, Queryable } from '../db/index.ts';
import type { Mailer } from '../mail/index.ts';
import type { OrdersConfig } from '../platform/config.ts';
import { mayMailShopper, orderMailLanguage } from './shopper-mail.ts';

/** Orders looked at per run at most (the next run takes the rest). */
const BATCH = 200;

/** $1 unpaid minutes, $2 unconfirmed hours (null: never). Over `orders o`. */
const LAPSED = `o.stock_held AND (
    (o.status = 'awaiting_payment' AND o.created_at < now() - make_interval(mins => $1::int)
      AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND (p.status = 'waiting_for_capture'
            OR (p.status = 'pending' AND p.created_at >= now() - make_interval(mins => $1::int)))))
    OR (o.status = 'new' AND $2::int IS NOT NULL AND o.created_at < now() - make_interval(hours => $2::int)))`;

interface LapsedOrder {
  id: number;
  number: string;
  site: string;
  language: Language;
  customer_email: string;
  status: 'new' | 'awaiting_payment';
}

export interface ReleaseDeps {
  mail: Mailer;
  rules: OrdersConfig;
  /** The site an order was placed on, for its mail (undefined: a site no longer configured — no mail). */
  siteById: (id: string) => Site | undefined;
}

/** Cancels the orders whose reservation lapsed and gives their units back; returns how many it cancelled. */
export async function releaseLapsedOrders(db: Pick<Db, 'query' | 'transaction'>, deps: ReleaseDeps): Promise<number> {
  const params = [deps.rules.unpaidReleaseMinutes, deps.rules.unconfirmedReleaseHours];
  const due = await db.query<{ id: number }>(`SELECT o.id FROM orders o WHERE ${LAPSED} ORDER BY o.id LIMIT ${BATCH}`, params);
  let released = 0;
  for (const { id } of due) {
    if (await db.transaction((tx) => releaseOne(tx, id, params, deps))) released++;
  }
  return released;
}

async function releaseOne(tx: Queryable, id: number, params: unknown[], deps: ReleaseDeps): Promise<boolean> {
  // Locked and checked again: a parallel run (SKIP LOCKED: it moves on), a payment or the shop may have got there first.
  const [order] = await tx.query<LapsedOrder>(
    `SELECT o.id, o.number, o.site, o.language, o.customer_email, o.status FROM orders o
      WHERE o.id = $3 AND ${LAPSED} FOR UPDATE OF o SKIP LOCKED`,
    [...params, id],
  );
  if (!order) return false;
  await returnHeldStock(tx, id);
  const reason = order.status === 'awaiting_payment' ? 'unpaid' : 'unconfirmed';
  await tx.query(`UPDATE orders SET status = 'cancelled', updated_at = now() WHERE id = $1`, [id]);
  await tx.query(`INSERT INTO order_status_history (order_id, status, note) VALUES ($1, 'cancelled', $2)`, [
    id,
    `${reason}: reservation lapsed, stock released`,
  ]);
  const site = deps.siteById(order.site);
  if (site && order.customer_email && (await mayMailShopper(tx, order.customer_email, null))) {
    await deps.mail.enqueue(tx, {
      kind: 'order.cancelled',
      to: order.customer_email,
      site,
      language: orderMailLanguage(site, order.language),
      data: { orderId: order.id, number: order.number, reason },
    });
  }
  return true;
}

/**
 * Gives the units order `orderId` holds back to stock and clears its `stock_held`, exactly once: the caller holds the
 * order's row lock (FOR UPDATE), and an order that no longer holds stock gives nothing. Returns the units given back.
 * Used by the lapse release above and by the staff's cancellation (order-workflow.ts).
 */
export async function returnHeldStock(tx: Queryable, orderId: number): Promise<number> {
  const [held] = await tx.query<{ id: number }>('UPDATE orders SET stock_held = false WHERE id = $1 AND stock_held RETURNING id', [
    orderId,
  ]);
  if (!held) return 0;
  const lines = await tx.query<{ product_id: number; units: number }>(
    `SELECT product_id, sum(reserved)::int AS units FROM order_items WHERE order_id = $1 AND reserved > 0
      GROUP BY product_id ORDER BY product_id`,
    [orderId],
  );
  if (lines.length > 0) {
    const ids = lines.map((l) => l.product_id);
    // Products locked in id order, as the checkout locks them: the two never deadlock.
    await tx.query('SELECT id FROM products WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE', [ids]);
    // The stock movements' trigger (migration 030) records why, naming the order.
    await tx.query(`SELECT set_config('tihoavto.stock_reason', 'order_cancelled', true), set_config('tihoavto.order_id', $1, true)`, [
      String(orderId),
    ]);
    await tx.query(`UPDATE products p SET stock = p.stock + r.units FROM unnest($1::int[], $2::int[]) AS r(id, units) WHERE p.id = r.id`, [
      ids,
      lines.map((l) => l.units),
    ]);
  }
  return lines.reduce((sum, l) => sum + l.units, 0);
}

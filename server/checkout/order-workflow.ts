/**
 * Moving an order along the order graph (shared/orders.ts ORDER_TRANSITIONS) — the back office's one door to an
 * order's state (issue 21, docs/decisions/049-back-office.md). One transaction per move: the order's row is locked,
 * the move checked against the graph and the mover's site scope, the state (and a shipped order's tracking number)
 * written with a history row naming the staff member, the change recorded in the audit log, and the shopper told in
 * the order's language (`order.status`). A cancellation gives the order's held units back to stock — exactly once,
 * however many clicks race (returnHeldStock under the row lock).
 */
import { canMoveOrder, type OrderState } from '../../shared/orders.ts';
import type { Site } from '../../shared/sites.ts';
import { type AuditActor, recordAudit } from '../audit/index.ts';
import type { Db } from '../db/index.ts';
import type { Mailer } from '../mail/index.ts';
import { returnHeldStock } from './reservations.ts';
import { orderMailLanguage } from './shopper-mail.ts';

/** The sites a staff member may act on: null — every site. */
export type SiteScope = readonly string[] | null;

export const inScope = (scope: SiteScope, site: string): boolean => scope === null || scope.includes(site);

export interface OrderMove {
  to: OrderState;
  /** A note for the history (the staff's; the shopper's mail does not carry it). */
  note: string;
  /** Required when the order is shipped. */
  trackingNumber?: string;
}

export type MoveResult =
  | { ok: true; from: OrderState; to: OrderState; stockReturned: number }
  | { ok: false; reason: 'not_found' | 'out_of_scope' | 'tracking_required' }
  | { ok: false; reason: 'refused'; from: string };

export class OrderWorkflow {
  constructor(
    private readonly db: Pick<Db, 'transaction'>,
    private readonly mail: Mailer,
    private readonly siteById: (id: string) => Site | undefined,
  ) {}

  async move(number: string, move: OrderMove, actor: AuditActor & { scope: SiteScope }): Promise<MoveResult> {
    const tracking = move.trackingNumber?.trim() || null;
    if (move.to === 'shipped' && !tracking) return { ok: false, reason: 'tracking_required' };
    return this.db.transaction(async (tx) => {
      const [order] = await tx.query<{
        id: number;
        site: string;
        status: string;
        language: string;
        customer_email: string;
        tracking_number: string | null;
      }>('SELECT id, site, status, language, customer_email, tracking_number FROM orders WHERE number = $1 FOR UPDATE', [number]);
      if (!order) return { ok: false, reason: 'not_found' } as const;
      if (!inScope(actor.scope, order.site)) return { ok: false, reason: 'out_of_scope' } as const;
      if (!canMoveOrder(order.status, move.to)) return { ok: false, reason: 'refused', from: order.status } as const;
      const from = order.status as OrderState;
      const stockReturned = move.to === 'cancelled' ? await returnHeldStock(tx, order.id) : 0;
      const trackingNumber = move.to === 'shipped' ? tracking : order.tracking_number;
      // A shipped order's units have left the warehouse: a later cancellation gives nothing back (a returned parcel
      // is counted back in by hand, with its movement).
      if (move.to === 'shipped') await tx.query('UPDATE orders SET stock_held = false WHERE id = $1', [order.id]);
      await tx.query('UPDATE orders SET status = $2, tracking_number = $3, updated_at = now() WHERE id = $1', [
        order.id,
        move.to,
        trackingNumber,
      ]);
      await tx.query('INSERT INTO order_status_history (order_id, status, note, staff_id) VALUES ($1, $2, $3, $4)', [
        order.id,
        move.to,
        move.note,
        actor.id,
      ]);
      await recordAudit(tx, actor, {
        action: 'order.status',
        entity: 'order',
        entityId: number,
        site: order.site,
        before: { status: from, trackingNumber: order.tracking_number },
        after: { status: move.to, trackingNumber, note: move.note || undefined, stockReturned: stockReturned || undefined },
      });
      const site = this.siteById(order.site);
      if (site && order.customer_email) {
        await this.mail.enqueue(tx, {
          kind: 'order.status',
          to: order.customer_email,
          site,
          language: orderMailLanguage(site, order.language),
          data: { orderId: order.id, number, status: move.to, trackingNumber },
        });
      }
      return { ok: true, from, to: move.to, stockReturned } as const;
    });
  }
}

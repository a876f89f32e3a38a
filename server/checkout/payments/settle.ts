/**
 * Recording the provider's view of a payment (docs/decisions/024-payments.md): in ONE transaction, with the attempt
 * and its order locked, the provider's state is checked against what the shop asked for (amount, currency, order)
 * and recorded; 'succeeded' moves the order to 'paid' exactly once, however many notifications and pages race here.
 */
import type { Db } from '../../db/index.ts';
import { lockAttempt, type PaymentRow } from './attempts.ts';
import { type ApiPayment, formatAmount, type PaymentStatus } from './yookassa.ts';

/** Order states from which an order may be paid; a succeeded payment moves it to 'paid'. */
export const PAYABLE_ORDER_STATUSES = ['new', 'awaiting_payment'] as const;
/** Payment states that never change again. */
export const FINAL_PAYMENT_STATUSES: readonly PaymentStatus[] = ['succeeded', 'canceled'];

export type SettleOutcome =
  | { kind: 'changed'; status: PaymentStatus; orderPaid: boolean }
  | { kind: 'unchanged'; status: PaymentStatus }
  | { kind: 'mismatch'; problem: string };

interface Logger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Records `remote` for the attempt. Changes nothing when the provider's payment is not the one the shop asked for
 * (another id, amount, currency, order), when the state does not move forward, or when it is final already.
 */
export function settle(db: Db, log: Logger, attemptId: number, remote: ApiPayment): Promise<SettleOutcome> {
  return db.transaction(async (tx) => {
    const row = await lockAttempt(tx, attemptId);
    if (!row) return { kind: 'mismatch', problem: 'no such payment' };
    const [order] = await tx.query<{ status: string; total: string; currency: string }>(
      'SELECT status, total::text AS total, currency FROM orders WHERE id = $1 FOR UPDATE',
      [row.order_id],
    );
    const problem = mismatch(row, order, remote);
    if (problem) {
      log.warn({ payment: row.id, provider: remote.id, problem }, 'payment state refused: it is not the payment the shop asked for');
      return { kind: 'mismatch', problem };
    }
    if (
      FINAL_PAYMENT_STATUSES.includes(row.status) ||
      row.status === remote.status ||
      (row.status === 'waiting_for_capture' && remote.status === 'pending')
    ) {
      return { kind: 'unchanged', status: row.status };
    }
    await tx.query('UPDATE payments SET status = $2, cancellation_reason = $3, updated_at = now() WHERE id = $1', [
      row.id,
      remote.status,
      remote.status === 'canceled' ? (remote.cancellation_details?.reason ?? 'unknown') : null,
    ]);
    let orderPaid = false;
    if (remote.status === 'succeeded') {
      const paid = await tx.query('UPDATE orders SET status = $2 WHERE id = $1 AND status = ANY($3) RETURNING id', [
        row.order_id,
        'paid',
        [...PAYABLE_ORDER_STATUSES],
      ]);
      orderPaid = paid.length === 1;
      if (orderPaid)
        await tx.query(`INSERT INTO order_status_history (order_id, status, note) VALUES ($1, 'paid', 'online payment succeeded')`, [
          row.order_id,
        ]);
      else
        log.error(
          { payment: row.id, order: row.order_id, orderStatus: order!.status },
          'a payment succeeded for an order that cannot be paid: refund it',
        );
    }
    return { kind: 'changed', status: remote.status, orderPaid };
  });
}

/** Why an order in this state cannot start a payment (null: it can). */
export function orderBlocks(status: string): 'paid' | 'not_payable' | null {
  if ((PAYABLE_ORDER_STATUSES as readonly string[]).includes(status)) return null;
  return ['paid', 'in_progress', 'shipped', 'delivered'].includes(status) ? 'paid' : 'not_payable';
}

/** What makes the provider's payment not the one the shop asked for (null: it is that payment). */
function mismatch(row: PaymentRow, order: { total: string; currency: string } | undefined, remote: ApiPayment): string | null {
  if (!order) return 'the order is gone';
  if (remote.id !== row.provider_id) return 'another payment id';
  const expected = formatAmount(Number(row.amount));
  if (remote.amount.value !== expected || remote.amount.currency !== row.currency.trim()) {
    return `amount ${remote.amount.value} ${remote.amount.currency} ≠ ${expected} ${row.currency}`;
  }
  if (formatAmount(Number(order.total)) !== expected || order.currency.trim() !== row.currency.trim()) return 'the order total changed';
  if (remote.metadata && remote.metadata.order_id !== undefined && remote.metadata.order_id !== String(row.order_id))
    return 'another order';
  return null;
}

/**
 * Refunds of paid online orders (issue 21 item 2; docs/decisions/049-back-office.md): the whole of what is left of the
 * order's succeeded payment, or chosen lines (their share of the line's total). The row is written before the provider
 * is called, under the key the staff page's form carries: a double click or a retry finds it and never refunds twice,
 * and the provider's own Idempotence-Key makes a repeated call return the same refund. The order's row is locked
 * while the amount is worked out, so two refunds in parallel never give back more than was paid. A succeeded refund
 * is recorded in the order's history and the audit log, and the shopper is told in the order's language.
 */
import type { Site } from '../../../shared/sites.ts';
import { type AuditActor, recordAudit } from '../../audit/index.ts';
import type { Db } from '../../db/index.ts';
import type { Mailer } from '../../mail/index.ts';
import type { PaymentShop } from '../../platform/config.ts';
import { orderMailLanguage } from '../shopper-mail.ts';
import { formatAmount, PaymentApiError, type YooKassaClient } from './yookassa.ts';

export interface RefundRequest {
  orderNumber: string;
  /** The form's key (one per rendering of the order page): the same key is the same refund. */
  key: string;
  /** null: all that is left; else quantities of the order's lines by product id. */
  lines: Array<{ productId: number; quantity: number }> | null;
}

export type RefundResult =
  | { ok: true; amount: number; currency: string; repeated: boolean }
  | { ok: false; reason: 'not_found' | 'out_of_scope' | 'not_paid_online' | 'nothing_left' | 'bad_lines' | 'not_configured' | 'key_reused' }
  | { ok: false; reason: 'provider'; message: string };

export interface RefundRow {
  id: number;
  /** The key a retry of a refund still pending is sent with (the staff page renders it into its form). */
  key: string;
  amount: number;
  currency: string;
  status: string;
  lines: Array<{ title: string; quantity: number; amount: number }>;
  staffEmail: string | null;
  createdAt: string;
  failure: string | null;
}

export async function refundsOf(db: Pick<Db, 'query'>, orderId: number): Promise<RefundRow[]> {
  return db.query<RefundRow>(
    `SELECT r.id, r.idempotence_key AS key, r.amount::float8 AS amount, r.currency, r.status, r.lines, s.email AS "staffEmail", r.failure,
            to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"
       FROM refunds r LEFT JOIN staff_members s ON s.id = r.staff_id WHERE r.order_id = $1 ORDER BY r.id`,
    [orderId],
  );
}

export async function refundOrder(
  deps: {
    db: Db;
    client: YooKassaClient;
    shop: (site: string) => PaymentShop | undefined;
    mail: Mailer;
    siteById: (id: string) => Site | undefined;
  },
  request: RefundRequest,
  actor: AuditActor & { scope: readonly string[] | null },
): Promise<RefundResult> {
  // 1. The refund's row, under the order's lock (or the one this key already made).
  const prepared = await deps.db.transaction(async (tx) => {
    const [order] = await tx.query<{ id: number; site: string; currency: string; status: string }>(
      'SELECT id, site, currency, status FROM orders WHERE number = $1 FOR UPDATE',
      [request.orderNumber],
    );
    if (!order) return { ok: false, reason: 'not_found' } as const;
    if (actor.scope !== null && !actor.scope.includes(order.site)) return { ok: false, reason: 'out_of_scope' } as const;
    const [existing] = await tx.query<{ id: number; order_id: number; status: string; amount: number; payment_provider_id: string }>(
      `SELECT r.id, r.order_id, r.status, r.amount::float8 AS amount, p.provider_id AS payment_provider_id
         FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE r.idempotence_key = $1`,
      [request.key],
    );
    if (existing && existing.order_id !== order.id) return { ok: false, reason: 'key_reused' } as const;
    if (existing)
      return {
        ok: true,
        order,
        refundId: existing.id,
        amount: existing.amount,
        paymentProviderId: existing.payment_provider_id,
        // A pending refund (its answer never came) is asked again with its key; a finished one is answered as it ended.
        repeated: existing.status !== 'pending',
        status: existing.status,
      } as const;
    if (!deps.shop(order.site)) return { ok: false, reason: 'not_configured' } as const;
    const [payment] = await tx.query<{ id: number; provider_id: string; amount: number }>(
      `SELECT id, provider_id, amount::float8 AS amount FROM payments WHERE order_id = $1 AND status = 'succeeded' ORDER BY attempt DESC LIMIT 1`,
      [order.id],
    );
    if (!payment) return { ok: false, reason: 'not_paid_online' } as const;
    const [{ refunded }] = (await tx.query<{ refunded: number }>(
      `SELECT coalesce(sum(amount), 0)::float8 AS refunded FROM refunds WHERE payment_id = $1 AND status IN ('pending', 'succeeded')`,
      [payment.id],
    )) as [{ refunded: number }];
    const left = Math.round((payment.amount - refunded) * 100) / 100;
    if (left <= 0) return { ok: false, reason: 'nothing_left' } as const;
    let amount = left;
    let lines: Array<{ productId: number; title: string; quantity: number; amount: number }> = [];
    if (request.lines) {
      const items = await tx.query<{ product_id: number; title: string; quantity: number; total: number }>(
        'SELECT product_id, title, quantity, line_total::float8 AS total FROM order_items WHERE order_id = $1',
        [order.id],
      );
      // What earlier refunds (pending or done) gave back of each line.
      const given = await tx.query<{ product_id: number; quantity: number }>(
        `SELECT (l->>'productId')::int AS product_id, sum((l->>'quantity')::int)::int AS quantity
           FROM refunds r, jsonb_array_elements(r.lines) AS l
          WHERE r.order_id = $1 AND r.status IN ('pending', 'succeeded') GROUP BY 1`,
        [order.id],
      );
      const wanted = request.lines.filter((l) => l.quantity > 0);
      if (new Set(wanted.map((l) => l.productId)).size !== wanted.length) return { ok: false, reason: 'bad_lines' } as const;
      for (const want of wanted) {
        const item = items.find((i) => i.product_id === want.productId);
        const left = (item?.quantity ?? 0) - (given.find((g) => g.product_id === want.productId)?.quantity ?? 0);
        if (!item || want.quantity > left) return { ok: false, reason: 'bad_lines' } as const;
        lines.push({
          productId: item.product_id,
          title: item.title,
          quantity: want.quantity,
          amount: Math.round((item.total * want.quantity * 100) / item.quantity) / 100,
        });
      }
      if (lines.length === 0) return { ok: false, reason: 'bad_lines' } as const;
      amount = Math.min(
        left,
        lines.reduce((sum, l) => sum + l.amount, 0),
      );
    } else lines = [];
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO refunds (order_id, payment_id, amount, currency, lines, idempotence_key, staff_id)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7) RETURNING id`,
      [order.id, payment.id, amount, order.currency, JSON.stringify(lines), request.key, actor.id],
    );
    return {
      ok: true,
      order,
      refundId: row!.id,
      amount,
      paymentProviderId: payment.provider_id,
      repeated: false,
      status: 'pending',
    } as const;
  });
  if (!prepared.ok) return prepared;
  const { order, refundId, amount } = prepared;
  if (prepared.repeated)
    return prepared.status === 'succeeded'
      ? { ok: true, amount, currency: order.currency, repeated: true }
      : { ok: false, reason: 'provider', message: `the refund ended ${prepared.status}` };
  const shop = deps.shop(order.site);
  if (!shop) return { ok: false, reason: 'not_configured' };

  // 2. The provider, with the row's key (a retry after a timeout repeats the same refund, never a second one).
  let status: 'succeeded' | 'pending' | 'canceled';
  let providerId: string | null = null;
  try {
    const refund = await deps.client.createRefund(
      shop.credentials,
      {
        payment_id: prepared.paymentProviderId,
        amount: { value: formatAmount(amount), currency: order.currency },
        description: `Возврат по заказу ${request.orderNumber}`,
      },
      request.key,
    );
    status = refund.status;
    providerId = refund.id;
  } catch (error) {
    const message = error instanceof PaymentApiError ? error.message : (error as Error).message;
    // A refusal frees the amount again; a timeout or network failure leaves the row pending (the same key retries it).
    const definite = error instanceof PaymentApiError && error.failure === 'rejected';
    await deps.db.query(`UPDATE refunds SET status = $2, failure = $3 WHERE id = $1`, [
      refundId,
      definite ? 'failed' : 'pending',
      message.slice(0, 500),
    ]);
    return { ok: false, reason: 'provider', message };
  }

  // 3. Recorded, audited and told.
  await deps.db.transaction(async (tx) => {
    // Only the answer that finishes the pending row tells anyone (two clicks of one form may both reach here).
    const [finished] = await tx.query(
      `UPDATE refunds SET status = $2, provider_id = $3, failure = NULL WHERE id = $1 AND status = 'pending' RETURNING id`,
      [refundId, status, providerId],
    );
    if (!finished || status !== 'succeeded') return;
    await tx.query('INSERT INTO order_status_history (order_id, status, note, staff_id) VALUES ($1, $2, $3, $4)', [
      order.id,
      order.status,
      `refund ${formatAmount(amount)} ${order.currency}`,
      actor.id,
    ]);
    await recordAudit(tx, actor, {
      action: 'order.refund',
      entity: 'order',
      entityId: request.orderNumber,
      site: order.site,
      before: null,
      after: { amount, currency: order.currency, status, providerId },
    });
    const [buyer] = await tx.query<{ email: string; language: string }>(
      'SELECT customer_email AS email, language FROM orders WHERE id = $1',
      [order.id],
    );
    const site = deps.siteById(order.site);
    if (site && buyer?.email) {
      await deps.mail.enqueue(tx, {
        kind: 'order.refunded',
        to: buyer.email,
        site,
        language: orderMailLanguage(site, buyer.language),
        data: { orderId: order.id, number: request.orderNumber, amount, currency: order.currency },
      });
    }
  });
  if (status === 'canceled') return { ok: false, reason: 'provider', message: 'the provider cancelled the refund' };
  return { ok: true, amount, currency: order.currency, repeated: false };
}

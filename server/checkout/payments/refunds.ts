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
import type { Db, Queryable } from '../../db/index.ts';
import type { Mailer } from '../../mail/index.ts';
import type { PaymentShop } from '../../platform/payment-config.ts';
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
  | {
      ok: true;
      amount: number;
      currency: string;
      repeated: boolean /** The provider accepted it and finishes it later (housekeeping reconciles). */;
      pending: boolean;
    }
  | {
      ok: false;
      reason:
        | 'not_found'
        | 'out_of_scope'
        | 'not_paid_online'
        | 'nothing_left'
        | 'bad_lines'
        | 'not_configured'
        | 'key_reused'
        | 'key_expired';
    }
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
  /** Pending past the key's lifetime with no provider id: only a person can end it (settleRefundByHand). */
  stuck: boolean;
}

/**
 * A refund no call may repeat any more: pending, unknown to the provider by id, older than the key's lifetime. The
 * refunds table is `r`. A function, not a constant: REFUND_KEY_HOURS is declared further down.
 */
const stuckSql = () =>
  `(r.status = 'pending' AND r.provider_id IS NULL AND r.created_at < now() - make_interval(hours => ${REFUND_KEY_HOURS}))`;

export async function refundsOf(db: Pick<Db, 'query'>, orderId: number): Promise<RefundRow[]> {
  return db.query<RefundRow>(
    `SELECT r.id, r.idempotence_key AS key, r.amount::float8 AS amount, r.currency, r.status, r.lines, s.email AS "staffEmail", r.failure,
            ${stuckSql()} AS stuck,
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
    const [existing] = await tx.query<{
      id: number;
      order_id: number;
      status: string;
      amount: number;
      payment_provider_id: string;
      key_expired: boolean;
    }>(
      `SELECT r.id, r.order_id, r.status, r.amount::float8 AS amount, p.provider_id AS payment_provider_id,
              ${stuckSql()} AS key_expired
         FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE r.idempotence_key = $1`,
      [request.key],
    );
    if (existing && existing.order_id !== order.id) return { ok: false, reason: 'key_reused' } as const;
    // Past the provider's memory of the key, sending it again could make a second refund: a person checks.
    if (existing?.key_expired) return { ok: false, reason: 'key_expired' } as const;
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
      ? { ok: true, amount, currency: order.currency, repeated: true, pending: false }
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
    // Only a row still pending: a parallel call (a double click, housekeeping) may have finished it meanwhile.
    await deps.db.query(`UPDATE refunds SET status = $2, failure = $3 WHERE id = $1 AND status = 'pending'`, [
      refundId,
      definite ? 'failed' : 'pending',
      message.slice(0, 500),
    ]);
    return { ok: false, reason: 'provider', message };
  }

  // 3. Recorded, audited and told.
  await finishRefund(deps, { id: refundId, orderId: order.id, orderNumber: request.orderNumber, amount }, { status, providerId }, actor);
  if (status === 'canceled') return { ok: false, reason: 'provider', message: 'the provider cancelled the refund' };
  return { ok: true, amount, currency: order.currency, repeated: false, pending: status === 'pending' };
}

type RefundDeps = Parameters<typeof refundOrder>[0];

/**
 * The provider's answer applied to a pending refund row: its status and id; a refund that succeeded is written to the
 * order's history and the audit log and mailed to the shopper. Only the answer that moves the row off 'pending' tells
 * anyone (two clicks of one form, or two pods reconciling, may both arrive here). True when this call ended the row.
 */
function finishRefund(
  deps: Pick<RefundDeps, 'db' | 'mail' | 'siteById'>,
  refund: { id: number; orderId: number; orderNumber: string; amount: number },
  answer: { status: 'succeeded' | 'pending' | 'canceled'; providerId: string | null },
  actor: AuditActor,
  via?: 'reconciliation',
): Promise<boolean> {
  return deps.db.transaction((tx) => applyRefundAnswer(tx, deps, refund, answer, actor, via ? { via } : {}));
}

/** finishRefund's work inside the caller's transaction (a refund settled by hand runs it under its own row lock). */
async function applyRefundAnswer(
  tx: Queryable,
  deps: Pick<RefundDeps, 'mail' | 'siteById'>,
  refund: { id: number; orderId: number; orderNumber: string; amount: number },
  answer: { status: 'succeeded' | 'pending' | 'canceled'; providerId: string | null },
  actor: AuditActor,
  marks: { via?: 'reconciliation' | 'manual'; note?: string },
): Promise<boolean> {
  const [finished] = await tx.query(
    `UPDATE refunds SET status = $2, provider_id = coalesce($3, provider_id), failure = NULL WHERE id = $1 AND status = 'pending' RETURNING id`,
    [refund.id, answer.status, answer.providerId],
  );
  if (!finished || answer.status === 'pending') return false;
  if (answer.status !== 'succeeded') return true;
  const [order] = (await tx.query<{ site: string; currency: string; status: string; email: string | null; language: string }>(
    'SELECT site, currency, status, customer_email AS email, language FROM orders WHERE id = $1',
    [refund.orderId],
  )) as [{ site: string; currency: string; status: string; email: string | null; language: string }];
  await tx.query('INSERT INTO order_status_history (order_id, status, note, staff_id) VALUES ($1, $2, $3, $4)', [
    refund.orderId,
    order.status,
    `refund ${formatAmount(refund.amount)} ${order.currency}${marks.note === undefined ? '' : `, settled by hand: ${marks.note}`}`,
    actor.id,
  ]);
  await recordAudit(tx, actor, {
    action: 'order.refund',
    entity: 'order',
    entityId: refund.orderNumber,
    site: order.site,
    before: null,
    after: {
      amount: refund.amount,
      currency: order.currency,
      status: answer.status,
      providerId: answer.providerId,
      ...marks,
    },
  });
  const site = deps.siteById(order.site);
  if (site && order.email) {
    await deps.mail.enqueue(tx, {
      kind: 'order.refunded',
      to: order.email,
      site,
      language: orderMailLanguage(site, order.language),
      data: { orderId: refund.orderId, number: refund.orderNumber, amount: refund.amount, currency: order.currency },
    });
  }
  return true;
}

/** A refund row left pending this long is asked about again by housekeeping (its own call may still be under way). */
export const REFUND_RECONCILE_AFTER_MINUTES = 2;
/**
 * ЮKassa remembers an Idempotence-Key for 24 hours; a refund whose answer never came is sent again with its key only
 * within this many hours. Later it stays pending (its amount still held) with a note for a person to check it in the
 * provider's dashboard, because sending the key again could then make a second refund.
 */
export const REFUND_KEY_HOURS = 23;
const KEY_EXPIRED_NOTE = `No answer from the provider within ${REFUND_KEY_HOURS} h: check this refund in the provider's dashboard`;

/**
 * Housekeeping (every pod, every few minutes): refunds still pending — the provider's answer never came, or it said
 * 'pending' — are asked about again. One the provider knows by id is read (GET /v3/refunds/{id}); one whose answer was
 * lost is sent again with its own Idempotence-Key, which returns the refund the first call made (or makes it, if the
 * first never arrived). What comes back is applied as at the desk: a success is recorded, audited in the name of the
 * member who asked for it, and mailed once. A definite refusal frees the amount; a provider still down waits for the
 * next run. Returns how many rows were finished.
 */
export async function reconcileRefunds(deps: Omit<RefundDeps, 'db'> & { db: Db }): Promise<number> {
  const pending = await deps.db.query<{
    id: number;
    orderId: number;
    orderNumber: string;
    site: string;
    amount: number;
    currency: string;
    key: string;
    providerId: string | null;
    paymentProviderId: string;
    staffId: number | null;
    staffEmail: string | null;
  }>(
    `SELECT r.id, r.order_id AS "orderId", o.number AS "orderNumber", o.site, r.amount::float8 AS amount, r.currency,
            r.idempotence_key AS key, r.provider_id AS "providerId", p.provider_id AS "paymentProviderId",
            r.staff_id AS "staffId", s.email AS "staffEmail"
       FROM refunds r JOIN orders o ON o.id = r.order_id JOIN payments p ON p.id = r.payment_id
       LEFT JOIN staff_members s ON s.id = r.staff_id
      WHERE r.status = 'pending' AND r.created_at < now() - make_interval(mins => ${REFUND_RECONCILE_AFTER_MINUTES})
        AND (r.provider_id IS NOT NULL OR r.created_at > now() - make_interval(hours => ${REFUND_KEY_HOURS}))
      ORDER BY r.id LIMIT 100`,
  );
  // Those past the key's lifetime are left for a person, with a note the order page shows.
  await deps.db.query(
    `UPDATE refunds SET failure = $1 WHERE status = 'pending' AND provider_id IS NULL
        AND created_at < now() - make_interval(hours => ${REFUND_KEY_HOURS}) AND failure IS DISTINCT FROM $1`,
    [KEY_EXPIRED_NOTE],
  );
  let finished = 0;
  for (const row of pending) {
    const shop = deps.shop(row.site);
    if (!shop) continue;
    let answer: { status: 'succeeded' | 'pending' | 'canceled'; id: string };
    try {
      answer = row.providerId
        ? await deps.client.getRefund(shop.credentials, row.providerId)
        : await deps.client.createRefund(
            shop.credentials,
            {
              payment_id: row.paymentProviderId,
              amount: { value: formatAmount(row.amount), currency: row.currency },
              description: `Возврат по заказу ${row.orderNumber}`,
            },
            row.key,
          );
    } catch (error) {
      if (error instanceof PaymentApiError && error.failure === 'rejected') {
        const [failed] = await deps.db.query(
          `UPDATE refunds SET status = 'failed', failure = $2 WHERE id = $1 AND status = 'pending' RETURNING id`,
          [row.id, error.message.slice(0, 500)],
        );
        if (failed) finished += 1;
      }
      continue;
    }
    const actor = { id: row.staffId, email: row.staffEmail ?? 'payments' };
    if (await finishRefund(deps, row, { status: answer.status, providerId: answer.id }, actor, 'reconciliation')) finished += 1;
  }
  return finished;
}

export type ManualRefundResult =
  | { ok: true; outcome: 'succeeded' | 'failed' }
  | { ok: false; reason: 'not_found' | 'out_of_scope' | 'already_closed' | 'not_stuck' };

/**
 * A stuck refund (stuckSql: no call may repeat it) ended by a person who checked it in the provider's dashboard:
 * 'succeeded' goes the way a provider's success does (applyRefundAnswer: history, audit marked `via: manual` with the
 * note, the buyer's mail); 'failed' frees its amount for a new refund, audited. The row is locked first, so a double
 * click or a colleague's click waits and then finds it closed (no second mail); a refund still in the provider's hands
 * (younger, or known by id) is refused — housekeeping ends it.
 */
export async function settleRefundByHand(
  deps: Pick<RefundDeps, 'db' | 'mail' | 'siteById'>,
  request: { orderNumber: string; refundId: number; outcome: 'succeeded' | 'failed'; note: string },
  actor: AuditActor & { scope: readonly string[] | null },
): Promise<ManualRefundResult> {
  return deps.db.transaction(async (tx): Promise<ManualRefundResult> => {
    const [order] = await tx.query<{ id: number; site: string }>('SELECT id, site FROM orders WHERE number = $1', [request.orderNumber]);
    if (!order) return { ok: false, reason: 'not_found' };
    if (actor.scope !== null && !actor.scope.includes(order.site)) return { ok: false, reason: 'out_of_scope' };
    const [refund] = await tx.query<{ id: number; amount: number; currency: string; status: string; stuck: boolean }>(
      `SELECT r.id, r.amount::float8 AS amount, r.currency, r.status, ${stuckSql()} AS stuck
         FROM refunds r WHERE r.id = $1 AND r.order_id = $2 FOR UPDATE`,
      [request.refundId, order.id],
    );
    if (!refund) return { ok: false, reason: 'not_found' };
    if (refund.status !== 'pending') return { ok: false, reason: 'already_closed' };
    if (!refund.stuck) return { ok: false, reason: 'not_stuck' };
    const target = { id: refund.id, orderId: order.id, orderNumber: request.orderNumber, amount: refund.amount };
    if (request.outcome === 'succeeded') {
      await applyRefundAnswer(tx, deps, target, { status: 'succeeded', providerId: null }, actor, { via: 'manual', note: request.note });
      return { ok: true, outcome: 'succeeded' };
    }
    await tx.query(`UPDATE refunds SET status = 'failed', failure = $2 WHERE id = $1`, [
      refund.id,
      `Не состоялся (проверено вручную): ${request.note}`.slice(0, 500),
    ]);
    await recordAudit(tx, actor, {
      action: 'order.refund_failed',
      entity: 'order',
      entityId: request.orderNumber,
      site: order.site,
      before: { refundId: refund.id, amount: refund.amount, currency: refund.currency, status: 'pending' },
      after: { refundId: refund.id, status: 'failed', via: 'manual', note: request.note },
    });
    return { ok: true, outcome: 'failed' };
  });
}

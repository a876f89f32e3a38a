/**
 * Online payment of orders through a ЮKassa-compatible API (docs/decisions/024-payments.md).
 *
 * - start(): a payment for an order → the provider's confirmation address the shopper is sent to. The attempt is
 *   written (with its Idempotence-Key) before the provider is called, so a call that timed out is repeated with the
 *   same key and never makes a second payment; a payment still pending is reused instead of starting another.
 * - notification(): the webhook. The body only names a payment: its state is read back from the API with the
 *   site's keys, then recorded by apply().
 * - apply(): in ONE transaction, with the payment and order rows locked, the provider's state is checked against
 *   what the shop asked for (amount, currency, order) and recorded; 'succeeded' moves the order to 'paid' once.
 *
 * Reads of the order use only what every order has (id, site, currency, total, status, order_items): the rest
 * (order number, customer contact, delivery line) is given by the caller and kept with the attempt, so "pay again"
 * needs nothing more.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { limits, POLICIES } from '../../limits/index.ts';
import type { PaymentShop, PaymentsConfig } from '../../platform/config.ts';
import {
  type ApiPayment,
  type CreatePaymentBody,
  formatAmount,
  PaymentApiError,
  type PaymentStatus,
  type ReceiptItem,
  YooKassaClient,
} from './yookassa.ts';

export { PaymentApiError, type PaymentStatus };

/** Order states from which an order may be paid; a succeeded payment moves it to 'paid'. */
export const PAYABLE_ORDER_STATUSES = ['new', 'awaiting_payment'] as const;
const FINAL: readonly PaymentStatus[] = ['succeeded', 'canceled'];
/** The provider remembers an Idempotence-Key for 24 hours: an attempt in doubt older than this is abandoned. */
const KEY_LIFETIME_HOURS = 23;
/** The provider is asked about one payment at most this often (notifications, result pages): seconds (the 'payments.check' limit). */
export const CHECK_INTERVAL_S = POLICIES['payments.check'].seconds;
/** The API's limit on a receipt line's description and on the payment description. */
const DESCRIPTION_MAX = 128;

/** A confirmation address that came from the provider and lies on an allowed host; nothing else has this type. */
export type ProviderUrl = string & { readonly __providerUrl: true };

export interface StartPaymentInput {
  orderId: number;
  /** The order's site id (the order must belong to it). */
  site: string;
  /** The number the shopper reads: the payment description ("Заказ №…"). */
  orderNumber: string;
  /** Where the 54-FZ receipt goes: an e-mail or a phone (either, the e-mail preferred). */
  customer: { email?: string | null; phone?: string | null };
  /** The delivery's price and name: a receipt line when it costs money (the order total includes it). */
  delivery?: { title: string; price: number } | null;
  /** Absolute address the provider returns the shopper to (the order's result page). */
  returnUrl: string;
}

export type StartResult =
  | { ok: true; confirmationUrl: ProviderUrl; paymentId: number }
  | {
      ok: false;
      reason:
        | 'not_configured' // the site takes no online payment
        | 'not_found' // no such order on this site
        | 'not_payable' // cancelled, or nothing to repeat
        | 'paid' // already paid
        | 'processing' // the provider holds the money and is finishing
        | 'unavailable' // the provider did not answer: try again later (the attempt is kept)
        | 'rejected'; // the provider refused the payment (or answered nonsense)
    };

/** What the result pages show about an order's payment. */
import type { PaymentView } from '../../../shared/payments.ts';

export type { PaymentView };

export type NotificationOutcome =
  | { status: 200; changed: boolean; paymentStatus: PaymentStatus }
  | { status: 200; ignored: string }
  | { status: 404; message: string }
  | { status: 409; message: string }
  | { status: 429; retryAfterSeconds: number }
  | { status: 503; message: string };

export type ApplyOutcome =
  | { kind: 'changed'; status: PaymentStatus; orderPaid: boolean }
  | { kind: 'unchanged'; status: PaymentStatus }
  | { kind: 'mismatch'; problem: string };

interface PaymentRow {
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
  expired: boolean;
}

const attemptDetails = z.object({
  orderNumber: z.string().min(1).max(40),
  customer: z.object({ email: z.string().max(254).optional(), phone: z.string().max(20).optional() }),
  delivery: z.object({ title: z.string().min(1).max(DESCRIPTION_MAX), price: z.number().nonnegative() }).nullable(),
});
type AttemptDetails = z.infer<typeof attemptDetails>;

const ROW = `id, order_id, site, attempt, provider_id, status, amount::text AS amount, currency, idempotence_key, confirmation_url,
  cancellation_reason, details, (provider_id IS NULL AND created_at < now() - interval '${KEY_LIFETIME_HOURS} hours') AS expired`;

interface Logger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export class PaymentService {
  private readonly client: YooKassaClient;

  constructor(
    private readonly db: Db,
    private readonly config: PaymentsConfig,
    private readonly log: Logger = { warn: () => {}, error: () => {} },
  ) {
    this.client = new YooKassaClient({ apiUrl: config.apiUrl, timeoutMs: config.timeoutMs });
  }

  /** Does this site take online payment (a shop is configured)? When not, online methods are not offered. */
  onlineAvailable(site: string): boolean {
    return this.shop(site) !== undefined;
  }

  /**
   * The CSP sources of the provider's confirmation pages for this site's pages' form-action (the pay button without
   * JavaScript is answered with a 303 there); none without a shop.
   */
  formActionSources(site: string): string[] {
    if (!this.onlineAvailable(site)) return [];
    const api = new URL(this.config.apiUrl);
    return [...this.config.confirmationHosts.flatMap((h) => [`https://${h}`, `https://*.${h}`]), api.origin];
  }

  /** The site's VAT code from its shop's configuration (the invoice states it); null without a shop. */
  vatCode(site: string): number | null {
    return this.shop(site)?.vatCode ?? null;
  }

  /** Starts (or resumes) paying an order online: the address to send the shopper to, or why not. */
  async start(input: StartPaymentInput): Promise<StartResult> {
    const shop = this.shop(input.site);
    if (!shop) return { ok: false, reason: 'not_configured' };
    const details = attemptDetails.safeParse({
      orderNumber: input.orderNumber,
      customer: cleanCustomer(input.customer),
      delivery: input.delivery && input.delivery.price > 0 ? input.delivery : null,
    });
    if (!details.success)
      throw new TypeError(`PaymentService.start: ${details.error.issues.map((i) => i.path.join('.')).join(', ')} invalid`);
    if (!details.data.customer.email && !details.data.customer.phone)
      throw new TypeError('PaymentService.start: an e-mail or phone is required for the receipt');
    const order = await this.order(input.orderId, input.site);
    if (!order) return { ok: false, reason: 'not_found' };
    const blocked = orderBlocks(order.status);
    if (blocked) return { ok: false, reason: blocked };

    let row = await this.latest(input.orderId);
    if (row?.provider_id && !FINAL.includes(row.status)) {
      // A payment under way: ask the provider where it stands before sending the shopper there again.
      const resumed = await this.resume(shop, row);
      if (resumed) return resumed;
      row = await this.latest(input.orderId);
    }
    if (row?.status === 'succeeded') return { ok: false, reason: 'paid' };
    // An attempt in doubt (the provider's answer never came) is repeated with its own key and body.
    if (!(row && row.provider_id === null && row.status === 'pending' && !row.expired)) {
      row = await this.newAttempt(order, details.data);
    }
    return this.create(shop, row, order, input.returnUrl);
  }

  /**
   * Pay again: a new attempt for an unpaid order with what its first attempt was given (number, contact,
   * delivery line). 'not_payable' when the order never had an online attempt.
   */
  async payAgain(input: { orderId: number; site: string; returnUrl: string }): Promise<StartResult> {
    // An order placed at checkout with an online method carries what the receipt needs.
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
      [input.orderId, input.site],
    );
    if (order?.kind === 'online') {
      return this.start({
        ...input,
        orderNumber: order.number,
        customer: { email: order.email || null, phone: order.phone || null },
        delivery: order.cost > 0 && order.label ? { title: order.label, price: order.cost } : null,
      });
    }
    // Otherwise the details of the order's last attempt (an order paid online without the checkout's snapshot).
    const [first] = await this.db.query<{ details: unknown }>(
      'SELECT details FROM payments WHERE order_id = $1 AND site = $2 ORDER BY attempt DESC LIMIT 1',
      [input.orderId, input.site],
    );
    const details = attemptDetails.safeParse(first?.details);
    if (!details.success) return { ok: false, reason: 'not_payable' };
    return this.start({ ...input, ...details.data });
  }

  /**
   * The order's payment for its result page. A payment still pending is read back from the provider first (at most
   * every CHECK_INTERVAL_S), so a shopper back from paying sees 'paid' even before the notification came.
   */
  async forOrder(orderId: number, site: string, options: { refresh?: boolean } = {}): Promise<PaymentView | null> {
    let row = await this.latest(orderId);
    if (!row || row.site !== site) return null;
    const shop = this.shop(site);
    if (options.refresh && shop && row.provider_id && !FINAL.includes(row.status) && (await this.claimCheck(row.id))) {
      try {
        await this.apply(row.id, await this.client.getPayment(shop.credentials, row.provider_id));
        row = (await this.latest(orderId))!;
      } catch (err) {
        // The page shows what is known; the notification will settle it.
        this.log.warn({ err: describe(err), payment: row.id }, 'payment status check failed');
      }
    }
    const [order] = await this.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [orderId]);
    const inDoubt = row.provider_id === null && row.status === 'pending';
    return {
      status: row.status,
      reason: inDoubt ? 'provider_unavailable' : row.status === 'canceled' ? row.cancellation_reason : null,
      canPay: !!shop && !!order && !orderBlocks(order.status) && (row.status === 'canceled' || row.status === 'pending'),
    };
  }

  /**
   * A notification from the provider (the webhook, already checked for shape): only `paymentId` is believed — the
   * payment is read back from the API with its site's keys and recorded by apply().
   */
  async notification(paymentId: string): Promise<NotificationOutcome> {
    const [row] = await this.db.query<PaymentRow>(`SELECT ${ROW} FROM payments WHERE provider_id = $1`, [paymentId]);
    if (!row) return { status: 404, message: 'Unknown payment' };
    // Final states never change: a repeated notification costs one read and no call to the provider.
    if (FINAL.includes(row.status)) return { status: 200, changed: false, paymentStatus: row.status };
    const shop = this.shop(row.site);
    if (!shop) return { status: 503, message: 'The payment provider is not configured for this site' };
    if (!(await this.claimCheck(row.id))) return { status: 429, retryAfterSeconds: CHECK_INTERVAL_S };
    let remote: ApiPayment;
    try {
      remote = await this.client.getPayment(shop.credentials, paymentId);
    } catch (err) {
      if (err instanceof PaymentApiError && err.failure === 'not_found')
        return { status: 404, message: 'The provider does not know this payment' };
      this.log.warn({ err: describe(err), payment: row.id }, 'payment notification: the provider could not be asked');
      return { status: 503, message: 'The payment provider did not answer' };
    }
    const outcome = await this.apply(row.id, remote);
    if (outcome.kind === 'mismatch') return { status: 409, message: outcome.problem };
    return { status: 200, changed: outcome.kind === 'changed', paymentStatus: outcome.status };
  }

  /**
   * Records the provider's view of a payment, in one transaction with the payment and its order locked. Changes
   * nothing when the provider's payment is not the one the shop asked for (another id, amount, currency, order),
   * when the state does not move forward, or when it is final already; a 'succeeded' payment moves the order
   * from new/awaiting_payment to paid — exactly once, however many notifications and pages race here.
   */
  apply(paymentRowId: number, remote: ApiPayment): Promise<ApplyOutcome> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query<PaymentRow>(`SELECT ${ROW} FROM payments WHERE id = $1 FOR UPDATE`, [paymentRowId]);
      if (!row) return { kind: 'mismatch', problem: 'no such payment' };
      const [order] = await tx.query<{ status: string; total: string; currency: string }>(
        'SELECT status, total::text AS total, currency FROM orders WHERE id = $1 FOR UPDATE',
        [row.order_id],
      );
      const problem = mismatch(row, order, remote);
      if (problem) {
        this.log.warn({ payment: row.id, provider: remote.id, problem }, 'payment state refused: it is not the payment the shop asked for');
        return { kind: 'mismatch', problem };
      }
      if (
        FINAL.includes(row.status) ||
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
        if (!orderPaid)
          this.log.error(
            { payment: row.id, order: row.order_id, orderStatus: order!.status },
            'a payment succeeded for an order that cannot be paid: refund it',
          );
      }
      return { kind: 'changed', status: remote.status, orderPaid };
    });
  }

  private shop(site: string): PaymentShop | undefined {
    return Object.hasOwn(this.config.shops, site) ? this.config.shops[site] : undefined;
  }

  private async order(id: number, site: string) {
    const [order] = await this.db.query<{ id: number; site: string; currency: string; total: string; status: string }>(
      'SELECT id, site, currency, total::text AS total, status FROM orders WHERE id = $1 AND site = $2',
      [id, site],
    );
    if (!order) return undefined;
    const items = await this.db.query<{ title: string; price: string; quantity: number }>(
      'SELECT title, price::text AS price, quantity FROM order_items WHERE order_id = $1 ORDER BY title, product_id',
      [id],
    );
    return { ...order, items };
  }

  private async latest(orderId: number): Promise<PaymentRow | undefined> {
    const [row] = await this.db.query<PaymentRow>(`SELECT ${ROW} FROM payments WHERE order_id = $1 ORDER BY attempt DESC LIMIT 1`, [
      orderId,
    ]);
    return row;
  }

  /** Takes the right to ask the provider about a payment now: false when it was asked less than CHECK_INTERVAL_S ago. */
  private async claimCheck(id: number): Promise<boolean> {
    return (await limits.claim(this.db, 'payments.check', String(id))).allowed;
  }

  /** A payment under way: its address again when the provider still waits for the shopper, else null (record and go on). */
  private async resume(shop: PaymentShop, row: PaymentRow): Promise<StartResult | null> {
    let remote: ApiPayment;
    try {
      remote = await this.client.getPayment(shop.credentials, row.provider_id!);
    } catch (err) {
      this.log.warn({ err: describe(err), payment: row.id }, 'payment status check failed; resuming with the stored address');
      const url = row.confirmation_url && this.providerUrl(row.confirmation_url);
      return url ? { ok: true, confirmationUrl: url, paymentId: row.id } : { ok: false, reason: 'unavailable' };
    }
    const outcome = await this.apply(row.id, remote);
    if (outcome.kind === 'mismatch') return { ok: false, reason: 'rejected' };
    if (remote.status === 'waiting_for_capture') return { ok: false, reason: 'processing' };
    if (remote.status !== 'pending') return null;
    const url = this.providerUrl(remote.confirmation?.confirmation_url ?? row.confirmation_url ?? '');
    if (!url) return null;
    await this.leaving(row.id);
    return { ok: true, confirmationUrl: url, paymentId: row.id };
  }

  private async newAttempt(order: NonNullable<Awaited<ReturnType<PaymentService['order']>>>, details: AttemptDetails): Promise<PaymentRow> {
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
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (order_id, attempt) DO NOTHING RETURNING ${ROW}`,
        [order.id, order.site, attempt, order.total, order.currency, key, JSON.stringify(details)],
      );
      if (row) return row;
      // A parallel start took this attempt number: use that attempt (same key: the provider makes one payment).
      const taken = await this.latest(order.id);
      if (taken && taken.attempt === attempt) return taken;
    }
  }

  /** POST /v3/payments for an attempt, and the answer recorded. */
  private async create(
    shop: PaymentShop,
    row: PaymentRow,
    order: NonNullable<Awaited<ReturnType<PaymentService['order']>>>,
    returnUrl: string,
  ): Promise<StartResult> {
    const details = attemptDetails.parse(row.details);
    const receipt = receiptItems(order, details, shop.vatCode);
    if (!receipt) {
      this.log.error({ order: order.id }, 'the receipt lines do not add up to the order total: no payment started');
      await this.cancelAttempt(row.id, 'receipt_mismatch');
      return { ok: false, reason: 'rejected' };
    }
    const body: CreatePaymentBody = {
      amount: { value: formatAmount(Number(row.amount)), currency: row.currency },
      capture: true,
      confirmation: { type: 'redirect', return_url: returnUrl },
      description: `Заказ №${details.orderNumber}`.slice(0, DESCRIPTION_MAX),
      metadata: { order_id: String(order.id), site: order.site },
      receipt: { customer: details.customer, items: receipt },
    };
    let remote: ApiPayment;
    try {
      remote = await this.client.createPayment(shop.credentials, body, row.idempotence_key);
    } catch (err) {
      if (err instanceof PaymentApiError && err.retryable) {
        // The attempt stays in doubt: the next start repeats it with the same key.
        this.log.warn({ err: describe(err), payment: row.id }, 'payment creation: no answer from the provider');
        return { ok: false, reason: 'unavailable' };
      }
      this.log.error({ err: describe(err), payment: row.id }, 'payment creation refused by the provider');
      await this.cancelAttempt(row.id, 'provider_rejected');
      return { ok: false, reason: 'rejected' };
    }
    const url = remote.confirmation?.confirmation_url ? this.providerUrl(remote.confirmation.confirmation_url) : null;
    if (
      remote.amount.value !== body.amount.value ||
      remote.amount.currency !== body.amount.currency ||
      (!url && remote.status === 'pending')
    ) {
      this.log.error({ payment: row.id, provider: remote.id }, 'the provider answered with a payment the shop did not ask for');
      await this.cancelAttempt(row.id, 'provider_rejected');
      return { ok: false, reason: 'rejected' };
    }
    const recorded = await this.db.query(
      `UPDATE payments SET provider_id = $2, confirmation_url = $3, updated_at = now()
        WHERE id = $1 AND (provider_id IS NULL OR provider_id = $2) RETURNING id`,
      [row.id, remote.id, url],
    );
    if (recorded.length === 0) return { ok: false, reason: 'rejected' };
    if (remote.status !== 'pending') {
      await this.apply(row.id, remote);
      return { ok: false, reason: remote.status === 'succeeded' ? 'paid' : remote.status === 'canceled' ? 'rejected' : 'processing' };
    }
    await this.leaving(row.id);
    return { ok: true, confirmationUrl: url!, paymentId: row.id };
  }

  /** The shopper goes to the provider now: the result page they come back to must ask the provider afresh. */
  private async leaving(id: number): Promise<void> {
    await limits.clear(this.db, 'payments.check', String(id));
  }

  private async cancelAttempt(id: number, reason: string): Promise<void> {
    await this.db.query(
      `UPDATE payments SET status = 'canceled', cancellation_reason = $2, updated_at = now() WHERE id = $1 AND status = 'pending'`,
      [id, reason],
    );
  }

  /** The address if it is an https (or a loopback http, for the test provider) URL on an allowed host. */
  providerUrl(value: string): ProviderUrl | null {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return null;
    }
    const apiHost = new URL(this.config.apiUrl).hostname;
    const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost';
    if (url.username || url.password) return null;
    if (!(url.protocol === 'https:' || (url.protocol === 'http:' && loopback && url.hostname === apiHost))) return null;
    const host = url.hostname;
    const allowed = host === apiHost || this.config.confirmationHosts.some((h) => host === h || host.endsWith('.' + h));
    return allowed ? (url.href as ProviderUrl) : null;
  }
}

/** Why an order in this state cannot start a payment (null: it can). */
function orderBlocks(status: string): 'paid' | 'not_payable' | null {
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

/** The e-mail (preferred) or the phone as the receipt wants it: digits of E.164 without "+". */
function cleanCustomer(customer: StartPaymentInput['customer']): AttemptDetails['customer'] {
  const email = customer.email?.trim();
  if (email) return { email };
  const phone = customer.phone?.replace(/\D/g, '');
  return phone ? { phone } : {};
}

/** The 54-FZ receipt lines (goods, then delivery); null when they do not add up to the order total. */
function receiptItems(
  order: { total: string; currency: string; items: Array<{ title: string; price: string; quantity: number }> },
  details: AttemptDetails,
  vatCode: number,
): ReceiptItem[] | null {
  const currency = order.currency.trim();
  const lines: ReceiptItem[] = order.items.map((item) => ({
    description: truncate(item.title),
    quantity: item.quantity,
    amount: { value: formatAmount(Number(item.price)), currency },
    vat_code: vatCode,
    payment_subject: 'commodity',
    payment_mode: 'full_prepayment',
  }));
  if (details.delivery) {
    lines.push({
      description: truncate(details.delivery.title),
      quantity: 1,
      amount: { value: formatAmount(details.delivery.price), currency },
      vat_code: vatCode,
      payment_subject: 'service',
      payment_mode: 'full_prepayment',
    });
  }
  // In kopecks, so that 0.1 + 0.2 is not the question.
  const sum = lines.reduce((s, l) => s + Math.round(Number(l.amount.value) * 100) * l.quantity, 0);
  return lines.length > 0 && sum === Math.round(Number(order.total) * 100) ? lines : null;
}

function truncate(text: string): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length <= DESCRIPTION_MAX ? chars.join('') : chars.slice(0, DESCRIPTION_MAX - 1).join('') + '…';
}

/** An error for the log: its message and kind, never a request (headers carry the key). */
function describe(err: unknown): object {
  return err instanceof PaymentApiError
    ? { failure: err.failure, status: err.status, code: err.code, message: err.message }
    : { message: String((err as Error)?.message ?? err) };
}

/**
 * Online payment of orders through a ЮKassa-compatible API (docs/decisions/024-payments.md).
 *
 * - start(): a payment for an order → the provider's confirmation address the shopper is sent to. The attempt is
 *   written (attempts.ts) before the provider is called, so a call that timed out is repeated with the same key
 *   and never makes a second payment; a payment still pending is reused instead of starting another.
 * - notification(): the webhook. The body only names a payment: its state is read back from the API with the
 *   site's keys, then recorded by settle.ts.
 * - forOrder(): what the result pages show, read back from the provider at most every CHECK_INTERVAL_S.
 *
 * Reads of the order use only what every order has (id, site, currency, total, status, order_items): the rest
 * (order number, customer contact, delivery line) is given by the caller and kept with the attempt, so "pay again"
 * needs nothing more. The receipt is receipt.ts.
 */

import type { PaymentView } from '../../../shared/payments.ts';
import type { Site } from '../../../shared/sites.ts';
import type { AuditActor } from '../../audit/index.ts';
import type { Db } from '../../db/index.ts';
import { limits, POLICIES } from '../../limits/index.ts';
import type { Mailer } from '../../mail/index.ts';
import type { PaymentShop, PaymentsConfig } from '../../platform/payment-config.ts';
import { type AttemptDetails, attemptDetails, type PayableOrder, PaymentAttempts, type PaymentRow } from './attempts.ts';
import { paymentDescription, receiptCustomer, receiptItems } from './receipt.ts';
import {
  type ManualRefundResult,
  type RefundRequest,
  type RefundResult,
  type RefundRow,
  reconcileRefunds,
  refundOrder,
  refundsOf,
  settleRefundByHand,
} from './refunds.ts';
import { FINAL_PAYMENT_STATUSES, orderBlocks, type SettleOutcome, settle } from './settle.ts';
import { type ApiPayment, type CreatePaymentBody, formatAmount, PaymentApiError, type PaymentStatus, YooKassaClient } from './yookassa.ts';

export { PAYABLE_ORDER_STATUSES } from './settle.ts';
export { PaymentApiError, type PaymentStatus, type PaymentView };

/** The provider is asked about one payment at most this often (notifications, result pages): seconds (the 'payments.check' limit). */
export const CHECK_INTERVAL_S = POLICIES['payments.check'].seconds;

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

export type NotificationOutcome =
  | { status: 200; changed: boolean; paymentStatus: PaymentStatus }
  | { status: 200; ignored: string }
  | { status: 404; message: string }
  | { status: 409; message: string }
  | { status: 429; retryAfterSeconds: number }
  | { status: 503; message: string };

interface Logger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export class PaymentService {
  private readonly client: YooKassaClient;
  private readonly attempts: PaymentAttempts;

  constructor(
    private readonly db: Db,
    private readonly config: PaymentsConfig,
    private readonly log: Logger = { warn: () => {}, error: () => {} },
  ) {
    this.client = new YooKassaClient({ apiUrl: config.apiUrl, timeoutMs: config.timeoutMs });
    this.attempts = new PaymentAttempts(db);
  }

  /** A refund of a paid online order, whole or by lines (refunds.ts); `mail` and `siteById` tell the shopper. */
  refund(
    request: RefundRequest,
    actor: AuditActor & { scope: readonly string[] | null },
    deps: { mail: Mailer; siteById: (id: string) => Site | undefined },
  ): Promise<RefundResult> {
    return refundOrder({ db: this.db, client: this.client, shop: (site) => this.shop(site), ...deps }, request, actor);
  }

  /** A stuck refund (past the key's lifetime) ended by a person after checking the provider's dashboard (refunds.ts). */
  settleRefundByHand(
    request: Parameters<typeof settleRefundByHand>[1],
    actor: AuditActor & { scope: readonly string[] | null },
    deps: { mail: Mailer; siteById: (id: string) => Site | undefined },
  ): Promise<ManualRefundResult> {
    return settleRefundByHand({ db: this.db, ...deps }, request, actor);
  }

  /** Housekeeping: pending refunds asked about again, and finished like at the desk (refunds.ts). */
  reconcileRefunds(deps: { mail: Mailer; siteById: (id: string) => Site | undefined }): Promise<number> {
    return reconcileRefunds({ db: this.db, client: this.client, shop: (site) => this.shop(site), ...deps });
  }

  /** The refunds of an order (the staff's order page). */
  refunds(orderId: number): Promise<RefundRow[]> {
    return refundsOf(this.db, orderId);
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
      customer: receiptCustomer(input.customer),
      delivery: input.delivery && input.delivery.price > 0 ? input.delivery : null,
    });
    if (!details.success)
      throw new TypeError(`PaymentService.start: ${details.error.issues.map((i) => i.path.join('.')).join(', ')} invalid`);
    if (!details.data.customer.email && !details.data.customer.phone)
      throw new TypeError('PaymentService.start: an e-mail or phone is required for the receipt');
    const order = await this.attempts.order(input.orderId, input.site);
    if (!order) return { ok: false, reason: 'not_found' };
    const blocked = orderBlocks(order.status);
    if (blocked) return { ok: false, reason: blocked };

    let row = await this.attempts.latest(input.orderId);
    if (row?.provider_id && !FINAL_PAYMENT_STATUSES.includes(row.status)) {
      // A payment under way: ask the provider where it stands before sending the shopper there again.
      const resumed = await this.resume(shop, row);
      if (resumed) return resumed;
      row = await this.attempts.latest(input.orderId);
    }
    if (row?.status === 'succeeded') return { ok: false, reason: 'paid' };
    // An attempt in doubt (the provider's answer never came) is repeated with its own key and body.
    if (!(row && row.provider_id === null && row.status === 'pending' && !row.expired)) {
      row = await this.attempts.create(order, details.data);
    }
    return this.create(shop, row, order, input.returnUrl);
  }

  /**
   * Pay again: a new attempt for an unpaid order with what the checkout or its last attempt kept (number, contact,
   * delivery line). 'not_payable' when the order has neither.
   */
  async payAgain(input: { orderId: number; site: string; returnUrl: string }): Promise<StartResult> {
    const details = await this.attempts.detailsForRepeat(input.orderId, input.site);
    if (!details) return { ok: false, reason: 'not_payable' };
    return this.start({ ...input, ...details });
  }

  /**
   * The order's payment for its result page. A payment still pending is read back from the provider first (at most
   * every CHECK_INTERVAL_S), so a shopper back from paying sees 'paid' even before the notification came.
   */
  async forOrder(orderId: number, site: string, options: { refresh?: boolean } = {}): Promise<PaymentView | null> {
    let row = await this.attempts.latest(orderId);
    if (!row || row.site !== site) return null;
    const shop = this.shop(site);
    if (options.refresh && shop && row.provider_id && !FINAL_PAYMENT_STATUSES.includes(row.status) && (await this.claimCheck(row.id))) {
      try {
        await this.apply(row.id, await this.client.getPayment(shop.credentials, row.provider_id));
        row = (await this.attempts.latest(orderId))!;
      } catch (err) {
        // The page shows what is known; the notification will settle it.
        this.log.warn({ err: describe(err), payment: row.id }, 'payment status check failed');
      }
    }
    const orderStatus = await this.attempts.orderStatus(orderId);
    const inDoubt = row.provider_id === null && row.status === 'pending';
    return {
      status: row.status,
      reason: inDoubt ? 'provider_unavailable' : row.status === 'canceled' ? row.cancellation_reason : null,
      canPay: !!shop && !!orderStatus && !orderBlocks(orderStatus) && (row.status === 'canceled' || row.status === 'pending'),
    };
  }

  /**
   * A notification from the provider (the webhook, already checked for shape): only `paymentId` is believed — the
   * payment is read back from the API with its site's keys and recorded.
   */
  async notification(paymentId: string): Promise<NotificationOutcome> {
    const row = await this.attempts.byProviderId(paymentId);
    if (!row) return { status: 404, message: 'Unknown payment' };
    // Final states never change: a repeated notification costs one read and no call to the provider.
    if (FINAL_PAYMENT_STATUSES.includes(row.status)) return { status: 200, changed: false, paymentStatus: row.status };
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

  /** Records the provider's view of an attempt (settle.ts: one transaction, the order paid once). */
  apply(attemptId: number, remote: ApiPayment): Promise<SettleOutcome> {
    return settle(this.db, this.log, attemptId, remote);
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

  private shop(site: string): PaymentShop | undefined {
    return Object.hasOwn(this.config.shops, site) ? this.config.shops[site] : undefined;
  }

  /** Takes the right to ask the provider about a payment now: false when it was asked less than CHECK_INTERVAL_S ago. */
  private async claimCheck(id: number): Promise<boolean> {
    return (await limits.claim(this.db, 'payments.check', String(id))).allowed;
  }

  /** The shopper goes to the provider now: the result page they come back to must ask the provider afresh. */
  private async leaving(id: number): Promise<void> {
    await limits.clear(this.db, 'payments.check', String(id));
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

  /** POST /v3/payments for an attempt, and the answer recorded. */
  private async create(shop: PaymentShop, row: PaymentRow, order: PayableOrder, returnUrl: string): Promise<StartResult> {
    const details: AttemptDetails = attemptDetails.parse(row.details);
    const receipt = receiptItems(order, details, shop.vatCode);
    if (!receipt) {
      this.log.error({ order: order.id }, 'the receipt lines do not add up to the order total: no payment started');
      await this.attempts.cancel(row.id, 'receipt_mismatch');
      return { ok: false, reason: 'rejected' };
    }
    const body: CreatePaymentBody = {
      amount: { value: formatAmount(Number(row.amount)), currency: row.currency },
      capture: true,
      confirmation: { type: 'redirect', return_url: returnUrl },
      description: paymentDescription(details.orderNumber),
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
      await this.attempts.cancel(row.id, 'provider_rejected');
      return { ok: false, reason: 'rejected' };
    }
    const url = remote.confirmation?.confirmation_url ? this.providerUrl(remote.confirmation.confirmation_url) : null;
    if (
      remote.amount.value !== body.amount.value ||
      remote.amount.currency !== body.amount.currency ||
      (!url && remote.status === 'pending')
    ) {
      this.log.error({ payment: row.id, provider: remote.id }, 'the provider answered with a payment the shop did not ask for');
      await this.attempts.cancel(row.id, 'provider_rejected');
      return { ok: false, reason: 'rejected' };
    }
    if (!(await this.attempts.bindProvider(row.id, remote.id, url))) return { ok: false, reason: 'rejected' };
    if (remote.status !== 'pending') {
      await this.apply(row.id, remote);
      return { ok: false, reason: remote.status === 'succeeded' ? 'paid' : remote.status === 'canceled' ? 'rejected' : 'processing' };
    }
    await this.leaving(row.id);
    return { ok: true, confirmationUrl: url!, paymentId: row.id };
  }
}

/** An error for the log: its message and kind, never a request (headers carry the key). */
function describe(err: unknown): object {
  return err instanceof PaymentApiError
    ? { failure: err.failure, status: err.status, code: err.code, message: err.message }
    : { message: String((err as Error)?.message ?? err) };
}

/**
 * A client of the ЮKassa API v3 (https://yookassa.ru/developers/api), or any API compatible with it, over undici:
 * POST /v3/payments (with Idempotence-Key) and GET /v3/payments/{id}, HTTP Basic with the shop id and secret key.
 * Every answer is read with a size limit and checked with zod; every failure is a PaymentApiError saying what went
 * wrong and whether repeating the call may help. Neither the key nor the Authorization header is ever logged or put
 * into an error message.
 */
import { request } from 'undici';
import { z } from 'zod';
import type { ShopCredentials } from '../../platform/payment-config.ts';

const MAX_ANSWER_BYTES = 256 * 1024;

/** A money amount as the API writes it: "1234.00". */
export const apiAmount = z.object({
  value: z.string().regex(/^\d{1,12}(\.\d{1,2})?$/),
  currency: z.string().regex(/^[A-Z]{3}$/),
});

import { PAYMENT_STATUSES, type PaymentStatus } from '../../../shared/payments.ts';

export { PAYMENT_STATUSES, type PaymentStatus };

/** The part of a payment object the shop relies on; anything else the provider sends is ignored. */
export const apiPayment = z.object({
  id: z.string().regex(/^[\w-]{1,64}$/),
  status: z.enum(PAYMENT_STATUSES),
  amount: apiAmount,
  paid: z.boolean().optional(),
  confirmation: z
    .object({ type: z.string(), confirmation_url: z.string().max(2000).optional() })
    .loose()
    .optional(),
  metadata: z.record(z.string(), z.string()).nullish(),
  cancellation_details: z.object({ party: z.string().max(100), reason: z.string().max(100) }).nullish(),
  test: z.boolean().optional(),
  created_at: z.string().optional(),
});
export type ApiPayment = z.infer<typeof apiPayment>;

/** The part of a refund object the shop relies on (POST /v3/refunds). */
export const apiRefund = z.object({
  id: z.string().regex(/^[\w-]{1,64}$/),
  payment_id: z.string().regex(/^[\w-]{1,64}$/),
  status: z.enum(['pending', 'succeeded', 'canceled']),
  amount: apiAmount,
  cancellation_details: z.object({ party: z.string().max(100), reason: z.string().max(100) }).nullish(),
});
export type ApiRefund = z.infer<typeof apiRefund>;

/** The API's error object: { type: 'error', code, description, parameter }. */
const apiError = z.object({ code: z.string().max(100).optional(), description: z.string().max(1000).optional() }).loose();

export interface ReceiptItem {
  /** Up to 128 characters (the API's limit). */
  description: string;
  quantity: number;
  amount: { value: string; currency: string };
  vat_code: number;
  payment_subject: 'commodity' | 'service';
  payment_mode: 'full_prepayment';
}

export interface CreatePaymentBody {
  amount: { value: string; currency: string };
  capture: true;
  confirmation: { type: 'redirect'; return_url: string };
  description: string;
  metadata: Record<string, string>;
  receipt: { customer: { email?: string; phone?: string }; items: ReceiptItem[] };
}

export type PaymentApiFailure =
  /** No answer in time: the payment may or may not exist — repeat with the same Idempotence-Key. */
  | 'timeout'
  /** The connection failed. */
  | 'network'
  /** The API answered 5xx (or 429): repeat with the same key later. */
  | 'unavailable'
  /** The API refused the request (4xx other than 404/429): repeating it will not help. */
  | 'rejected'
  /** 404: no such payment at this shop. */
  | 'not_found'
  /** 200 with a body that is not a payment object. */
  | 'bad_answer';

export class PaymentApiError extends Error {
  override name = 'PaymentApiError';
  constructor(
    readonly failure: PaymentApiFailure,
    message: string,
    readonly status?: number,
    /** The API's error code (invalid_request, invalid_credentials …), when it gave one. */
    readonly code?: string,
  ) {
    super(message);
  }

  /** Whether the same call (same Idempotence-Key) may succeed later. */
  get retryable(): boolean {
    return this.failure === 'timeout' || this.failure === 'network' || this.failure === 'unavailable';
  }
}

export interface YooKassaOptions {
  /** Base URL without the /v3 part: https://api.yookassa.ru. */
  apiUrl: string;
  timeoutMs: number;
}

export class YooKassaClient {
  constructor(private readonly options: YooKassaOptions) {}

  /** POST /v3/payments. The same key within 24 h returns the payment the first call created. */
  createPayment(shop: ShopCredentials, body: CreatePaymentBody, idempotenceKey: string): Promise<ApiPayment> {
    return this.call(shop, 'POST', '/v3/payments', { body, idempotenceKey });
  }

  /** GET /v3/payments/{id}: the payment as the provider knows it now. */
  getPayment(shop: ShopCredentials, id: string): Promise<ApiPayment> {
    if (!/^[\w-]{1,64}$/.test(id)) return Promise.reject(new PaymentApiError('not_found', 'not a payment id'));
    return this.call(shop, 'GET', `/v3/payments/${id}`, {});
  }

  /** POST /v3/refunds: gives back part or all of a succeeded payment. The same key returns the refund the first call made. */
  createRefund(
    shop: ShopCredentials,
    body: { payment_id: string; amount: { value: string; currency: string }; description: string },
    idempotenceKey: string,
  ): Promise<ApiRefund> {
    return this.call(shop, 'POST', '/v3/refunds', { body, idempotenceKey }, apiRefund, 'a refund');
  }

  /** GET /v3/refunds/{id}: the refund as the provider knows it now (a pending one finishes later). */
  getRefund(shop: ShopCredentials, id: string): Promise<ApiRefund> {
    if (!/^[\w-]{1,64}$/.test(id)) return Promise.reject(new PaymentApiError('not_found', 'not a refund id'));
    return this.call(shop, 'GET', `/v3/refunds/${id}`, {}, apiRefund, 'a refund');
  }

  private async call<T = ApiPayment>(
    shop: ShopCredentials,
    method: 'GET' | 'POST',
    path: string,
    { body, idempotenceKey }: { body?: unknown; idempotenceKey?: string },
    schema: z.ZodType<T> = apiPayment as unknown as z.ZodType<T>,
    noun = 'a payment',
  ): Promise<T> {
    const what = `${method} ${path}`;
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    let status: number;
    let text: string;
    try {
      const res = await request(this.options.apiUrl + path, {
        method,
        signal,
        headers: {
          accept: 'application/json',
          authorization: shop.authorization(),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(idempotenceKey ? { 'idempotence-key': idempotenceKey } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      status = res.statusCode;
      text = await readLimited(res.body);
    } catch (err) {
      if (err instanceof PaymentApiError) throw err;
      if (signal.aborted) throw new PaymentApiError('timeout', `${what}: no answer within ${this.options.timeoutMs} ms`);
      throw new PaymentApiError('network', `${what}: ${(err as Error).message}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (status !== 200) {
      const error = apiError.safeParse(json);
      const code = error.success ? error.data.code : undefined;
      const detail = error.success && error.data.description ? `: ${error.data.description}` : '';
      const failure: PaymentApiFailure = status === 404 ? 'not_found' : status >= 500 || status === 429 ? 'unavailable' : 'rejected';
      throw new PaymentApiError(failure, `${what} answered ${status}${code ? ` ${code}` : ''}${detail}`, status, code);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const where = parsed.error.issues.map((i) => i.path.join('.') || 'body').join(', ');
      throw new PaymentApiError('bad_answer', `${what} answered 200 with a body that is not ${noun} (${where})`, status);
    }
    return parsed.data;
  }
}

async function readLimited(body: AsyncIterable<Buffer | Uint8Array> & { destroy(): void }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_ANSWER_BYTES) {
      body.destroy();
      throw new PaymentApiError('bad_answer', `the answer exceeds ${MAX_ANSWER_BYTES} bytes`);
    }
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** An amount as the API writes it: 1234 → "1234.00" (amounts are whole kopecks/tiyn already). */
export function formatAmount(value: number): string {
  return (Math.round(value * 100) / 100).toFixed(2);
}

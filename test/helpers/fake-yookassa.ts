/**
 * A fake ЮKassa API on 127.0.0.1 for the tap and browser tests: the real client (server/checkout/payments/yookassa.ts)
 * talks to it over HTTP. It implements what the shop uses — POST /v3/payments (Idempotence-Key: the same key gives the
 * same payment, as the real API does for 24 h) and GET /v3/payments/{id} — behind HTTP Basic with each shop's id and
 * key, and a checkout page (/checkout/{id}) whose Pay / Cancel links settle the payment and return to return_url.
 * Tests steer it: settle a payment, tamper with its amount, make the next calls fail (500) or answer slowly — a slow
 * create still creates the payment, as a real timeout can.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_SHOP = { shopId: '123456', secretKey: 'test_FakeSecretKey_9f8e7d6c5b4a' } as const;
export const FAKE_SHOP_KZ = { shopId: '654321', secretKey: 'test_KzSecretKey_1a2b3c4d5e6f' } as const;

export interface FakePayment {
  id: string;
  shopId: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  amount: { value: string; currency: string };
  description: string;
  metadata: Record<string, string>;
  returnUrl: string;
  receipt: unknown;
  cancellation_details?: { party: string; reason: string };
}

export interface FakeRefund {
  id: string;
  paymentId: string;
  status: 'succeeded' | 'pending' | 'canceled';
  amount: { value: string; currency: string };
  description: string;
}

export interface FakeRequest {
  method: string;
  path: string;
  idempotenceKey: string | undefined;
  authorized: boolean;
  body: any;
}

export type Mode = 'normal' | 'error500' | 'slow';
/**
 * How POST /v3/refunds answers: `pending` — the refund is made but not finished yet (the provider's 'pending');
 * `lost` — the refund is made and the answer is a 500 (the shop never hears of it); `down` — a 500, nothing made.
 */
export type RefundMode = 'normal' | 'pending' | 'lost' | 'down';

export interface FakeYooKassa {
  /** Base URL (YOOKASSA_API_URL). */
  url: string;
  payments: Map<string, FakePayment>;
  /** Refunds made (POST /v3/refunds), by id. */
  refunds: Map<string, FakeRefund>;
  requests: FakeRequest[];
  /** How the next calls answer: `error500` — a 500 without creating anything; `slow` — after slowMs (the payment is made at once). */
  mode: { create: Mode; get: Mode; slowMs: number; refund: RefundMode /** 'lost': the 500 comes this late. */; lostAfterMs: number };
  /** Finishes a refund made while `mode.refund` was 'pending' (what the provider does later). */
  settleRefund(id: string, status?: 'succeeded' | 'canceled'): void;
  succeed(id: string): void;
  cancel(id: string, reason: string, party?: string): void;
  /** Changes what the API reports as the payment's amount (a provider-side mismatch). */
  setAmount(id: string, value: string, currency?: string): void;
  /** The payment created for an order (by metadata.order_id), the latest one. */
  forOrder(orderId: number): FakePayment | undefined;
  close(): Promise<void>;
}

export async function startFakeYooKassa(
  shops: ReadonlyArray<{ shopId: string; secretKey: string }> = [FAKE_SHOP, FAKE_SHOP_KZ],
): Promise<FakeYooKassa> {
  const payments = new Map<string, FakePayment>();
  const refunds = new Map<string, FakeRefund>();
  const refundByKey = new Map<string, string>();
  const byKey = new Map<string, string>();
  const requests: FakeRequest[] = [];
  const mode: FakeYooKassa['mode'] = { create: 'normal', get: 'normal', slowMs: 2000, refund: 'normal', lostAfterMs: 0 };
  const timers = new Set<NodeJS.Timeout>();
  let base = '';

  const shopOf = (req: IncomingMessage): string | null => {
    const m = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    if (!m) return null;
    const [id, ...rest] = Buffer.from(m[1]!, 'base64').toString('utf8').split(':');
    const shop = shops.find((s) => s.shopId === id && s.secretKey === rest.join(':'));
    return shop ? shop.shopId : null;
  };
  const view = (p: FakePayment) => ({
    id: p.id,
    status: p.status,
    paid: p.status === 'succeeded' || p.status === 'waiting_for_capture',
    amount: p.amount,
    confirmation: { type: 'redirect', return_url: p.returnUrl, confirmation_url: `${base}/checkout/${p.id}` },
    created_at: '2025-01-01T00:00:00.000Z',
    description: p.description,
    metadata: p.metadata,
    recipient: { account_id: p.shopId, gateway_id: '1' },
    refundable: false,
    test: true,
    ...(p.cancellation_details ? { cancellation_details: p.cancellation_details } : {}),
  });
  const json = (res: ServerResponse, status: number, body: unknown) => {
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, code: string, description: string) =>
    json(res, status, { type: 'error', id: randomUUID(), code, description });
  const answer = (res: ServerResponse, how: Mode, status: number, body: unknown) => {
    if (how !== 'slow') return json(res, status, body);
    const timer = setTimeout(() => (timers.delete(timer), json(res, status, body)), mode.slowMs);
    timers.add(timer);
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: any;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    const shopId = shopOf(req);
    const key = req.headers['idempotence-key'] as string | undefined;
    if (url.pathname.startsWith('/v3/'))
      requests.push({ method: req.method!, path: url.pathname, idempotenceKey: key, authorized: !!shopId, body });

    // The checkout page the shopper is sent to: Pay / Cancel settle the payment and return to the shop.
    const checkout = /^\/checkout\/([\w-]+)(?:\/(pay|cancel))?$/.exec(url.pathname);
    if (checkout && req.method === 'GET') {
      const p = payments.get(checkout[1]!);
      if (!p) return error(res, 404, 'not_found', 'no such payment');
      if (checkout[2]) {
        if (p.status === 'pending') {
          if (checkout[2] === 'pay') p.status = 'succeeded';
          else Object.assign(p, { status: 'canceled', cancellation_details: { party: 'payment_network', reason: 'insufficient_funds' } });
        }
        res.writeHead(302, { location: p.returnUrl });
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(
        `<!doctype html><link rel="icon" href="data:,"><title>Fake checkout</title><h1>Оплата ${p.amount.value} ${p.amount.currency}</h1>` +
          `<a id="pay" href="/checkout/${p.id}/pay">Pay</a> <a id="cancel" href="/checkout/${p.id}/cancel">Cancel</a>`,
      );
    }

    if (!shopId) return error(res, 401, 'invalid_credentials', 'Authentication by given credentials failed');
    if (req.method === 'POST' && url.pathname === '/v3/refunds') {
      // As the API: the same key gives the same refund; a refund needs a succeeded payment of this shop and at most
      // what is left of it.
      if (!key || key.length > 64) return error(res, 400, 'invalid_request', 'Idempotence-Key header is required');
      const known = refundByKey.get(`${shopId}:${key}`);
      const refundView = (r: FakeRefund) => ({
        id: r.id,
        payment_id: r.paymentId,
        status: r.status,
        amount: r.amount,
        created_at: '2025-01-01T00:00:00.000Z',
        description: r.description,
      });
      if (mode.refund === 'down') return error(res, 500, 'internal_server_error', 'Internal server error');
      if (known) return json(res, 200, refundView(refunds.get(known)!));
      const p = payments.get(body?.payment_id);
      if (!p || p.shopId !== shopId) return error(res, 404, 'not_found', 'no such payment');
      if (p.status !== 'succeeded') return error(res, 400, 'invalid_request', 'the payment is not succeeded');
      const refunded = [...refunds.values()]
        .filter((r) => r.paymentId === p.id && r.status !== 'canceled')
        .reduce((sum, r) => sum + Number(r.amount.value), 0);
      const asked = Number(body?.amount?.value);
      if (!(asked > 0) || body?.amount?.currency !== p.amount.currency || refunded + asked > Number(p.amount.value) + 1e-9)
        return error(res, 400, 'invalid_request', 'the refund amount exceeds what is left of the payment');
      const refund: FakeRefund = {
        id: randomUUID(),
        paymentId: p.id,
        status: mode.refund === 'pending' ? 'pending' : 'succeeded',
        amount: body.amount,
        description: String(body.description ?? ''),
      };
      refunds.set(refund.id, refund);
      refundByKey.set(`${shopId}:${key}`, refund.id);
      if (mode.refund === 'lost') {
        if (!mode.lostAfterMs) return error(res, 500, 'internal_server_error', 'Internal server error');
        const timer = setTimeout(
          () => (timers.delete(timer), error(res, 500, 'internal_server_error', 'Internal server error')),
          mode.lostAfterMs,
        );
        timers.add(timer);
        return;
      }
      return json(res, 200, refundView(refund));
    }
    const refundGet = /^\/v3\/refunds\/([\w-]+)$/.exec(url.pathname);
    if (req.method === 'GET' && refundGet) {
      const r = refunds.get(refundGet[1]!);
      const p = r && payments.get(r.paymentId);
      if (!r || p?.shopId !== shopId) return error(res, 404, 'not_found', 'no such refund');
      return json(res, 200, {
        id: r.id,
        payment_id: r.paymentId,
        status: r.status,
        amount: r.amount,
        created_at: '2025-01-01T00:00:00.000Z',
        description: r.description,
      });
    }
    if (req.method === 'POST' && url.pathname === '/v3/payments') {
      if (!key || key.length > 64) return error(res, 400, 'invalid_request', 'Idempotence-Key header is required');
      const how = mode.create;
      if (how === 'error500') return error(res, 500, 'internal_server_error', 'Internal server error');
      const known = byKey.get(`${shopId}:${key}`);
      if (known) return answer(res, how, 200, view(payments.get(known)!));
      const problem =
        !body?.amount?.value || !/^\d+\.\d{2}$/.test(body.amount.value)
          ? 'amount'
          : body.confirmation?.type !== 'redirect' || !body.confirmation?.return_url
            ? 'confirmation'
            : !Array.isArray(body.receipt?.items) ||
                body.receipt.items.length === 0 ||
                (!body.receipt.customer?.email && !body.receipt.customer?.phone)
              ? 'receipt'
              : body.receipt.items.some((i: any) => typeof i.description !== 'string' || i.description.length > 128 || !(i.vat_code >= 1))
                ? 'receipt.items'
                : null;
      if (problem)
        return json(res, 400, {
          type: 'error',
          id: randomUUID(),
          code: 'invalid_request',
          description: `Invalid ${problem}`,
          parameter: problem,
        });
      const p: FakePayment = {
        id: randomUUID(),
        shopId,
        status: 'pending',
        amount: body.amount,
        description: body.description ?? '',
        metadata: body.metadata ?? {},
        returnUrl: body.confirmation.return_url,
        receipt: body.receipt,
      };
      payments.set(p.id, p);
      byKey.set(`${shopId}:${key}`, p.id);
      return answer(res, how, 200, view(p));
    }
    const get = /^\/v3\/payments\/([\w-]+)$/.exec(url.pathname);
    if (req.method === 'GET' && get) {
      if (mode.get === 'error500') return error(res, 500, 'internal_server_error', 'Internal server error');
      const p = payments.get(get[1]!);
      if (!p || p.shopId !== shopId) return error(res, 404, 'not_found', 'Payment not found');
      return answer(res, mode.get, 200, view(p));
    }
    return error(res, 404, 'not_found', 'no such method');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const find = (id: string) => {
    const p = payments.get(id);
    if (!p) throw new Error(`fake-yookassa: no payment ${id}`);
    return p;
  };
  return {
    url: base,
    payments,
    refunds,
    requests,
    mode,
    succeed: (id) => {
      find(id).status = 'succeeded';
    },
    cancel: (id, reason, party = 'payment_network') =>
      void Object.assign(find(id), { status: 'canceled', cancellation_details: { party, reason } }),
    setAmount: (id, value, currency) => {
      const p = find(id);
      p.amount = { value, currency: currency ?? p.amount.currency };
    },
    settleRefund(id, status = 'succeeded') {
      const r = refunds.get(id);
      if (r) r.status = status;
    },
    forOrder: (orderId) => [...payments.values()].filter((p) => p.metadata.order_id === String(orderId)).pop(),
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The environment that points the app at the fake, with the main (ru) and Kazakh (kz) sites' shops configured. */
export function fakeYooKassaEnv(fake: FakeYooKassa, extra: Record<string, string> = {}): Record<string, string> {
  return {
    YOOKASSA_API_URL: fake.url,
    YOOKASSA_TIMEOUT_MS: '1000',
    YOOKASSA_RU_SHOP_ID: FAKE_SHOP.shopId,
    YOOKASSA_RU_SECRET_KEY: FAKE_SHOP.secretKey,
    YOOKASSA_RU_VAT_CODE: '4',
    YOOKASSA_KZ_SHOP_ID: FAKE_SHOP_KZ.shopId,
    YOOKASSA_KZ_SECRET_KEY: FAKE_SHOP_KZ.secretKey,
    ...extra,
  };
}

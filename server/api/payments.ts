/**
 * The payment provider's notification webhook: POST /api/payments/yookassa (docs/decisions/024-payments.md).
 * Server to server, so no site token — and nothing in the body is believed but the payment id: the service reads the
 * payment back from the API with its site's keys and records that (server/checkout/payments/payments.ts). The body is
 * small (16 KiB at most) and checked by its schema (400 naming the field); a payment unknown to the shop or to the
 * provider is a 404, one the provider reports differently from what the shop asked for a 409 — nothing changes.
 * The provider is asked about one payment at most every CHECK_INTERVAL_S (429 + Retry-After beyond that; it retries),
 * and a payment in a final state is answered from the database alone, so a flood of notifications costs no calls out.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { plainText } from '../../shared/text.ts';
import { PAYMENT_STATUSES } from '../checkout/index.ts';
import { conflict, HttpError, notFound } from '../http/errors.ts';

export const NOTIFICATION_BODY_LIMIT = 16 * 1024;

const notification = z.looseObject({
  type: z.literal('notification'),
  event: plainText({ invalid: 'an event such as payment.succeeded' })
    .regex(/^[a-z_]{1,40}\.[a-z_]{1,40}$/, 'an event such as payment.succeeded')
    .describe('payment.succeeded, payment.canceled, payment.waiting_for_capture; other events are acknowledged and ignored'),
  object: z.looseObject({ id: plainText({ invalid: 'a payment id' }).regex(/^[\w-]{1,64}$/, 'a payment id') }),
});

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  app.post(
    '/api/payments/yookassa',
    {
      bodyLimit: NOTIFICATION_BODY_LIMIT,
      config: { token: 'none' },
      schema: {
        tags: ['payments'],
        summary: 'Payment notification (ЮKassa HTTP notification): the payment is re-read from the provider; the body is not trusted',
        body: notification,
        response: {
          200: z.object({
            ok: z.literal(true),
            changed: z.boolean(),
            status: z.enum(PAYMENT_STATUSES).optional(),
            ignored: z.string().optional(),
          }),
        },
      },
    },
    async (request, reply) => {
      const { event, object } = request.body;
      if (!event.startsWith('payment.')) return { ok: true as const, changed: false, ignored: event };
      const outcome = await services.payments.notification(object.id);
      switch (outcome.status) {
        case 200:
          return 'ignored' in outcome
            ? { ok: true as const, changed: false, ignored: outcome.ignored }
            : { ok: true as const, changed: outcome.changed, status: outcome.paymentStatus };
        case 404:
          throw notFound(outcome.message);
        case 409:
          throw conflict('payment_mismatch', outcome.message);
        case 429:
          reply.header('retry-after', String(outcome.retryAfterSeconds));
          throw new HttpError(429, 'too_many_requests', 'This payment was checked a moment ago; notify again later');
        case 503:
          reply.header('retry-after', '30');
          throw new HttpError(503, 'provider_unavailable', outcome.message);
      }
    },
  );
};

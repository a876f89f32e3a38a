/** The back office's routes — Orders: the list, the order page, state moves, refunds, the invoice and the packing slip, the CSV export. */
import { randomUUID } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ORDER_STATES, PAYMENT_STATES } from '../../../shared/orders.ts';
import { requisitesFor, vatRate } from '../../checkout/index.ts';
import { neutraliseFormula } from '../csv.ts';
import { InvoicePage, OrderPage, OrdersPage, PackingSlipPage } from '../views/orders.tsx';
import {
  actorOf,
  date,
  emptyAsUndefined,
  forbidden,
  frame,
  idParams,
  NOTICES,
  numberParams,
  optionalText,
  page,
  type StaffContext,
  type StaffRoute,
  text,
} from './common.tsx';

const orderFilter = z.object({
  q: optionalText(100),
  site: emptyAsUndefined(text().max(20)),
  status: emptyAsUndefined(z.enum(ORDER_STATES)),
  paymentState: emptyAsUndefined(z.enum(PAYMENT_STATES)),
  from: date,
  to: date,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  notice: text().max(20).optional(),
});

export const orderRoutes: StaffRoute[] = [
  // ---- orders ------------------------------------------------------------------------------------------------
  {
    method: 'GET',
    url: '/staff/orders',
    access: 'orders',
    schema: { querystring: orderFilter },
    async handler(ctx, request, reply) {
      const { page: n, notice: _n, ...filter } = request.query as z.infer<typeof orderFilter>;
      const scope = ctx.session!.member.sites;
      const { rows, total } = await ctx.services.orderDesk.list(filter, scope, n);
      const sites = ctx.services.sites.all.map((s) => s.id).filter((s) => scope === null || scope.includes(s));
      return page(reply, <OrdersPage {...frame(ctx, request)} filter={filter} sites={sites} rows={rows} total={total} page={n} />);
    },
  },
  {
    method: 'GET',
    url: '/staff/orders.csv',
    access: 'orders',
    schema: { querystring: orderFilter },
    async handler(ctx, request, reply) {
      const { page: _p, notice: _n, ...filter } = request.query as z.infer<typeof orderFilter>;
      const rows = await ctx.services.orderDesk.export(filter, ctx.session!.member.sites);
      const header = [
        'Номер',
        'Дата (UTC)',
        'Сайт',
        'Статус',
        'Оплата',
        'Способ оплаты',
        'Покупатель',
        'Телефон',
        'Почта',
        'Сумма',
        'Валюта',
        'Трек-номер',
      ];
      const body = rows.map((r) => [
        r.number,
        r.createdAt,
        r.site,
        r.status,
        r.paymentState ?? '',
        r.paymentKind ?? '',
        r.customerName,
        r.customerPhone,
        r.customerEmail,
        r.total.toFixed(2),
        r.currency,
        r.trackingNumber ?? '',
      ]);
      // A cell a spreadsheet would run as a formula (=, +, -, @ …) is written as text.
      const csv = stringify(
        [header, ...body].map((row) => row.map(neutraliseFormula)),
        { bom: true },
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="orders-${new Date().toISOString().slice(0, 10)}.csv"`)
        .send(csv);
    },
  },
  {
    method: 'GET',
    url: '/staff/orders/:number',
    access: 'orders',
    schema: { params: numberParams, querystring: z.object({ notice: text().max(24).optional() }) },
    handler: (ctx, request, reply) => orderPage(ctx, request, reply, (request.params as { number: string }).number),
  },
  {
    method: 'GET',
    url: '/staff/orders/:number/slip',
    access: 'orders',
    schema: { params: numberParams },
    async handler(ctx, request, reply) {
      const order = await ctx.services.orderDesk.find((request.params as { number: string }).number, ctx.session!.member.sites);
      if (!order) return reply.callNotFound();
      return page(reply, <PackingSlipPage {...frame(ctx, request)} order={order} />);
    },
  },
  {
    method: 'GET',
    url: '/staff/orders/:number/invoice',
    access: 'orders',
    schema: { params: numberParams },
    async handler(ctx, request, reply) {
      const order = await ctx.services.orderDesk.find((request.params as { number: string }).number, ctx.session!.member.sites);
      const site = order && ctx.services.sites.byId(order.site);
      if (!order || !site) return reply.callNotFound();
      const rate = vatRate(ctx.services.payments.vatCode(site.id));
      // VAT included in the total: total × rate / (100 + rate), in kopecks (as the shopper's invoice page).
      const vat = rate === null ? null : { rate, amount: Math.round((order.total * rate * 100) / (100 + rate)) / 100 };
      return page(reply, <InvoicePage {...frame(ctx, request)} order={order} seller={requisitesFor(site).rows} vat={vat} />);
    },
  },
  {
    method: 'POST',
    url: '/staff/orders/:number/status',
    access: 'orders',
    schema: {
      params: numberParams,
      body: z.object({
        _token: text().max(100),
        to: z.enum(ORDER_STATES),
        note: text().trim().max(500).default(''),
        trackingNumber: text().trim().max(100).optional(),
      }),
    },
    async handler(ctx, request, reply) {
      const { number } = request.params as { number: string };
      const body = request.body as { to: (typeof ORDER_STATES)[number]; note: string; trackingNumber?: string };
      const result = await ctx.services.orderWorkflow.move(number, body, actorOf(ctx));
      if (!result.ok && result.reason === 'not_found') return reply.callNotFound();
      if (!result.ok && result.reason === 'out_of_scope') return forbidden(ctx, request, reply);
      const notice = result.ok ? 'moved' : result.reason === 'tracking_required' ? 'tracking' : 'refused';
      return reply.redirect(`/staff/orders/${number}?notice=${notice}`, 303);
    },
  },

  {
    method: 'POST',
    url: '/staff/orders/:number/refund',
    access: 'orders',
    schema: {
      params: numberParams,
      body: z
        .object({ _token: text().max(100), key: z.uuid(), scope: z.enum(['all', 'lines']) })
        .catchall(text().regex(/^\d{0,6}$/, 'a quantity')),
    },
    async handler(ctx, request, reply) {
      const { number } = request.params as { number: string };
      const { _token, key, scope, ...quantities } = request.body as { _token: string; key: string; scope: 'all' | 'lines' } & Record<
        string,
        string
      >;
      const lines =
        scope === 'all'
          ? null
          : Object.entries(quantities)
              .filter(([name]) => /^qty_[1-9]\d*$/.test(name))
              .map(([name, value]) => ({ productId: Number(name.slice(4)), quantity: Number(value || 0) }));
      const result = await ctx.services.payments.refund({ orderNumber: number, key, lines }, actorOf(ctx), {
        mail: ctx.services.mail,
        siteById: (id) => ctx.services.sites.byId(id),
      });
      if (!result.ok && result.reason === 'not_found') return reply.callNotFound();
      if (!result.ok && result.reason === 'out_of_scope') return forbidden(ctx, request, reply);
      return reply.redirect(
        `/staff/orders/${number}?notice=${result.ok ? (result.pending ? 'refund_pending' : 'refunded') : `refund_${result.reason}`}`,
        303,
      );
    },
  },

  {
    method: 'POST',
    url: '/staff/orders/:number/refunds/:id/manual',
    access: 'orders',
    schema: {
      params: numberParams.extend({ id: idParams.shape.id }),
      body: z.object({
        _token: text().max(100),
        outcome: z.enum(['succeeded', 'failed']),
        // Who checked what in the provider's dashboard: the audit's only account of a decision made outside the shop.
        note: text().trim().min(1).max(500),
      }),
    },
    async handler(ctx, request, reply) {
      const { number, id } = request.params as { number: string; id: number };
      const { outcome, note } = request.body as { outcome: 'succeeded' | 'failed'; note: string };
      const result = await ctx.services.payments.settleRefundByHand({ orderNumber: number, refundId: id, outcome, note }, actorOf(ctx), {
        mail: ctx.services.mail,
        siteById: (site) => ctx.services.sites.byId(site),
      });
      if (!result.ok && result.reason === 'not_found') return reply.callNotFound();
      if (!result.ok && result.reason === 'out_of_scope') return forbidden(ctx, request, reply);
      if (result.ok) return reply.redirect(`/staff/orders/${number}?notice=refund_manual_${result.outcome}`, 303);
      // Closed already (a double click, a colleague) or still the provider's: nothing changed, said on the order page.
      return orderPage(ctx, request, reply, number, { notice: NOTICES[`refund_${result.reason}`], status: 409 });
    },
  },
];

/** The order page (also the answer to a refused manual refund, with its notice and status). */
async function orderPage(
  ctx: StaffContext,
  request: FastifyRequest,
  reply: FastifyReply,
  number: string,
  refusal?: { notice: (typeof NOTICES)[string] | undefined; status: number },
) {
  const order = await ctx.services.orderDesk.find(number, ctx.session!.member.sites);
  if (!order) return reply.callNotFound();
  // The refund form's key: one per rendering, so a double click is one refund and a new visit another.
  // A refund whose answer never came is retried with its own key; else a new key for this rendering.
  const refundKey = order.refunds.find((r) => r.status === 'pending')?.key ?? randomUUID();
  const base = frame(ctx, request);
  const element = <OrderPage {...base} notice={refusal ? refusal.notice : base.notice} order={order} refundKey={refundKey} />;
  return page(reply, element, refusal?.status);
}

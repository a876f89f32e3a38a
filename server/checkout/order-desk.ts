/**
 * The shop's view of its orders (the back office, issue 21): the list with filters and pages, one order with its lines,
 * payments and full history — always within the reader's site scope. Reads only; moves are order-workflow.ts.
 */
import type { OrderState, PaymentState } from '../../shared/orders.ts';
import type { Queryable } from '../db/index.ts';
import type { SiteScope } from './order-workflow.ts';
import { PAYMENT_STATE_SQL } from './orders.ts';
import { type RefundRow, refundsOf } from './payments/refunds.ts';

export const ORDER_DESK_PAGE_SIZE = 50;
/** The most rows one CSV export writes (a larger selection is narrowed by its filters first). */
export const ORDER_EXPORT_LIMIT = 20_000;

export interface OrderDeskFilter {
  site?: string;
  status?: OrderState;
  paymentState?: PaymentState;
  /** YYYY-MM-DD, inclusive, in UTC. */
  from?: string;
  to?: string;
  /** A number, a name, a phone (its digits) or an e-mail — or a part of one. */
  q?: string;
}

export interface OrderDeskRow {
  number: string;
  site: string;
  status: OrderState;
  paymentState: PaymentState | null;
  createdAt: string;
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  total: number;
  currency: string;
  paymentKind: string | null;
  trackingNumber: string | null;
}

export interface OrderDeskOrder extends OrderDeskRow {
  language: string;
  customer: { type: string; name: string; phone: string; email: string; company: string; inn: string; kpp: string };
  delivery: { label?: unknown; city?: string; address?: string; point?: { address: string } | null } | null;
  payment: { label?: unknown; kind?: string } | null;
  comment: string;
  subtotal: number;
  discount: number;
  deliveryCost: number;
  lines: Array<{
    productId: number;
    title: string;
    sku: string | null;
    price: number;
    quantity: number;
    discount: number;
    total: number;
    reserved: number;
  }>;
  history: Array<{ id: number; status: string; note: string; createdAt: string; staffEmail: string | null }>;
  payments: Array<{ attempt: number; status: string; amount: number; createdAt: string }>;
  refunds: RefundRow[];
  stockHeld: boolean;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The WHERE of a filtered, scoped list over `orders o`, with its parameters. */
function where(filter: OrderDeskFilter, scope: SiteScope): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const conds: string[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (scope !== null) conds.push(`o.site = ANY(${p(scope)}::text[])`);
  if (filter.site) conds.push(`o.site = ${p(filter.site)}`);
  if (filter.status) conds.push(`o.status = ${p(filter.status)}`);
  if (filter.paymentState) conds.push(`(${PAYMENT_STATE_SQL}) = ${p(filter.paymentState)}`);
  if (filter.from) conds.push(`o.created_at >= ${p(filter.from)}::date`);
  if (filter.to) conds.push(`o.created_at < ${p(filter.to)}::date + 1`);
  const q = filter.q?.trim();
  if (q) {
    const like = p(`%${escapeLike(q.toLowerCase())}%`);
    const digits = q.replace(/\D/g, '');
    const byPhone = digits.length >= 3 ? ` OR regexp_replace(o.customer_phone, '\\D', '', 'g') LIKE ${p(`%${digits}%`)}` : '';
    conds.push(`(o.number LIKE ${like} OR lower(o.customer_name) LIKE ${like} OR lower(o.customer_email) LIKE ${like}${byPhone})`);
  }
  return { sql: conds.length ? `WHERE ${conds.join(' AND ')}` : '', params };
}

const ROW_COLUMNS = `o.number, o.site, o.status, ${PAYMENT_STATE_SQL} AS "paymentState",
       to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt",
       o.customer_name AS "customerName", o.customer_phone AS "customerPhone", o.customer_email AS "customerEmail",
       o.total::float8 AS total, o.currency, o.payment->>'kind' AS "paymentKind", o.tracking_number AS "trackingNumber"`;

export class OrderDesk {
  constructor(private readonly db: Queryable) {}

  /** A page of the list, newest first; `total` counts every order the filter selects. */
  async list(filter: OrderDeskFilter, scope: SiteScope, page: number): Promise<{ rows: OrderDeskRow[]; total: number }> {
    const { sql, params } = where(filter, scope);
    const [rows, [count]] = await Promise.all([
      this.db.query<OrderDeskRow>(
        `SELECT ${ROW_COLUMNS} FROM orders o ${sql} ORDER BY o.created_at DESC, o.id DESC
          LIMIT ${ORDER_DESK_PAGE_SIZE} OFFSET ${(Math.max(1, page) - 1) * ORDER_DESK_PAGE_SIZE}`,
        params,
      ),
      this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders o ${sql}`, params),
    ]);
    return { rows, total: count!.n };
  }

  /** Every order the filter selects, up to ORDER_EXPORT_LIMIT, for the CSV export. */
  async export(filter: OrderDeskFilter, scope: SiteScope): Promise<OrderDeskRow[]> {
    const { sql, params } = where(filter, scope);
    return this.db.query<OrderDeskRow>(
      `SELECT ${ROW_COLUMNS} FROM orders o ${sql} ORDER BY o.created_at DESC, o.id DESC LIMIT ${ORDER_EXPORT_LIMIT}`,
      params,
    );
  }

  /** One order with everything the staff's order page shows; undefined when unknown or out of scope. */
  async find(number: string, scope: SiteScope): Promise<OrderDeskOrder | undefined> {
    const [order] = await this.db.query<OrderDeskOrder & { id: number }>(
      `SELECT o.id, ${ROW_COLUMNS}, o.language, o.comment, o.subtotal::float8 AS subtotal, o.discount::float8 AS discount,
              o.delivery_cost::float8 AS "deliveryCost", o.delivery, o.payment, o.stock_held AS "stockHeld",
              json_build_object('type', o.customer_type, 'name', o.customer_name, 'phone', o.customer_phone,
                                'email', o.customer_email, 'company', o.company, 'inn', o.inn, 'kpp', o.kpp) AS customer
         FROM orders o WHERE o.number = $1 AND ($2::text[] IS NULL OR o.site = ANY($2::text[]))`,
      [number, scope],
    );
    if (!order) return undefined;
    const [lines, history, payments, refunds] = await Promise.all([
      this.db.query<OrderDeskOrder['lines'][number]>(
        `SELECT product_id AS "productId", title, sku, price::float8 AS price, quantity, discount::float8 AS discount, line_total::float8 AS total, reserved
           FROM order_items WHERE order_id = $1 ORDER BY title, product_id`,
        [order.id],
      ),
      this.db.query<OrderDeskOrder['history'][number]>(
        `SELECT h.id::int AS id, h.status, h.note, to_char(h.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt",
                s.email AS "staffEmail"
           FROM order_status_history h LEFT JOIN staff_members s ON s.id = h.staff_id
          WHERE h.order_id = $1 ORDER BY h.created_at, h.id`,
        [order.id],
      ),
      this.db.query<OrderDeskOrder['payments'][number]>(
        `SELECT attempt, status, amount::float8 AS amount,
                to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"
           FROM payments WHERE order_id = $1 ORDER BY attempt`,
        [order.id],
      ),
      refundsOf(this.db, order.id),
    ]);
    const { id: _id, ...rest } = order;
    return { ...rest, lines, history, payments, refunds };
  }
}

/** The back office's first page (issue 21 item 6): what the shop did today and this week, and what waits for someone. */
import type { SiteScope } from '../checkout/index.ts';
import type { Queryable } from '../db/index.ts';

/** Products at or below this many units (and not made to order) are "low on stock". */
export const LOW_STOCK_UNITS = 5;

export interface Dashboard {
  /** Per site in scope: orders and revenue (not cancelled) since the start of today and of this week (UTC), in its currency. */
  sites: Array<{ site: string; currency: string; todayOrders: number; todayRevenue: number; weekOrders: number; weekRevenue: number }>;
  /** Open orders by the state that waits for the shop: new, confirmed, paid, in progress. */
  waiting: Array<{ status: string; count: number }>;
  lowStock: Array<{ sku: string; title: string; stock: number }>;
  /** Leads and reviews of the last seven days and those pending. */
  newLeads: { messages: number; partners: number; appointments: number };
  pendingReviews: number;
}

export async function readDashboard(
  q: Queryable,
  scope: SiteScope,
  sites: ReadonlyArray<{ id: string; currency: string }>,
): Promise<Dashboard> {
  const inScope = sites.filter((s) => scope === null || scope.includes(s.id));
  const ids = inScope.map((s) => s.id);
  const [totals, waiting, lowStock, [leads], [reviews]] = await Promise.all([
    q.query<{ site: string; todayOrders: number; todayRevenue: number; weekOrders: number; weekRevenue: number }>(
      `SELECT site,
              count(*) FILTER (WHERE created_at >= date_trunc('day', now()))::int AS "todayOrders",
              coalesce(sum(total) FILTER (WHERE created_at >= date_trunc('day', now())), 0)::float8 AS "todayRevenue",
              count(*)::int AS "weekOrders", coalesce(sum(total), 0)::float8 AS "weekRevenue"
         FROM orders WHERE site = ANY($1::text[]) AND status <> 'cancelled' AND created_at >= date_trunc('week', now())
        GROUP BY site`,
      [ids],
    ),
    q.query<{ status: string; count: number }>(
      `SELECT status, count(*)::int AS count FROM orders
        WHERE site = ANY($1::text[]) AND status IN ('new', 'confirmed', 'paid', 'in_progress') GROUP BY status`,
      [ids],
    ),
    q.query<{ sku: string; title: string; stock: number }>(
      `SELECT sku, title, stock FROM products WHERE is_active AND NOT made_to_order AND stock <= ${LOW_STOCK_UNITS}
        ORDER BY stock, sku LIMIT 20`,
    ),
    q.query<{ messages: number; partners: number; appointments: number }>(
      `SELECT (SELECT count(*)::int FROM contact_messages WHERE site = ANY($1::text[]) AND created_at > now() - interval '7 days') AS messages,
              (SELECT count(*)::int FROM partner_applications WHERE site = ANY($1::text[]) AND created_at > now() - interval '7 days') AS partners,
              (SELECT count(*)::int FROM appointments WHERE site = ANY($1::text[]) AND created_at > now() - interval '7 days') AS appointments`,
      [ids],
    ),
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM reviews WHERE site = ANY($1::text[]) AND status = 'pending'`, [ids]),
  ]);
  return {
    sites: inScope.map((s) => {
      const row = totals.find((r) => r.site === s.id);
      return { site: s.id, currency: s.currency, todayOrders: 0, todayRevenue: 0, weekOrders: 0, weekRevenue: 0, ...row };
    }),
    waiting,
    lowStock,
    newLeads: leads!,
    pendingReviews: reviews!.n,
  };
}

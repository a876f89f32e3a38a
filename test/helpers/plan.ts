/** What a statement's executed plan read: EXPLAIN ANALYZE on PGlite or PostgreSQL, for tests that pin a plan's shape. */
import type { Queryable } from '../../server/db/index.ts';

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

/** Every node of a plan, depth first. */
const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

/**
 * The rows each read of `relation` touched when `sql` ran with `params` (kept and filtered out, over all loops), one
 * number per plan node that reads it.
 */
export async function rowsReadFrom(db: Queryable, relation: string, sql: string, params: unknown[]): Promise<number[]> {
  const [row] = await db.query<Record<string, unknown>>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
  const raw = Object.values(row!)[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
  return nodes(plan[0]!.Plan)
    .filter((n) => n['Relation Name'] === relation)
    .map((n) => (n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0)) * n['Actual Loops']);
}

/**
 * The audit log of the back office (issue 21, docs/decisions/049-back-office.md): every change a staff member makes —
 * an order moved, a member added or given another role — is written here in the change's own transaction (the record
 * exists exactly when the change does), with the state before and after. An owner reads it at /staff/audit.
 */
import type { Queryable } from '../db/index.ts';

/** Who made a change: the staff member's id and e-mail (kept in the row as it was); id null: the command line. */
export interface AuditActor {
  id: number | null;
  email: string;
}

export interface AuditEntry {
  /** What was done, as `entity.verb`: 'order.status', 'staff.add', 'staff.role' … */
  action: string;
  entity: string;
  entityId: string;
  /** The site the entity belongs to (orders, leads), for a scoped reader; null when it belongs to none. */
  site: string | null;
  before: unknown;
  after: unknown;
}

export async function recordAudit(tx: Queryable, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await tx.query(
    `INSERT INTO staff_audit (staff_id, staff_email, action, entity, entity_id, site, before, after)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb)`,
    [
      actor.id,
      actor.email,
      entry.action,
      entry.entity,
      entry.entityId,
      entry.site,
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
    ],
  );
}

export interface AuditRow {
  id: number;
  staffEmail: string;
  action: string;
  entity: string;
  entityId: string;
  site: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}

export interface AuditFilter {
  staffEmail?: string;
  action?: string;
  entity?: string;
  entityId?: string;
  /** YYYY-MM-DD, inclusive, UTC. */
  from?: string;
  to?: string;
}

export const AUDIT_PAGE_SIZE = 50;

/** A page of the log, newest first, filtered; `more` says whether an older page exists. */
export async function readAudit(q: Queryable, filter: AuditFilter, page: number): Promise<{ rows: AuditRow[]; more: boolean }> {
  const rows = await q.query<AuditRow>(
    `SELECT id::int, staff_email AS "staffEmail", action, entity, entity_id AS "entityId", site, before, after,
            to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"
       FROM staff_audit
      WHERE ($1::text IS NULL OR lower(staff_email) = lower($1))
        AND ($2::text IS NULL OR action = $2)
        AND ($3::text IS NULL OR entity = $3)
        AND ($4::text IS NULL OR entity_id = $4)
        AND ($5::date IS NULL OR created_at >= $5::date)
        AND ($6::date IS NULL OR created_at < $6::date + 1)
      ORDER BY created_at DESC, id DESC
      LIMIT ${AUDIT_PAGE_SIZE + 1} OFFSET $7`,
    [
      filter.staffEmail || null,
      filter.action || null,
      filter.entity || null,
      filter.entityId || null,
      filter.from || null,
      filter.to || null,
      (page - 1) * AUDIT_PAGE_SIZE,
    ],
  );
  return { rows: rows.slice(0, AUDIT_PAGE_SIZE), more: rows.length > AUDIT_PAGE_SIZE };
}

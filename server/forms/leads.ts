/**
 * The shop's inbox of leads (issue 21): questions and suggestions, partner applications and installation appointments,
 * as the public forms stored them (forms.ts), worked on by the staff — a state (new, in work, done), an assignee and
 * notes, every change in the audit log. Always within the reader's site scope.
 */
import { type AuditActor, recordAudit } from '../audit/index.ts';
import type { Db } from '../db/index.ts';

export const LEAD_KINDS = ['message', 'partner', 'appointment'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];
export const LEAD_STATES = ['new', 'in_work', 'done'] as const;
export type LeadState = (typeof LEAD_STATES)[number];

/** Each kind's table and the fields its page shows (column → SQL expression). */
const KINDS: Record<LeadKind, { table: string; summary: string; fields: Record<string, string> }> = {
  message: {
    table: 'contact_messages',
    summary: `l.name || ': ' || left(l.body, 80)`,
    fields: { kind: 'l.kind', name: 'l.name', email: 'l.email', text: 'l.body' },
  },
  partner: {
    table: 'partner_applications',
    summary: `l.company || ', ' || l.city`,
    fields: {
      company: 'l.company',
      inn: 'l.inn',
      city: 'l.city',
      partnerType: 'l.partner_type',
      volume: 'l.volume::text',
      contactName: 'l.contact_name',
      phone: 'l.phone',
      email: 'l.email',
      comment: 'l.comment',
    },
  },
  appointment: {
    table: 'appointments',
    summary: `l.car || ', ' || l.city || ', ' || to_char(l.preferred_date, 'YYYY-MM-DD')`,
    fields: {
      car: 'l.car',
      zones: `array_to_string(l.zones, ', ')`,
      preferredDate: `to_char(l.preferred_date, 'YYYY-MM-DD')`,
      city: 'l.city',
      phone: 'l.phone',
    },
  },
};

export interface Lead {
  kind: LeadKind;
  id: number;
  site: string;
  language: string;
  state: LeadState;
  assigneeId: number | null;
  assignee: string | null;
  notes: string;
  summary: string;
  createdAt: string;
  fields: Record<string, string>;
}

export const LEADS_PAGE_SIZE = 50;

const columns = (kind: LeadKind) => {
  const k = KINDS[kind];
  const fields = Object.entries(k.fields)
    .map(([name, sql]) => `'${name}', ${sql}`)
    .join(', ');
  return `'${kind}' AS kind, l.id, l.site, l.language, l.state, l.assignee AS "assigneeId", s.email AS assignee, l.notes,
          ${k.summary} AS summary, to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt",
          json_build_object(${fields}) AS fields
     FROM ${k.table} l LEFT JOIN staff_members s ON s.id = l.assignee`;
};

type Scope = readonly string[] | null;

export class LeadDesk {
  constructor(private readonly db: Db) {}

  /** A page of one kind's leads in a state (any: undefined), newest first. */
  async list(kind: LeadKind, state: LeadState | undefined, scope: Scope, page: number): Promise<{ rows: Lead[]; more: boolean }> {
    const rows = await this.db.query<Lead>(
      `SELECT ${columns(kind)}
        WHERE ($1::text IS NULL OR l.state = $1) AND ($2::text[] IS NULL OR l.site = ANY($2::text[]))
        ORDER BY l.created_at DESC, l.id DESC LIMIT ${LEADS_PAGE_SIZE + 1} OFFSET $3`,
      [state ?? null, scope, (page - 1) * LEADS_PAGE_SIZE],
    );
    return { rows: rows.slice(0, LEADS_PAGE_SIZE), more: rows.length > LEADS_PAGE_SIZE };
  }

  /** How many leads of each kind are new, in scope (the inbox's tabs). */
  async newCounts(scope: Scope): Promise<Record<LeadKind, number>> {
    const [row] = await this.db.query<Record<LeadKind, number>>(
      `SELECT ${LEAD_KINDS.map(
        (k) =>
          `(SELECT count(*)::int FROM ${KINDS[k].table} WHERE state = 'new' AND ($1::text[] IS NULL OR site = ANY($1::text[]))) AS ${k}`,
      ).join(', ')}`,
      [scope],
    );
    return row!;
  }

  async find(kind: LeadKind, id: number, scope: Scope): Promise<Lead | undefined> {
    const [row] = await this.db.query<Lead>(
      `SELECT ${columns(kind)} WHERE l.id = $1 AND ($2::text[] IS NULL OR l.site = ANY($2::text[]))`,
      [id, scope],
    );
    return row;
  }

  /** A staff member's change of the lead's state, assignee or notes; 'not_found' also outside the member's sites. */
  async update(
    kind: LeadKind,
    id: number,
    change: { state: LeadState; assignee: number | null; notes: string },
    actor: AuditActor & { scope: Scope },
  ): Promise<'ok' | 'not_found' | 'unknown_assignee'> {
    const table = KINDS[kind].table;
    return this.db.transaction(async (tx) => {
      const [before] = await tx.query<{ site: string; state: string; assignee: number | null; notes: string }>(
        `SELECT site, state, assignee, notes FROM ${table} WHERE id = $1 FOR UPDATE`,
        [id],
      );
      if (!before || (actor.scope !== null && !actor.scope.includes(before.site))) return 'not_found';
      if (change.assignee !== null) {
        // Only a member who sees the lead's site can be given it.
        const [member] = await tx.query(
          'SELECT 1 FROM staff_members WHERE id = $1 AND NOT disabled AND (sites IS NULL OR $2 = ANY(sites))',
          [change.assignee, before.site],
        );
        if (!member) return 'unknown_assignee';
      }
      await tx.query(`UPDATE ${table} SET state = $2, assignee = $3, notes = $4 WHERE id = $1`, [
        id,
        change.state,
        change.assignee,
        change.notes,
      ]);
      await recordAudit(tx, actor, {
        action: 'lead.update',
        entity: kind,
        entityId: String(id),
        site: before.site,
        before: { state: before.state, assignee: before.assignee, notes: before.notes },
        after: change,
      });
      return 'ok';
    });
  }
}

/**
 * The demo inbox (docs/decisions/042-demo-inbox.md): with no SMTP server configured, every mail the shop would send is
 * kept whole in `demo_inbox` (migration 023) — so a visitor of the demo can open the confirmation and reset links that
 * would otherwise never arrive. The log transport (server/mail/delivery.ts) records each message here as it "sends"
 * it; the page server/http/demo-inbox.ts shows them, on local hosts to loopback clients only.
 *
 * A store of its own, not the outbox: the outbox erases a message's bodies once it is sent (decision 037). Bounded:
 * the newest DEMO_INBOX_KEEP.messages of the last DEMO_INBOX_KEEP.days — trimmed at every message and by the
 * housekeeping (purgeDemoInbox) — and an account's deletion deletes the messages to its address (forgetDemoMail,
 * called by Mailer.forget). With SMTP configured nothing is written here.
 */
import type { Queryable } from '../db/index.ts';

/** How much the demo inbox keeps: the newest `messages`, none older than `days`. */
export const DEMO_INBOX_KEEP = { messages: 200, days: 7 } as const;

/** A message as the demo inbox keeps it. */
export interface DemoMail {
  id: number;
  site: string;
  kind: string;
  language: string;
  /** "Brand <noreply@host>" as the mail server would have been told. */
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: Date;
}

/** A line of the inbox's list: no bodies. */
export type DemoMailSummary = Pick<DemoMail, 'id' | 'site' | 'kind' | 'to' | 'subject' | 'createdAt'>;

/** What the transport hands over: the outbox row's id, the message and its sender. */
export type DemoMailInput = Omit<DemoMail, 'id' | 'createdAt'> & { outboxId: number };

interface Row {
  id: string | number;
  site: string;
  kind: string;
  language: string;
  sender: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: Date | string;
}

const fromRow = (row: Row): DemoMail => ({
  id: Number(row.id),
  site: row.site,
  kind: row.kind,
  language: row.language,
  from: row.sender,
  to: row.recipient,
  subject: row.subject,
  text: row.text_body,
  html: row.html_body,
  createdAt: new Date(row.created_at),
});

/** Deletes what is beyond the bound: older than DEMO_INBOX_KEEP.days, or not among the newest DEMO_INBOX_KEEP.messages. */
export async function purgeDemoInbox(q: Queryable): Promise<number> {
  const rows = await q.query(
    `DELETE FROM demo_inbox
      WHERE created_at < now() - $1::int * interval '1 day'
         OR id < (SELECT min(id) FROM (SELECT id FROM demo_inbox ORDER BY id DESC LIMIT $2) AS newest)
      RETURNING id`,
    [DEMO_INBOX_KEEP.days, DEMO_INBOX_KEEP.messages],
  );
  return rows.length;
}

/** Deletes every message to `email` (its account is being deleted): pass that transaction. Returns how many. */
export async function forgetDemoMail(q: Queryable, email: string): Promise<number> {
  const rows = await q.query('DELETE FROM demo_inbox WHERE lower(recipient) = lower($1) RETURNING id', [email]);
  return rows.length;
}

export class DemoInbox {
  constructor(private readonly db: Queryable) {}

  /** Keeps a message (once per outbox row: a second delivery after a crash adds nothing), then trims to the bound. */
  async keep(mail: DemoMailInput): Promise<void> {
    await this.db.query(
      `INSERT INTO demo_inbox (outbox_id, site, kind, language, sender, recipient, subject, text_body, html_body)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (outbox_id) DO NOTHING`,
      [mail.outboxId, mail.site, mail.kind, mail.language, mail.from, mail.to, mail.subject, mail.text, mail.html],
    );
    await purgeDemoInbox(this.db);
  }

  /** The newest messages first, without their bodies. */
  async list(limit: number = DEMO_INBOX_KEEP.messages): Promise<DemoMailSummary[]> {
    const rows = await this.db.query<Row>(
      `SELECT id, site, kind, language, sender, recipient, subject, '' AS text_body, NULL AS html_body, created_at
         FROM demo_inbox ORDER BY id DESC LIMIT $1`,
      [limit],
    );
    return rows.map(fromRow).map(({ id, site, kind, to, subject, createdAt }) => ({ id, site, kind, to, subject, createdAt }));
  }

  /** One message, or null when there is none with this id (any more). */
  async get(id: number): Promise<DemoMail | null> {
    const [row] = await this.db.query<Row>(
      `SELECT id, site, kind, language, sender, recipient, subject, text_body, html_body, created_at FROM demo_inbox WHERE id = $1`,
      [id],
    );
    return row ? fromRow(row) : null;
  }
}

/**
 * The outbox: mail is written in the transaction of the change it reports (an order, a registration, a form),
 * never sent inline. A change and its message commit together or not at all; a worker delivers the messages later,
 * with retries (server/mail/delivery.ts), so a mail server failure never fails or delays the visitor's answer.
 * Features do not write rows here themselves: they queue typed messages through the Mailer (server/mail/mailer.ts),
 * which renders them with their kind's template first.
 *
 * The outbox forgets (docs/decisions/037-outbox-forgets.md): once a message is sent or given up on, the worker erases
 * its bodies and reply-to and masks its recipient, keeping kind, subject and times; each row keeps a digest of its
 * recipient so that forget() finds an erased address's rows when its account is deleted.
 */
import type { Queryable } from '../db/index.ts';

/**
 * The recipient's digest, worked out by the database (so its lower() decides case in every statement alike: the
 * insert, migration 020's backfill, forget()): the one trace of a sent message's address beyond its mask.
 */
const RECIPIENT_DIGEST = (param: string) => `encode(sha256(convert_to(lower(${param}), 'UTF8')), 'hex')`;

/** Sent and given-up rows (bodies already erased) are deleted after this: long enough to answer "was it sent?". */
export const SENT_MAIL_KEPT_DAYS = 90;

export interface OutboxMessage {
  /** The site the message is about (its sender address and brand). */
  site: string;
  /** What the message is, for logs and metrics: 'order.confirmation', 'order.new', 'account.confirm'… */
  kind: string;
  /** The language the message is written in. */
  language: string;
  /** One e-mail address. */
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative; its dynamic parts must already be escaped. */
  html?: string;
  /** Where answers go when not to the site's address (a new-order notice to the shop: the shopper's address). */
  replyTo?: string;
}

export class Outbox {
  /** Queues a message; pass the transaction of the change it reports. Returns the message's id. */
  async enqueue(tx: Queryable, message: OutboxMessage): Promise<number> {
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO outbox (site, kind, language, recipient, recipient_digest, subject, text_body, html_body, reply_to)
       VALUES ($1, $2, $3, $4, ${RECIPIENT_DIGEST('$4')}, $5, $6, $7, $8) RETURNING id`,
      [
        message.site,
        message.kind,
        message.language,
        message.to,
        message.subject,
        message.text,
        message.html ?? null,
        message.replyTo ?? null,
      ],
    );
    return Number(row!.id);
  }

  /**
   * Erases every message to `email`, queued or sent (its account is deleted): pass the deleting transaction.
   * A message a worker is sending this very moment may still arrive once. Returns the rows erased.
   */
  async forget(tx: Queryable, email: string): Promise<number> {
    const rows = await tx.query(`DELETE FROM outbox WHERE recipient_digest = ${RECIPIENT_DIGEST('$1')} RETURNING id`, [email]);
    return rows.length;
  }
}

/** Deletes sent and given-up messages older than SENT_MAIL_KEPT_DAYS (housekeeping); returns how many. */
export async function purgeOldMail(db: Queryable): Promise<number> {
  const rows = await db.query(`DELETE FROM outbox WHERE coalesce(sent_at, failed_at) < now() - $1::int * interval '1 day' RETURNING id`, [
    SENT_MAIL_KEPT_DAYS,
  ]);
  return rows.length;
}

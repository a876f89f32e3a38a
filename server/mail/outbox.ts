/**
 * The outbox: mail is written in the transaction of the change it reports (an order, a registration, a form),
 * never sent inline. A change and its message commit together or not at all; a worker delivers the messages later,
 * with retries (server/mail/delivery.ts), so a mail server failure never fails or delays the visitor's answer.
 * Features do not write rows here themselves: they queue typed messages through the Mailer (server/mail/mailer.ts),
 * which renders them with their kind's template first.
 */
import type { Queryable } from '../db/index.ts';

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
      `INSERT INTO outbox (site, kind, language, recipient, subject, text_body, html_body, reply_to)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
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
}

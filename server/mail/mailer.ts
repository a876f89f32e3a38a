/**
 * The mail room's one door (decision 032): `mailer.enqueue(tx, message)` renders a typed message
 * (server/mail/messages.ts) with the template of its kind and writes the outbox row in the caller's transaction
 * (server/mail/outbox.ts, decision 023), so the mail exists exactly when the change it reports commits.
 */
import type { Queryable } from '../db/index.ts';
import { accountMail } from './account-mails.ts';
import { forgetDemoMail } from './demo-inbox.ts';
import { formMail } from './form-mails.ts';
import type { MailKind, MailMessage, MessageOf } from './messages.ts';
import { newOrder, orderCancelled, orderConfirmation, orderRefunded, orderStatusChanged, paymentChanged } from './order-mails.ts';
import { Outbox, type OutboxMessage } from './outbox.ts';

/** The template of every kind: a kind without one does not type-check. */
const TEMPLATES: { [K in MailKind]: (message: MessageOf<K>) => OutboxMessage } = {
  'order.confirmation': orderConfirmation,
  'order.new': newOrder,
  'order.payment-changed': paymentChanged,
  'order.cancelled': orderCancelled,
  'order.status': orderStatusChanged,
  'order.refunded': orderRefunded,
  'account.confirm': accountMail,
  'account.registeredAgain': accountMail,
  'account.reset': accountMail,
  'account.passwordChanged': accountMail,
  'account.emailChange': accountMail,
  'account.emailChangeNotice': accountMail,
  'account.deleted': accountMail,
  'form.review': formMail,
  'form.message': formMail,
  'form.partner': formMail,
  'form.appointment': formMail,
};

/** Every kind of message, in the order above. */
export const MAIL_KINDS = Object.keys(TEMPLATES) as MailKind[];

/** The outbox row of a message: its subject, text and HTML from its kind's template. */
export function renderMessage(message: MailMessage): OutboxMessage {
  // The table pairs each kind with its own message type; TypeScript cannot follow that through an index.
  const template = TEMPLATES[message.kind] as (message: MailMessage) => OutboxMessage;
  return template(message);
}

export class Mailer {
  private readonly outbox = new Outbox();

  /** Renders the message and queues it; pass the transaction of the change it reports. Returns the outbox row's id. */
  enqueue(q: Queryable, message: MailMessage): Promise<number> {
    return this.outbox.enqueue(q, renderMessage(message));
  }

  /**
   * Erases every message to `email`, queued or sent (its account is being deleted), and its messages in the demo inbox
   * (decision 042): pass that transaction. Returns the outbox rows erased.
   */
  async forget(q: Queryable, email: string): Promise<number> {
    await forgetDemoMail(q, email);
    return this.outbox.forget(q, email);
  }
}

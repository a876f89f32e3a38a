/**
 * The public face of server/mail/: what the rest of the server imports from it. Features queue typed messages through
 * a Mailer (decision 032); the templates, the layout and the outbox stay inside.
 */
export { logTransport, MailDelivery, smtpTransport } from './delivery.ts';
export { DEMO_INBOX_KEEP, DemoInbox, type DemoMail, type DemoMailSummary, purgeDemoInbox } from './demo-inbox.ts';
export { Mailer } from './mailer.ts';
export type {
  AccountMessage,
  FormMessage,
  MailContext,
  MailKind,
  MailMessage,
  PlacedOrder,
} from './messages.ts';
export { purgeOldMail } from './outbox.ts';

/** The public face of server/mail/: what the rest of the server imports from it. */
export { accountMail, type MailContext, type MailKind } from './account-mail.ts';
export { logTransport, MailDelivery, smtpTransport } from './delivery.ts';
export { layoutMail, translatorFor } from './layout.ts';
export { enqueueOrderMails, orderPageUrl, type PlacedOrder } from './order-mail.ts';
export { Outbox } from './outbox.ts';

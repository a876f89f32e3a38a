/** The public face of server/accounts/: what the rest of the server imports from it. */
export { AccountOrders, type RepeatSummary } from './account-orders.ts';
export { AccountService, type MailContext } from './accounts.ts';
export { AddressBook } from './addresses.ts';
export { AuthService, purgeExpired } from './auth.ts';
export { HashQueueBusy, hashQueue } from './hash-queue.ts';
export { passwordProblem } from './password-rule.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
export { type RecordKind, RecordService, type SavedRecord } from './records.ts';

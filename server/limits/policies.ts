/**
 * Every rate limit of the shop, by name (docs/decisions/030-one-limiter.md). Callers name a policy and give a key;
 * the numbers live here and nowhere else (the older constants — LOGIN_*, REGISTER_PER_ADDRESS_PER_HOUR,
 * FORM_LIMIT, CHECK_INTERVAL_S … — are read from this table).
 *
 * Two kinds, one table (rate_limits) and one statement (server/limits/limits.ts):
 *  - `window`: at most `max` uses of a key in a fixed window of `seconds` from its first use. Every claim is
 *    counted, refused ones too; a claim over `max` is refused until the window ends (Retry-After: what is left of it).
 *  - `backoff`: the first `max` uses of a key are free; after that each use must wait 2^k seconds (k = uses beyond
 *    the free ones, at most `capSeconds`) after the previous one. Only admitted uses count. A claimed use holds the
 *    key's next one back for up to `holdSeconds` until its answer (`settle`) sets the real time; the key's uses are
 *    forgotten `seconds` after its last one.
 *
 * Keys that hold a client address use addressKey() (IPv4 as it is, IPv6 by its /64 network).
 */
import { FORM_LIMIT } from '../../shared/forms.ts';

export interface WindowPolicy {
  readonly kind: 'window';
  /** The window's length. */
  readonly seconds: number;
  /** Uses admitted per key and window. */
  readonly max: number;
  /** What the key is. */
  readonly key: string;
}

export interface BackoffPolicy {
  readonly kind: 'backoff';
  /** A key's uses are forgotten this long after its last one. */
  readonly seconds: number;
  /** Uses admitted without delay. */
  readonly max: number;
  /** The longest delay between two uses (the growing delay's cap). */
  readonly capSeconds: number;
  /** How long a claimed use holds the next one back at most, until its answer. */
  readonly holdSeconds: number;
  /** What the key is. */
  readonly key: string;
}

export type Policy = WindowPolicy | BackoffPolicy;

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const POLICIES = {
  /** Sign-in: unsuccessful attempts from one client address across e-mails (guessing many accounts); a success gives its use back. */
  'signin.address': { kind: 'window', seconds: 15 * MINUTE, max: 50, key: 'client address' },
  /**
   * Sign-in: the growing delay per (e-mail, client address) pair. A stranger's failures from elsewhere never touch
   * the owner's pair; a success clears it.
   */
  'signin.pair': {
    kind: 'backoff',
    seconds: 24 * HOUR,
    max: 5,
    capSeconds: 15 * MINUTE,
    holdSeconds: 5,
    key: 'e-mail (lower case), a space, client address',
  },
  /** Registrations (decision 026). */
  'register.address': { kind: 'window', seconds: HOUR, max: 10, key: 'client address' },
  /** "Forgot password" requests (decision 026). */
  'reset.address': { kind: 'window', seconds: HOUR, max: 20, key: 'client address' },
  /** Account mails of one kind to one recipient: nobody floods someone's mailbox through our forms. */
  'account-mail.recipient': { kind: 'window', seconds: HOUR, max: 3, key: 'mail kind, a space, recipient e-mail (lower case)' },
  /** Current-password checks of a signed-in account (a left-open session cannot guess it). */
  'password.account': { kind: 'window', seconds: HOUR, max: 10, key: 'user id' },
  /** Accepted submissions of one public form (decision 027). */
  'forms.address': {
    kind: 'window',
    seconds: FORM_LIMIT.windowSeconds,
    max: FORM_LIMIT.submissions,
    key: 'form kind, a space, client address',
  },
  /** Asking the payment provider about one payment (notifications, result pages; decision 024). */
  'payments.check': { kind: 'window', seconds: 2, max: 1, key: 'payment id (payments.id)' },
  /** Orders placed from one session (decision 036): nobody reserves the stock order after order. */
  'checkout.session': { kind: 'window', seconds: HOUR, max: 3, key: 'session id' },
  /** Orders placed from one client address (generous: offices and mobile networks share addresses). */
  'checkout.address': { kind: 'window', seconds: HOUR, max: 10, key: 'client address' },
  /** Order mails to the shopper at one address (the shop's own copy is never capped): the order form aims at nobody. */
  'order-mail.recipient': { kind: 'window', seconds: 24 * HOUR, max: 5, key: 'recipient e-mail (lower case)' },
  /** Order mails to shoppers asked for from one client address. */
  'order-mail.address': { kind: 'window', seconds: 24 * HOUR, max: 20, key: 'client address' },
  /** Staff sign-in (the back office, decision 049): attempts from one client address. */
  'staff.signin.address': { kind: 'window', seconds: 15 * MINUTE, max: 30, key: 'client address' },
  /** Staff sign-in: the growing delay per (e-mail, client address) pair, as for shoppers. */
  'staff.signin.pair': {
    kind: 'backoff',
    seconds: 24 * HOUR,
    max: 5,
    capSeconds: 15 * MINUTE,
    holdSeconds: 5,
    key: 'e-mail (lower case), a space, client address',
  },
  /** Second-factor codes (TOTP or recovery) tried for one staff member: five wrong ones lock the member out for the window. */
  'staff.code': { kind: 'window', seconds: 15 * MINUTE, max: 5, key: 'staff member id' },
} as const satisfies Record<string, Policy>;

export type PolicyName = keyof typeof POLICIES;
/** The policies of kind `backoff` (the only ones `settle` applies to). */
export type BackoffPolicyName = { [N in PolicyName]: (typeof POLICIES)[N]['kind'] extends 'backoff' ? N : never }[PolicyName];

/** The policy of that name; throws on a name the table lacks (a caller that got past the type checker). */
export function policy(name: PolicyName): Policy {
  if (typeof name !== 'string' || !Object.hasOwn(POLICIES, name)) throw new Error(`Unknown rate-limit policy: ${String(name)}`);
  return POLICIES[name];
}

/** Seconds a backoff key must wait after its last use once it has `uses` uses (0 while the free ones last). */
export function backoffDelaySeconds(p: BackoffPolicy, uses: number): number {
  return uses < p.max ? 0 : Math.min(2 ** (uses - p.max), p.capSeconds);
}

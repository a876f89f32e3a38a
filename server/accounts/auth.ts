/**
 * Signing in and out. Passwords are hashed with scrypt (server/accounts/passwords.ts; a hash of an older cost is
 * replaced at the next successful sign-in). Failed attempts slow the guesser down, never
 * the account's owner (state in the database, so the limits hold across pods):
 *  - per (e-mail, client address) pair: after LOGIN_FREE_FAILURES failures, each further attempt from that address
 *    for that e-mail must wait 2^k seconds after the last one (k = failures beyond the free ones), at most
 *    LOGIN_MAX_DELAY_SECONDS; earlier attempts are answered 429 with Retry-After, unchecked. A success clears the pair.
 *    A stranger's failures from another address therefore never refuse the owner's correct password.
 *  - per client address, across e-mails: at most LOGIN_MAX_ATTEMPTS_PER_IP unsuccessful attempts in a window of
 *    LOGIN_WINDOW_MINUTES (guessing many accounts). Behind a proxy without TRUST_PROXY every visitor has the
 *    proxy's address, so they share this limit (README, "Operations").
 * Both are policies of the one rate limiter (server/limits/: 'signin.pair', a backoff, and 'signin.address', a window),
 * keyed by addressKey (IPv4, or the IPv6 /64). Each attempt is claimed by one atomic upsert before its password is
 * checked, so concurrent attempts cannot get more checks than the limits allow.
 * The password check waits in the bounded line of hashes (passwords.ts, decision 038), named by the client's addressKey
 * and dropped when the client leaves: a full line is answered 'busy' (503 + Retry-After) before any limit is claimed,
 * and a check that never ran gives its claimed uses back.
 * Every change of who the session belongs to moves the visitor to a new session id (rotateSession); signing in also
 * merges the account's cart and compare list into the visitor's and attaches guest orders (server/accounts/account-merge.ts).
 */
import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db/index.ts';
import { addressKey, backoffDelaySeconds, limits, POLICIES } from '../limits/index.ts';
import { newSessionId } from '../sessions/index.ts';
import { attachGuestOrders, mergeAccountState } from './account-merge.ts';
import { HashQueueBusy, hashQueue } from './hash-queue.ts';
import { hashPassword, needsRehash, verifyPassword } from './passwords.ts';

export { hashPassword, verifyPassword };

const PAIR = POLICIES['signin.pair'];
const ADDRESS = POLICIES['signin.address'];
/** Failures of one e-mail from one address that are checked without delay. */
export const LOGIN_FREE_FAILURES = PAIR.max;
/** The longest wait between two attempts of one e-mail from one address (the growing delay's cap). */
export const LOGIN_MAX_DELAY_SECONDS = PAIR.capSeconds;
/** A pair's failures are forgotten this long after its last attempt (and its row purged). */
export const LOGIN_FORGET_HOURS = PAIR.seconds / 3600;
/** The per-address window. */
export const LOGIN_WINDOW_MINUTES = ADDRESS.seconds / 60;
/** Unsuccessful attempts per client address in a window: guessing across accounts. High, for shoppers behind one NAT. */
export const LOGIN_MAX_ATTEMPTS_PER_IP = ADDRESS.max;
/** How long a claimed check holds the pair's next attempt back at most, until its answer (settled in login). */
export const CHECK_ALLOWANCE_SECONDS = PAIR.holdSeconds;
/** How long a sign-in lasts. */
export const SIGNED_IN_DAYS = 30;

/** Seconds an (e-mail, address) pair must wait after its last attempt once it has `failures` failures. */
export function loginDelaySeconds(failures: number): number {
  return backoffDelaySeconds(PAIR, failures);
}

// Compared against when the e-mail is unknown, so both paths take the same time.
const DUMMY_HASH = hashPassword(randomBytes(12).toString('hex'));

export type LoginResult =
  | { ok: true; user: { id: number; email: string; name: string }; sessionId: string }
  | { ok: false; reason: 'invalid' }
  /** Refused unchecked; the client may try again after `retryAfterSeconds`. */
  | { ok: false; reason: 'rate_limited'; retryAfterSeconds: number }
  /** Not checked: the line of password hashes is full (passwords.ts); answered 503 with Retry-After. */
  | { ok: false; reason: 'busy'; retryAfterSeconds: number };

export class AuthService {
  constructor(private readonly db: Db) {}

  /**
   * `signal` is the request's: when the client leaves before its hash starts, the hash is never run (the attempt then
   * gives its uses back, as one refused for a full line does).
   */
  async login(email: string, password: string, ip: string, currentSessionId: string, signal?: AbortSignal): Promise<LoginResult> {
    const address = addressKey(ip);
    const pairKey = `${email.toLowerCase()} ${address}`;
    // A full line refuses before any limit is claimed: a flood that cannot be checked costs no database writes.
    if (!hashQueue.admits(address)) return { ok: false, reason: 'busy', retryAfterSeconds: hashQueue.retryAfterSeconds() };
    // The address's window first; the pair's check is claimed only when the address may still try.
    const byAddress = await limits.claim(this.db, 'signin.address', address);
    const claim = byAddress.allowed ? await limits.claim(this.db, 'signin.pair', pairKey) : byAddress;
    if (!claim.allowed) return { ok: false, reason: 'rate_limited', retryAfterSeconds: claim.retryAfterSeconds };

    const [user] = await this.db.query<{ id: number; email: string; name: string; password_hash: string | null }>(
      'SELECT id, email, name, password_hash FROM users WHERE lower(email) = lower($1)',
      [email],
    );
    let valid: boolean;
    try {
      valid = await verifyPassword(password, user?.password_hash ?? (await DUMMY_HASH), { client: address, signal });
    } catch (error) {
      if (!(error instanceof HashQueueBusy) && !signal?.aborted) throw error;
      // Not checked: the attempt does not count against the address or the pair.
      await limits.release(this.db, 'signin.address', address);
      await limits.release(this.db, 'signin.pair', pairKey);
      if (error instanceof HashQueueBusy) return { ok: false, reason: 'busy', retryAfterSeconds: error.retryAfterSeconds };
      throw error;
    }
    if (!user?.password_hash || !valid) {
      // The pair's delay counts from the answer, not from the claim: a check at today's hash cost takes a while, and
      // the guesser learns the result only now.
      await limits.settle(this.db, 'signin.pair', pairKey);
      return { ok: false, reason: 'invalid' };
    }

    // A hash of an older cost is replaced now that the password is known (unless it changed meanwhile).
    if (needsRehash(user.password_hash)) {
      await this.db.query('UPDATE users SET password_hash = $1 WHERE id = $2 AND password_hash = $3', [
        await hashPassword(password),
        user.id,
        user.password_hash,
      ]);
    }
    const sessionId = await this.rotateSession(currentSessionId, user.id);
    // A success clears the pair and is not held against the address (shoppers behind one NAT).
    await limits.clear(this.db, 'signin.pair', pairKey);
    await limits.release(this.db, 'signin.address', address);
    hashQueue.forgive(address);
    return { ok: true, user: { id: user.id, email: user.email, name: user.name }, sessionId };
  }

  /** Signs the session out; the visitor continues under a new session id with the same cart. */
  async logout(sessionId: string): Promise<string> {
    return this.rotateSession(sessionId, null);
  }

  /**
   * Moves the visitor to a new session id (no session fixation across any change of privilege: sign-in, sign-out,
   * registration, password change or reset): the cart and compare list move with it, the old id stops working.
   * Orders (decision 034): into a signed-in session they move along (the same person goes on); into an anonymous one
   * (sign-out, sign-out everywhere, deletion) they do not — they are detached from every session, so the next person
   * at a shared computer reads none of them; the account still sees its own from any session it signs in on.
   * Signing in (userId given) also merges the account's state from its other sessions and attaches the guest orders
   * of a confirmed e-mail, in the same transaction. `tx` runs it inside a caller's transaction.
   */
  async rotateSession(oldId: string, userId: number | null, tx?: Queryable): Promise<string> {
    const newId = newSessionId();
    const run = async (q: Queryable) => {
      await q.query(
        `INSERT INTO sessions (id, user_id, signed_in_until) VALUES ($1, $2, now() + make_interval(days => ${SIGNED_IN_DAYS}))`,
        [newId, userId],
      );
      await q.query('UPDATE carts SET session_id = $1 WHERE session_id = $2', [newId, oldId]);
      await q.query('UPDATE compare_items SET session_id = $1 WHERE session_id = $2', [newId, oldId]);
      await q.query('UPDATE orders SET session_id = $1 WHERE session_id = $2', [userId === null ? null : newId, oldId]);
      await q.query('DELETE FROM sessions WHERE id = $1', [oldId]);
      if (userId !== null) {
        await mergeAccountState(q, newId, userId);
        await attachGuestOrders(q, userId);
      }
    };
    if (tx) await run(tx);
    else await this.db.transaction(run);
    return newId;
  }
}

/**
 * Housekeeping the server runs now and then: expired sessions go (with their carts and compare lists),
 * lapsed sign-ins are signed out, rate-limit rows whose window is over go.
 */
export async function purgeExpired(db: Db): Promise<{ sessions: number; signedOut: number; throttle: number; links: number }> {
  const sessions = await db.query('DELETE FROM sessions WHERE expires_at < now() RETURNING id');
  const signedOut = await db.query('UPDATE sessions SET user_id = NULL WHERE user_id IS NOT NULL AND signed_in_until < now() RETURNING id');
  // Every rate limit's rows whose window (or forget time) is over: they count nothing any more (server/limits/).
  const throttle = await limits.purge(db);
  // Mailed links a week past their expiry: used or not, they open nothing (only their hashes were kept).
  const links = await db.query(`DELETE FROM account_tokens WHERE expires_at < now() - interval '7 days' RETURNING hash`);
  return { sessions: sessions.length, signedOut: signedOut.length, throttle, links: links.length };
}

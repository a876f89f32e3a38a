/**
 * Signing in and out. Passwords are hashed with scrypt (node:crypto); failed attempts are counted per
 * e-mail and per IP in the database, so the limit holds across pods.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { Db } from '../db/index.ts';
import { newSessionId } from './sessions.ts';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))));

const SCRYPT = { N: 16384, r: 8, p: 1 };
export const LOGIN_WINDOW_MINUTES = 15;
/** Attempts per e-mail address in a window: a guessing attack on one account. A success starts it afresh. */
export const LOGIN_MAX_ATTEMPTS_PER_EMAIL = 10;
/** Attempts per client address in a window: guessing across accounts. Higher, for shoppers behind one NAT. */
export const LOGIN_MAX_ATTEMPTS_PER_IP = 50;
/** How long a sign-in lasts. */
export const SIGNED_IN_DAYS = 30;

/** "scrypt$N$r$p$salt$hash", salt and hash in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32, SCRYPT);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return timingSafeEqual(actual, expected);
}

// Compared against when the e-mail is unknown, so both paths take the same time.
const DUMMY_HASH = hashPassword(randomBytes(12).toString('hex'));

export type LoginResult =
  | { ok: true; user: { id: number; email: string; name: string }; sessionId: string }
  | { ok: false; reason: 'invalid' | 'rate_limited' };

export class AuthService {
  constructor(private readonly db: Db) {}

  /**
   * Counts this attempt against the e-mail and the address — atomically, before the password is checked, so
   * concurrent attempts cannot get more tries than the limit — and answers whether it is over the limit.
   */
  private async overLimit(emailKey: string, ipKey: string): Promise<boolean> {
    const count = async (key: string) => {
      const [row] = await this.db.query<{ attempts: number }>(
        `INSERT INTO login_throttle (key, window_start, attempts) VALUES ($1, now(), 1)
         ON CONFLICT (key) DO UPDATE SET
           attempts = CASE WHEN login_throttle.window_start < now() - make_interval(mins => $2) THEN 1 ELSE login_throttle.attempts + 1 END,
           window_start = CASE WHEN login_throttle.window_start < now() - make_interval(mins => $2) THEN now() ELSE login_throttle.window_start END
         RETURNING attempts`,
        [key, LOGIN_WINDOW_MINUTES],
      );
      return row!.attempts;
    };
    const [byEmail, byIp] = [await count(emailKey), await count(ipKey)];
    return byEmail > LOGIN_MAX_ATTEMPTS_PER_EMAIL || byIp > LOGIN_MAX_ATTEMPTS_PER_IP;
  }

  async login(email: string, password: string, ip: string, currentSessionId: string): Promise<LoginResult> {
    const emailKey = 'email:' + email.toLowerCase();
    if (await this.overLimit(emailKey, 'ip:' + ip)) return { ok: false, reason: 'rate_limited' };

    const [user] = await this.db.query<{ id: number; email: string; name: string; password_hash: string | null }>(
      'SELECT id, email, name, password_hash FROM users WHERE lower(email) = lower($1)',
      [email],
    );
    const valid = await verifyPassword(password, user?.password_hash ?? (await DUMMY_HASH));
    if (!user?.password_hash || !valid) return { ok: false, reason: 'invalid' };

    const sessionId = await this.rotateSession(currentSessionId, user.id);
    await this.db.query('DELETE FROM login_throttle WHERE key = $1', [emailKey]);
    return { ok: true, user: { id: user.id, email: user.email, name: user.name }, sessionId };
  }

  /** Signs the session out; the visitor continues under a new session id with the same cart. */
  async logout(sessionId: string): Promise<string> {
    return this.rotateSession(sessionId, null);
  }

  /**
   * Moves the visitor to a new session id (no session fixation across sign-in and sign-out): the cart,
   * compare list and orders move with it, the old id stops working.
   */
  private async rotateSession(oldId: string, userId: number | null): Promise<string> {
    const newId = newSessionId();
    await this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO sessions (id, user_id, signed_in_until) VALUES ($1, $2, now() + make_interval(days => ${SIGNED_IN_DAYS}))`,
        [newId, userId],
      );
      await tx.query('UPDATE carts SET session_id = $1 WHERE session_id = $2', [newId, oldId]);
      await tx.query('UPDATE compare_items SET session_id = $1 WHERE session_id = $2', [newId, oldId]);
      await tx.query('UPDATE orders SET session_id = $1 WHERE session_id = $2', [newId, oldId]);
      await tx.query('DELETE FROM sessions WHERE id = $1', [oldId]);
    });
    return newId;
  }
}

/**
 * Housekeeping the server runs now and then: expired sessions go (with their carts and compare lists),
 * lapsed sign-ins are signed out, old throttle rows go.
 */
export async function purgeExpired(db: Db): Promise<{ sessions: number; signedOut: number; throttle: number }> {
  const sessions = await db.query('DELETE FROM sessions WHERE expires_at < now() RETURNING id');
  const signedOut = await db.query('UPDATE sessions SET user_id = NULL WHERE user_id IS NOT NULL AND signed_in_until < now() RETURNING id');
  const throttle = await db.query(`DELETE FROM login_throttle WHERE window_start < now() - interval '1 day' RETURNING key`);
  return { sessions: sessions.length, signedOut: signedOut.length, throttle: throttle.length };
}

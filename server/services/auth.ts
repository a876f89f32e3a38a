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
export const LOGIN_MAX_FAILURES = 10;

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

  async login(email: string, password: string, ip: string, currentSessionId: string): Promise<LoginResult> {
    const keys = ['email:' + email.toLowerCase(), 'ip:' + ip];
    // The limit holds per key (this e-mail, this IP): each failure writes one row per key, so the rows of both
    // keys are not summed (that would lock an address out after half the allowed failures).
    const [{ failures } = { failures: 0 }] = await this.db.query<{ failures: number }>(
      `SELECT coalesce(max(n), 0)::int AS failures FROM (
         SELECT count(*) AS n FROM login_attempts
          WHERE key = ANY($1::text[]) AND attempt_at > now() - make_interval(mins => $2)
          GROUP BY key) per_key`,
      [keys, LOGIN_WINDOW_MINUTES],
    );
    if (failures >= LOGIN_MAX_FAILURES) return { ok: false, reason: 'rate_limited' };

    const [user] = await this.db.query<{ id: number; email: string; name: string; password_hash: string | null }>(
      'SELECT id, email, name, password_hash FROM users WHERE lower(email) = lower($1)',
      [email],
    );
    const valid = await verifyPassword(password, user?.password_hash ?? (await DUMMY_HASH));
    if (!user || !user.password_hash || !valid) {
      for (const key of keys) await this.db.query('INSERT INTO login_attempts (key) VALUES ($1)', [key]);
      return { ok: false, reason: 'invalid' };
    }

    // A new session id on sign-in (no session fixation); the visitor's cart, compare list and orders move with it.
    const sessionId = newSessionId();
    await this.db.transaction(async (tx) => {
      await tx.query('INSERT INTO sessions (id, user_id) VALUES ($1, $2)', [sessionId, user.id]);
      await tx.query('UPDATE carts SET session_id = $1 WHERE session_id = $2', [sessionId, currentSessionId]);
      await tx.query('UPDATE compare_items SET session_id = $1 WHERE session_id = $2', [sessionId, currentSessionId]);
      await tx.query('UPDATE orders SET session_id = $1 WHERE session_id = $2', [sessionId, currentSessionId]);
      await tx.query('DELETE FROM sessions WHERE id = $1', [currentSessionId]);
      await tx.query(`DELETE FROM login_attempts WHERE key = $1 OR attempt_at < now() - interval '1 day'`, [keys[0]]);
    });
    return { ok: true, user: { id: user.id, email: user.email, name: user.name }, sessionId };
  }

  async logout(sessionId: string): Promise<void> {
    await this.db.query('UPDATE sessions SET user_id = NULL WHERE id = $1', [sessionId]);
  }
}

/**
 * The mailed account links (docs/decisions/026-accounts.md): e-mail confirmation, password reset, e-mail change.
 *
 * A link is `<random>.<mac>`: 24 random bytes and an HMAC of them with the session secret, so a forged link is
 * refused without a database look-up; the table keeps only a SHA-256 of the random part. Single use (the statement
 * that uses a link marks it), expiring (RESET_LINK_MINUTES, CONFIRM_LINK_HOURS, EMAIL_LINK_HOURS). A link opened in
 * the browser is bound to that session and the page continues at an address without the secret (no secret in
 * history, Referer or a third-party tag's page address); the form on that page uses it with the site token.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db, Queryable } from '../db/index.ts';

export type LinkPurpose = 'confirm' | 'reset' | 'email';

/** How long each link works. */
export const RESET_LINK_MINUTES = 60;
export const CONFIRM_LINK_HOURS = 48;
export const EMAIL_LINK_HOURS = 24;

export type LinkState = 'valid' | 'invalid' | 'expired' | 'used';

/** A link a session has opened, as its page shows it. */
export interface OpenedLink {
  state: LinkState;
  purpose: LinkPurpose;
  /** The address the link was sent to, partly hidden (a**@example.com). */
  email: string | null;
}

/** What using a link gives: whose it is, the address it was mailed to, the session that asked for it. */
export interface UsedLink {
  userId: number;
  email: string;
  createdSession: string | null;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** "anna@example.com" → "a***@example.com": enough for the owner to recognise, not to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/**
 * A link's state as the page shows it, by the rule use() applies: a reset or confirmation link mailed to an address
 * that is no longer the account's is invalid (the page must not offer a form the link can never complete).
 */
const STATE = `CASE WHEN used_at IS NOT NULL THEN 'used' WHEN expires_at <= now() THEN 'expired'
  WHEN purpose <> 'email' AND NOT EXISTS (SELECT 1 FROM users u
    WHERE u.id = account_tokens.user_id AND lower(u.email) = lower(account_tokens.email)) THEN 'invalid'
  ELSE 'valid' END`;

export class AccountLinks {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {}

  /** A new link for the user (earlier unused links of the same purpose stop working); the secret to mail. */
  async issue(
    tx: Queryable,
    link: { userId: number; purpose: LinkPurpose; email: string; site: string; sessionId: string | null },
  ): Promise<string> {
    const random = randomBytes(24).toString('base64url');
    const lifetime =
      link.purpose === 'reset'
        ? `make_interval(mins => ${RESET_LINK_MINUTES})`
        : `make_interval(hours => ${link.purpose === 'confirm' ? CONFIRM_LINK_HOURS : EMAIL_LINK_HOURS})`;
    await this.void(tx, link.userId, [link.purpose]);
    await tx.query(
      `INSERT INTO account_tokens (hash, user_id, purpose, email, site, created_session, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, now() + ${lifetime})`,
      [sha256(random), link.userId, link.purpose, link.email, link.site, link.sessionId],
    );
    return `${random}.${this.mac(link.purpose, random)}`;
  }

  /** The account's unused links of these purposes stop working. */
  async void(tx: Queryable, userId: number, purposes: readonly LinkPurpose[]): Promise<void> {
    await tx.query('DELETE FROM account_tokens WHERE user_id = $1 AND purpose = ANY($2) AND used_at IS NULL', [userId, [...purposes]]);
  }

  /**
   * A link opened in the browser: when it is genuine, binds it to the session (the page then continues without the
   * secret in its address). Returns the link's state either way.
   */
  async open(purpose: LinkPurpose, token: string, sessionId: string): Promise<LinkState> {
    const hash = this.hash(purpose, token);
    if (!hash) return 'invalid';
    const [row] = await this.db.query<{ state: LinkState }>(
      `UPDATE account_tokens SET opened_session = $3, opened_at = now()
        WHERE hash = $1 AND purpose = $2
        RETURNING ${STATE} AS state`,
      [hash, purpose, sessionId],
    );
    return row?.state ?? 'invalid';
  }

  /** The link of `purpose` this session opened last (within the hour), or null. */
  async opened(purpose: LinkPurpose, sessionId: string): Promise<OpenedLink | null> {
    const [row] = await this.db.query<{ state: LinkState; email: string }>(
      `SELECT ${STATE} AS state, email
         FROM account_tokens
        WHERE opened_session = $1 AND purpose = $2 AND opened_at > now() - interval '1 hour'
        ORDER BY opened_at DESC LIMIT 1`,
      [sessionId, purpose],
    );
    return row ? { state: row.state, purpose, email: maskEmail(row.email) } : null;
  }

  /** The address the session's opened, still usable link of `purpose` was mailed to (unmasked, for the server only), or null. */
  async openedAddress(purpose: LinkPurpose, sessionId: string): Promise<string | null> {
    const [row] = await this.db.query<{ email: string }>(
      `SELECT email FROM account_tokens
        WHERE opened_session = $1 AND purpose = $2 AND opened_at > now() - interval '1 hour'
        ORDER BY opened_at DESC LIMIT 1`,
      [sessionId, purpose],
    );
    return row?.email ?? null;
  }

  /**
   * Uses the session's opened link of `purpose` (atomically: a second use finds it used). A reset or confirmation
   * link works only while the account's e-mail is still the address it was mailed to: one mailed to an old address
   * opens nothing after the e-mail changed (an e-mail change link is mailed to the new address, not yet the account's).
   */
  async use(tx: Queryable, purpose: LinkPurpose, sessionId: string): Promise<UsedLink | null> {
    const [row] = await tx.query<UsedLink>(
      `UPDATE account_tokens t SET used_at = now()
        WHERE hash = (SELECT hash FROM account_tokens WHERE opened_session = $1 AND purpose = $2
                        AND opened_at > now() - interval '1 hour' ORDER BY opened_at DESC LIMIT 1)
          AND used_at IS NULL AND expires_at > now()
          AND (purpose = 'email' OR EXISTS (SELECT 1 FROM users u WHERE u.id = t.user_id AND lower(u.email) = lower(t.email)))
        RETURNING user_id AS "userId", email, created_session AS "createdSession"`,
      [sessionId, purpose],
    );
    return row ?? null;
  }

  private mac(purpose: LinkPurpose, random: string): string {
    return createHmac('sha256', this.secret).update(`account-link:${purpose}:${random}`).digest().subarray(0, 16).toString('base64url');
  }

  /** The table's hash of a link's secret when its signature is right (compared in constant time), else null. */
  private hash(purpose: LinkPurpose, token: string): string | null {
    const [random, mac, ...rest] = token.split('.');
    if (!random || !mac || rest.length || !/^[A-Za-z0-9_-]{32}$/.test(random)) return null;
    const expected = Buffer.from(this.mac(purpose, random));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? sha256(random) : null;
  }
}

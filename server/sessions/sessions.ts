/**
 * Visitor sessions and the site token (spec §3 `_token`).
 *
 * The cookie holds a random session id, signed. The site token is derived from it with an HMAC, so it
 * needs no storage and every pod that shares the secret checks it alike; a state-changing call must
 * present it (CSRF: another origin can make the browser send the cookie, but cannot read the token).
 * The session row is written only when the visitor first has state (docs/decisions/003-sessions-and-site-token.md).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db, Queryable } from '../db/index.ts';

export interface SessionSnapshot {
  userId: number | null;
  cartCount: number;
  compareCount: number;
  /** The products in the compare list, oldest first: every product card shows whether it is in it. */
  compared: number[];
}

export const EMPTY_SNAPSHOT: SessionSnapshot = { userId: null, cartCount: 0, compareCount: 0, compared: [] };

export function newSessionId(): string {
  return randomBytes(24).toString('base64url');
}

export function isSessionId(value: string): boolean {
  return /^[A-Za-z0-9_-]{32}$/.test(value);
}

/** The secret from the environment, else one generated once and kept in the database for every pod. */
export async function loadSessionSecret(db: Db, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  await db.query(`INSERT INTO app_secrets (name, value) VALUES ('session', $1) ON CONFLICT (name) DO NOTHING`, [
    randomBytes(32).toString('base64url'),
  ]);
  const [row] = await db.query<{ value: string }>(`SELECT value FROM app_secrets WHERE name = 'session'`);
  return row!.value;
}

export class SessionService {
  constructor(
    private readonly db: Queryable,
    private readonly secret: string,
    /** The price list a site sells from (the sites config): the cart counter counts what the site sells. */
    private readonly priceListOf: (siteId: string) => string | undefined,
  ) {}

  tokenFor(sessionId: string): string {
    return createHmac('sha256', this.secret)
      .update('site-token:' + sessionId)
      .digest('base64url');
  }

  verifyToken(sessionId: string, token: string): boolean {
    const expected = Buffer.from(this.tokenFor(sessionId));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /**
   * The signed-in user, the counters a page header shows and the compare list, in one query (every page of a
   * returning visitor runs it). Most returning visitors have no session row (no state yet): for them this is one
   * primary-key lookup; the rest is read only for a row that exists.
   * The cart counter counts the cart's lines the site sells (view cart_lines, the one cart read of decision 031): a
   * product taken off sale is not counted, as it is not charged.
   */
  async snapshot(sessionId: string, siteId: string): Promise<SessionSnapshot> {
    const [session] = await this.db.query<Omit<SessionSnapshot, 'compareCount'>>(
      `SELECT CASE WHEN s.signed_in_until > now() THEN s.user_id END AS "userId",
              (SELECT count(*)::int FROM cart_lines l
                WHERE l.session_id = s.id AND l.site = $2 AND l.price_list = $3 AND l.sold) AS "cartCount",
              coalesce((SELECT array_agg(c.product_id ORDER BY c.added_at, c.product_id)
                          FROM compare_items c WHERE c.session_id = s.id), '{}') AS compared
         FROM sessions s WHERE s.id = $1 AND s.expires_at > now()`,
      [sessionId, siteId, this.priceListOf(siteId) ?? null],
    );
    return session ? { ...session, compareCount: session.compared.length } : EMPTY_SNAPSHOT;
  }

  /**
   * Makes sure the session row exists (before the visitor's first stored state). Inside a transaction (`tx`) the
   * upsert also locks the row until it ends, so one visitor's changes run one after another (compare cap, cart).
   */
  async ensureRow(sessionId: string, tx: Queryable = this.db): Promise<void> {
    await tx.query(`INSERT INTO sessions (id) VALUES ($1) ON CONFLICT (id) DO UPDATE SET last_seen_at = now()`, [sessionId]);
  }
}

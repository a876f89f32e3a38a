/**
 * Accounts (docs/decisions/026-accounts.md): registration, what the mailed links do (e-mail confirmation, password
 * reset, e-mail change — the links themselves are links.ts), and the personal area's changes. One account serves
 * every regional site.
 *
 * No account enumeration: registering a taken e-mail answers exactly as a new one (same work — a password hash —
 * and the same redirect); the address's owner gets a mail saying so. "Forgot password" answers alike for any address.
 * Limits are policies of the one rate limiter (server/limits/): registrations and reset requests per client address,
 * mails per recipient address, current-password checks per account.
 */

import type { Site } from '../../shared/sites.ts';
import type { Db, Queryable } from '../db/index.ts';
import { addressKey, type Claim, limits, POLICIES } from '../limits/index.ts';
import type { AccountMessage, MailContext, Mailer } from '../mail/index.ts';

export type { MailContext };

import { anonymiseOrders } from './account-merge.ts';
import type { AuthService } from './auth.ts';
import { AccountLinks, type LinkPurpose, type LinkState, type OpenedLink, RESET_LINK_MINUTES } from './links.ts';
import { passwordProblem } from './password-rule.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

/** Registrations per client address per hour (a flood is refused with 429; shoppers behind one NAT still fit). */
export const REGISTER_PER_ADDRESS_PER_HOUR = POLICIES['register.address'].max;
/** Reset requests per client address per hour. */
export const FORGOT_PER_ADDRESS_PER_HOUR = POLICIES['reset.address'].max;
/** Mails of one kind to one recipient per hour (nobody can flood someone's mailbox through our forms). */
export const MAILS_PER_RECIPIENT_PER_HOUR = POLICIES['account-mail.recipient'].max;

export interface Account {
  id: number;
  email: string;
  name: string;
  /** E.164, or null. */
  phone: string | null;
  confirmed: boolean;
  marketing: boolean;
}

/** Every purpose of a mailed link: what a password change, a reset or an e-mail change voids. */
const ALL_LINKS: readonly LinkPurpose[] = ['confirm', 'reset', 'email'];

/** How long after a reset request's answer its link is sent (the answer has left by then, in practice). */
const RESET_SEND_DELAY_MS = 50;

export type Limited = { ok: false; reason: 'rate_limited'; retryAfterSeconds: number };

/** A refused claim as the answer that says so; null when the claim was allowed. */
const limited = (claim: Claim): Limited | null =>
  claim.allowed ? null : { ok: false, reason: 'rate_limited', retryAfterSeconds: claim.retryAfterSeconds };

export class AccountService {
  private readonly links: AccountLinks;

  constructor(
    private readonly db: Db,
    secret: string,
    private readonly auth: AuthService,
    private readonly mailer: Mailer,
    /** The configured site of an id (reset requests are stored by site id and mailed later). */
    private readonly siteById: (id: string) => Site | undefined = () => undefined,
    private readonly log?: { error(obj: object, msg: string): void },
  ) {
    this.links = new AccountLinks(db, secret);
  }

  /**
   * Whether a reset request is followed, shortly after the answer, by sending its link (sendResetLinks). Tests turn it
   * off to look at the queue first and send themselves.
   */
  sendResetLinksAfterAnswer = true;
  private resetLinksScheduled = false;

  /** Queues a mail unless the recipient had MAILS_PER_RECIPIENT_PER_HOUR of this kind in the last hour. */
  private async mail(tx: Queryable, message: AccountMessage): Promise<boolean> {
    const kind = message.kind.slice('account.'.length);
    const to = message.to;
    if (!(await limits.claim(tx, 'account-mail.recipient', `${kind} ${to.toLowerCase()}`)).allowed) return false;
    await this.mailer.enqueue(tx, message);
    return true;
  }

  /** A link opened in the browser (links.ts): bound to the session when genuine; its state either way. */
  openLink(purpose: LinkPurpose, token: string, sessionId: string): Promise<LinkState> {
    return this.links.open(purpose, token, sessionId);
  }

  /** The link of `purpose` this session opened last (within the hour), or null. */
  openedLink(purpose: LinkPurpose, sessionId: string): Promise<OpenedLink | null> {
    return this.links.opened(purpose, sessionId);
  }

  // ---- registration -------------------------------------------------------------------------------------------

  /**
   * Registers an account — or, when the e-mail is taken, mails its owner instead. The caller answers both alike.
   * Refused only by the per-address limit (before any work).
   */
  async register(
    input: { name: string; email: string; phone: string | null; password: string; marketing: boolean },
    visitor: { ip: string; sessionId: string },
    ctx: MailContext,
  ): Promise<{ ok: true } | Limited> {
    const refused = limited(await limits.claim(this.db, 'register.address', addressKey(visitor.ip)));
    if (refused) return refused;
    // Hashed whether or not the address is taken: both answers take the same time.
    const hash = await hashPassword(input.password);
    await this.db.transaction(async (tx) => {
      const [created] = await tx.query<{ id: number }>(
        `INSERT INTO users (email, name, phone, password_hash, pd_consent_at, marketing_consent, marketing_consent_at, site, language)
         VALUES ($1, $2, $3, $4, now(), $5, CASE WHEN $5 THEN now() END, $6, $7)
         ON CONFLICT (lower(email)) DO NOTHING RETURNING id`,
        [input.email, input.name, input.phone, hash, input.marketing, ctx.site.id, ctx.language],
      );
      if (created) {
        const token = await this.links.issue(tx, {
          userId: created.id,
          purpose: 'confirm',
          email: input.email,
          site: ctx.site.id,
          sessionId: visitor.sessionId,
        });
        await this.mail(tx, { kind: 'account.confirm', to: input.email, ...ctx, data: { name: input.name, token } });
      } else {
        await this.mail(tx, { kind: 'account.registeredAgain', to: input.email, ...ctx, data: {} });
      }
    });
    return { ok: true };
  }

  /** Mails a new confirmation link to a signed-in account whose e-mail is not confirmed. */
  async resendConfirmation(userId: number, sessionId: string, ctx: MailContext): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [user] = await tx.query<{ email: string; name: string }>(
        'SELECT email, name FROM users WHERE id = $1 AND email_confirmed_at IS NULL',
        [userId],
      );
      if (!user) return false;
      if (!(await limits.claim(tx, 'account-mail.recipient', `confirm ${user.email.toLowerCase()}`)).allowed) return false;
      const token = await this.links.issue(tx, { userId, purpose: 'confirm', email: user.email, site: ctx.site.id, sessionId });
      await this.mailer.enqueue(tx, { kind: 'account.confirm', to: user.email, ...ctx, data: { name: user.name, token } });
      return true;
    });
  }

  /**
   * Uses the session's confirmation (or e-mail change) link: the address is confirmed (and, for a change, becomes the
   * account's). The visitor is signed in when this same browser asked for the link (registration or change in this
   * session), or is already signed in as the account: the session rotates either way then, and the guest orders
   * placed with the address attach — the mailbox's owner and the password's holder are proven one person.
   * A link opened anywhere else confirms without signing in (nobody gets signed into an account they did not make),
   * and, since whoever registered may not own the mailbox (decision 034: someone pre-registering a victim's address),
   * it ends every session of the account and holds the guest orders back until a password is set by a reset link.
   * An e-mail change that takes effect voids the account's other unused links.
   */
  async confirm(
    purpose: 'confirm' | 'email',
    sessionId: string,
    currentUserId: number | null,
  ): Promise<{ ok: true; sessionId: string | null; held: boolean } | { ok: false; reason: 'invalid' | 'taken' }> {
    return this.db.transaction(async (tx) => {
      const link = await this.links.use(tx, purpose, sessionId);
      if (!link) return { ok: false, reason: 'invalid' } as const;
      if (purpose === 'email') {
        const [taken] = await tx.query('SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2', [link.email, link.userId]);
        if (taken) return { ok: false, reason: 'taken' } as const;
        await tx.query('UPDATE users SET email = $1, email_confirmed_at = now() WHERE id = $2', [link.email, link.userId]);
        await this.links.void(tx, link.userId, ALL_LINKS);
      } else {
        const updated = await tx.query(
          'UPDATE users SET email_confirmed_at = coalesce(email_confirmed_at, now()) WHERE id = $1 AND lower(email) = lower($2) RETURNING id',
          [link.userId, link.email],
        );
        if (!updated.length) return { ok: false, reason: 'invalid' } as const;
      }
      const holder = currentUserId === link.userId || (currentUserId === null && link.createdSession === sessionId);
      if (!holder) {
        await tx.query('UPDATE users SET guest_orders_held = true WHERE id = $1', [link.userId]);
        await this.signOutSessions(tx, link.userId, sessionId);
        return { ok: true, sessionId: null, held: true } as const;
      }
      // Signing in attaches the guest orders (auth.ts rotateSession), unless an earlier confirmation held them back.
      return { ok: true, sessionId: await this.auth.rotateSession(sessionId, link.userId, tx), held: false } as const;
    });
  }

  // ---- password reset -----------------------------------------------------------------------------------------

  /**
   * Records a reset request; the caller answers alike for any address. Before the answer every address costs the
   * same work — the per-address limit and one insert of the same shape — so neither the answer nor its time tells
   * whether an account exists; whether there is one, the link and the mail are sendResetLinks' work, after it.
   */
  async requestReset(email: string, visitor: { ip: string }, ctx: MailContext): Promise<{ ok: true } | Limited> {
    const refused = limited(await limits.claim(this.db, 'reset.address', addressKey(visitor.ip)));
    if (refused) return refused;
    await this.db.query('INSERT INTO reset_requests (email, site, language) VALUES ($1, $2, $3)', [email, ctx.site.id, ctx.language]);
    if (this.sendResetLinksAfterAnswer) this.scheduleResetLinks();
    return { ok: true };
  }

  /** Sends the queued requests' links once the current answer has gone (a timer, not the request's own work). */
  private scheduleResetLinks(): void {
    if (this.resetLinksScheduled) return;
    this.resetLinksScheduled = true;
    setTimeout(() => {
      this.resetLinksScheduled = false;
      this.sendResetLinks().catch((err) => this.log?.error({ err }, 'reset requests not handled (they stay queued)'));
    }, RESET_SEND_DELAY_MS).unref();
  }

  /**
   * Handles the queued reset requests, one transaction each (a request is taken by one pod only: SKIP LOCKED): an
   * address with an account gets a link, within the per-recipient mail limit; any other request just goes. A request
   * older than a reset link's lifetime goes unanswered (nobody waits for it any more). Returns how many were handled.
   */
  async sendResetLinks(): Promise<number> {
    let handled = 0;
    for (;;) {
      const took = await this.db.transaction(async (tx) => {
        const [request] = await tx.query<{ email: string; site: string; language: MailContext['language']; fresh: boolean }>(
          `DELETE FROM reset_requests
            WHERE id = (SELECT id FROM reset_requests ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
            RETURNING email, site, language, created_at > now() - make_interval(mins => ${RESET_LINK_MINUTES}) AS fresh`,
        );
        if (!request) return false;
        const site = this.siteById(request.site);
        if (!site || !request.fresh) return true;
        const [user] = await tx.query<{ id: number; email: string }>('SELECT id, email FROM users WHERE lower(email) = lower($1)', [
          request.email,
        ]);
        if (!user) return true;
        if (!(await limits.claim(tx, 'account-mail.recipient', `reset ${user.email.toLowerCase()}`)).allowed) return true;
        const ctx: MailContext = { site, language: request.language };
        const token = await this.links.issue(tx, { userId: user.id, purpose: 'reset', email: user.email, site: site.id, sessionId: null });
        await this.mailer.enqueue(tx, { kind: 'account.reset', to: user.email, ...ctx, data: { token } });
        return true;
      });
      if (!took) return handled;
      handled++;
    }
  }

  /**
   * Sets a new password through the session's opened reset link: every session of the account is signed out (their
   * orders detached), every unused link of the account stops working, the visitor is signed in on a new session
   * (returned). The link proves the mailbox, so the e-mail counts as confirmed, and the new password is the mailbox
   * owner's: guest orders held back by a confirmation from elsewhere attach now (decision 034).
   */
  async resetPassword(
    sessionId: string,
    password: string,
    ctx: MailContext,
  ): Promise<{ ok: true; sessionId: string } | { ok: false; problem?: string }> {
    // The one password rule (passwords.ts), with the address the link was mailed to: the account's e-mail.
    const problem = passwordProblem(password, (await this.links.openedAddress('reset', sessionId)) ?? '');
    if (problem) return { ok: false, problem };
    const hash = await hashPassword(password);
    return this.db.transaction(async (tx) => {
      const link = await this.links.use(tx, 'reset', sessionId);
      if (!link) return { ok: false } as const;
      await tx.query(
        'UPDATE users SET password_hash = $1, email_confirmed_at = coalesce(email_confirmed_at, now()), guest_orders_held = false WHERE id = $2',
        [hash, link.userId],
      );
      await this.links.void(tx, link.userId, ALL_LINKS);
      await this.signOutSessions(tx, link.userId, sessionId);
      await this.mailer.enqueue(tx, { kind: 'account.passwordChanged', to: link.email, ...ctx, data: {} });
      return { ok: true, sessionId: await this.auth.rotateSession(sessionId, link.userId, tx) } as const;
    });
  }

  /**
   * Every other session of the account stops being signed in: they keep their anonymous carts, but no order stays
   * tied to them (decision 034: whoever uses that device next reads none; the account sees its own when signed in).
   */
  private async signOutSessions(tx: Queryable, userId: number, exceptSessionId: string): Promise<void> {
    const ended = (
      await tx.query<{ id: string }>('UPDATE sessions SET user_id = NULL WHERE user_id = $1 AND id <> $2 RETURNING id', [
        userId,
        exceptSessionId,
      ])
    ).map((r) => r.id);
    if (ended.length) await tx.query('UPDATE orders SET session_id = NULL WHERE session_id = ANY($1::text[])', [ended]);
  }

  // ---- the personal area --------------------------------------------------------------------------------------

  async find(userId: number): Promise<Account | undefined> {
    const [row] = await this.db.query<Account>(
      `SELECT id, email, name, phone, email_confirmed_at IS NOT NULL AS confirmed, marketing_consent AS marketing
         FROM users WHERE id = $1`,
      [userId],
    );
    return row;
  }

  async updateProfile(userId: number, profile: { name: string; phone: string | null }): Promise<void> {
    await this.db.query('UPDATE users SET name = $1, phone = $2 WHERE id = $3', [profile.name, profile.phone, userId]);
  }

  async setMarketing(userId: number, on: boolean): Promise<void> {
    await this.db.query(
      `UPDATE users SET marketing_consent = $1, marketing_consent_at = CASE WHEN $1 THEN now() ELSE marketing_consent_at END WHERE id = $2`,
      [on, userId],
    );
  }

  /** The current password, checked under a per-account limit (10 tries an hour), so a left-open session cannot guess it. */
  private async checkPassword(userId: number, password: string): Promise<'ok' | 'wrong' | Limited> {
    const refused = limited(await limits.claim(this.db, 'password.account', String(userId)));
    if (refused) return refused;
    const [row] = await this.db.query<{ password_hash: string | null }>('SELECT password_hash FROM users WHERE id = $1', [userId]);
    return row?.password_hash && (await verifyPassword(password, row.password_hash)) ? 'ok' : 'wrong';
  }

  /**
   * A new password: the other sessions are signed out (their orders detached), every unused link of the account stops
   * working (a reset link mailed before must not undo it), this session rotates (the new id is returned).
   */
  async changePassword(
    userId: number,
    sessionId: string,
    current: string,
    next: string,
    ctx: MailContext,
  ): Promise<{ ok: true; sessionId: string } | { ok: false; reason: 'wrong' } | Limited> {
    const checked = await this.checkPassword(userId, current);
    if (checked !== 'ok') return checked === 'wrong' ? { ok: false, reason: 'wrong' } : checked;
    const hash = await hashPassword(next);
    return this.db.transaction(async (tx) => {
      const [user] = await tx.query<{ email: string }>('UPDATE users SET password_hash = $1 WHERE id = $2 RETURNING email', [hash, userId]);
      await this.links.void(tx, userId, ALL_LINKS);
      await this.signOutSessions(tx, userId, sessionId);
      await this.mailer.enqueue(tx, { kind: 'account.passwordChanged', to: user!.email, ...ctx, data: {} });
      return { ok: true, sessionId: await this.auth.rotateSession(sessionId, userId, tx) } as const;
    });
  }

  /**
   * Asks to change the e-mail: a link to the new address (it becomes the account's once used), a notice to the old
   * one. An address that has another account gets a mail saying so instead; the answer is the same.
   */
  async requestEmailChange(
    userId: number,
    sessionId: string,
    password: string,
    email: string,
    ctx: MailContext,
  ): Promise<{ ok: true } | { ok: false; reason: 'wrong' | 'same' } | Limited> {
    const checked = await this.checkPassword(userId, password);
    if (checked !== 'ok') return checked === 'wrong' ? { ok: false, reason: 'wrong' } : checked;
    return this.db.transaction(async (tx) => {
      const [user] = await tx.query<{ email: string; name: string }>('SELECT email, name FROM users WHERE id = $1', [userId]);
      if (user!.email.toLowerCase() === email.toLowerCase()) return { ok: false, reason: 'same' } as const;
      const [taken] = await tx.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [email]);
      if (taken) {
        await this.mail(tx, { kind: 'account.registeredAgain', to: email, ...ctx, data: {} });
      } else {
        const token = await this.links.issue(tx, { userId, purpose: 'email', email, site: ctx.site.id, sessionId });
        await this.mail(tx, { kind: 'account.emailChange', to: email, ...ctx, data: { name: user!.name, token } });
      }
      await this.mail(tx, { kind: 'account.emailChangeNotice', to: user!.email, ...ctx, data: { email } });
      return { ok: true } as const;
    });
  }

  /** Signs out every session of the account; this visitor continues on a new anonymous session (returned). */
  async signOutEverywhere(userId: number, sessionId: string): Promise<string> {
    return this.db.transaction(async (tx) => {
      await this.signOutSessions(tx, userId, sessionId);
      return this.auth.rotateSession(sessionId, null, tx);
    });
  }

  /**
   * Deletes the account: its orders stay, anonymised (accounting records); its other sessions end; addresses, records
   * and links go with it. The visitor continues on a new anonymous session (returned). A goodbye mail is queued.
   */
  async deleteAccount(
    userId: number,
    sessionId: string,
    password: string,
    ctx: MailContext,
  ): Promise<{ ok: true; sessionId: string } | { ok: false; reason: 'wrong' } | Limited> {
    const checked = await this.checkPassword(userId, password);
    if (checked !== 'ok') return checked === 'wrong' ? { ok: false, reason: 'wrong' } : checked;
    return this.db.transaction(async (tx) => {
      const [user] = await tx.query<{ email: string }>('SELECT email FROM users WHERE id = $1 FOR UPDATE', [userId]);
      await anonymiseOrders(tx, userId);
      await tx.query('DELETE FROM sessions WHERE user_id = $1 AND id <> $2', [userId, sessionId]);
      const newSession = await this.auth.rotateSession(sessionId, null, tx);
      await tx.query('DELETE FROM users WHERE id = $1', [userId]);
      await this.mailer.forget(tx, user!.email); // its mail, queued and sent (decision 037); the goodbye below still goes
      await this.mailer.enqueue(tx, { kind: 'account.deleted', to: user!.email, ...ctx, data: {} });
      return { ok: true, sessionId: newSession } as const;
    });
  }
}

/**
 * The shop's staff: members, their sign-in with a password and a second factor, and their sessions (issue 21,
 * docs/decisions/049-back-office.md). Separate from shoppers' accounts in every table.
 *
 * Sign-in is two steps. The password (scrypt through the one hash queue, rate-limited per address and per e-mail and
 * address pair like a shopper's) opens a session row in stage 'second_factor' — or 'enrol' for a member without an
 * authenticator, who is shown a new secret — that lives SECOND_FACTOR_MINUTES. A TOTP code (or a recovery code, each
 * good once) turns it into an 'active' session under a new id. Wrong codes count against the member in the one
 * limiter ('staff.code'): five in fifteen minutes lock the member's second step, from any address.
 *
 * Sessions are short (ACTIVE_HOURS at most, IDLE_MINUTES without a request) and carry the member's `epoch`: a change
 * of role, scope or password, or disabling, raises the epoch and deletes the member's sessions, so what a session
 * could do leaves with the privilege. The cookie holds a random id; the table keeps only its SHA-256.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { HashQueueBusy, hashPassword, hashQueue, verifyPassword } from '../accounts/index.ts';
import { type AuditActor, recordAudit } from '../audit/index.ts';
import type { Db, Queryable } from '../db/index.ts';
import { addressKey, limits } from '../limits/index.ts';
import type { StaffRole } from './roles.ts';
import { newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpStep } from './totp.ts';

export const ACTIVE_HOURS = 10;
export const IDLE_MINUTES = 60;
export const SECOND_FACTOR_MINUTES = 5;
/** Length of a generated first password (the member may keep it in a password manager). */
const GENERATED_PASSWORD_BYTES = 15;

export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  /** null: every site. */
  sites: string[] | null;
  hasTotp: boolean;
  disabled: boolean;
  createdAt: string;
}

export interface StaffSession {
  member: StaffMember;
  stage: 'second_factor' | 'enrol' | 'active';
  pendingSecret: string | null;
}

export type SignInResult =
  | { ok: true; sessionId: string; stage: 'second_factor' | 'enrol' }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'rate_limited' | 'busy'; retryAfterSeconds: number };

export type CodeResult =
  | { ok: true; sessionId: string; recoveryCodes?: string[]; usedRecoveryCode?: boolean }
  | { ok: false; reason: 'invalid' | 'expired' }
  | { ok: false; reason: 'locked'; retryAfterSeconds: number };

const idHash = (sessionId: string) => createHash('sha256').update(sessionId).digest('hex');
const newStaffSessionId = () => randomBytes(32).toString('base64url');
export const isStaffSessionId = (value: string) => /^[A-Za-z0-9_-]{43}$/.test(value);

const MEMBER_COLUMNS = `m.id, m.email, m.name, m.role, m.sites, m.totp_secret IS NOT NULL AS "hasTotp", m.disabled,
  to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"`;

export class StaffError extends Error {
  constructor(
    readonly code: 'email_taken' | 'not_found' | 'last_owner',
    message: string,
  ) {
    super(message);
  }
}

export class StaffService {
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly db: Db,
    private readonly secret: string,
    /** The clock, in ms (tests fix it for TOTP). */
    private readonly now: () => number = Date.now,
  ) {}

  /** The form token of a staff session (CSRF): derived from the session id, nothing stored. */
  tokenFor(sessionId: string): string {
    return createHmac('sha256', this.secret)
      .update('staff-token:' + sessionId)
      .digest('base64url');
  }

  verifyToken(sessionId: string, token: string): boolean {
    const expected = Buffer.from(this.tokenFor(sessionId));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  // ---- members -----------------------------------------------------------------------------------------------

  async list(): Promise<StaffMember[]> {
    return this.db.query<StaffMember>(`SELECT ${MEMBER_COLUMNS} FROM staff_members m ORDER BY m.disabled, lower(m.email)`);
  }

  async find(id: number): Promise<StaffMember | undefined> {
    const [row] = await this.db.query<StaffMember>(`SELECT ${MEMBER_COLUMNS} FROM staff_members m WHERE m.id = $1`, [id]);
    return row;
  }

  /**
   * Adds a member with a generated first password, returned once (the CLI prints it, the staff page shows it).
   * The member enrols an authenticator at the first sign-in.
   */
  async add(
    input: { email: string; name?: string; role: StaffRole; sites: string[] | null },
    actor: AuditActor,
  ): Promise<{ member: StaffMember; password: string }> {
    const password = randomBytes(GENERATED_PASSWORD_BYTES).toString('base64url');
    const hash = await hashPassword(password);
    const member = await this.db.transaction(async (tx) => {
      const [taken] = await tx.query('SELECT 1 FROM staff_members WHERE lower(email) = lower($1)', [input.email]);
      if (taken) throw new StaffError('email_taken', `A staff member with the e-mail ${input.email} exists`);
      const [row] = await tx.query<{ id: number }>(
        'INSERT INTO staff_members (email, name, role, sites, password_hash) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [input.email.trim(), input.name?.trim() ?? '', input.role, input.sites, hash],
      );
      const after = { email: input.email.trim(), role: input.role, sites: input.sites };
      await recordAudit(tx, actor, { action: 'staff.add', entity: 'staff', entityId: String(row!.id), site: null, before: null, after });
      return row!.id;
    });
    return { member: (await this.find(member))!, password };
  }

  /**
   * A new role, scope or disabled flag: the epoch rises and every session of the member ends (privilege changes never
   * leave a session with more than it should have). The last enabled owner cannot stop being one.
   */
  async update(
    id: number,
    change: { role: StaffRole; sites: string[] | null; disabled: boolean },
    actor: AuditActor,
  ): Promise<StaffMember> {
    await this.db.transaction(async (tx) => {
      // Owners locked in id order: two owners demoting each other at once cannot both succeed.
      await tx.query(`SELECT id FROM staff_members WHERE role = 'owner' ORDER BY id FOR UPDATE`);
      const [before] = await tx.query<{ role: StaffRole; sites: string[] | null; disabled: boolean }>(
        'SELECT role, sites, disabled FROM staff_members WHERE id = $1 FOR UPDATE',
        [id],
      );
      if (!before) throw new StaffError('not_found', `No staff member ${id}`);
      const losesOwner = before.role === 'owner' && !before.disabled && (change.role !== 'owner' || change.disabled);
      if (losesOwner) {
        const [others] = await tx.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM staff_members WHERE role = 'owner' AND NOT disabled AND id <> $1`,
          [id],
        );
        if (others!.n === 0) throw new StaffError('last_owner', 'The shop needs at least one owner who can sign in');
      }
      await tx.query('UPDATE staff_members SET role = $2, sites = $3, disabled = $4, epoch = epoch + 1 WHERE id = $1', [
        id,
        change.role,
        change.sites,
        change.disabled,
      ]);
      await tx.query('DELETE FROM staff_sessions WHERE staff_id = $1', [id]);
      await recordAudit(tx, actor, { action: 'staff.update', entity: 'staff', entityId: String(id), site: null, before, after: change });
    });
    return (await this.find(id))!;
  }

  /**
   * A new generated password (and, when asked, a new authenticator at the next sign-in): the member's sessions end.
   * Returns the password once.
   */
  async resetCredentials(id: number, opts: { totp: boolean }, actor: AuditActor): Promise<string> {
    const password = randomBytes(GENERATED_PASSWORD_BYTES).toString('base64url');
    const hash = await hashPassword(password);
    await this.db.transaction(async (tx) => {
      const [row] = await tx.query(
        `UPDATE staff_members SET password_hash = $2, epoch = epoch + 1,
                totp_secret = CASE WHEN $3 THEN NULL ELSE totp_secret END WHERE id = $1 RETURNING id`,
        [id, hash, opts.totp],
      );
      if (!row) throw new StaffError('not_found', `No staff member ${id}`);
      if (opts.totp) await tx.query('DELETE FROM staff_recovery_codes WHERE staff_id = $1', [id]);
      await tx.query('DELETE FROM staff_sessions WHERE staff_id = $1', [id]);
      await recordAudit(tx, actor, {
        action: 'staff.credentials',
        entity: 'staff',
        entityId: String(id),
        site: null,
        before: null,
        after: { password: 'reset', totp: opts.totp ? 'reset' : 'kept' },
      });
    });
    return password;
  }

  // ---- sign-in -----------------------------------------------------------------------------------------------

  async signIn(email: string, password: string, ip: string, signal?: AbortSignal): Promise<SignInResult> {
    const address = addressKey(ip);
    const pairKey = `${email.toLowerCase()} ${address}`;
    if (!hashQueue.admits(address)) return { ok: false, reason: 'busy', retryAfterSeconds: hashQueue.retryAfterSeconds() };
    const byAddress = await limits.claim(this.db, 'staff.signin.address', address);
    const claim = byAddress.allowed ? await limits.claim(this.db, 'staff.signin.pair', pairKey) : byAddress;
    if (!claim.allowed) return { ok: false, reason: 'rate_limited', retryAfterSeconds: claim.retryAfterSeconds };
    const [member] = await this.db.query<{ id: number; email: string; epoch: number; password_hash: string; totp_secret: string | null }>(
      'SELECT id, email, epoch, password_hash, totp_secret FROM staff_members WHERE lower(email) = lower($1) AND NOT disabled',
      [email],
    );
    this.dummyHash ??= hashPassword(randomBytes(12).toString('hex'));
    let valid: boolean;
    try {
      valid = await verifyPassword(password, member?.password_hash ?? (await this.dummyHash), { client: address, signal });
    } catch (error) {
      if (!(error instanceof HashQueueBusy)) throw error;
      await limits.release(this.db, 'staff.signin.address', address);
      await limits.release(this.db, 'staff.signin.pair', pairKey);
      return { ok: false, reason: 'busy', retryAfterSeconds: error.retryAfterSeconds };
    }
    if (!member || !valid) {
      await limits.settle(this.db, 'staff.signin.pair', pairKey);
      // A wrong password for a real member is the owner's business (someone is trying that account); one for an
      // address nobody has is noise an attacker could fill the log with, and the limiter already counts it.
      if (member) await signInAudit(this.db, member, 'staff.signin_failed', { ip, step: 'password' });
      return { ok: false, reason: 'invalid' };
    }
    await limits.clear(this.db, 'staff.signin.pair', pairKey);
    await limits.release(this.db, 'staff.signin.address', address);
    hashQueue.forgive(address);
    const stage = member.totp_secret ? 'second_factor' : 'enrol';
    const sessionId = newStaffSessionId();
    await this.db.query(
      `INSERT INTO staff_sessions (id_hash, staff_id, epoch, stage, pending_secret, expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(mins => ${SECOND_FACTOR_MINUTES}))`,
      [idHash(sessionId), member.id, member.epoch, stage, stage === 'enrol' ? newTotpSecret() : null],
    );
    return { ok: true, sessionId, stage };
  }

  /** The second step: a TOTP code or a recovery code, for a session in stage 'second_factor'. */
  async verifyCode(sessionId: string, code: string, ip: string): Promise<CodeResult> {
    return this.secondStep(sessionId, 'second_factor', code, ip);
  }

  /** Enrolment: the first code from the secret the member was shown confirms it; recovery codes are returned once. */
  async enrol(sessionId: string, code: string, ip: string): Promise<CodeResult> {
    return this.secondStep(sessionId, 'enrol', code, ip);
  }

  private async secondStep(sessionId: string, stage: 'second_factor' | 'enrol', rawCode: string, ip: string): Promise<CodeResult> {
    const code = rawCode.trim();
    const session = await this.read(sessionId);
    if (!session || session.stage !== stage) return { ok: false, reason: 'expired' };
    const key = String(session.member.id);
    const claim = await limits.claim(this.db, 'staff.code', key);
    if (!claim.allowed) {
      // One row per lockout, not per refused try: whoever holds the password must not be able to flood the log.
      const [logged] = await this.db.query(
        `SELECT 1 FROM staff_audit WHERE action = 'staff.signin_locked' AND entity = 'staff' AND entity_id = $1
            AND created_at > now() - make_interval(secs => $2)`,
        [key, claim.retryAfterSeconds + 1],
      );
      if (!logged) await signInAudit(this.db, session.member, 'staff.signin_locked', { ip, step: stage });
      return { ok: false, reason: 'locked', retryAfterSeconds: claim.retryAfterSeconds };
    }
    const result = await this.db.transaction(async (tx): Promise<CodeResult> => {
      const [member] = await tx.query<{ totp_secret: string | null; totp_last_step: string }>(
        'SELECT totp_secret, totp_last_step FROM staff_members WHERE id = $1 FOR UPDATE',
        [session.member.id],
      );
      const secret = stage === 'enrol' ? session.pendingSecret : member!.totp_secret;
      if (!secret) return { ok: false, reason: 'expired' };
      const step = totpStep(secret, code.replace(/\s/g, ''), this.now());
      let recoveryCodes: string[] | undefined;
      let usedRecoveryCode = false;
      // A member who has an authenticator already is never enrolled again by a password alone (another half-open
      // enrolment session, opened before the member enrolled, is stale now).
      if (stage === 'enrol' && member!.totp_secret !== null) return { ok: false, reason: 'expired' };
      if (step !== null && step > Number(member!.totp_last_step)) {
        if (stage === 'enrol') {
          recoveryCodes = newRecoveryCodes();
          // A new second factor is a privilege change: every other session of the member ends (the epoch rises).
          await tx.query('UPDATE staff_members SET totp_secret = $2, totp_last_step = $3, epoch = epoch + 1 WHERE id = $1', [
            session.member.id,
            secret,
            step,
          ]);
          await tx.query('UPDATE staff_sessions SET epoch = epoch + 1 WHERE id_hash = $1', [idHash(sessionId)]);
          await tx.query('DELETE FROM staff_sessions WHERE staff_id = $1 AND id_hash <> $2', [session.member.id, idHash(sessionId)]);
          await tx.query('DELETE FROM staff_recovery_codes WHERE staff_id = $1', [session.member.id]);
          await tx.query('INSERT INTO staff_recovery_codes (staff_id, code_hash) SELECT $1, h FROM unnest($2::text[]) AS h', [
            session.member.id,
            recoveryCodes.map(recoveryCodeHash),
          ]);
        } else {
          await tx.query('UPDATE staff_members SET totp_last_step = $2 WHERE id = $1', [session.member.id, step]);
        }
      } else if (stage === 'second_factor' && step === null) {
        const [used] = await tx.query(
          'UPDATE staff_recovery_codes SET used_at = now() WHERE staff_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING staff_id',
          [session.member.id, recoveryCodeHash(code)],
        );
        if (!used) return { ok: false, reason: 'invalid' };
        usedRecoveryCode = true;
      } else {
        return { ok: false, reason: 'invalid' };
      }
      const newId = await this.activate(tx, sessionId);
      const method = stage === 'enrol' ? 'enrolment' : usedRecoveryCode ? 'recovery_code' : 'totp';
      await signInAudit(tx, session.member, 'staff.signin', { ip, method });
      return { ok: true, sessionId: newId, recoveryCodes, usedRecoveryCode };
    });
    if (result.ok) await limits.clear(this.db, 'staff.code', key);
    else if (result.reason === 'invalid') await signInAudit(this.db, session.member, 'staff.signin_failed', { ip, step: stage });
    return result;
  }

  /** Replaces the half-open session by an active one under a new id (no fixation across the privilege change). */
  private async activate(tx: Queryable, oldId: string): Promise<string> {
    const newId = newStaffSessionId();
    await tx.query(
      `INSERT INTO staff_sessions (id_hash, staff_id, epoch, stage, expires_at)
       SELECT $2, staff_id, epoch, 'active', now() + make_interval(hours => ${ACTIVE_HOURS}) FROM staff_sessions WHERE id_hash = $1`,
      [idHash(oldId), idHash(newId)],
    );
    await tx.query('DELETE FROM staff_sessions WHERE id_hash = $1', [idHash(oldId)]);
    return newId;
  }

  /**
   * The session and its member, or undefined: unknown, expired, idle too long, opened under an older epoch, or the
   * member disabled. An active session's last-seen time is refreshed (at most once a minute).
   */
  async read(sessionId: string): Promise<StaffSession | undefined> {
    if (!isStaffSessionId(sessionId)) return undefined;
    const [row] = await this.db.query<StaffMember & { stage: StaffSession['stage']; pendingSecret: string | null; stale: boolean }>(
      `SELECT ${MEMBER_COLUMNS}, s.stage, s.pending_secret AS "pendingSecret",
              s.last_seen_at < now() - interval '1 minute' AS stale
         FROM staff_sessions s JOIN staff_members m ON m.id = s.staff_id
        WHERE s.id_hash = $1 AND s.expires_at > now() AND s.epoch = m.epoch AND NOT m.disabled
          AND (s.stage <> 'active' OR s.last_seen_at > now() - make_interval(mins => ${IDLE_MINUTES}))`,
      [idHash(sessionId)],
    );
    if (!row) return undefined;
    const { stage, pendingSecret, stale, ...member } = row;
    if (stale && stage === 'active')
      await this.db.query('UPDATE staff_sessions SET last_seen_at = now() WHERE id_hash = $1', [idHash(sessionId)]);
    return { member, stage, pendingSecret };
  }

  async signOut(sessionId: string, ip: string): Promise<void> {
    if (!isStaffSessionId(sessionId)) return;
    await this.db.transaction(async (tx) => {
      const [ended] = await tx.query<{ id: number; email: string }>(
        `DELETE FROM staff_sessions s USING staff_members m WHERE s.id_hash = $1 AND m.id = s.staff_id AND s.stage = 'active'
         RETURNING m.id, m.email`,
        [idHash(sessionId)],
      );
      await tx.query('DELETE FROM staff_sessions WHERE id_hash = $1', [idHash(sessionId)]);
      if (ended) await signInAudit(tx, ended, 'staff.signout', { ip });
    });
  }

  /** Housekeeping: sessions past their time go. */
  async purge(): Promise<number> {
    const rows = await this.db.query('DELETE FROM staff_sessions WHERE expires_at < now() RETURNING staff_id');
    return rows.length;
  }
}

/**
 * The sign-in trail in the audit log (who, when, from where, how): a completed sign-in with its second factor, a wrong
 * password or code for a real member, a locked second step, a sign-out. An owner reads it at /staff/audit like every
 * other change; the member is both the actor and the entity.
 */
function signInAudit(
  q: Queryable,
  member: { id: number; email: string },
  action: 'staff.signin' | 'staff.signin_failed' | 'staff.signin_locked' | 'staff.signout',
  detail: Record<string, string>,
): Promise<void> {
  return recordAudit(q, member, { action, entity: 'staff', entityId: String(member.id), site: null, before: null, after: detail });
}

/**
 * The anti-robot stamp a public form carries (decision 027): when the form was shown, signed with the session secret
 * so that a robot cannot backdate it. A submission sooner than MIN_FILL_MS after it, or later than MAX_FORM_AGE_MS,
 * is refused.
 *
 * Bound and single use (issue 18, item 11): the signature covers the visitor's session id, so a stamp works only in
 * the session the form was shown to; and a stored submission spends its stamp (spendStamp, in the storing
 * transaction), so one stamp stores one submission — a second post with it, however quick, is refused.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { type FormKind, MAX_FORM_AGE_MS, MIN_FILL_MS } from '../../shared/forms.ts';
import type { Queryable } from '../db/index.ts';

export type StampCheck = 'ok' | 'tooFast' | 'expired' | 'invalid';

const STAMP = /^(\d{13})\.([\w-]{43})$/;

export class FormStamps {
  constructor(private readonly secret: string) {}

  /** The stamp a form shown to session `sessionId` carries: when it was shown, signed. */
  stamp(form: FormKind, sessionId: string, nowMs: number = Date.now()): string {
    return `${nowMs}.${this.sign(form, sessionId, nowMs)}`;
  }

  /** Whether `value` is a stamp of this form shown to this session, neither too fresh nor too old. */
  check(form: FormKind, sessionId: string, value: string | undefined, nowMs: number = Date.now()): StampCheck {
    const m = STAMP.exec(value ?? '');
    if (!m) return 'invalid';
    const shown = Number(m[1]);
    const expected = Buffer.from(this.sign(form, sessionId, shown));
    const given = Buffer.from(m[2]!);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    if (nowMs - shown < MIN_FILL_MS) return 'tooFast';
    if (nowMs - shown > MAX_FORM_AGE_MS) return 'expired';
    return 'ok';
  }

  private sign(form: FormKind, sessionId: string, ms: number): string {
    // The session id is the last part: it is the only part of variable length and the only one a visitor chooses.
    return createHmac('sha256', this.secret).update(`form-stamp:${form}:${ms}:${sessionId}`).digest('base64url');
  }
}

/**
 * Spends a checked stamp in the transaction that stores its submission: true the first time, false when a
 * submission already used it. The insert's unique key makes parallel posts with one stamp wait for each other:
 * exactly one of them stores. Kept until the stamp expires anyway (purgeSpentStamps).
 */
export async function spendStamp(tx: Queryable, stamp: string): Promise<boolean> {
  const shown = Number(STAMP.exec(stamp)?.[1]);
  if (!Number.isFinite(shown)) return false;
  const rows = await tx.query(
    `INSERT INTO form_stamps_used (digest, expires_at) VALUES ($1, to_timestamp($2::float8 / 1000))
     ON CONFLICT (digest) DO NOTHING RETURNING digest`,
    [stampDigest(stamp), shown + MAX_FORM_AGE_MS],
  );
  return rows.length === 1;
}

/** Gives a spent stamp back: its submission was not stored after all (the rate limit refused it). */
export async function refundStamp(tx: Queryable, stamp: string): Promise<void> {
  await tx.query('DELETE FROM form_stamps_used WHERE digest = $1', [stampDigest(stamp)]);
}

/** Deletes the records of stamps past their age, refused as expired anyway (housekeeping); returns how many. */
export async function purgeSpentStamps(db: Queryable): Promise<number> {
  const rows = await db.query('DELETE FROM form_stamps_used WHERE expires_at < now() RETURNING digest');
  return rows.length;
}

function stampDigest(stamp: string): string {
  return createHash('sha256').update(stamp).digest('hex');
}

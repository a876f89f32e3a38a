/**
 * The anti-robot stamp a public form carries (decision 027): when the form was shown, signed with the session secret
 * so that a robot cannot backdate it. A submission sooner than MIN_FILL_MS after it, or later than MAX_FORM_AGE_MS,
 * is refused.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type FormKind, MAX_FORM_AGE_MS, MIN_FILL_MS } from '../../shared/forms.ts';

export type StampCheck = 'ok' | 'tooFast' | 'expired' | 'invalid';

export class FormStamps {
  constructor(private readonly secret: string) {}

  /** The stamp a form carries: when it was shown, signed. */
  stamp(form: FormKind, nowMs: number = Date.now()): string {
    return `${nowMs}.${this.sign(form, nowMs)}`;
  }

  check(form: FormKind, value: string | undefined, nowMs: number = Date.now()): StampCheck {
    const m = /^(\d{13})\.([\w-]{43})$/.exec(value ?? '');
    if (!m) return 'invalid';
    const shown = Number(m[1]);
    const expected = Buffer.from(this.sign(form, shown));
    const given = Buffer.from(m[2]!);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    if (nowMs - shown < MIN_FILL_MS) return 'tooFast';
    if (nowMs - shown > MAX_FORM_AGE_MS) return 'expired';
    return 'ok';
  }

  private sign(form: FormKind, ms: number): string {
    return createHmac('sha256', this.secret).update(`form-stamp:${form}:${ms}`).digest('base64url');
  }
}

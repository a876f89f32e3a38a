/**
 * What the account pages' forms share (docs/decisions/026-accounts.md): field schemas whose messages are locale keys,
 * the phone normalised for the site's country (libphonenumber-js), the password rules, and a mail context.
 * Not a page itself: no route names it.
 */
import { z } from 'zod';
import type { ActionResult } from '../../../shared/contracts.ts';
import { normalizePhone } from '../../../shared/phone.ts';
import type { Site } from '../../../shared/sites.ts';
import { plainText } from '../../../shared/text.ts';
import type { MailContext } from '../../accounts/index.ts';
import { passwordProblem } from '../../accounts/index.ts';
import type { LoadContext } from './route-module.ts';

export const nameField = plainText({ missing: 'account.errors.nameRequired' })
  .trim()
  .min(1, 'account.errors.nameRequired')
  .max(100, 'account.errors.nameLong');
export const emailField = plainText({ missing: 'auth.emailInvalid', invalid: 'auth.emailInvalid' })
  .trim()
  .max(254, 'auth.emailInvalid')
  .pipe(z.email('auth.emailInvalid'));
/** A new password as typed: its rule (passwords.ts) is checked by `checkPassword` with the account's e-mail (the reset: by the service). */
export const newPasswordField = plainText({ missing: 'form.required' }).min(1, 'form.required').max(1000, 'account.errors.passwordLong');
export const currentPasswordField = plainText({ missing: 'form.required', invalid: 'auth.failed' })
  .min(1, 'form.required')
  .max(1000, 'auth.failed');
export const phoneField = plainText({ invalid: 'account.errors.phone' }).trim().max(40, 'account.errors.phone').optional();
export const checkbox = z.literal('on').optional();
export const nextField = plainText().max(2000).optional();

/** A typed phone number as E.164 ('' → null), or 'invalid': national numbers of the site's country, or any with its code. */
export function normalisePhone(value: string | undefined, site: Pick<Site, 'country'>): string | null | 'invalid' {
  const typed = (value ?? '').trim();
  if (!typed) return null;
  return normalizePhone(typed, site.country, { anyCountry: true }) ?? 'invalid';
}

/** The message key of what is wrong with a new password (server/accounts/passwords.ts: the one rule), or null. */
export const checkPassword = passwordProblem;

/** A refused form with one field's error, its values kept (passwords never are). */
export function fieldError(field: string, key: string, values: Record<string, string>): ActionResult {
  return { ok: false, errors: { [field]: key }, values };
}

/** Where the account's mails point: this site, in this visitor's language. */
export function mailContext(ctx: LoadContext): MailContext {
  return { site: ctx.site, language: ctx.language };
}

/**
 * What the account pages' forms share (docs/decisions/026-accounts.md): field schemas whose messages are locale keys,
 * the phone normalised for the site's country (libphonenumber-js), the password rules, and a mail context.
 * Not a page itself: no route names it.
 */
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import type { ActionResult } from '../../shared/contracts.ts';
import type { Site } from '../../shared/sites.ts';
import type { LoadContext } from '../render/route-module.ts';
import type { MailContext } from '../services/accounts.ts';
import { passwordProblem } from '../services/passwords.ts';

export const nameField = z
  .string('account.errors.nameRequired')
  .trim()
  .min(1, 'account.errors.nameRequired')
  .max(100, 'account.errors.nameLong');
export const emailField = z.string('auth.emailInvalid').trim().max(254, 'auth.emailInvalid').pipe(z.email('auth.emailInvalid'));
/** A new password as typed: its rules (length, common list) are checked by `checkPassword`, with the e-mail at hand. */
export const newPasswordField = z.string('form.required').min(1, 'form.required').max(1000, 'account.errors.passwordLong');
export const currentPasswordField = z.string('form.required').min(1, 'form.required').max(1000, 'auth.failed');
export const phoneField = z.string().trim().max(40, 'account.errors.phone').optional();
export const checkbox = z.literal('on').optional();
export const nextField = z.string().max(2000).optional();

/** The country whose phone numbers a site's shoppers type without a prefix: configured, else by currency. */
const COUNTRY_BY_CURRENCY: Record<string, CountryCode> = { RUB: 'RU', KZT: 'KZ', MDL: 'MD', UZS: 'UZ', KGS: 'KG' };
export function siteCountry(site: Pick<Site, 'currency'> & { country?: string }): CountryCode {
  return (site.country as CountryCode | undefined) ?? COUNTRY_BY_CURRENCY[site.currency] ?? 'RU';
}

/** A typed phone number as E.164 ('' → null), or 'invalid'. */
export function normalisePhone(value: string | undefined, site: Pick<Site, 'currency'> & { country?: string }): string | null | 'invalid' {
  const typed = (value ?? '').trim();
  if (!typed) return null;
  const phone = parsePhoneNumberFromString(typed, siteCountry(site));
  return phone?.isValid() ? phone.number : 'invalid';
}

/** The message key of what is wrong with a new password (length, a common password, the e-mail itself), or null. */
export const checkPassword = passwordProblem;

/** A refused form with one field's error, its values kept (passwords never are). */
export function fieldError(field: string, key: string, values: Record<string, string>): ActionResult {
  return { ok: false, errors: { [field]: key }, values };
}

/** Where the account's mails point: this site, in this visitor's language. */
export function mailContext(ctx: LoadContext): MailContext {
  return { site: ctx.site, language: ctx.language, basename: ctx.basename };
}

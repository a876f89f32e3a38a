/**
 * The rule for a new password (register, change, reset alike; docs/decisions/026-accounts.md): PASSWORD_MIN_LENGTH to
 * PASSWORD_MAX_LENGTH characters, not one character repeated nor only whitespace, not one of the 100,000 most common
 * passwords (server/accounts/data/, compared without case), and not containing the local part of the account's
 * e-mail. The strength meter of the pages is advice on top.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { PASSWORD_LOCAL_PART_MIN, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../shared/password-rules.ts';
import { COMMON_PASSWORDS_FILE } from '../platform/paths.ts';

/**
 * The 100,000 most common passwords (SecLists, server/accounts/data/README.md), lower case, read once when the
 * server starts: a check is then one look-up.
 */
const COMMON = new Set(
  gunzipSync(readFileSync(COMMON_PASSWORDS_FILE))
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((w) => w.toLowerCase()),
);

/** Whether the password is on the common list (compared without case). */
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.normalize('NFC').toLowerCase());
}

/** The e-mail's local parts to keep out of a password: "anna.k+shop@x" → "anna.k+shop" and "anna.k"; too short ones are left out. */
export function emailLocalParts(email: string): string[] {
  const mail = email.trim().normalize('NFC').toLowerCase();
  const at = mail.lastIndexOf('@');
  const local = at < 0 ? mail : mail.slice(0, at);
  const parts = new Set([local, local.split('+')[0]!]);
  return [...parts].filter((p) => [...p].length >= PASSWORD_LOCAL_PART_MIN);
}

/**
 * Why a new password is refused (a locale key of the account namespace), or null when it is acceptable. The one rule
 * of registration, password change and reset; `email` is the account's address.
 */
export function passwordProblem(password: string, email = ''): string | null {
  const text = password.normalize('NFC');
  const chars = [...text];
  if (chars.length < PASSWORD_MIN_LENGTH) return 'account.errors.passwordShort';
  if (chars.length > PASSWORD_MAX_LENGTH) return 'account.errors.passwordLong';
  if (new Set(chars).size === 1 || /^\s*$/u.test(text)) return 'account.errors.passwordRepeated';
  const lower = text.toLowerCase();
  if (COMMON.has(lower)) return 'account.errors.passwordCommon';
  if (emailLocalParts(email).some((part) => lower.includes(part))) return 'account.errors.passwordEmail';
  return null;
}

/**
 * The second factor: time-based one-time passwords (RFC 6238: HMAC-SHA1, 30-second steps, six digits — what every
 * authenticator app reads from an otpauth:// address), through the otpauth library, and recovery codes.
 * A code is accepted within one step of the clock either way (a phone's clock drifts), and only for a step later than
 * the last one accepted for the member: a code seen over a shoulder cannot be used again.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps of clock drift accepted either side. */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

const totp = (secret: string, label = '') =>
  new TOTP({
    issuer: 'ТихоАвто',
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** A new secret: 160 random bits (RFC 4226's recommendation), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address an authenticator app enrols from (shown as text; apps also accept the secret typed in). */
export function totpUri(secret: string, email: string): string {
  return totp(secret, email).toString();
}

/** The code for a time (tests, the CLI's check). */
export function totpCode(secret: string, atMs: number): string {
  return totp(secret).generate({ timestamp: atMs });
}

/**
 * The time step `code` is valid for at `atMs` (within the window), or null. The caller accepts it only when the step
 * is later than the member's last accepted one.
 */
export function totpStep(secret: string, code: string, atMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secret).validate({ token: code, timestamp: atMs, window: TOTP_WINDOW });
  return delta === null ? null : Math.floor(atMs / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** Ten recovery codes, 10 characters of Crockford-like base32 in two groups ("k7m2q-9xw4d"): shown once. */
export function newRecoveryCodes(): string[] {
  const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => alphabet[b % 32]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** How a recovery code is stored and looked up: SHA-256 of its normalised form (case, spaces and dashes ignored). */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');
}

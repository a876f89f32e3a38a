/**
 * Password hashing and the password rules (docs/decisions/026-accounts.md).
 *
 * Hashes are scrypt at OWASP's recommended cost (N = 2^17, r = 8, p = 1: 128 MiB and ~0.3 s per hash), stored as
 * "scrypt$N$r$p$salt$hash" (salt and hash base64url): the parameters travel with each hash, so a hash made at an
 * older cost still verifies, and `needsRehash` tells sign-in to replace it. scrypt runs on libuv's thread pool and
 * needs 128 MiB outside the JavaScript heap each: at most HASH_CONCURRENCY run at once per process, the rest wait in
 * line (a burst of sign-ins queues instead of taking gigabytes).
 *
 * The rules: 8 to 128 characters, not one of the ~49,000 common passwords of @zxcvbn-ts/language-common (compared
 * without case), and not the e-mail address or its local part. The strength meter of the pages is advice on top.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Today's cost (OWASP Password Storage Cheat Sheet: N = 2^17, r = 8, p = 1). */
export const SCRYPT_COST = { N: 2 ** 17, r: 8, p: 1 } as const;
export type ScryptCost = { N: number; r: number; p: number };

/** scrypts that may run at once in this process (each holds 128 · N · r bytes while it runs). */
export const HASH_CONCURRENCY = 2;

let running = 0;
const waiting: Array<() => void> = [];

/** Runs fn once fewer than HASH_CONCURRENCY hashes are running (first come, first served). */
async function limited<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= HASH_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await fn();
  } finally {
    const next = waiting.shift();
    // The slot passes straight to the next in line (running stays the same), else it is freed.
    if (next) next();
    else running--;
  }
}

/** The memory a scrypt of this cost needs, with room to spare (Node refuses above `maxmem`, default 32 MiB). */
const maxmem = ({ N, r, p }: ScryptCost) => 128 * N * r + 128 * r * p + 32 * 1024 * 1024;

function scrypt(password: string, salt: Buffer, keylen: number, cost: ScryptCost): Promise<Buffer> {
  return limited(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCb(password.normalize('NFC'), salt, keylen, { ...cost, maxmem: maxmem(cost) }, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
  );
}

/** A new hash at today's cost (or `cost`, for tests of older hashes). */
export async function hashPassword(password: string, cost: ScryptCost = SCRYPT_COST): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** The cost a stored hash names, when it is one we would compute (a damaged row must not make us allocate gigabytes). */
function parse(stored: string): { cost: ScryptCost; salt: Buffer; hash: Buffer } | null {
  const [scheme, n, r, p, salt, hash, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash || rest.length) return null;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const powerOfTwo = Number.isInteger(cost.N) && cost.N >= 2 ** 10 && cost.N <= 2 ** 20 && (cost.N & (cost.N - 1)) === 0;
  if (!powerOfTwo || !Number.isInteger(cost.r) || cost.r < 1 || cost.r > 32 || !Number.isInteger(cost.p) || cost.p < 1 || cost.p > 4)
    return null;
  const expected = Buffer.from(hash, 'base64url');
  if (expected.length < 16 || expected.length > 64) return null;
  return { cost, salt: Buffer.from(salt, 'base64url'), hash: expected };
}

/** Whether the password matches the stored hash (compared in constant time). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const actual = await scrypt(password, parsed.salt, parsed.hash.length, parsed.cost);
  return timingSafeEqual(actual, parsed.hash);
}

/** A hash made at another cost than today's: sign-in replaces it once the password is known to be right. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.cost.N !== SCRYPT_COST.N || parsed.cost.r !== SCRYPT_COST.r || parsed.cost.p !== SCRYPT_COST.p;
}

let common: Set<string> | undefined;

/** The common-password list, loaded on first use (it is ~400 KB of compressed words). */
async function commonPasswords(): Promise<Set<string>> {
  if (!common) {
    const { dictionary } = await import('@zxcvbn-ts/language-common');
    common = new Set(dictionary['passwords-common'].map((w) => w.toLowerCase()));
  }
  return common;
}

/** Why a new password is refused (a locale key of the account namespace), or null when it is acceptable. */
export async function passwordProblem(password: string, email = ''): Promise<string | null> {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'account.errors.passwordShort';
  if (length > PASSWORD_MAX_LENGTH) return 'account.errors.passwordLong';
  const lower = password.toLowerCase();
  if ((await commonPasswords()).has(lower)) return 'account.errors.passwordCommon';
  const mail = email.trim().toLowerCase();
  if (mail && (lower === mail || lower === mail.split('@')[0])) return 'account.errors.passwordEmail';
  return null;
}

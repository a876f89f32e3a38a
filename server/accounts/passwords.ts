/**
 * Password hashing (docs/decisions/026-accounts.md).
 *
 * Hashes are scrypt at OWASP's recommended cost (N = 2^17, r = 8, p = 1: 128 MiB and ~0.3 s per hash), stored as
 * "scrypt$N$r$p$salt$hash" (salt and hash base64url): the parameters travel with each hash, so a hash made at an
 * older cost still verifies, and `needsRehash` tells sign-in to replace it. Every hash runs through the process's
 * bounded line, hash-queue.ts.
 *
 * The rule for a new password is password-rule.ts.
 */

import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../shared/password-rules.ts';
import { type HashRequester, hashQueue } from './hash-queue.ts';

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

export type ScryptCost = { N: number; r: number; p: number };

/** Today's cost (OWASP Password Storage Cheat Sheet: N = 2^17, r = 8, p = 1). */
export const PRODUCTION_SCRYPT_N = 2 ** 17;

/**
 * N for this process: PRODUCTION_SCRYPT_N, except in a process the tap suite runs (TAP=1) that names a cheaper one in
 * SCRYPT_TEST_N (a power of two from 2^10 to 2^16; test/setup/tap.env sets 2^12). A suite that signs in
 * hundreds of times then spends seconds, not minutes, in scrypt (docs/decisions/057-ci-time.md). Anything else — no
 * TAP, or a value out of range — gets today's cost, so a stray variable cannot weaken the shop's hashes.
 */
export function scryptN(env: NodeJS.ProcessEnv = process.env): number {
  const value = env.SCRYPT_TEST_N;
  if (env.TAP !== '1' || !value || !/^[0-9]{4,5}$/.test(value)) return PRODUCTION_SCRYPT_N;
  const n = Number(value);
  const powerOfTwo = n >= 2 ** 10 && n <= 2 ** 16 && (n & (n - 1)) === 0;
  return powerOfTwo ? n : PRODUCTION_SCRYPT_N;
}

/** The cost new hashes get, and that sign-in upgrades older hashes to. */
export const SCRYPT_COST: Readonly<ScryptCost> = { N: scryptN(), r: 8, p: 1 };

/** The memory a scrypt of this cost needs, with room to spare (Node refuses above `maxmem`, default 32 MiB). */
const maxmem = ({ N, r, p }: ScryptCost) => 128 * N * r + 128 * r * p + 32 * 1024 * 1024;

function scrypt(password: string, salt: Buffer, keylen: number, cost: ScryptCost, by: HashRequester = {}): Promise<Buffer> {
  return hashQueue.run(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCb(password.normalize('NFC'), salt, keylen, { ...cost, maxmem: maxmem(cost) }, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
    by,
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
export async function verifyPassword(password: string, stored: string, by: HashRequester = {}): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const actual = await scrypt(password, parsed.salt, parsed.hash.length, parsed.cost, by);
  return timingSafeEqual(actual, parsed.hash);
}

/** A hash made at another cost than today's: sign-in replaces it once the password is known to be right. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.cost.N !== SCRYPT_COST.N || parsed.cost.r !== SCRYPT_COST.r || parsed.cost.p !== SCRYPT_COST.p;
}

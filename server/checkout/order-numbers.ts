/**
 * Order numbers (decision 036): "NNNN-NNNN", eight digits a shopper reads over the phone. The number is the order's
 * id under a keyed permutation of 0 … 99 999 999 — a balanced Feistel network over two base-10 000 halves, its round
 * function an HMAC keyed by a key derived from the server's secret — so every id below 10^8 has its own number, and
 * without the key two numbers tell nothing about how many orders lie between them (the earlier affine formula could
 * be inverted from two numbers).
 *
 * A new number can meet one given earlier (the old formula's numbers, or numbers made under another secret): the
 * order then takes the next free number on its id's cycle of the permutation (cycle walking). The unique index on
 * orders.number stays the backstop.
 */
import { createHmac } from 'node:crypto';
import type { Queryable } from '../db/index.ts';

const HALF = 10_000;
/** The permutation's domain: 0 … SPACE − 1. */
export const ORDER_NUMBER_SPACE = HALF * HALF;
const ROUNDS = 8;

export type OrderNumberKey = Buffer;

/** The permutation's key, derived from the server's secret (never the secret itself). */
export function orderNumberKey(secret: string): OrderNumberKey {
  return createHmac('sha256', secret).update('order-number/v1').digest();
}

function round(key: OrderNumberKey, index: number, half: number): number {
  const mac = createHmac('sha256', key).update(`${index}:${half}`).digest();
  return mac.readUInt32BE(0) % HALF;
}

/** The keyed permutation of 0 … 10^8 − 1. */
export function permute(key: OrderNumberKey, value: number): number {
  if (!Number.isInteger(value) || value < 0 || value >= ORDER_NUMBER_SPACE) throw new RangeError(`order id out of range: ${value}`);
  let left = Math.floor(value / HALF);
  let right = value % HALF;
  for (let i = 0; i < ROUNDS; i++) [left, right] = [right, (left + round(key, i, right)) % HALF];
  return left * HALF + right;
}

/** Its inverse (tests prove the permutation is one; the shop itself never needs it). */
export function unpermute(key: OrderNumberKey, value: number): number {
  let left = Math.floor(value / HALF);
  let right = value % HALF;
  for (let i = ROUNDS - 1; i >= 0; i--) [left, right] = [(right - round(key, i, left) + HALF) % HALF, left];
  return left * HALF + right;
}

/** 12345678 → "1234-5678". */
export function formatOrderNumber(value: number): string {
  const digits = String(value).padStart(8, '0');
  return `${digits.slice(0, 4)}-${digits.slice(4)}`;
}

/** The number of order `id` (its first candidate; numberFor() walks on past numbers already given). */
export function orderNumber(key: OrderNumberKey, id: number): string {
  return formatOrderNumber(permute(key, id % ORDER_NUMBER_SPACE));
}

const CANDIDATES = 16;

/**
 * The number for a new order of id `id`: the id's image under the permutation, or, when an order already has that
 * number, the next one along the cycle that is free.
 */
export async function numberFor(q: Queryable, key: OrderNumberKey, id: number): Promise<string> {
  for (let start = id % ORDER_NUMBER_SPACE; ; ) {
    const candidates: string[] = [];
    let value = start;
    for (let i = 0; i < CANDIDATES; i++) {
      value = permute(key, value);
      candidates.push(formatOrderNumber(value));
    }
    const taken = new Set(
      (await q.query<{ number: string }>('SELECT number FROM orders WHERE number = ANY($1::text[])', [candidates])).map((r) => r.number),
    );
    const free = candidates.find((c) => !taken.has(c));
    if (free) return free;
    start = value;
  }
}

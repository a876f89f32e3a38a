/**
 * The page cache (issue 22 item 1, decision 052): a rendered page for a visitor without personal state, kept per key
 * (site, language, address, build and the few shell facts that differ between such visitors) for the shell cache's
 * lifetime, and served again with this request's own CSP nonce and site token.
 *
 * A page holds exactly two per-request values: the nonce (on every script tag) and the session's site token (in every
 * form and the root loader's data). The stored page is split at each of them, so an answer is the parts with this
 * request's values between them. Compression is done once, when the page is stored: each part is raw-deflated with a
 * sync flush (byte-aligned, never final), so an answer is those blocks with this request's values as stored blocks
 * between them, an empty final block, and the gzip header and trailer (the CRC-32 of what this answer holds) — valid
 * gzip, no compressor run per request. Brotli streams cannot be spliced like that: a hit is gzip (or identity).
 *
 * Stale-while-revalidate: past its lifetime an entry is still served, to everyone but the one request that renders
 * the page again (one per key at a time), until ten lifetimes have passed. A catalogue, price, stock or content change
 * made through this process clears it (services.invalidateCaches and the desks' callbacks); other pods follow within
 * the lifetime, like every shell cache. The cache is per process: decision 052 says why it is not shared.
 */
import { randomBytes } from 'node:crypto';
import { constants, crc32, deflateRawSync, gunzipSync } from 'node:zlib';

export interface StoredPage {
  status: number;
  /** The page split at each per-request value: part, value, part, …, part. */
  parts: Buffer[];
  /** Which value goes after parts[i]. */
  values: Array<'nonce' | 'token'>;
  /** parts[i] raw-deflated with a sync flush, against the 32 KB before it (see `compress`). */
  deflated: Buffer[];
  /** The length of the value after parts[i] when stored: only values of these lengths fit the deflated parts. */
  lengths: number[];
  /**
   * The value after parts[i] as deflated blocks that copy an earlier occurrence of the same value (any value of its
   * length), or null: sent as a stored block.
   */
  repeats: Array<Buffer | null>;
  bytes: number;
  storedAt: number;
  /** A request is rendering the page again: others keep getting this one. */
  refreshing: boolean;
}

export interface PageValues {
  nonce: string;
  token: string;
}

export type Lookup = { state: 'hit'; page: StoredPage } | { state: 'stale'; page: StoredPage } | { state: 'miss' };

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** An empty stored block with BFINAL set: the end of the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

export class PageCache {
  private readonly entries = new Map<string, StoredPage>();
  private bytes = 0;

  constructor(
    private readonly ttlMs: number,
    /** Bounds the memory: the least recently used pages go first (a crawler walking every filter cannot grow it). */
    private readonly maxBytes = 64 * 1024 * 1024,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /**
   * The page under `key`: fresh, stale (this request renders it again: the others are served the stale one meanwhile),
   * or missing. Too old to serve at all counts as missing.
   */
  lookup(key: string): Lookup {
    const page = this.entries.get(key);
    if (!page) return { state: 'miss' };
    const age = this.now() - page.storedAt;
    if (age > this.ttlMs * 10) {
      this.delete(key);
      return { state: 'miss' };
    }
    // Most recently used last: the map's order is the eviction order.
    this.entries.delete(key);
    this.entries.set(key, page);
    if (age <= this.ttlMs || page.refreshing) return { state: 'hit', page };
    page.refreshing = true;
    return { state: 'stale', page };
  }

  /** A render that did not complete: the stale entry may be refreshed by the next request. */
  abandon(key: string): void {
    const page = this.entries.get(key);
    if (page) page.refreshing = false;
  }

  /** Keeps a page rendered with `values`, split at them. */
  store(key: string, status: number, html: Buffer, values: PageValues): void {
    const split = splitAt(html, values);
    const lengths = split.values.map((v) => Buffer.byteLength(values[v]));
    const page = { status, ...split, lengths, ...compress(split, lengths), bytes: 0, storedAt: this.now(), refreshing: false };
    page.bytes = html.length + page.deflated.reduce((n, d) => n + d.length, 0);
    if (page.bytes > this.maxBytes / 8) return;
    this.delete(key);
    this.entries.set(key, page);
    this.bytes += page.bytes;
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  /** The page as sent, with this request's values: gzip when the browser takes it, else identity. */
  answer(page: StoredPage, values: PageValues, gzip: boolean): Buffer {
    return assemble(page, values, gzip);
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private delete(key: string): void {
    const page = this.entries.get(key);
    if (!page) return;
    this.bytes -= page.bytes;
    this.entries.delete(key);
  }
}

/** The page as sent: gzip when accepted, else identity; either with this request's values in place. */
export function assemble(page: StoredPage, values: PageValues, gzip: boolean): Buffer {
  const fill = page.values.map((v) => Buffer.from(values[v]));
  // A value of another length than stored would shift what later parts refer back to: sent plain (never the case for
  // a nonce and a session token, whose lengths are fixed).
  if (!gzip || fill.some((value, i) => value.length !== page.lengths[i]))
    return Buffer.concat(page.parts.flatMap((part, i) => (i < fill.length ? [part, fill[i]!] : [part])));
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  page.parts.forEach((part, i) => {
    chunks.push(page.deflated[i]!);
    crc = crc32(part, crc);
    size += part.length;
    const value = fill[i];
    if (!value) return;
    chunks.push(page.repeats[i] ?? storedBlock(value));
    crc = crc32(value, crc);
    size += value.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(FINAL_BLOCK, trailer);
  return Buffer.concat(chunks);
}

/** deflate's window: a part may refer back this far. */
const WINDOW = 32 * 1024;
/** The first byte of what stands for a value while compressing (nonce 0x01…, token 0x11…): bytes no page holds. */
const HOLE = { nonce: 0x01, token: 0x11 } as const;

/**
 * Each part raw-deflated with a sync flush (byte-aligned, not final) with, as dictionary, the 32 KB of the page
 * before it, where each value's place holds a placeholder of its length. A browser inflating the spliced answer has
 * the real values there instead. That is safe because no part holds a placeholder byte (so no part refers into a
 * value) and every value keeps its length (so every distance into earlier parts stays right): the parts compress as
 * one page does, not as small pieces. A value seen before is deflated the same way — as copies of its earlier
 * placeholder, i.e. of the earlier real value — when that gives copies only (checked by splicing two random value
 * sets); else it goes as a stored block. A page that holds a placeholder byte after all is compressed part by part.
 */
function compress(split: Pick<StoredPage, 'parts' | 'values'>, lengths: number[]): Pick<StoredPage, 'deflated' | 'repeats'> {
  const { parts, values } = split;
  const placeholder = (i: number) => {
    const start = HOLE[values[i]!];
    return Buffer.from(Array.from({ length: lengths[i]! }, (_, n) => start + (n % 15)));
  };
  const independent = parts.some((part) =>
    part.some((byte) => byte >= 0x01 && byte <= 0x1f && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d),
  );
  const deflate = (input: Buffer, window: Buffer) => {
    const dictionary = independent || window.length === 0 ? {} : { dictionary: window };
    // A small part pays more for dynamic Huffman tables than it saves: the smaller of the two encodings.
    const [dynamic, fixed] = [constants.Z_DEFAULT_STRATEGY, constants.Z_FIXED].map((strategy) =>
      deflateRawSync(input, { level: 9, strategy, finishFlush: constants.Z_SYNC_FLUSH, ...dictionary }),
    );
    return fixed!.length < dynamic!.length ? fixed! : dynamic!;
  };
  let window = Buffer.alloc(0);
  const grow = (bytes: Buffer) => {
    window = Buffer.concat([window, bytes]);
    if (window.length > WINDOW) window = window.subarray(window.length - WINDOW);
  };
  const seen = new Set<string>();
  const deflated: Buffer[] = [];
  const repeats: Array<Buffer | null> = [];
  parts.forEach((part, i) => {
    deflated.push(deflate(part, window));
    grow(part);
    if (i >= values.length) return;
    const hole = placeholder(i);
    repeats.push(!independent && seen.has(values[i]!) ? deflate(hole, window) : null);
    seen.add(values[i]!);
    grow(hole);
  });
  // Copies only, or the first random values would show: such a value goes as a stored block after all.
  const page = { parts, values, lengths, deflated, repeats } as StoredPage;
  for (let i = 0; i < repeats.length; i++) {
    if (!repeats[i]) continue;
    const ok = [0, 1].every(() => {
      const random = { nonce: randomFill(lengths, values, 'nonce'), token: randomFill(lengths, values, 'token') };
      const expected = Buffer.concat(parts.flatMap((p, n) => (n < values.length ? [p, Buffer.from(random[values[n]!])] : [p])));
      try {
        return gunzipSync(assemble(page, random, true)).equals(expected);
      } catch {
        return false;
      }
    });
    if (!ok) repeats.fill(null);
    break;
  }
  return { deflated, repeats };
}

/** A random value of the stored length of the first `kind` value (letters and digits). */
function randomFill(lengths: number[], values: Array<'nonce' | 'token'>, kind: 'nonce' | 'token'): string {
  const at = values.indexOf(kind);
  return at < 0 ? '' : randomBytes(lengths[at]!).toString('base64url').slice(0, lengths[at]!).padEnd(lengths[at]!, 'x');
}

/** A non-final stored deflate block (the stream is byte-aligned after a sync flush). Values are far below 64 KB. */
function storedBlock(data: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header[0] = 0x00;
  header.writeUInt16LE(data.length, 1);
  header.writeUInt16LE(~data.length & 0xffff, 3);
  return Buffer.concat([header, data]);
}

/** The page cut at every occurrence of the nonce and the token, in document order. */
function splitAt(html: Buffer, values: PageValues): Pick<StoredPage, 'parts' | 'values'> {
  const needles = (['nonce', 'token'] as const)
    .map((name) => ({ name, bytes: Buffer.from(values[name]) }))
    .filter((n) => n.bytes.length > 0);
  const parts: Buffer[] = [];
  const found: Array<'nonce' | 'token'> = [];
  let from = 0;
  for (;;) {
    let next: { at: number; name: 'nonce' | 'token'; length: number } | undefined;
    for (const n of needles) {
      const at = html.indexOf(n.bytes, from);
      if (at >= 0 && (!next || at < next.at)) next = { at, name: n.name, length: n.bytes.length };
    }
    if (!next) break;
    parts.push(html.subarray(from, next.at));
    found.push(next.name);
    from = next.at + next.length;
  }
  parts.push(html.subarray(from));
  return { parts, values: found };
}

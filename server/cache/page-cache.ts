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
import { constants, crc32, deflateRawSync } from 'node:zlib';

export interface StoredPage {
  status: number;
  /** The page split at each per-request value: part, value, part, …, part. */
  parts: Buffer[];
  /** Which value goes after parts[i]. */
  values: Array<'nonce' | 'token'>;
  /** parts[i] raw-deflated with a sync flush. */
  deflated: Buffer[];
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
    const deflated = split.parts.map((part) => deflateRawSync(part, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }));
    const bytes = html.length + deflated.reduce((n, d) => n + d.length, 0);
    if (bytes > this.maxBytes / 8) return;
    this.delete(key);
    this.entries.set(key, { status, ...split, deflated, bytes, storedAt: this.now(), refreshing: false });
    this.bytes += bytes;
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
  if (!gzip) return Buffer.concat(page.parts.flatMap((part, i) => (i < fill.length ? [part, fill[i]!] : [part])));
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  page.parts.forEach((part, i) => {
    chunks.push(page.deflated[i]!);
    crc = crc32(part, crc);
    size += part.length;
    const value = fill[i];
    if (!value) return;
    chunks.push(storedBlock(value));
    crc = crc32(value, crc);
    size += value.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(FINAL_BLOCK, trailer);
  return Buffer.concat(chunks);
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

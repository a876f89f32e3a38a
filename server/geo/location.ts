/**
 * The visitor's location from their IP (spec §3 "Location suggestion result", §7): a DaData
 * iplocate/address-compatible HTTP API, called with undici —
 *   GET <url>?ip=<ip>   Accept/Content-Type: application/json, Authorization: Token <token>
 *   → { location: null | { value, data: { city, region, region_type_full, … } } }
 * The URL and token are server config and never leave the server. A lookup never throws: every failure
 * (timeout, network, HTTP status, a body that is not that JSON) is a typed `failed` result. Answers are cached
 * per IP in a bounded cache; failures are not cached (the next page view asks again). Private, loopback and
 * other non-public addresses are not sent at all: no service can place them.
 */
import { BlockList, isIP } from 'node:net';
import { request } from 'undici';
import { z } from 'zod';
import { TtlCache } from '../cache/index.ts';
import type { AddressSuggestConfig } from '../platform/config.ts';

/** The part of the suggestion the storefront uses (spec §3). */
export interface DetectedLocation {
  city: string | null;
  region: string;
  region_type_full: string | null;
}

export type LocationLookup =
  | { status: 'found'; location: DetectedLocation }
  /** The service placed nowhere (location: null), or the address is not a public one. */
  | { status: 'not_found' }
  | { status: 'failed'; reason: 'timeout' | 'network' | 'http_status' | 'bad_answer' }
  /** No service configured. */
  | { status: 'disabled' };

const MAX_ANSWER_BYTES = 64 * 1024;
const name = z
  .string()
  .trim()
  .max(200)
  .nullish()
  .transform((v) => v || null);

/** DaData's answer, as far as it matters here; every other field is ignored. */
const iplocateAnswer = z.object({
  location: z
    .object({
      value: z.string().max(500).nullish(),
      data: z.object({ city: name, region: name, region_type_full: name }),
    })
    .nullable(),
});

const nonPublic = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  nonPublic.addSubnet(net, prefix, 'ipv4');
// BlockList checks IPv4-mapped IPv6 addresses ("::ffff:7f00:1") against the IPv4 rules itself.
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  nonPublic.addSubnet(net, prefix, 'ipv6');
}

/** The IP as the service should see it ("::ffff:1.2.3.4" → "1.2.3.4"), or null when it is not a public address. */
export function publicIp(ip: string): string | null {
  const v = ip.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const family = isIP(v);
  if (family === 0) return null;
  return nonPublic.check(v, family === 4 ? 'ipv4' : 'ipv6') ? null : v;
}

class LookupFailed extends Error {
  constructor(readonly reason: 'timeout' | 'network' | 'http_status' | 'bad_answer') {
    super(reason);
  }
}

export interface LocationServiceOptions {
  /** Fresh answers per IP (default 1 hour); a stale one is served for as long again while it refreshes. */
  cacheTtlMs?: number;
  /** At most this many IPs cached (default 10 000). */
  maxEntries?: number;
  now?: () => number;
}

export class LocationService {
  private readonly cache: TtlCache<LocationLookup>;

  constructor(
    private readonly config: AddressSuggestConfig | null,
    options: LocationServiceOptions = {},
  ) {
    const ttl = options.cacheTtlMs ?? 3_600_000;
    this.cache = new TtlCache(ttl, ttl, options.now ?? Date.now, options.maxEntries ?? 10_000);
  }

  get enabled(): boolean {
    return this.config !== null;
  }

  async lookup(ip: string): Promise<LocationLookup> {
    if (!this.config) return { status: 'disabled' };
    const address = publicIp(ip);
    if (!address) return { status: 'not_found' };
    const config = this.config;
    try {
      return await this.cache.get(address, () => this.ask(config, address));
    } catch (err) {
      return { status: 'failed', reason: err instanceof LookupFailed ? err.reason : 'network' };
    }
  }

  /** One call to the service; throws LookupFailed (so the cache keeps nothing) on any failure. */
  private async ask(config: AddressSuggestConfig, ip: string): Promise<LocationLookup> {
    const url = new URL(config.url);
    url.searchParams.set('ip', ip);
    const signal = AbortSignal.timeout(config.timeoutMs);
    let text: string;
    try {
      const res = await request(url, {
        method: 'GET',
        headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Token ${config.token}` },
        signal,
      });
      if (res.statusCode !== 200) {
        await res.body.dump().catch(() => {});
        throw new LookupFailed('http_status');
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body) {
        size += (chunk as Buffer).length;
        if (size > MAX_ANSWER_BYTES) {
          res.body.destroy();
          throw new LookupFailed('bad_answer');
        }
        chunks.push(chunk as Buffer);
      }
      text = Buffer.concat(chunks).toString('utf8');
    } catch (err) {
      if (err instanceof LookupFailed) throw err;
      throw new LookupFailed(signal.aborted ? 'timeout' : 'network');
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new LookupFailed('bad_answer');
    }
    const parsed = iplocateAnswer.safeParse(json);
    if (!parsed.success) throw new LookupFailed('bad_answer');
    const location = parsed.data.location;
    // Without a region there is nothing to ask the visitor about.
    if (!location?.data.region) return { status: 'not_found' };
    const { city, region, region_type_full } = location.data;
    return { status: 'found', location: { city, region, region_type_full } };
  }
}

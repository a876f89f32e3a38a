/** TRUST_PROXY: which peers may tell the app the visitor's address and scheme (Fastify's trustProxy). */
import { isIP } from 'node:net';
import { ConfigError } from './config-error.ts';

/**
 * TRUST_PROXY: off, `true`, or the proxies' addresses and CIDR ranges. A hop count is refused by name: Fastify 5.12.1
 * dropped that mode (GHSA-3m5p-2c4r-xxw2: a count does not check who the nearest peer is) and now ignores a number
 * without a word, which would leave every visitor with the proxy's address and no HSTS.
 */
export function parseTrustProxy(value: string): boolean | string[] {
  const v = value.trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) {
    throw new ConfigError(
      `TRUST_PROXY=${v}: a hop count is no longer supported (Fastify ignores it since 5.12.1); name the proxies' addresses or ranges instead, e.g. TRUST_PROXY=10.0.0.0/8 or TRUST_PROXY=172.30.80.10`,
    );
  }
  const entries = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const invalid = entries.filter((entry) => !isTrustedProxyEntry(entry));
  if (invalid.length > 0) {
    throw new ConfigError(
      `TRUST_PROXY: ${invalid.map((e) => JSON.stringify(e)).join(', ')} is not an IP address, a CIDR range or one of loopback, linklocal, uniquelocal`,
    );
  }
  return entries;
}

/** Named ranges Fastify's proxy-addr knows, besides addresses and CIDR ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An entry proxy-addr accepts: a name above, an address, or an address with a prefix length that fits its family. */
function isTrustedProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

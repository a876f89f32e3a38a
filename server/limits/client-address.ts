/**
 * The key of a client address in a rate limit. IPv4: the address. IPv6: its /64 network, the block one subscriber
 * (a household, a phone, a server) is given — a guesser holding a /64 could otherwise take a fresh limit for each of
 * its 2^64 addresses. An IPv4 client seen through an IPv6 socket (::ffff:a.b.c.d) is its IPv4 address.
 */
import { isIPv6 } from 'node:net';

/** The eight 16-bit groups of a valid IPv6 address (a dotted IPv4 tail folded into the last two). */
function groups(address: string): number[] {
  let text = address;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((g) => Number.parseInt(g, 16));
}

/** "198.51.100.7" → itself; "2001:db8:1:2:a:b:c:d" → "2001:db8:1:2::/64"; "::ffff:198.51.100.7" → "198.51.100.7". */
export function addressKey(ip: string): string {
  const address = ip.replace(/%.*$/, ''); // a zone (fe80::1%eth0) names the interface, not the client
  if (!isIPv6(address)) return ip;
  const g = groups(address);
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return `${g[6]! >> 8}.${g[6]! & 255}.${g[7]! >> 8}.${g[7]! & 255}`;
  return `${g
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(':')}::/64`;
}

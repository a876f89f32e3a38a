/**
 * Addresses the browser may be sent to when a shopper picks a region (spec §4): only the configured sites'
 * hosts and aliases — an allowlist built from the sites config, never from the request or the database.
 *
 * Which host of a site: on a public host, the site's canonical host over https. On a local host (localhost or
 * a *.localhost name — development and browser tests) the site's local alias with the request's scheme and port, so
 * http://localhost:3000 leads to http://kz.localhost:3000 rather than to the public tihoavto.kz. The request's
 * own site keeps the host the request came to (no pointless hop from an alias to the canonical host).
 */

import { isLocalHost, normalizeHost, type Site, type SiteDirectory } from '../../shared/sites.ts';

/** What of the request decides the form of an address: scheme, host name and port (from Fastify's request). */
export interface RequestOrigin {
  protocol: 'http' | 'https';
  hostname: string;
  port: number | null;
  /** The site the request was served as (unknown hosts: the default site). */
  site: Site;
}

export class SiteAddresses {
  private readonly hosts = new Set<string>();

  constructor(private readonly sites: SiteDirectory) {
    for (const site of sites.all) for (const host of [site.host, ...site.aliases]) this.hosts.add(host);
  }

  /** The origin (scheme://host[:port]) of a site for this request. */
  originOf(site: Site, request: RequestOrigin): string {
    const requestHost = normalizeHost(request.hostname);
    const ownHost = site.id === request.site.id && this.sites.find(requestHost)?.id === site.id;
    if (!isLocalHost(requestHost)) return `https://${ownHost ? requestHost : site.host}`;
    const host = ownHost ? requestHost : site.aliases.find((a) => isLocalHost(a) && a !== '127.0.0.1');
    if (!host) return `https://${site.host}`;
    return `${request.protocol}://${host}${request.port ? `:${request.port}` : ''}`;
  }

  /** Every configured host (canonical and aliases) → the origin to use for its site from this request. */
  originsFor(request: RequestOrigin): Record<string, string> {
    const out: Record<string, string> = {};
    for (const site of this.sites.all) {
      const origin = this.originOf(site, request);
      for (const host of [site.host, ...site.aliases]) out[host] = origin;
    }
    return out;
  }

  /** Whether an address names a configured site over http(s). */
  isAllowed(address: string | null | undefined): address is string {
    const url = parseHttpUrl(address);
    return !!url && !url.username && !url.password && this.hosts.has(normalizeHost(url.hostname));
  }

  /**
   * A stored address (a city's url) as the address for this request: the same path on the site's origin,
   * or null when it does not name a configured site (never an open redirect).
   */
  resolve(address: string | null | undefined, request: RequestOrigin): string | null {
    if (!this.isAllowed(address)) return null;
    const url = parseHttpUrl(address)!;
    const site = this.sites.find(url.hostname)!;
    return this.originOf(site, request) + url.pathname;
  }

  /** The spec's "default business domain": the default site's address for this request. */
  defaultAddress(request: RequestOrigin): string {
    return this.originOf(this.sites.defaultSite, request) + '/';
  }
}

function parseHttpUrl(value: string | null | undefined): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

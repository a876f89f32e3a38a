/**
 * Regional sites: host → site lookup and language prefixes, used by server and browser alike (so no zod
 * here: the config's schema and the demo config live in shared/sites-config.ts, loaded by the server).
 */
import type { Site, SitesConfig } from './sites-config.ts';

export type { Site, SitesConfig };

import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages.ts';

export { DEFAULT_LANGUAGE, LANGUAGES, type Language };

/** A local development or test host (localhost, *.localhost, loopback): no Secure cookies, test notices shown. */
export function isLocalHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '127.0.0.1' || hostname === '[::1]';
}

/** Lower-cases and strips scheme, path, port and a trailing dot: "https://KZ.localhost:3000/" → "kz.localhost". */
export function normalizeHost(value: string): string {
  let v = value.trim().toLowerCase();
  v = v.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  v = v.split('/')[0] ?? '';
  if (v.startsWith('[')) return v.slice(0, v.indexOf(']') + 1); // IPv6 literal
  return v.replace(/:\d+$/, '').replace(/\.$/, '');
}

export class SiteDirectory {
  private readonly byHost = new Map<string, Site>();
  readonly defaultSite: Site;

  constructor(readonly config: SitesConfig) {
    for (const site of config.sites) {
      for (const h of [site.host, ...site.aliases]) this.byHost.set(h, site);
    }
    this.defaultSite = config.sites.find((s) => s.id === config.defaultSite)!;
  }

  get all(): readonly Site[] {
    return this.config.sites;
  }

  /** The site a host (or a spec-style `domain` value such as "https://tihoavto.kz/") names, if any. */
  find(hostOrDomain: string): Site | undefined {
    return this.byHost.get(normalizeHost(hostOrDomain));
  }

  byId(id: string): Site | undefined {
    return this.config.sites.find((s) => s.id === id);
  }
}

/** Splits "/en/calc" into the language prefix and the rest, for a site's languages. */
export function splitLanguagePrefix(
  pathname: string,
  site: Pick<Site, 'languages'>,
): { language: Language; basename: string; rest: string } | { unknownPrefix: string } | null {
  const m = /^\/([A-Za-z]{2}(?:-[A-Za-z]{2})?)(?=\/|$)/.exec(pathname);
  if (!m) return { language: DEFAULT_LANGUAGE, basename: '/', rest: pathname };
  const prefix = m[1]!;
  const lang = LANGUAGES.find((l) => l !== DEFAULT_LANGUAGE && l.toLowerCase() === prefix.toLowerCase());
  if (!lang) return null; // an ordinary two-letter path segment, not a language
  if (!site.languages.includes(lang) || prefix !== lang) return { unknownPrefix: prefix };
  return { language: lang, basename: `/${lang}`, rest: pathname.slice(prefix.length + 1) || '/' };
}

/** The path of the same page in another language: "/en/calc" → "/kk/calc" or "/calc". */
export function pathForLanguage(restPath: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return restPath;
  return restPath === '/' ? `/${language}` : `/${language}${restPath}`;
}

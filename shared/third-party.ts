/**
 * Addresses of the third-party tags (spec §1, §7 "Other calls", §9): what the browser loads and what the page's
 * Content-Security-Policy must admit for each. Shared by the server (CSP) and the browser (loaders).
 */

/** Yandex Metrika's tag library (its official snippet loads this file async). */
export const METRIKA_TAG_URL = 'https://mc.yandex.ru/metrika/tag.js';

/** The name of the e-commerce data layer (window.dataLayer) the counter reads (decision 025). */
export const METRIKA_DATA_LAYER = 'dataLayer';

/**
 * The counter's initialisation (issue 3 item 10: click map, link tracking, accurate bounce, session recording;
 * issue 10 item 7: the e-commerce data layer).
 */
export const METRIKA_INIT_OPTIONS = {
  clickmap: true,
  trackLinks: true,
  accurateTrackBounce: true,
  webvisor: true,
  ecommerce: METRIKA_DATA_LAYER,
} as const;

/**
 * Metrika's hosts from Yandex's "install a tag on a site with CSP" list, narrowed to the main host, the
 * countries of our regional sites and session recording: hits, cookie sync and the recorder talk to these.
 */
const METRIKA_HOSTS = [
  'mc.yandex.ru',
  'mc.yandex.com',
  'mc.yandex.kz',
  'mc.yandex.md',
  'mc.yandex.uz',
  'mc.yandex.kg',
  'mc.webvisor.com',
  'mc.webvisor.org',
];

/** The maps JavaScript API's own origins (Yandex's CSP guide for the maps API). */
export const MAPS_ORIGIN = 'https://api-maps.yandex.ru';

export interface MapsTag {
  apiKey: string;
  lang: string;
  version: string;
}

/** The maps script's address: https://api-maps.yandex.ru/<version>/?apikey=<key>&lang=<lang> (spec §7, §9). */
export function mapsApiUrl(maps: MapsTag): string {
  const url = new URL(`/${encodeURIComponent(maps.version)}/`, MAPS_ORIGIN);
  url.searchParams.set('apikey', maps.apiKey);
  url.searchParams.set('lang', maps.lang);
  return url.href;
}

/** The tracker's address with the referrer and the page address as query parameters. */
export function trackerUrl(tracker: { src: string; referrerParam: string; urlParam: string }, referrer: string, page: string): string {
  const url = new URL(tracker.src);
  url.searchParams.set(tracker.referrerParam, referrer);
  url.searchParams.set(tracker.urlParam, page);
  return url.href;
}

export type CspDirective = 'script-src' | 'style-src' | 'font-src' | 'connect-src' | 'frame-src';
export type CspSources = Partial<Record<CspDirective, string[]>>;

interface TagsForCsp {
  analytics?: unknown;
  tracker?: { src: string };
  maps?: unknown;
  chatHosts?: readonly string[];
}

/** The sources each configured tag needs, per directive; nothing for a site without tags. */
export function tagCspSources(tags: TagsForCsp | undefined): CspSources {
  const out: Record<CspDirective, Set<string>> = {
    'script-src': new Set(),
    'style-src': new Set(),
    'font-src': new Set(),
    'connect-src': new Set(),
    'frame-src': new Set(),
  };
  const add = (directive: CspDirective, ...sources: string[]) => {
    for (const s of sources) out[directive].add(s);
  };
  if (tags?.analytics) {
    add('script-src', new URL(METRIKA_TAG_URL).origin, 'https://yastatic.net');
    for (const host of METRIKA_HOSTS) {
      add('connect-src', `https://${host}`, `wss://${host}`);
      add('frame-src', `https://${host}`);
    }
  }
  if (tags?.tracker) {
    const origin = new URL(tags.tracker.src).origin;
    add('script-src', origin);
    add('connect-src', origin);
  }
  if (tags?.maps) {
    const sub = 'https://*.api-maps.yandex.ru';
    add('script-src', MAPS_ORIGIN, sub, 'https://yastatic.net');
    add('style-src', MAPS_ORIGIN, sub, 'https://yastatic.net');
    add('connect-src', MAPS_ORIGIN, sub, 'https://*.maps.yandex.net');
  }
  for (const host of tags?.chatHosts ?? []) {
    add('script-src', `https://${host}`);
    add('style-src', `https://${host}`);
    add('font-src', `https://${host}`);
    add('connect-src', `https://${host}`, `wss://${host}`);
    add('frame-src', `https://${host}`);
  }
  const result: CspSources = {};
  for (const [directive, set] of Object.entries(out) as [CspDirective, Set<string>][]) if (set.size) result[directive] = [...set];
  return result;
}

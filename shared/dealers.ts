/**
 * Partners on /map (where to buy): their shape as the page receives it, the filter of the list (city and kind)
 * and the formatting of their opening hours. Shared by the loader (server/pages/map.ts) and the page.
 */
import { weekdays } from './format.ts';
import type { Language } from './languages.ts';

export const DEALER_KINDS = ['installer', 'dealer', 'distributor'] as const;
export type DealerKind = (typeof DEALER_KINDS)[number];

export interface Dealer {
  id: number;
  slug: string;
  kind: DealerKind;
  name: string;
  city: string;
  address: string;
  /** ISO 3166 country of the address. */
  country: string;
  phone: string;
  email: string | null;
  website: string | null;
  /** schema.org openingHours: "Mo-Fr 09:00-20:00; Sa 10:00-18:00" ('' when unknown). */
  hours: string;
  latitude: number;
  longitude: number;
}

/** The longest city filter accepted (the longest real city names are far shorter). */
export const CITY_FILTER_MAX = 100;

/** How a city is compared: case, ё/е, dashes and runs of spaces do not matter ("санкт петербург" finds Санкт-Петербург). */
export function normalizeCity(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[\s\-‐‑–—]+/g, ' ')
    .trim();
}

export interface DealerFilter {
  /** '' for every city; otherwise the start of the city's name. */
  city: string;
  kind: DealerKind | null;
}

/** The dealers whose city starts with the filter's city (whole words first: "Ош" is not "Ошмяны" when Ош exists). */
export function filterDealers<D extends Pick<Dealer, 'city' | 'kind'>>(dealers: readonly D[], filter: DealerFilter): D[] {
  const city = normalizeCity(filter.city);
  const byKind = filter.kind ? dealers.filter((d) => d.kind === filter.kind) : [...dealers];
  if (!city) return byKind;
  const exact = byKind.filter((d) => normalizeCity(d.city) === city);
  return exact.length > 0 ? exact : byKind.filter((d) => normalizeCity(d.city).startsWith(city));
}

const DAY_CODES = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;
/**
 * schema.org openingHours ("Mo-Fr 09:00-20:00; Sa 10:00-18:00") in a language's weekday names
 * ("пн–пт 09:00–20:00, сб 10:00–18:00"). A part it cannot read is shown as written.
 */
export function formatHours(hours: string, language: Language): string {
  const names = weekdays(language); // shared/format.ts
  const day = (code: string) => {
    const i = DAY_CODES.indexOf(code as (typeof DAY_CODES)[number]);
    return i >= 0 ? names[i]! : code;
  };
  return hours
    .split(/[;,]/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const m = /^([A-Z][a-z])(?:-([A-Z][a-z]))?\s+(\d{2}:\d{2})-(\d{2}:\d{2})$/.exec(part);
      if (!m) return part;
      const days = m[2] ? `${day(m[1]!)}–${day(m[2])}` : day(m[1]!);
      return `${days} ${m[3]}–${m[4]}`;
    })
    .join(', ');
}

/** The schema.org LocalBusiness type of each kind (all LocalBusiness subtypes). */
export const SCHEMA_BUSINESS_TYPE: Record<DealerKind, string> = {
  installer: 'AutoRepair',
  dealer: 'AutoPartsStore',
  distributor: 'WholesaleStore',
};

/** JSON-LD of one partner: a LocalBusiness (subtype per kind) with its address, place on the map, phone and hours. */
export function dealerJsonLd(dealer: Dealer, pageUrl: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': SCHEMA_BUSINESS_TYPE[dealer.kind],
    '@id': `${pageUrl}#dealer-${dealer.slug}`,
    name: dealer.name,
    address: { '@type': 'PostalAddress', streetAddress: dealer.address, addressLocality: dealer.city, addressCountry: dealer.country },
    geo: { '@type': 'GeoCoordinates', latitude: dealer.latitude, longitude: dealer.longitude },
    ...(dealer.phone ? { telephone: dealer.phone } : {}),
    ...(dealer.email ? { email: dealer.email } : {}),
    ...(dealer.website ? { url: dealer.website } : {}),
    ...(dealer.hours
      ? {
          openingHours: dealer.hours
            .split(';')
            .map((h) => h.trim())
            .filter(Boolean),
        }
      : {}),
  };
}

/**
 * Delivery of a cart: which of a site's methods can carry it and what each costs, from the sites config
 * (shared/commerce-config.ts). Pure and shared: the order form shows the cost as the shopper chooses (browser), the
 * order is priced with the same function (server, inside the placing transaction).
 *   weight   — Σ unit weight × quantity (kg): carriers refuse parcels above their maximum, freight starts at its minimum;
 *   subtotal — the goods after kit discounts: "free above" thresholds compare with it;
 *   city     — methods limited to some cities, and points, are offered only there.
 */
import type { DeliveryMethod, DeliveryPrice, Localized, PickupPoint } from './commerce-config.ts';
import type { Language } from './languages.ts';

export interface CartMeasure {
  weightKg: number;
  subtotal: number;
  /** The city the shopper entered ('' when none yet: city limits are not applied). */
  city: string;
}

/** Why a method cannot carry this cart (a message key of the checkout namespace). */
export type Unavailable = 'tooHeavy' | 'tooLight' | 'notInCity' | 'noPointInCity';

export type DeliveryQuote = { available: true; cost: number } | { available: false; reason: Unavailable };

/** Money rounded to minor units, so sums never show 0.1 + 0.2 style errors. */
export const roundMoney = (amount: number) => Math.round(amount * 100) / 100;

/** The cost of a delivery by its price rule; null when the rule has no price for this weight (past the last band). */
export function deliveryCost(price: DeliveryPrice, weightKg: number, subtotal: number): number | null {
  switch (price.type) {
    case 'fixed':
      return price.amount;
    case 'free_above':
      return subtotal >= price.threshold ? 0 : price.amount;
    case 'by_weight': {
      // Each started kilogram above the included weight; a tiny float excess (10.0000001 kg) is no extra kilogram.
      const extra = Math.max(0, Math.ceil(Math.round((weightKg - price.includedKg) * 1000) / 1000));
      return roundMoney(price.base + price.perKg * extra);
    }
    case 'weight_bands':
      return price.bands.find((band) => weightKg <= band.upToKg)?.amount ?? null;
  }
}

/** City names compared as a shopper types them: case, spaces around, ё/е and hyphen spacing do not matter. */
export function sameCity(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .trim()
      .toLocaleLowerCase('ru')
      .replaceAll('ё', 'е')
      .replace(/\s*-\s*/g, '-')
      .replace(/\s+/g, ' ');
  return norm(a) === norm(b);
}

/** The points of a method in the shopper's city (all of them while no city is given). */
export function pointsIn(method: Pick<DeliveryMethod, 'points'>, city: string): PickupPoint[] {
  return city.trim() ? method.points.filter((p) => sameCity(p.city, city)) : method.points;
}

/** Can this method carry the cart, and for how much. */
export function quoteDelivery(
  method: Pick<DeliveryMethod, 'price' | 'maxWeightKg' | 'minWeightKg' | 'cities' | 'needs' | 'points'>,
  cart: CartMeasure,
): DeliveryQuote {
  if (method.maxWeightKg !== undefined && cart.weightKg > method.maxWeightKg) return { available: false, reason: 'tooHeavy' };
  if (method.minWeightKg !== undefined && cart.weightKg < method.minWeightKg) return { available: false, reason: 'tooLight' };
  if (cart.city.trim() && method.cities && !method.cities.some((c) => sameCity(c, cart.city)))
    return { available: false, reason: 'notInCity' };
  if (method.needs === 'point' && pointsIn(method, cart.city).length === 0) return { available: false, reason: 'noPointInCity' };
  const cost = deliveryCost(method.price, cart.weightKg, cart.subtotal);
  return cost === null ? { available: false, reason: 'tooHeavy' } : { available: true, cost };
}

/** A pickup point as every page writes it: its city, then the street address. */
export function pointAddress(point: Pick<PickupPoint, 'city' | 'address'>): string {
  return `${point.city}, ${point.address}`;
}

/** A configured text in the visitor's language, else Russian. */
export function localized(text: Localized | undefined, language: Language): string {
  return text ? (text[language] ?? text.ru) : '';
}

/**
 * A configured text in the visitor's language with the language it is actually in: `lang` is 'ru' when the text
 * fell back to Russian, so the element that shows it can say so (screen readers and search engines then know).
 */
export function localizedText(text: Localized | undefined, language: Language): { text: string; lang?: 'ru' } {
  if (!text) return { text: '' };
  const own = text[language];
  return own !== undefined || language === 'ru' ? { text: own ?? text.ru } : { text: text.ru, lang: 'ru' };
}

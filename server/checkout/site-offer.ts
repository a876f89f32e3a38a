/**
 * What a site's order form offers right now, as the payment-and-delivery page states it (issue 20 "per-site truth"):
 * the same methods the form lists — online payment only while a provider is configured, the invoice marked as for
 * companies — each in the visitor's language or marked Russian, with its price rule summed up in one line.
 * The page then never promises a method the site does not take.
 */
import { offeredPayments } from '../../shared/checkout-fields.ts';
import type { DeliveryMethod, DeliveryPrice } from '../../shared/commerce-config.ts';
import { localizedText } from '../../shared/delivery.ts';
import type { Language, Site } from '../../shared/sites.ts';

/** A delivery price rule as one line: free, one amount, an amount that turns free above a sum, or "from" the lowest. */
export type PriceSummary =
  | { type: 'free' }
  | { type: 'fixed'; amount: number }
  | { type: 'freeAbove'; amount: number; threshold: number }
  | { type: 'from'; amount: number };

export function priceSummary(price: DeliveryPrice): PriceSummary {
  switch (price.type) {
    case 'fixed':
      return price.amount === 0 ? { type: 'free' } : { type: 'fixed', amount: price.amount };
    case 'free_above':
      return { type: 'freeAbove', amount: price.amount, threshold: price.threshold };
    case 'by_weight':
      return { type: 'from', amount: price.base };
    case 'weight_bands':
      return { type: 'from', amount: Math.min(...price.bands.map((b) => b.amount)) };
  }
}

function deliveryOffer(method: DeliveryMethod, language: Language) {
  return {
    id: method.id,
    kind: method.kind,
    label: localizedText(method.label, language),
    terms: localizedText(method.terms, language),
    price: priceSummary(method.price),
    minWeightKg: method.minWeightKg ?? null,
    maxWeightKg: method.maxWeightKg ?? null,
    /** A pickup from the shop: where and when (carriers' networks of points are many; their cities are named instead). */
    points: method.kind === 'pickup' ? (method.points ?? []).map(({ id, city, address, hours }) => ({ id, city, address, hours })) : [],
    cities: method.kind === 'pickup' ? [] : [...new Set(method.cities ?? method.points?.map((p) => p.city) ?? [])],
  };
}

export function siteOffer(site: Pick<Site, 'payment' | 'delivery' | 'currency'>, language: Language, online: boolean) {
  return {
    currency: site.currency,
    payment: offeredPayments(site.payment, { online, customerType: 'legal' }).map((m) => ({
      id: m.id,
      kind: m.kind,
      label: localizedText(m.label, language),
      terms: localizedText(m.terms, language),
    })),
    delivery: site.delivery.map((m) => deliveryOffer(m, language)),
  };
}
export type SiteOffer = ReturnType<typeof siteOffer>;

/**
 * What each regional site sells through: its delivery methods (with their price rules and limits), payment methods,
 * the shop's requisites (invoices, the about page) and the address new orders are mailed to. The zod schema is part
 * of the sites config (shared/sites-config.ts), validated at boot; the demo values follow ../shared/domain.md
 * "Commerce content", priced in each site's currency. Types only reach the browser (shared/delivery.ts prices a cart
 * with them); the schema and the demo values are server-side by use.
 */
import { z } from 'zod';

/** A text in the site's languages: Russian always, the others when they differ (missing ones fall back to Russian). */
export const localizedSchema = z.strictObject({
  ru: z.string().min(1).max(300),
  en: z.string().min(1).max(300).optional(),
  'zh-CN': z.string().min(1).max(300).optional(),
  tr: z.string().min(1).max(300).optional(),
  kk: z.string().min(1).max(300).optional(),
  ro: z.string().min(1).max(300).optional(),
  uz: z.string().min(1).max(300).optional(),
  ky: z.string().min(1).max(300).optional(),
});
export type Localized = z.infer<typeof localizedSchema>;

const methodId = z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'a lower-case id: letters, digits, dashes');
const money = z.number().min(0).max(10_000_000_000);
const kg = z.number().positive().max(100_000);

/**
 * How a delivery is priced. Amounts are in the site's currency.
 *   fixed        — one amount;
 *   free_above   — `amount`, or 0 when the goods' subtotal (after kit discounts) reaches `threshold`;
 *   by_weight    — `base` + `perKg` × each started kilogram above `includedKg` (default 1);
 *   weight_bands — the first band whose `upToKg` holds the order's weight (heavier than the last band: unavailable).
 */
export const deliveryPriceSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('fixed'), amount: money }),
  z.strictObject({ type: z.literal('free_above'), amount: money, threshold: money }),
  z.strictObject({ type: z.literal('by_weight'), base: money, perKg: money, includedKg: z.number().min(0).max(1000).default(1) }),
  z.strictObject({
    type: z.literal('weight_bands'),
    bands: z
      .array(z.strictObject({ upToKg: kg, amount: money }))
      .min(1)
      .refine((b) => b.every((band, i) => i === 0 || band.upToKg > b[i - 1]!.upToKg), 'bands in increasing weight'),
  }),
]);
export type DeliveryPrice = z.infer<typeof deliveryPriceSchema>;

/** schema.org openingHours: day or day range and times, parts separated by semicolons (shared/dealers.ts formatHours). */
const OPENING_HOURS =
  /^(?:Mo|Tu|We|Th|Fr|Sa|Su)(?:-(?:Mo|Tu|We|Th|Fr|Sa|Su))? \d{2}:\d{2}-\d{2}:\d{2}(?:; (?:Mo|Tu|We|Th|Fr|Sa|Su)(?:-(?:Mo|Tu|We|Th|Fr|Sa|Su))? \d{2}:\d{2}-\d{2}:\d{2})*$/;

/** A place the shopper collects the order from (the shop's own warehouse, a carrier's point). */
export const pickupPointSchema = z
  .strictObject({
    id: methodId,
    /** The city the point is in (a city of the site's list, spelt as there). */
    city: z.string().min(1).max(100),
    /** The street address within the city: pages write "city, address" (shared/delivery.ts pointAddress). */
    address: z.string().min(1).max(300),
    /** Opening hours in schema.org's openingHours form ("Mo-Fr 09:00-20:00; Sa 10:00-16:00"), shown in each page's language. */
    hours: z.string().max(200).regex(OPENING_HOURS, 'schema.org opening hours such as "Mo-Fr 09:00-20:00; Sa 10:00-16:00"').optional(),
  })
  .refine((p) => !p.address.toLocaleLowerCase('ru').startsWith(p.city.toLocaleLowerCase('ru')), {
    message: 'the address without its city: the city is its own field, and pages would write it twice',
    path: ['address'],
  });
export type PickupPoint = z.infer<typeof pickupPointSchema>;

export const DELIVERY_KINDS = ['pickup', 'courier', 'point', 'post', 'freight'] as const;

export const deliveryMethodSchema = z
  .strictObject({
    id: methodId,
    kind: z.enum(DELIVERY_KINDS),
    label: localizedSchema,
    /** Delivery times and conditions, shown under the label ("1–3 дня, до двери"). */
    terms: localizedSchema.optional(),
    price: deliveryPriceSchema,
    /** The carrier takes parcels up to this weight (kg): heavier orders must go by freight. */
    maxWeightKg: kg.optional(),
    /** The method makes sense from this weight on (freight carriers). */
    minWeightKg: kg.optional(),
    /** What the shopper must give: a street address, one of `points`, or nothing more than the city. */
    needs: z.enum(['address', 'point', 'nothing']),
    /** The points to choose from (needs: 'point'), each in a city. */
    points: z.array(pickupPointSchema).default([]),
    /** Cities where the method is offered (as spelt in the site's city list); absent: everywhere. */
    cities: z.array(z.string().min(1).max(100)).optional(),
  })
  .refine((m) => m.needs !== 'point' || m.points.length > 0, { message: 'a method that needs a point lists its points', path: ['points'] })
  .refine((m) => m.minWeightKg === undefined || m.maxWeightKg === undefined || m.minWeightKg < m.maxWeightKg, {
    message: 'minWeightKg below maxWeightKg',
    path: ['minWeightKg'],
  });
export type DeliveryMethod = z.infer<typeof deliveryMethodSchema>;

/**
 * How an order is paid: online (a payment provider, offered only when one is configured for the site), cash (on
 * delivery or pickup), invoice (a bank transfer from a legal entity), on_confirmation (a local method — Kaspi,
 * Payme … — the manager sends a payment request after confirming the order).
 */
export const PAYMENT_KINDS = ['online', 'cash', 'invoice', 'on_confirmation'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export const paymentMethodSchema = z.strictObject({
  id: methodId,
  kind: z.enum(PAYMENT_KINDS),
  label: localizedSchema,
  /** How it works, shown under the label. */
  terms: localizedSchema.optional(),
  /** Offered to legal entities only (an invoice). */
  legalOnly: z.boolean().default(false),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** The shop's legal details: printed on invoices and the about page. */
export const requisitesSchema = z.strictObject({
  legalName: z.string().min(1).max(300),
  /** The tax number: ИНН (Russia, Kyrgyzstan), БИН (Kazakhstan), IDNO (Moldova), СТИР (Uzbekistan). */
  inn: z.string().regex(/^\d{9,14}$/),
  kpp: z
    .string()
    .regex(/^\d{4}[\dA-Z]{2}\d{3}$/)
    .optional(),
  ogrn: z
    .string()
    .regex(/^\d{13}(\d{2})?$/)
    .optional(),
  address: z.string().min(1).max(500),
  bank: z.string().min(1).max(300),
  /** The bank's identifier: БИК, BIC/SWIFT, МФО. */
  bik: z.string().min(1).max(20),
  account: z.string().min(1).max(40),
  correspondentAccount: z.string().max(40).optional(),
});
export type Requisites = z.infer<typeof requisitesSchema>;

/** The countries the sites sell in (phone numbers are checked for the site's country). */
export const COUNTRIES = ['RU', 'KZ', 'MD', 'UZ', 'KG'] as const;
export type Country = (typeof COUNTRIES)[number];

/** The commerce part of a site (fields of siteSchema); every field has a default, so an operator's older file still loads. */
export const siteCommerceShape = {
  /** The country the site sells in: phone numbers are read for it, and it is the region of the site's hreflang codes (ru-KZ). */
  country: z.enum(COUNTRIES).default('RU'),
  delivery: z.array(deliveryMethodSchema).default([]),
  payment: z.array(paymentMethodSchema).default([]),
  requisites: requisitesSchema.optional(),
  /** New orders are mailed here (default: the site's e-mail). */
  orderEmail: z.email().optional(),
};

/** Checks the parts of a site's commerce config that refer to each other: unique method ids. */
export function commerceIssues(site: { delivery: DeliveryMethod[]; payment: PaymentMethod[] }): string[] {
  const issues: string[] = [];
  for (const [what, list] of [
    ['delivery', site.delivery],
    ['payment', site.payment],
  ] as const) {
    const ids = list.map((m) => m.id);
    for (const id of new Set(ids)) if (ids.indexOf(id) !== ids.lastIndexOf(id)) issues.push(`${what} method id ${id} is used twice`);
  }
  return issues;
}

/** A site's commerce as written in a config (before defaults): what server/platform/demo-sites.ts writes. */
export type CommerceInput = z.input<z.ZodObject<typeof siteCommerceShape>>;

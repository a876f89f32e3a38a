/** Cart entries in the spec's shape (§3: sku holding actual_price, quantity) and the total rule of §9. */
import type { FallbackLang } from './catalog.ts';

/** The most of one product a cart line may hold (the database checks it too). */
export const MAX_QUANTITY = 999;
/** The most lines one 'lines' add may carry (a whole car from the calculator is about 20). */
export const MAX_CART_LINES = 60;
export interface CartEntry {
  sku: {
    id: number;
    code: string;
    title: string;
    /** On the cart page: 'ru' when the title is the Russian fallback in the page's language (decision 048). */
    lang?: FallbackLang;
    url: string;
    /** Price of one unit now, from the site's price list (never from the client). */
    actual_price: number;
  };
  quantity: number;
}

/**
 * Spec §9: total = Σ actual_price × quantity. Spec §8: the original backend's answer "Cannot read
 * property … of undefined" (instead of a list) means an empty cart, total 0.
 */
export function cartTotal(entries: readonly CartEntry[] | string | null | undefined): number {
  if (!Array.isArray(entries)) return 0;
  // Sum in minor units so that 0.1 + 0.2 style errors never reach a shopper.
  return entries.reduce((sum, e) => sum + Math.round(e.sku.actual_price * 100) * e.quantity, 0) / 100;
}

/** An amount rounded to the site's step (1, 10, 1000), as the seed rounds converted prices and kits round their price. */
export const roundToStep = (amount: number, step: number) => Math.round(amount / step) * step;

/**
 * A kit's price as its page advertises it (decision 014): the separate price (Σ price × quantity) minus the kit's
 * discount, rounded to the site's step; without a discount, the separate price itself. Integer percent arithmetic first
 * (× (100 − d) / 100), so 5 % off 7 910 is 7 514.5 exactly before the step. The cart's kit discounts (kitDiscounts)
 * make a whole kit cost exactly this.
 */
export const kitPrice = (separate: number, discountPercent: number, rounding: number) =>
  discountPercent > 0 ? roundToStep((separate * (100 - discountPercent)) / 100, rounding) : separate;

/**
 * A kit's separate price, Σ price × quantity, added in minor units: exact whatever the prices' binary fractions, so the
 * kit page, the back office and the cart (kitDiscounts) give kitPrice the very same number — a float sum can land a
 * hair off a half step and round the other way.
 */
export const separatePrice = (lines: ReadonlyArray<{ price: number; quantity: number }>): number =>
  lines.reduce((sum, l) => sum + Math.round(l.price * 100) * l.quantity, 0) / 100;

/**
 * A line the cart still holds whose product the site no longer sells (taken off sale, or without a price on the site's
 * list any more): the cart page shows it as no longer sold, with its remove button; it is never counted, charged or
 * ordered (decision 031).
 */
export interface UnavailableLine {
  sku: Omit<CartEntry['sku'], 'actual_price'>;
  quantity: number;
  unavailable: true;
}

/** A ready kit the cart holds (cart_kits): how many were added, its discount, its lines per kit. */
export interface CartKit {
  kitId: number;
  slug: string;
  title: string;
  lang: FallbackLang;
  /** Kits added to the cart. */
  count: number;
  discountPercent: number;
  lines: ReadonlyArray<{ productId: number; quantity: number }>;
}

export interface KitDiscounts {
  /** The discount on each product's line (currency units, to the minor unit). */
  byProduct: Map<number, number>;
  /** How many of each kit the cart holds whole (≤ its count). */
  complete: Map<number, number>;
  /** Σ of the discounts. */
  total: number;
}

/**
 * The kit discounts of a cart, line by line, as the kit page advertises them (decision 022): a kit's discount holds
 * for each copy of it the cart holds whole — every line at least the kit's quantity, kits taking their units in the
 * order they were added, so two kits sharing a product never discount the same unit twice. One whole kit is
 * discounted by its separate price minus the kit page's price (rounded to the site's step, as there); that amount is
 * spread over the kit's lines in proportion to their value (largest remainder, in minor units), so the lines add
 * up to exactly the kit page's price. The discount follows the prices of now, not of when the kit was added.
 */
export function kitDiscounts(
  lines: ReadonlyArray<{ productId: number; price: number; quantity: number }>,
  kits: readonly CartKit[],
  rounding: number,
): KitDiscounts {
  const price = new Map(lines.map((l) => [l.productId, l.price]));
  const left = new Map(lines.map((l) => [l.productId, l.quantity]));
  const byProduct = new Map<number, number>();
  const complete = new Map<number, number>();
  let total = 0;
  for (const kit of kits) {
    const whole =
      kit.lines.length === 0
        ? 0
        : Math.min(
            kit.count,
            ...kit.lines.map((l) => (price.has(l.productId) ? Math.floor((left.get(l.productId) ?? 0) / l.quantity) : 0)),
          );
    complete.set(kit.kitId, whole);
    if (whole <= 0) continue;
    for (const l of kit.lines) left.set(l.productId, left.get(l.productId)! - whole * l.quantity);
    if (kit.discountPercent <= 0) continue;
    // In minor units throughout: no float drift between the lines and the whole.
    const values = kit.lines.map((l) => Math.round(price.get(l.productId)! * 100) * l.quantity);
    const separate = values.reduce((a, b) => a + b, 0);
    const perKit = Math.max(0, separate - Math.round(kitPrice(separate / 100, kit.discountPercent, rounding) * 100));
    if (perKit === 0 || separate === 0) continue;
    const exact = values.map((v) => (v * perKit) / separate);
    const shares = exact.map(Math.floor);
    let rest = perKit - shares.reduce((a, b) => a + b, 0);
    const order = exact.map((e, i) => [e - shares[i]!, i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
    for (const [, i] of order) {
      if (rest <= 0) break;
      shares[i]!++;
      rest--;
    }
    kit.lines.forEach((l, i) => {
      byProduct.set(l.productId, (byProduct.get(l.productId) ?? 0) + (shares[i]! * whole) / 100);
    });
    total += (perKit * whole) / 100;
  }
  for (const [id, d] of byProduct) byProduct.set(id, Math.round(d * 100) / 100);
  return { byProduct, complete, total: Math.round(total * 100) / 100 };
}

/** A cart line priced for the cart page and the order: the kit discount on it, what it costs, what it weighs. */
export interface PricedLine extends CartEntry {
  /** The kit discount on the whole line (0 when no whole kit holds it). */
  discount: number;
  /** actual_price × quantity − discount. */
  total: number;
  /** Shipping weight of one unit, kg. */
  weightKg: number;
}

export interface PricedCart {
  lines: PricedLine[];
  /** The kits the cart holds, and how many of each are whole (their discount applies). */
  kits: Array<{ slug: string; title: string; count: number; complete: number; discountPercent: number }>;
  /** Σ actual_price × quantity (spec §9's cart total). */
  subtotal: number;
  /** Σ kit discounts. */
  discount: number;
  /** What the goods cost: subtotal − discount. */
  goods: number;
  weightKg: number;
}

/** Prices a cart's lines with the kit discounts (kitDiscounts), the way the cart page shows it and the order is placed. */
export function priceCart(
  entries: ReadonlyArray<CartEntry & { weightKg: number }>,
  kits: readonly CartKit[],
  rounding: number,
): PricedCart {
  const discounts = kitDiscounts(
    entries.map((e) => ({ productId: e.sku.id, price: e.sku.actual_price, quantity: e.quantity })),
    kits,
    rounding,
  );
  const lines = entries.map((e) => {
    const discount = discounts.byProduct.get(e.sku.id) ?? 0;
    return { ...e, discount, total: (cartTotal([e]) * 100 - Math.round(discount * 100)) / 100 };
  });
  const subtotal = cartTotal(entries);
  return {
    lines,
    kits: kits.map((k) => ({
      slug: k.slug,
      title: k.title,
      count: k.count,
      complete: discounts.complete.get(k.kitId) ?? 0,
      discountPercent: k.discountPercent,
    })),
    subtotal,
    discount: discounts.total,
    goods: Math.round((subtotal - discounts.total) * 100) / 100,
    weightKg: Math.round(entries.reduce((sum, e) => sum + e.weightKg * 1000 * e.quantity, 0)) / 1000,
  };
}

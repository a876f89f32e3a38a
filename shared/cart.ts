/** Cart entries in the spec's shape (§3: sku holding actual_price, quantity) and the total rule of §9. */

/** The most of one product a cart line may hold (the database checks it too). */
export const MAX_QUANTITY = 999;
/** The most lines one 'lines' add may carry (a whole car from the calculator is about 20). */
export const MAX_CART_LINES = 60;
export interface CartEntry {
  sku: {
    id: number;
    code: string;
    title: string;
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

/**
 * The server's one pricing entry (decision 031): what a cart costs on the page and in the order, and what delivering it
 * costs. The rules themselves are pure and shared, because the browser runs them too (the order form recomputes the
 * delivery and the total as the shopper chooses): shared/cart.ts — the spec's total, the kit discounts, the site's
 * rounding step and a kit's price — and shared/delivery.ts — delivery prices. This module writes no rule again; it only
 * combines them for the cart page (server/pages/cart.ts), the spec's cart answers (cartTotal: §9's Σ price × quantity)
 * and the checkout.
 */
import { type PricedCart, priceCart } from '../../shared/cart.ts';
import { type DeliveryQuote, roundMoney } from '../../shared/delivery.ts';
import type { CartContents } from '../cart/index.ts';

export { cartTotal } from '../../shared/cart.ts';
export { quoteDelivery } from '../../shared/delivery.ts';

/** A cart priced: its sold lines with the kit discounts (PricedCart) beside what the read gave (lines no longer sold, stock). */
export type PricedContents = PricedCart & Omit<CartContents, 'lines' | 'kits'>;

/**
 * The cart read (CartService.read) priced with its kit discounts, for the site's rounding step: what the cart page
 * shows and, read inside the placing transaction, what the order costs. Lines no longer sold are carried beside, never
 * priced.
 */
export function priceContents(contents: CartContents, rounding: number): PricedContents {
  const { lines, kits, ...rest } = contents;
  return { ...priceCart(lines, kits, rounding), ...rest };
}

/** What an order costs: the goods after kit discounts plus the delivery quoted for them, to the minor unit. */
export const orderTotal = (goods: number, delivery: Extract<DeliveryQuote, { available: true }>) => roundMoney(goods + delivery.cost);

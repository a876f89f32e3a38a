/** The public face of server/cart/: what the rest of the server imports from it. */

export { CartService } from './cart.ts';
export { cartLinesForAnalytics } from './cart-analytics.ts';

/** The public face of server/cart/: what the rest of the server imports from it. */

export { type CartContents, CartService, cartLinesForAnalytics } from './cart.ts';

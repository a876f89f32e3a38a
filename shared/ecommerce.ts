/**
 * Yandex Metrika's e-commerce data layer (docs/decisions/025-analytics-consent.md): the objects pushed into
 * `window.dataLayer`, in the documented shape
 *
 *   { ecommerce: { currencyCode: 'RUB', <action>: { actionField?: { id, revenue }, products: [ … ] } } }
 *
 * with <action> one of detail (a product page viewed), add, remove (cart changes) and purchase (an order
 * placed). Pure builders, shared by the browser (which pushes them) and the server (which tells the browser
 * how a cart action changed the cart), and unit-tested on their own.
 */

/** One product as Metrika's productFieldObject describes it (id or name is required; the rest optional). */
export interface EcommerceProduct {
  /** The product's identifier: the shop's article (SKU). */
  id?: string;
  name?: string;
  /** Price of one unit in the event's currency. */
  price?: number;
  brand?: string;
  /** Up to five levels separated by '/'. */
  category?: string;
  quantity?: number;
  variant?: string;
}

export type EcommerceAction = 'detail' | 'add' | 'remove';

export interface EcommerceEvent {
  ecommerce: {
    currencyCode: string;
    detail?: { products: EcommerceProduct[] };
    add?: { products: EcommerceProduct[] };
    remove?: { products: EcommerceProduct[] };
    purchase?: { actionField: { id: string; revenue?: number }; products: EcommerceProduct[] };
  };
}

/** A cart line as the analytics see it: what was in the cart before or after a change. */
export interface CartLineSnapshot {
  /** The product's SKU (the e-commerce id). */
  id: string;
  name: string;
  price: number;
  category?: string;
  quantity: number;
}

/** How one product's quantity in the cart changed: `quantity` > 0 added, < 0 removed. */
export type CartChange = CartLineSnapshot;

/** An order as the purchase event needs it (reportPurchase, client/third-party/ecommerce.ts). */
export interface PurchaseReport {
  /** The order's id or number, as the shop refers to it. */
  id: number | string;
  /** The order's total in `currency` (what the shopper pays). */
  revenue: number;
  /** ISO 4217, the order's currency. */
  currency: string;
  lines: { id?: number | string; name: string; price: number; quantity: number; category?: string }[];
}

/** Drops the fields that are undefined (Metrika treats an absent field and `undefined` alike; JSON does not keep them). */
function product(fields: EcommerceProduct): EcommerceProduct {
  const out: EcommerceProduct = {};
  for (const [key, value] of Object.entries(fields) as [keyof EcommerceProduct, never][]) if (value !== undefined) out[key] = value;
  return out;
}

/** A detail, add or remove event for these products. */
export function productsEvent(action: EcommerceAction, currency: string, products: EcommerceProduct[]): EcommerceEvent {
  return { ecommerce: { currencyCode: currency, [action]: { products: products.map(product) } } };
}

/** The product page's view: one product, its price when the site sells it. */
export function detailEvent(
  currency: string,
  p: { sku: string; title: string; price: number | null; category?: { title: string } | null },
): EcommerceEvent {
  return productsEvent('detail', currency, [{ id: p.sku, name: p.title, price: p.price ?? undefined, category: p.category?.title }]);
}

/** An order placed: actionField.id is the order's id, revenue its total; a line per product. */
export function purchaseEvent(order: PurchaseReport): EcommerceEvent {
  return {
    ecommerce: {
      currencyCode: order.currency,
      purchase: {
        actionField: { id: String(order.id), revenue: order.revenue },
        products: order.lines.map((l) =>
          product({
            id: l.id === undefined ? undefined : String(l.id),
            name: l.name,
            price: l.price,
            quantity: l.quantity,
            category: l.category,
          }),
        ),
      },
    },
  };
}

/**
 * The cart's change between two snapshots, product by product (quantity = after − before; price, name and
 * category from whichever side has the line). Unchanged lines are left out.
 */
export function diffCart(before: readonly CartLineSnapshot[], after: readonly CartLineSnapshot[]): CartChange[] {
  const was = new Map(before.map((l) => [l.id, l]));
  const changes: CartChange[] = [];
  for (const line of after) {
    const delta = line.quantity - (was.get(line.id)?.quantity ?? 0);
    if (delta !== 0) changes.push({ ...line, quantity: delta });
    was.delete(line.id);
  }
  for (const line of was.values()) if (line.quantity !== 0) changes.push({ ...line, quantity: -line.quantity });
  return changes;
}

/** The events a cart change makes: one 'add' with what grew, one 'remove' with what shrank (quantities positive). */
export function cartChangeEvents(currency: string, changes: readonly CartChange[]): EcommerceEvent[] {
  const toProduct = (c: CartChange): EcommerceProduct => ({
    id: c.id,
    name: c.name,
    price: c.price,
    category: c.category,
    quantity: Math.abs(c.quantity),
  });
  const added = changes.filter((c) => c.quantity > 0).map(toProduct);
  const removed = changes.filter((c) => c.quantity < 0).map(toProduct);
  const events: EcommerceEvent[] = [];
  if (added.length) events.push(productsEvent('add', currency, added));
  if (removed.length) events.push(productsEvent('remove', currency, removed));
  return events;
}

/** Whether an action's answer carries cart changes of the expected shape (it travelled as JSON). */
export function cartChangesOf(result: unknown): CartChange[] | null {
  if (typeof result !== 'object' || result === null) return null;
  const changes = (result as { cartChanges?: unknown }).cartChanges;
  if (!Array.isArray(changes)) return null;
  const valid = changes.every(
    (c) =>
      typeof c === 'object' &&
      c !== null &&
      typeof c.id === 'string' &&
      typeof c.name === 'string' &&
      Number.isFinite(c.price) &&
      Number.isInteger(c.quantity) &&
      (c.category === undefined || typeof c.category === 'string'),
  );
  return valid ? (changes as CartChange[]) : null;
}

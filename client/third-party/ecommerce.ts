/**
 * The e-commerce data layer in the browser (docs/decisions/025-analytics-consent.md): on a site with an
 * analytics counter the server's inline script creates `window.dataLayer` (a plain array) on every page, and
 * the events of shared/ecommerce.ts are pushed into it — a product page's view, every cart change (from
 * whichever form: the router's action answers are heard in one place), a placed order. Nothing leaves the
 * browser until the counter loads, which it does only after the visitor's consent; it then reads what is
 * already queued. A site without a counter has no `window.dataLayer` and nothing is pushed.
 */
import { useEffect, useRef } from 'react';
import {
  cartChangeEvents,
  cartChangesOf,
  detailEvent,
  type EcommerceEvent,
  type PurchaseReport,
  purchaseEvent,
} from '../../shared/ecommerce.ts';
import { METRIKA_DATA_LAYER } from '../../shared/third-party.ts';
import { onActionResult } from '../data-strategy.ts';

export type { PurchaseReport };

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** The inline script that creates the data layer before anything else runs (rendered on sites with a counter). */
export const DATA_LAYER_SNIPPET = `window.${METRIKA_DATA_LAYER}=window.${METRIKA_DATA_LAYER}||[];`;

/** Pushes an event when this site has the data layer (a counter is configured); false when it has none. */
export function pushEcommerce(event: EcommerceEvent): boolean {
  const layer = window.dataLayer;
  if (!Array.isArray(layer)) return false;
  layer.push(event);
  return true;
}

/** sessionStorage key: the ids of the orders this tab has reported (a reload does not count one twice). */
export const REPORTED_ORDERS_KEY = 'ecommerce:purchases';

function reportedOrders(): string[] {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(REPORTED_ORDERS_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Reports a placed order once (Metrika's purchase event): call it from the order's result page. Returns
 * whether it was pushed now — not when the site has no counter or this tab already reported the order.
 */
export function reportPurchase(order: PurchaseReport): boolean {
  if (!Array.isArray(window.dataLayer)) return false;
  const id = String(order.id);
  const reported = reportedOrders();
  if (reported.includes(id)) return false;
  try {
    // The last 50 are enough for one tab; the list never grows without bound.
    window.sessionStorage.setItem(REPORTED_ORDERS_KEY, JSON.stringify([...reported, id].slice(-50)));
  } catch {
    // Storage refused (private mode, quota): report anyway; a reload may then count the order again.
  }
  return pushEcommerce(purchaseEvent(order));
}

/** The product fields the view event reads (the product page's loader data). */
type ViewedProduct = { sku: string; title: string; price: number | null; category?: { title: string } };

/**
 * A product page's view ('detail'), once per load of the page's data: a visit by a link loads it anew (a new
 * view); gallery steps and revalidations keep the same data object, so they are no new view.
 */
export function useProductView(currency: string, product: ViewedProduct) {
  const reported = useRef<ViewedProduct | null>(null);
  useEffect(() => {
    if (reported.current === product) return;
    reported.current = product;
    pushEcommerce(detailEvent(currency, product));
  }, [currency, product]);
}

/** Every successful cart action's changes become 'add' / 'remove' events (mounted once, by the analytics tag). */
export function useCartChangeEvents(currency: string) {
  useEffect(
    () =>
      onActionResult((routeId, data) => {
        if (routeId !== 'cart') return;
        const changes = cartChangesOf(data);
        if (changes) for (const event of cartChangeEvents(currency, changes)) pushEcommerce(event);
      }),
    [currency],
  );
}

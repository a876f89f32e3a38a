/** Orders as the server reads them and the pages show them (history, receipts, result pages). */
import { formatDate } from './format.ts';
import type { Language } from './languages.ts';

/**
 * The day an order was placed as pages show it: the language's medium date in the site's time zone ("12 мар. 2026 г.",
 * "Mar 12, 2026", "2026-ж., 12-мар.") — one style for the result page, /history and its entries.
 */
export const orderDate = (createdAt: string, language: Language, timeZone: string): string =>
  formatDate(createdAt, language, timeZone, 'medium');

export interface OrderSummary {
  id: number;
  /** Readable over the phone: "1234-5678" (server/checkout/order-numbers.ts); what every page and mail calls the order. */
  number: string;
  status: string;
  currency: string;
  total: number;
  /** ISO time in UTC. */
  created_at: string;
  /** The day the order was placed as the reader's language writes it, in its site's time zone (orderDate below). */
  created_date: string;
  session_id: string | null;
  user_id: number | null;
}

export interface OrderLine {
  title: string;
  price: number;
  quantity: number;
}

/** An order as it leaves the server: without the session id and user id it is keyed by. */
export type PublicOrder = Omit<OrderSummary, 'session_id' | 'user_id'> & { items: OrderLine[] };

/** A placed order as its result page shows it (/cart/{success|fail}/{id}): number, lines, delivery, payment, totals. */
export interface OrderReceipt {
  /** Readable over the phone: "1234-5678". */
  number: string;
  status: string;
  currency: string;
  /** ISO time in UTC (the invoice writes its own date from it). */
  created_at: string;
  /** The day the order was placed as the reader's language writes it (orderDate below). */
  created_date: string;
  /** `phone` as people read it ("+7 912 345 67 89", shared/phone.ts formatPhone), not as stored. */
  customer: { type: string; name: string; phone: string; email: string; company: string; inn: string; kpp: string };
  delivery: {
    id: string;
    kind: string;
    label: string;
    cost: number;
    city: string;
    address: string;
    point: { id: string; address: string; hours: string } | null;
    weightKg: number;
  } | null;
  payment: { id: string; kind: 'online' | 'cash' | 'invoice' | 'on_confirmation'; label: string } | null;
  /** Where the payment stands (PAYMENT_STATES below); null for an order without a payment method. */
  paymentState: PaymentState | null;
  comment: string;
  subtotal: number;
  discount: number;
  deliveryCost: number;
  total: number;
  items: Array<{ title: string; sku: string | null; price: number; quantity: number; discount: number; total: number }>;
}

/** What 'repeat order' put in the cart (the account's order history). */
export interface RepeatSummary {
  /** Lines put in the cart: the quantity added, the price paid then and today's. */
  added: Array<{ title: string; quantity: number; was: number; now: number }>;
  /** Lines no longer sold on this site (withdrawn or without a price here). */
  unavailable: string[];
  currency: string;
}

/**
 * An order's states (orders.status, migration 009) and what a shopper reads for each: ONE mapping, the `orders.states`
 * namespace of the locales (shared/locales/features/orders.ts), used by the result page, /history, the mails and the
 * invoice alike. A state the locales do not know reads as itself.
 */
export const ORDER_STATES = ['new', 'confirmed', 'awaiting_payment', 'paid', 'in_progress', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/**
 * The order graph the staff move orders along (issue 21; server/checkout/order-workflow.ts): placed ('new') → confirmed
 * by the shop (paid on receipt or by invoice) or awaiting an online payment → paid → in progress → shipped (with a
 * tracking number) → delivered. A confirmed order paid on receipt goes straight to work. Cancelled from any open
 * state; delivered and cancelled are final. Payments move 'awaiting_payment' → 'paid' by themselves (decision 024).
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderState, readonly OrderState[]>> = {
  new: ['confirmed', 'awaiting_payment', 'cancelled'],
  confirmed: ['awaiting_payment', 'paid', 'in_progress', 'cancelled'],
  awaiting_payment: ['paid', 'cancelled'],
  paid: ['in_progress', 'cancelled'],
  in_progress: ['shipped', 'cancelled'],
  shipped: ['delivered', 'cancelled'],
  delivered: [],
  cancelled: [],
};

/** May an order in state `from` move to `to`? (An unknown state moves nowhere.) */
export function canMoveOrder(from: string, to: string): boolean {
  return Object.hasOwn(ORDER_TRANSITIONS, from) && (ORDER_TRANSITIONS[from as OrderState] as readonly string[]).includes(to);
}

/** The locale key of an order state's label (t(orderStateKey(s), { defaultValue: s })). */
export const orderStateKey = (state: string) => `orders.states.${state}`;

/**
 * Where an order's payment stands, as /history and the result page show it (server/checkout/orders.ts PAYMENT_STATE_SQL
 * derives it): an online payment's own state (pending, waiting_for_capture, succeeded, canceled), `paid` once the
 * order was paid, `unpaid` for a cancelled order never paid, and for offline methods not yet paid what comes next.
 */
export const PAYMENT_STATES = [
  'pending',
  'waiting_for_capture',
  'succeeded',
  'canceled',
  'paid',
  'unpaid',
  'on_receipt',
  'invoice',
  'on_confirmation',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** The locale key of a payment state's label. */
export const paymentStateKey = (state: string) => `orders.paymentStates.${state}`;

/** An order as /history lists it: its number and state, and how it is delivered and paid. */
export interface HistoryEntry extends Omit<OrderSummary, 'id' | 'session_id' | 'user_id'> {
  number: string;
  delivery: { label: string; city: string; address: string; point: { address: string } | null } | null;
  payment: { label: string; kind: string } | null;
  paymentState: PaymentState | null;
}

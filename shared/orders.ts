/** Orders as the server reads them and the pages show them (history, receipts, result pages). */

export interface OrderSummary {
  id: number;
  status: string;
  currency: string;
  total: number;
  /** ISO time in UTC. */
  created_at: string;
  /** The day the order was placed, DD.MM.YYYY in its site's time zone (what a shopper reads). */
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
  id: number;
  /** Readable over the phone: "1234-5678". */
  number: string;
  status: string;
  currency: string;
  created_date: string;
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

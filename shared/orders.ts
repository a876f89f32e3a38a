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

/**
 * Placing an order (decision 022): the checkout key of the order form, and OrderService-style `place`, ONE
 * transaction that
 *   1. locks the visitor's session row (parallel submits of one session wait for each other),
 *   2. returns the order already placed with this checkout key, if any (double click, retry, Back + resubmit),
 *   3. re-reads the cart and its prices from the database and applies the kit discounts (shared/cart.ts),
 *   4. checks the delivery method against the cart (weight, city, points) and prices it from the sites config,
 *      checks the payment method is offered, and compares the total with the one the shopper saw,
 *   5. holds the order to what one visitor may take (decision 036): at most `maxUnitsPerProduct` units of a product
 *      sold from stock, and the one limiter's 'checkout.session' and 'checkout.address' (only placed orders count:
 *      a refusal rolls its claim back),
 *   6. reserves stock (products sold from stock, row locks in product order: never oversold), noting per line what
 *      it took, so that a lapsed order gives exactly that back once (server/checkout/reservations.ts),
 *   7. writes the order — its number from the keyed permutation (order-numbers.ts) —, its lines, its delivery and
 *      payment snapshots and its first state, empties the cart and queues the order's mails (`order.confirmation`,
 *      `order.new`: server/mail/) — all or nothing. The shopper's copy is sent only within the limiter's
 *      'order-mail.recipient' and 'order-mail.address' caps (past them the order is placed all the same; the shop's
 *      copy always goes).
 * A refusal (empty cart, stock, a cap or limit, price change, a method that cannot carry the cart) rolls everything
 * back.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PricedLine } from '../../shared/cart.ts';
import type { CheckoutForm } from '../../shared/checkout.ts';
import { offeredPayments } from '../../shared/checkout-fields.ts';
import type { DeliveryMethod, PaymentKind } from '../../shared/commerce-config.ts';
import { localized, localizedText, pointAddress, pointsIn, type Unavailable } from '../../shared/delivery.ts';
import type { Language } from '../../shared/languages.ts';
import type { OrderState } from '../../shared/orders.ts';
import type { Site } from '../../shared/sites.ts';
import type { CartService } from '../cart/index.ts';
import type { Db, Queryable } from '../db/index.ts';
import { addressKey, limits } from '../limits/index.ts';
import type { Mailer, PlacedOrder } from '../mail/index.ts';
import type { OrdersConfig } from '../platform/config.ts';
import type { SessionService } from '../sessions/index.ts';
import { numberFor, type OrderNumberKey, orderNumberKey } from './order-numbers.ts';
import { orderTotal, priceContents, quoteDelivery } from './pricing.ts';
import { releaseLapsedOrders } from './reservations.ts';
import { mayMailShopper } from './shopper-mail.ts';

/** What an order may hold and for how long when the environment says nothing (server/platform/config.ts). */
export const DEFAULT_ORDER_RULES: OrdersConfig = { maxUnitsPerProduct: 20, unpaidReleaseMinutes: 60, unconfirmedReleaseHours: null };

/** Is an online payment provider configured for the site? Until one is wired (issue 10, payments), none is. */
export type OnlinePaymentAvailable = (site: Site) => boolean;

export type CheckoutRefusal =
  /** The cart is empty (or holds nothing the site sells any more). */
  | { reason: 'empty' }
  /** Lines asking for more than is in stock: nothing was placed. */
  | { reason: 'stock'; lines: Array<{ title: string; available: number }> }
  /** Lines asking for more units of a product sold from stock than one order may take: nothing was placed. */
  | { reason: 'quantityCap'; max: number; lines: Array<{ title: string; quantity: number }> }
  /** This session or client address placed as many orders as the limiter allows for now: nothing was placed. */
  | { reason: 'tooManyOrders'; retryAfterSeconds: number }
  /** The total differs from the one the shopper saw (prices or the cart changed): nothing was placed. */
  | { reason: 'priceChanged'; total: number }
  /** The chosen delivery cannot carry this cart. */
  | { reason: 'delivery'; why: Unavailable }
  /** The chosen payment method is not offered (an online one without a provider, an invoice for a person). */
  | { reason: 'payment' }
  /** The form's checkout key was not made for this session. */
  | { reason: 'staleForm' };

export type PlaceResult =
  | {
      ok: true;
      id: number;
      number: string;
      /** The order's payment method is paid online (the action then sends the shopper to the provider). */
      paysOnline: boolean;
      repeated: boolean;
    }
  | ({ ok: false } & CheckoutRefusal);

class Refused extends Error {
  constructor(readonly refusal: CheckoutRefusal) {
    super(refusal.reason);
  }
}

/** The insert met an order of the same checkout key (a racing submit): read that one after the rollback. */
class AlreadyPlaced extends Error {}

export interface PlaceInput {
  site: Site;
  language: Language;
  sessionId: string;
  userId: number | null;
  /** The client's address (the per-address limits). */
  clientAddress: string;
  form: CheckoutForm;
}

export class CheckoutService {
  private readonly numberKey: OrderNumberKey;
  readonly rules: OrdersConfig;

  constructor(
    private readonly db: Pick<Db, 'query' | 'transaction'>,
    private readonly deps: {
      cart: CartService;
      sessions: Pick<SessionService, 'ensureRow'>;
      mail: Mailer;
      secret: string;
      /** The one point where the payment provider (issue 10) says whether online methods are offered. */
      onlinePaymentAvailable: OnlinePaymentAvailable;
      /** Caps and reservation times (decision 036); DEFAULT_ORDER_RULES when not given. */
      rules?: OrdersConfig;
    },
  ) {
    this.numberKey = orderNumberKey(deps.secret);
    this.rules = deps.rules ?? DEFAULT_ORDER_RULES;
  }

  /**
   * Housekeeping (decision 036): cancels the orders left unpaid or unconfirmed past their time and gives their units
   * back to stock, exactly once (server/checkout/reservations.ts). Returns how many orders it cancelled.
   */
  releaseLapsed(siteById: (id: string) => Site | undefined): Promise<number> {
    return releaseLapsedOrders(this.db, { mail: this.deps.mail, rules: this.rules, siteById });
  }

  /** Online payment methods are offered on this site now. */
  onlineAvailable(site: Site): boolean {
    return this.deps.onlinePaymentAvailable(site);
  }

  /**
   * The methods an unpaid order paid online may switch to (its card payment failed, or the shopper changed their
   * mind): the site's methods that are not paid online, for the order's customer type. Empty for any other order.
   */
  async paymentAlternatives(orderId: number, site: Site, language: Language): Promise<{ id: string; label: string }[]> {
    const [order] = await this.db.query<SwitchableOrder>(SWITCHABLE_ORDER, [orderId, site.id]);
    if (!order || !isSwitchable(order)) return [];
    return offlineMethods(site, order).map((m) => ({ id: m.id, label: localized(m.label, language) }));
  }

  /**
   * Switches an unpaid online order to another (offline) method, in one transaction under the order's row lock: the
   * payment snapshot, the state back to 'new' (the shop confirms it), a history row and a notice to the shop. A payment
   * the provider still completes later marks the order paid all the same (the money arrived).
   */
  async switchPayment(orderId: number, site: Site, methodId: string): Promise<{ ok: true; label: string } | { ok: false }> {
    return this.db.transaction(async (tx) => {
      const [order] = await tx.query<SwitchableOrder>(`${SWITCHABLE_ORDER} FOR UPDATE`, [orderId, site.id]);
      const method = order && isSwitchable(order) ? offlineMethods(site, order).find((m) => m.id === methodId) : undefined;
      if (!order || !method) return { ok: false };
      const label = localized(method.label, order.language);
      await tx.query(`UPDATE orders SET payment = $2, status = 'new', updated_at = now() WHERE id = $1`, [
        orderId,
        JSON.stringify({ id: method.id, kind: method.kind, label }),
      ]);
      await tx.query(`INSERT INTO order_status_history (order_id, status, note) VALUES ($1, 'new', $2)`, [
        orderId,
        `payment method changed to ${method.id}`,
      ]);
      await this.deps.mail.enqueue(tx, {
        kind: 'order.payment-changed',
        to: site.orderEmail ?? site.email,
        site,
        language: order.language,
        data: { orderId, number: order.number, method: method.label },
      });
      return { ok: true, label };
    });
  }

  /**
   * A new checkout key for the order form of this session: a random part and its HMAC for the session, so a key is
   * accepted only from the session it was made for (another visitor cannot ask for someone's order by its key).
   */
  newKey(sessionId: string): string {
    const nonce = randomBytes(16).toString('base64url');
    return `${nonce}.${this.sign(sessionId, nonce)}`;
  }

  keyBelongsTo(key: string, sessionId: string): boolean {
    const [nonce, mac] = key.split('.');
    if (!nonce || !mac) return false;
    const expected = Buffer.from(this.sign(sessionId, nonce));
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private sign(sessionId: string, nonce: string): string {
    return createHmac('sha256', this.deps.secret).update(`checkout\0${sessionId}\0${nonce}`).digest('base64url');
  }

  async place(input: PlaceInput): Promise<PlaceResult> {
    const { site, form, sessionId } = input;
    if (!this.keyBelongsTo(form.checkoutKey, sessionId)) return { ok: false, reason: 'staleForm' };
    try {
      return await this.db.transaction((tx) => this.placeIn(tx, input));
    } catch (err) {
      if (err instanceof Refused) return { ok: false, ...err.refusal };
      if (err instanceof AlreadyPlaced) {
        const placed = await this.byKey(this.db, site.id, form.checkoutKey);
        if (placed) return { ok: true, ...placed, repeated: true };
      }
      throw err;
    }
  }

  private async byKey(q: Queryable, siteId: string, key: string) {
    const [row] = await q.query<{ id: number; number: string; paysOnline: boolean }>(
      `SELECT id, number, coalesce(payment->>'kind' = 'online', false) AS "paysOnline" FROM orders WHERE site = $1 AND checkout_key = $2`,
      [siteId, key],
    );
    return row;
  }

  private async placeIn(tx: Queryable, { site, language, sessionId, userId, clientAddress, form }: PlaceInput): Promise<PlaceResult> {
    // The session row's lock: submits of one checkout (and cart changes of this visitor) wait for each other here.
    await this.deps.sessions.ensureRow(sessionId, tx);
    const placed = await this.byKey(tx, site.id, form.checkoutKey);
    if (placed) return { ok: true, ...placed, repeated: true };

    // The one cart read, priced by the one pricing entry: the lines the site sells now (a line taken off sale is not ordered).
    const cart = priceContents(await this.deps.cart.read(sessionId, site, tx), site.rounding);
    if (cart.lines.length === 0 || cart.cartId === null) throw new Refused({ reason: 'empty' });

    const method = site.delivery.find((m) => m.id === form.delivery)!;
    const quote = quoteDelivery(method, { weightKg: cart.weightKg, subtotal: cart.goods, city: form.city });
    if (!quote.available) throw new Refused({ reason: 'delivery', why: quote.reason });
    const payment = offeredPayments(site.payment, { online: this.onlineAvailable(site), customerType: form.customerType }).find(
      (m) => m.id === form.payment,
    );
    if (!payment) throw new Refused({ reason: 'payment' });

    const total = orderTotal(cart.goods, quote);
    const cents = (n: number) => Math.round(n * 100);
    if (
      cents(cart.goods) !== cents(form.expectedGoods) ||
      (form.expectedTotal !== undefined && cents(total) !== cents(form.expectedTotal))
    ) {
      throw new Refused({ reason: 'priceChanged', total });
    }

    this.checkQuantityCap(cart.lines, cart.stock);
    // Claimed inside the transaction: a refusal of any kind rolls the claim back, so only placed orders count.
    for (const [name, key] of [
      ['checkout.session', sessionId],
      ['checkout.address', addressKey(clientAddress)],
    ] as const) {
      const claim = await limits.claim(tx, name, key);
      if (!claim.allowed) throw new Refused({ reason: 'tooManyOrders', retryAfterSeconds: claim.retryAfterSeconds });
    }

    const reserved = await this.reserveStock(tx, cart.lines, cart.stock);

    const status: OrderState = payment.kind === 'online' ? 'awaiting_payment' : 'new';
    const point = method.needs === 'point' ? (pointsIn(method, form.city).find((p) => p.id === form.point) ?? null) : null;
    const deliverySnapshot = {
      id: method.id,
      kind: method.kind,
      label: localized(method.label, language),
      cost: quote.cost,
      city: form.city,
      address: form.address,
      point: point && { id: point.id, address: pointAddress(point), hours: point.hours ?? '' },
      weightKg: cart.weightKg,
    };
    const paymentSnapshot = { id: payment.id, kind: payment.kind, label: localized(payment.label, language) };
    // The id first: the number is its image under the keyed permutation.
    const [next] = await tx.query<{ id: number }>(`SELECT nextval(pg_get_serial_sequence('orders', 'id'))::int AS id`);
    const number = await numberFor(tx, this.numberKey, next!.id);
    const [order] = await tx.query<{ id: number; number: string }>(
      `INSERT INTO orders (session_id, user_id, site, status, currency, total, checkout_key, language, customer_type, customer_name,
                           customer_phone, customer_email, company, inn, kpp, delivery, payment, comment, subtotal, discount,
                           delivery_cost, consent_at, id, number, stock_held)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16::jsonb, $17::jsonb, $18, $19, $20, $21, now(),
               $22, $23, $24)
       ON CONFLICT (site, checkout_key) DO NOTHING
       RETURNING id, number`,
      [
        sessionId,
        userId,
        site.id,
        status,
        site.currency,
        total,
        form.checkoutKey,
        language,
        form.customerType,
        form.name,
        form.phone,
        form.email,
        form.company,
        form.inn,
        form.kpp,
        JSON.stringify(deliverySnapshot),
        JSON.stringify(paymentSnapshot),
        form.comment,
        cart.subtotal,
        cart.discount,
        quote.cost,
        next!.id,
        number,
        reserved.size > 0,
      ],
    );
    // Only a submit of the same key from the same session can meet this, and the session lock orders those: kept as
    // the constraint's backstop.
    if (!order) throw new AlreadyPlaced();
    await tx.query(
      `INSERT INTO order_items (order_id, product_id, sku, title, price, quantity, discount, reserved)
       SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[], $5::numeric[], $6::int[], $7::numeric[], $8::int[])`,
      [
        order.id,
        cart.lines.map((l) => l.sku.id),
        cart.lines.map((l) => l.sku.code),
        cart.lines.map((l) => l.sku.title),
        cart.lines.map((l) => l.sku.actual_price),
        cart.lines.map((l) => l.quantity),
        cart.lines.map((l) => l.discount),
        cart.lines.map((l) => reserved.get(l.sku.id) ?? 0),
      ],
    );
    await tx.query(`INSERT INTO order_status_history (order_id, status, note) VALUES ($1, $2, 'placed')`, [order.id, status]);
    await tx.query('DELETE FROM cart_items WHERE cart_id = $1', [cart.cartId]);
    await tx.query('DELETE FROM cart_kits WHERE cart_id = $1', [cart.cartId]);

    const placedOrder: PlacedOrder = {
      id: order.id,
      number: order.number,
      status,
      customer: { name: form.name, phone: form.phone, email: form.email, company: form.company, inn: form.inn, kpp: form.kpp },
      lines: cart.lines.map((l) => ({
        title: l.sku.title,
        sku: l.sku.code,
        price: l.sku.actual_price,
        quantity: l.quantity,
        discount: l.discount,
        total: l.total,
      })),
      delivery: deliverySnapshot,
      payment: paymentSnapshot as { id: string; kind: PaymentKind; label: string },
      comment: form.comment,
      subtotal: cart.subtotal,
      discount: cart.discount,
      deliveryCost: quote.cost,
      total,
    };
    // The order's mails, in this transaction: they exist exactly when the order does. The shop's goes to its order address
    // always; the shopper's only within the caps per recipient and per client address, so the order form cannot be
    // used to mail someone else again and again (the order stands either way; its page shows it).
    if (await mayMailShopper(tx, form.email, clientAddress))
      await this.deps.mail.enqueue(tx, { kind: 'order.confirmation', to: form.email, site, language, data: placedOrder });
    await this.deps.mail.enqueue(tx, { kind: 'order.new', to: site.orderEmail ?? site.email, site, language, data: placedOrder });
    return { ok: true, id: order.id, number: order.number, paysOnline: payment.kind === 'online', repeated: false };
  }

  /** A line of a product sold from stock over the per-order cap refuses the order, naming every such line. */
  private checkQuantityCap(lines: PricedLine[], stock: Map<number, { madeToOrder: boolean }>) {
    const max = this.rules.maxUnitsPerProduct;
    const over = lines.filter((l) => !stock.get(l.sku.id)?.madeToOrder && l.quantity > max);
    if (over.length > 0)
      throw new Refused({ reason: 'quantityCap', max, lines: over.map((l) => ({ title: l.sku.title, quantity: l.quantity })) });
  }

  /**
   * Takes the lines' units out of stock. Products sold from stock are locked in id order first (two checkouts
   * sharing products never deadlock), then each line is taken only while the stock holds it; products made to order
   * are not counted. A line the stock cannot hold refuses the whole order, naming every such line. Returns the units
   * taken per product (the order's lines record them).
   */
  private async reserveStock(
    tx: Queryable,
    lines: PricedLine[],
    stock: Map<number, { madeToOrder: boolean }>,
  ): Promise<Map<number, number>> {
    const counted = lines.filter((l) => !stock.get(l.sku.id)?.madeToOrder).sort((a, b) => a.sku.id - b.sku.id);
    if (counted.length === 0) return new Map();
    const ids = counted.map((l) => l.sku.id);
    const locked = await tx.query<{ id: number; stock: number }>(
      'SELECT id, stock FROM products WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE',
      [ids],
    );
    const available = new Map(locked.map((r) => [r.id, r.stock]));
    const short = counted.filter((l) => (available.get(l.sku.id) ?? 0) < l.quantity);
    if (short.length > 0) {
      throw new Refused({ reason: 'stock', lines: short.map((l) => ({ title: l.sku.title, available: available.get(l.sku.id) ?? 0 })) });
    }
    // The stock movements' trigger (migration 030) records why.
    await tx.query(`SELECT set_config('tihoavto.stock_reason', 'checkout', true)`);
    await tx.query(
      `UPDATE products p SET stock = p.stock - w.quantity FROM unnest($1::int[], $2::int[]) AS w(id, quantity) WHERE p.id = w.id`,
      [ids, counted.map((l) => l.quantity)],
    );
    return new Map(counted.map((l) => [l.sku.id, l.quantity]));
  }
}

interface SwitchableOrder {
  number: string;
  status: string;
  language: Language;
  customer_type: 'person' | 'legal';
  kind: string | null;
}
const SWITCHABLE_ORDER = `SELECT number, status, language, customer_type, payment->>'kind' AS kind FROM orders WHERE id = $1 AND site = $2`;
const isSwitchable = (o: SwitchableOrder) => o.kind === 'online' && (o.status === 'new' || o.status === 'awaiting_payment');
const offlineMethods = (site: Site, o: SwitchableOrder) =>
  offeredPayments(site.payment, { online: false, customerType: o.customer_type }).filter((m) => m.kind !== 'online');

/**
 * The methods of a site as the order form offers them: labels and terms in the visitor's language, `labelLang` /
 * `termsLang` 'ru' where the config has them in Russian only (the form marks them); cities and pickup points are
 * written in Russian in the config.
 */
export function deliveryOptions(methods: readonly DeliveryMethod[], language: Language) {
  return methods.map((m) => {
    const label = localizedText(m.label, language);
    const terms = localizedText(m.terms, language);
    return {
      id: m.id,
      kind: m.kind,
      label: label.text,
      labelLang: label.lang ?? null,
      terms: terms.text,
      termsLang: terms.lang ?? null,
      price: m.price,
      maxWeightKg: m.maxWeightKg,
      minWeightKg: m.minWeightKg,
      needs: m.needs,
      points: m.points,
      cities: m.cities,
    };
  });
}

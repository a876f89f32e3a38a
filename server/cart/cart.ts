/**
 * The cart of a session on a site, priced from the site's price list. A change runs in one transaction under
 * the lock of the visitor's session row: quantities sum in one statement (no lost update between two tabs),
 * and a change whose connection died before COMMIT runs again whole (server/db/index.ts), never half-applied.
 */

import type { CartEntry, CartKit, UnavailableLine } from '../../shared/cart.ts';
import { MAX_QUANTITY } from '../../shared/cart.ts';
import type { FallbackLang } from '../../shared/catalog.ts';
import type { CartLineSnapshot } from '../../shared/ecommerce.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/sites.ts';
import { unsoldOf } from '../catalog/index.ts';
import type { Db, Queryable } from '../db/index.ts';
import type { SessionService } from '../sessions/index.ts';

/**
 * What a cart holds as its site sells it now — the one cart read (view cart_lines, decision 031) that the cart page,
 * the spec's /api/cart calls, analytics and the order all use (the header counter counts the same view's sold lines):
 *   lines       — the lines the site sells, with their price on the site's list (to be priced with the kit
 *                 discounts by the server's pricing entry, server/checkout/pricing.ts);
 *   unavailable — lines whose product the site no longer sells (taken off sale, or no price on its list any more):
 *                 shown as such, never counted, charged or ordered;
 *   kits        — the ready kits the cart was given (cart_kits), for their discounts;
 *   stock       — the sold lines' stock figures, for the order's stock check.
 */
export interface CartContents {
  cartId: number | null;
  lines: Array<CartEntry & { weightKg: number }>;
  unavailable: UnavailableLine[];
  kits: CartKit[];
  stock: Map<number, { stock: number; madeToOrder: boolean; sku: string }>;
}

/** One line of the cart as the read gives it (sold or not). */
interface LineRow {
  cart_id: number;
  id: number;
  code: string;
  title: string;
  lang: FallbackLang;
  url: string;
  category: string;
  actual_price: number | null;
  quantity: number;
  weight_kg: number;
  stock: number;
  made_to_order: boolean;
  sold: boolean;
}

/** The SQL of readLines ($1 session, $2 site, $3 price list, $4 language): exported for the plan test. */
export const CART_LINES_SQL = `SELECT l.cart_id, l.id, l.sku AS code, l.title, l.lang, '/' || cat.slug || '/' || l.slug AS url, cat.title AS category,
            l.price::float8 AS actual_price, l.quantity, l.weight_kg::float8 AS weight_kg, l.stock, l.made_to_order, l.sold
       FROM cart_lines_in($3, $4) l
       JOIN categories cat ON cat.id = l.category_id
      WHERE l.session_id = $1 AND l.site = $2
      ORDER BY l.added_at, l.id`;

/**
 * The cart's lines on the site, in the order they were added: the one SQL every cart reader runs. Titles in `language`
 * through the read model (the cart page); the spec's answers, analytics and orders read them in Russian.
 * cart_lines_in (migration 034) is view cart_lines with titles in a language, in few enough relations that the planner
 * looks the cart's products up by id instead of reading the whole price list first.
 */
function readLines(
  q: Queryable,
  sessionId: string,
  site: { id: string; priceList: string },
  language: Language = DEFAULT_LANGUAGE,
): Promise<LineRow[]> {
  return q.query<LineRow>(CART_LINES_SQL, [sessionId, site.id, site.priceList, language]);
}

type SoldRow = LineRow & { actual_price: number };
const isSold = (row: LineRow): row is SoldRow => row.sold && row.actual_price !== null;
const entryOf = (r: SoldRow): CartEntry => ({
  sku: { id: r.id, code: r.code, title: r.title, url: r.url, actual_price: r.actual_price },
  quantity: r.quantity,
});

/**
 * The cart as the e-commerce data layer sees it (shared/ecommerce.ts): each sold line's SKU, title, category, price on
 * the site's list and quantity — a line no longer sold is in no value. Read before and after a cart action on sites
 * with an analytics counter, so the browser can report exactly what was added or removed (decision 025).
 */
export async function cartLinesForAnalytics(
  q: Queryable,
  sessionId: string,
  site: { id: string; priceList: string },
): Promise<CartLineSnapshot[]> {
  return (await readLines(q, sessionId, site))
    .filter(isSold)
    .map((r) => ({ id: r.code, name: r.title, category: r.category, price: r.actual_price, quantity: r.quantity }));
}

/** Why a cart change was refused: the product does not exist, is withdrawn, or has no price on this site. */
export type CartChangeRefusal = 'not_sold';

export class CartService {
  constructor(
    private readonly db: Pick<Db, 'query' | 'transaction'>,
    private readonly sessions: Pick<SessionService, 'ensureRow'>,
  ) {}

  /**
   * Puts `quantity` of a product in the cart ('add' adds to what is there, 'set' replaces it; 'set' 0 removes),
   * capped at MAX_QUANTITY. Creates the session row and the cart on first use. Prices are never stored here:
   * the cart is priced from the site's price list each time it is read.
   */
  async change(
    sessionId: string,
    site: { id: string; priceList: string },
    productId: number,
    quantity: number,
    mode: 'add' | 'set',
  ): Promise<CartChangeRefusal | null> {
    if (mode === 'set' && quantity === 0) {
      await this.remove(sessionId, site.id, productId);
      return null;
    }
    if ((await this.db.query(unsoldOf('$1', '$2'), [[productId], site.priceList])).length > 0) return 'not_sold';
    await this.db.transaction(async (tx) => {
      const cartId = await this.openCart(tx, sessionId, site.id);
      // One statement, so concurrent adds from two tabs sum up instead of overwriting each other.
      await tx.query(
        `INSERT INTO cart_items (cart_id, product_id, quantity) VALUES ($1, $2, $3)
         ON CONFLICT (cart_id, product_id) DO UPDATE
           SET quantity = LEAST(CASE WHEN $4 THEN cart_items.quantity + EXCLUDED.quantity ELSE EXCLUDED.quantity END, $5)`,
        [cartId, productId, quantity, mode === 'add', MAX_QUANTITY],
      );
    });
    return null;
  }

  /**
   * Puts every line of a kit in the cart (quantities added to what is there, capped at MAX_QUANTITY) in one
   * statement, and only when the site sells every product of the kit: all lines or none. Lines are priced
   * like any other (from the price list on each read); the cart records the kit (cart_kits), and the kit's discount
   * applies to its lines while the cart holds it whole (shared/cart.ts kitDiscounts, decision 022). 'not_sold':
   * nothing was added.
   */
  async addKit(sessionId: string, site: { id: string; priceList: string }, kitId: number): Promise<CartChangeRefusal | null> {
    const added = await this.db.transaction(async (tx) => {
      const cartId = await this.openCart(tx, sessionId, site.id);
      // Lines in product order: every kit add takes the row locks in the same order.
      const rows = await tx.query(
        `INSERT INTO cart_items (cart_id, product_id, quantity)
         SELECT $1, ki.product_id, ki.quantity FROM kit_items ki
          WHERE ki.kit_id = $2
            AND NOT EXISTS (${unsoldOf('(SELECT array_agg(k2.product_id) FROM kit_items k2 WHERE k2.kit_id = $2)', '$3')})
          ORDER BY ki.product_id
         ON CONFLICT (cart_id, product_id) DO UPDATE
           SET quantity = LEAST(cart_items.quantity + EXCLUDED.quantity, $4)
         RETURNING product_id`,
        [cartId, kitId, site.priceList, MAX_QUANTITY],
      );
      // The cart remembers the kit, so its discount applies while the cart holds it whole (decision 022).
      if (rows.length > 0) {
        await tx.query(
          `INSERT INTO cart_kits (cart_id, kit_id, quantity) VALUES ($1, $2, 1)
           ON CONFLICT (cart_id, kit_id) DO UPDATE SET quantity = LEAST(cart_kits.quantity + 1, $3)`,
          [cartId, kitId, MAX_QUANTITY],
        );
      }
      return rows;
    });
    return added.length > 0 ? null : 'not_sold';
  }

  /**
   * Puts several products in the cart at once (the calculator's 'Всё в корзину'): each quantity added to what is
   * there, capped at MAX_QUANTITY, in one statement and only when the site sells every one of them — all lines or
   * none. A product named twice counts once with the sum. 'not_sold': nothing was added.
   */
  async addLines(
    sessionId: string,
    site: { id: string; priceList: string },
    lines: ReadonlyArray<{ productId: number; quantity: number }>,
  ): Promise<CartChangeRefusal | null> {
    const summed = new Map<number, number>();
    for (const l of lines) summed.set(l.productId, (summed.get(l.productId) ?? 0) + l.quantity);
    const ids = [...summed.keys()].sort((a, b) => a - b);
    const quantities = ids.map((id) => Math.min(summed.get(id)!, MAX_QUANTITY));
    if (ids.length === 0) return 'not_sold';
    const unsold = unsoldOf('$1', '$2');
    // Checked first so a refused add creates no session row or cart; checked again in the insert against a price
    // withdrawn meanwhile.
    if ((await this.db.query(unsold, [ids, site.priceList])).length > 0) return 'not_sold';
    const added = await this.db.transaction(async (tx) => {
      const cartId = await this.openCart(tx, sessionId, site.id);
      // Lines in product order: every add takes the row locks in the same order.
      return tx.query(
        `INSERT INTO cart_items (cart_id, product_id, quantity)
         SELECT $3, l.id, l.quantity FROM unnest($1::int[], $4::int[]) AS l(id, quantity)
          WHERE NOT EXISTS (${unsold})
          ORDER BY l.id
         ON CONFLICT (cart_id, product_id) DO UPDATE
           SET quantity = LEAST(cart_items.quantity + EXCLUDED.quantity, $5)
         RETURNING product_id`,
        [ids, site.priceList, cartId, quantities, MAX_QUANTITY],
      );
    });
    return added.length > 0 ? null : 'not_sold';
  }

  /** The session row (locked until the transaction ends) and the session's cart on the site, created on first use. */
  private async openCart(tx: Queryable, sessionId: string, siteId: string): Promise<number> {
    await this.sessions.ensureRow(sessionId, tx);
    const [cart] = await tx.query<{ id: number }>(
      `INSERT INTO carts (session_id, site) VALUES ($1, $2)
       ON CONFLICT (session_id, site) DO UPDATE SET updated_at = now() RETURNING id`,
      [sessionId, siteId],
    );
    return cart!.id;
  }

  async remove(sessionId: string, siteId: string, productId: number): Promise<void> {
    await this.db.query(
      `DELETE FROM cart_items ci USING carts c
        WHERE ci.cart_id = c.id AND c.session_id = $1 AND c.site = $2 AND ci.product_id = $3`,
      [sessionId, siteId, productId],
    );
  }

  /**
   * The one cart read (CartContents): the sold lines with their prices, the lines no longer sold, the kits and the
   * stock figures. The cart page prices it for the shopper and the checkout, read inside the placing transaction
   * (`q`), for the order — both through server/checkout/pricing.ts.
   */
  async read(
    sessionId: string,
    site: { id: string; priceList: string },
    q: Queryable = this.db,
    language: Language = DEFAULT_LANGUAGE,
  ): Promise<CartContents> {
    const rows = await readLines(q, sessionId, site, language);
    const cartId = rows[0]?.cart_id ?? null;
    const kits =
      cartId === null
        ? []
        : await q.query<CartKit>(
            `SELECT k.id AS "kitId", k.slug, k.title, k.lang, ck.quantity AS count, k.discount_percent::float8 AS "discountPercent",
                    json_agg(json_build_object('productId', ki.product_id, 'quantity', ki.quantity) ORDER BY ki.product_id) AS lines
               FROM cart_kits ck JOIN kits_in($2) k ON k.id = ck.kit_id JOIN kit_items ki ON ki.kit_id = k.id
              WHERE ck.cart_id = $1
              GROUP BY k.id, k.slug, k.title, k.lang, k.discount_percent, ck.quantity, ck.added_at
              ORDER BY ck.added_at, k.id`,
            [cartId, language],
          );
    const sold = rows.filter(isSold);
    return {
      cartId,
      lines: sold.map((r) => {
        const entry = entryOf(r);
        return { ...entry, sku: { ...entry.sku, lang: r.lang }, weightKg: r.weight_kg };
      }),
      unavailable: rows
        .filter((r) => !isSold(r))
        .map((r) => ({
          sku: { id: r.id, code: r.code, title: r.title, lang: r.lang, url: r.url },
          quantity: r.quantity,
          unavailable: true as const,
        })),
      kits,
      stock: new Map(sold.map((r) => [r.id, { stock: r.stock, madeToOrder: r.made_to_order, sku: r.code }])),
    };
  }

  /** The spec's cart entries (§3; POST /api/cart, GET /api/shop/cart): the lines the site sells, from the one read. */
  async entries(sessionId: string, siteId: string, priceList: string): Promise<CartEntry[]> {
    return (await readLines(this.db, sessionId, { id: siteId, priceList })).filter(isSold).map(entryOf);
  }
}

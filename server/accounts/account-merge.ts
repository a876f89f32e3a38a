/**
 * Guest to account (docs/decisions/026-accounts.md): what signing in brings along, run inside the transaction that
 * rotates the session (server/accounts/auth.ts).
 *
 *  - The account's cart and compare list are those of its other sessions (another device, an earlier visit). They
 *    MOVE into the session signing in — quantities summed per product and site, capped at MAX_QUANTITY; the compare
 *    list keeps the visitor's own products first and fills up to MAX_COMPARE_ITEMS with the account's oldest. Moving, not
 *    copying: every unit lives in exactly one cart, so signing in again (here or elsewhere) never counts it twice.
 *  - Guest orders placed with the account's e-mail attach to it, once that e-mail is confirmed (attachGuestOrders).
 */
import { MAX_QUANTITY } from '../../shared/cart.ts';
import { MAX_COMPARE_ITEMS } from '../catalog/index.ts';
import type { Queryable } from '../db/index.ts';

/** Moves the cart lines and compared products of the user's other sessions into `sessionId` (see above). */
export async function mergeAccountState(tx: Queryable, sessionId: string, userId: number): Promise<void> {
  // One merge per account at a time, and the other sessions' rows locked (their cart changes wait for us), in id order.
  await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
  const others = (
    await tx.query<{ id: string }>('SELECT id FROM sessions WHERE user_id = $1 AND id <> $2 ORDER BY id FOR UPDATE', [userId, sessionId])
  ).map((r) => r.id);
  if (others.length === 0) return;

  await tx.query(
    `INSERT INTO carts (session_id, site)
     SELECT DISTINCT $1::text, c.site FROM carts c JOIN cart_items ci ON ci.cart_id = c.id WHERE c.session_id = ANY($2::text[])
     ON CONFLICT (session_id, site) DO UPDATE SET updated_at = now()`,
    [sessionId, others],
  );
  await tx.query(
    `INSERT INTO cart_items (cart_id, product_id, quantity, added_at)
     SELECT mine.id, ci.product_id, LEAST(sum(ci.quantity), $3), min(ci.added_at)
       FROM carts c JOIN cart_items ci ON ci.cart_id = c.id
       JOIN carts mine ON mine.session_id = $1 AND mine.site = c.site
      WHERE c.session_id = ANY($2::text[])
      GROUP BY mine.id, ci.product_id
      ORDER BY mine.id, ci.product_id
     ON CONFLICT (cart_id, product_id) DO UPDATE SET quantity = LEAST(cart_items.quantity + EXCLUDED.quantity, $3)`,
    [sessionId, others, MAX_QUANTITY],
  );
  await tx.query('DELETE FROM cart_items ci USING carts c WHERE ci.cart_id = c.id AND c.session_id = ANY($1::text[])', [others]);

  await tx.query(
    `INSERT INTO compare_items (session_id, product_id, added_at)
     SELECT $1, product_id, min(added_at) FROM compare_items
      WHERE session_id = ANY($2::text[])
        AND product_id NOT IN (SELECT product_id FROM compare_items WHERE session_id = $1)
      GROUP BY product_id
      ORDER BY min(added_at), product_id
      LIMIT GREATEST(0, $3 - (SELECT count(*) FROM compare_items WHERE session_id = $1))
     ON CONFLICT (session_id, product_id) DO NOTHING`,
    [sessionId, others, MAX_COMPARE_ITEMS],
  );
  await tx.query('DELETE FROM compare_items WHERE session_id = ANY($1::text[])', [others]);
}

/**
 * Attaches to the user the guest orders (no account) placed with the user's e-mail — only once that e-mail is
 * confirmed, so nobody takes over someone else's orders by registering their address, and not while they are held
 * back (users.guest_orders_held: the address was confirmed from a browser other than the registrant's, so the
 * password's holder may not be the mailbox's owner — decision 034; a reset clears it). Orders of every site: the
 * account is one for all sites. Matches `orders.customer_email` without regard to case. Returns how many orders it attached.
 */
export async function attachGuestOrders(tx: Queryable, userId: number): Promise<number> {
  const rows = await tx.query(
    `UPDATE orders o SET user_id = u.id
       FROM users u
      WHERE u.id = $1 AND u.email_confirmed_at IS NOT NULL AND NOT u.guest_orders_held
        AND o.user_id IS NULL AND o.customer_email <> '' AND lower(o.customer_email) = lower(u.email)
      RETURNING o.id`,
    [userId],
  );
  return rows.length;
}

/**
 * What deleting an account leaves of its orders (kept: accounting records must be): no link to the account or to a
 * session, and none of the shopper's personal data — name, phone, e-mail, comment and the delivery address are
 * cleared; the goods, sums, dates, delivery method and a legal entity's requisites stay.
 */
export async function anonymiseOrders(tx: Queryable, userId: number): Promise<number> {
  const rows = await tx.query(
    `UPDATE orders
        SET user_id = NULL, session_id = NULL, customer_name = '', customer_phone = '', customer_email = '', comment = '',
            delivery = CASE WHEN delivery IS NULL THEN NULL ELSE delivery - 'address' END
      WHERE user_id = $1 RETURNING id`,
    [userId],
  );
  return rows.length;
}

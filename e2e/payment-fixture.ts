/**
 * Orders being paid online for e2e/payment.spec.ts: a shopper (payer@example.com / "correct horse") with orders
 * PAYMENT_ORDERS.js and .plain (760 ₽ each, one line), each with a payment started at the fake ЮKassa of e2e/server.ts.
 * Fixed ids far above the demo's, so no other spec's orders collide with them, and fixed numbers (NNNN-NNNN): the pages
 * address an order by its number, never its id (decision 036).
 */

import { hashPassword } from '../server/accounts/auth.ts';
import type { Db } from '../server/db/index.ts';
import type { Services } from '../server/services/index.ts';

export const PAYER = { email: 'payer@example.com', password: 'correct horse' } as const;
export const PAYMENT_ORDERS = {
  js: { id: 900001, number: '3906-1174' },
  plain: { id: 900002, number: '5173-2280' },
} as const;

export async function seedPaymentFixtures(db: Db, services: Services, port: number): Promise<void> {
  const [payer] = await db.query<{ id: number }>('INSERT INTO users (email, name, password_hash) VALUES ($1, $2, $3) RETURNING id', [
    PAYER.email,
    'Павел',
    await hashPassword(PAYER.password),
  ]);
  const [product] = await db.query<{ id: number }>('SELECT id FROM products ORDER BY id LIMIT 1');
  for (const { id, number } of Object.values(PAYMENT_ORDERS)) {
    await db.query(`INSERT INTO orders (id, number, user_id, site, currency, total) VALUES ($1, $2, $3, 'ru', 'RUB', 760)`, [
      id,
      number,
      payer!.id,
    ]);
    await db.query(`INSERT INTO order_items (order_id, product_id, title, price, quantity) VALUES ($1, $2, 'Вибро Стандарт 2.2', 380, 2)`, [
      id,
      product!.id,
    ]);
    const started = await services.payments.start({
      orderId: id,
      site: 'ru',
      orderNumber: number,
      customer: { email: PAYER.email },
      returnUrl: `http://localhost:${port}/cart/success/${number}`,
    });
    if (!started.ok) throw new Error(`payment fixture: ${started.reason}`);
  }
}

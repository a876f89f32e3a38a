/**
 * One truth about an order (issue 19, item 8): one order placed through the real checkout by a signed-in shopper is
 * called by the same number (NNNN-NNNN, the keyed permutation of its id) and the same state label on the result
 * page, in /history (with its delivery, address, payment and payment state), in the mail in the outbox (read before
 * the worker sends it: bodies are erased after sending) and on the invoice.
 */
import t from 'tap';
import { orderNumber, orderNumberKey } from '../server/checkout/order-numbers.ts';
import { messages } from '../shared/locales/index.ts';
import { createUser, hydrationData, orderAt, startTestApp } from './helpers/app.ts';
import { PICKUP_ORDER } from './helpers/order.ts';

const app = await startTestApp(t);
const key = orderNumberKey('test-secret-test-secret-test-secret!');
const ru = messages.ru as { orders: { states: Record<string, string>; paymentStates: Record<string, string> } };

/** The text of the element marked data-testid="…" (its first occurrence), tags stripped. */
function testId(html: string, id: string): string | undefined {
  const m = new RegExp(`data-testid="${id}"[^>]*>(.*?)</dd>`, 's').exec(html);
  return m?.[1]?.replace(/<[^>]+>/g, '').trim();
}

t.test('the result page, /history, the mail and the invoice name the order alike', async (t) => {
  const v = app.visitor();
  await createUser(app, { email: 'truth@example.ru', signIn: v });
  const [p] = await app.db.query<{ id: number }>(`SELECT id FROM products WHERE sku = 'ABS-AK-10'`);
  await app.submit({ path: '/cart', fields: { intent: 'item', productId: p!.id, quantity: 2 }, as: v, js: true });
  const data = (await app.request({ url: '/_data/cart?_routes=cart', as: v })).json().results.cart.data;
  const placed = await app.submit({
    path: '/cart',
    fields: { ...PICKUP_ORDER, checkoutKey: data.checkout.key, expectedGoods: String(data.cart.goods) },
    as: v,
    js: true,
  });
  const redirect = String(placed.json().redirect);
  t.match(redirect, /^\/cart\/success\/\d{4}-\d{4}$/, 'the result page is addressed by the number');
  const { id } = await orderAt(app, redirect);
  const number = orderNumber(key, id);
  t.match(number, /^\d{4}-\d{4}$/);
  t.equal(redirect, `/cart/success/${number}`, 'the number the keyed permutation gives the id');
  const state = ru.orders.states.new!;
  t.equal(state, 'Принят');
  const heading = `Заказ № ${number}`;

  // The mail, while it is still in the outbox.
  const mails = await app.db.query<{ kind: string; subject: string; text_body: string; html_body: string }>(
    `SELECT kind, subject, text_body, html_body FROM outbox WHERE kind IN ('order.confirmation', 'order.new') AND sent_at IS NULL ORDER BY id`,
  );
  t.same(
    mails.map((m) => m.kind),
    ['order.confirmation', 'order.new'],
  );
  for (const mail of mails) {
    t.match(mail.subject, number, `${mail.kind}: the number in the subject`);
    t.match(mail.text_body, `Статус: ${state}`, `${mail.kind}: the state, by the same label`);
    t.match(mail.html_body, `>${state}</td>`, `${mail.kind}: the state in the HTML part`);
    t.notMatch(mail.text_body, /Новый\b(?! заказ)/, `${mail.kind}: no other name for the state`);
  }

  // The result page.
  const result = await app.request({ url: redirect, as: v });
  t.equal(result.statusCode, 200);
  t.match(result.body, heading);
  t.equal(testId(result.body, 'order-state'), state, 'result page: the state');
  t.equal(testId(result.body, 'payment-state'), ru.orders.paymentStates.on_receipt, 'result page: the payment state');

  // /history, signed in: the same number and state, with delivery, address, payment and its state.
  const history = await app.request({ url: '/history', as: v });
  t.equal(history.statusCode, 200);
  t.match(history.body, heading);
  t.notMatch(history.body, `Заказ № ${id}<`, 'never the id as the number');
  t.equal(testId(history.body, 'order-state'), state, '/history: the state');
  t.equal(testId(history.body, 'payment-state'), ru.orders.paymentStates.on_receipt, '/history: the payment state');
  t.match(history.body, 'Самовывоз');
  t.match(history.body, 'Пункт выдачи');
  t.match(history.body, 'Наличными');
  const entry = hydrationData(history.body).loaderData.history.orders[0];
  t.equal(entry.number, number);
  t.equal(entry.status, 'new');
  t.equal(entry.paymentState, 'on_receipt');
  t.equal(entry.delivery.city, 'Москва');
  t.ok(entry.delivery.point?.address, 'the pickup point’s address');
  t.equal(entry.payment.kind, 'cash');

  // /history/{number}: the same again.
  const one = await app.request({ url: `/history/${number}`, as: v });
  t.equal(one.statusCode, 200);
  t.match(one.body, heading);
  t.equal(testId(one.body, 'order-state'), state);

  // The invoice.
  const invoice = await app.request({ url: `/cart/invoice/${number}`, as: v });
  t.equal(invoice.statusCode, 200);
  t.match(invoice.body, number);
  t.equal(testId(invoice.body, 'order-state'), state, 'invoice: the state');
});

t.test('every order state and payment state has its label in every language (one mapping)', async (t) => {
  const { ORDER_STATES, PAYMENT_STATES } = await import('../shared/orders.ts');
  for (const [language, table] of Object.entries(messages)) {
    const orders = (table as typeof ru).orders;
    for (const s of ORDER_STATES) t.ok(orders.states[s], `${language}: ${s}`);
    for (const s of PAYMENT_STATES) t.ok(orders.paymentStates[s], `${language}: payment ${s}`);
  }
});

/**
 * The mails features send, delivered for real: the app's mail worker sends through nodemailer to a fake SMTP server on
 * 127.0.0.1 (test/helpers/fake-smtp.ts), and the test reads what a mailbox would. Registration's confirmation link is
 * followed from the received mail; a placed order mails the shopper and the shop; a review reaches the shop.
 */
import t from 'tap';
import { redirectOf, register, visitorOf } from './helpers/account.ts';
import { orderAt, startTestApp } from './helpers/app.ts';
import { startFakeSmtp } from './helpers/fake-smtp.ts';

const smtp = await startFakeSmtp(t);
const app = await startTestApp(t, { SMTP_URL: smtp.url });

/** Lets the worker deliver what is queued, then waits for the mail that matches. */
async function received(match: (to: string[], subject: string) => boolean) {
  await app.fastify.mail.runOnce();
  return smtp.waitFor((m) => match(m.to, m.subject), 5000);
}

t.test('registration: the confirmation link comes by mail and confirms the account', async (t) => {
  const email = 'mailbox@example.com';
  const v = app.visitor();
  t.equal(redirectOf(await register(app, v, email), true), '/register?sent=1');
  const mail = await received((to) => to.includes(email));
  t.equal(mail.from.includes('noreply@tihoavto.ru'), true, 'from the site’s sender');
  const link = /https:\/\/tihoavto\.ru(\/account\/confirm\?token=[\w.-]+)/.exec(mail.text);
  t.ok(link, 'the text part holds the confirmation link');
  t.match(mail.html ?? '', /account\/confirm\?token=/, 'so does the HTML part');

  const opened = await app.request({ url: link![1]!, as: v });
  t.equal(opened.headers.location, '/account/confirm');
  const confirmed = await app.submit({
    path: '/account/confirm',
    as: v,
    js: true,
    fields: { _form: 'account-confirm', purpose: 'confirm' },
  });
  t.equal(redirectOf(confirmed, true), '/account/confirm?done=1');
  t.ok(visitorOf(app, confirmed), 'signed in on a new session');
  const [row] = await app.db.query<{ confirmed: boolean }>(
    'SELECT email_confirmed_at IS NOT NULL AS confirmed FROM users WHERE email = $1',
    [email],
  );
  t.equal(row!.confirmed, true);
});

t.test('a placed order: the confirmation to the shopper and the notice to the shop arrive', async (t) => {
  const v = app.visitor();
  const [product] = await app.db.query<{ id: number }>(`SELECT id FROM products WHERE sku = 'VIB-STD-22'`);
  await app.submit({ path: '/cart', fields: { intent: 'item', productId: String(product!.id), quantity: '3' }, as: v, js: true });
  const data = (await app.request({ url: '/_data/cart?_routes=cart', as: v })).json().results.cart.data;
  const placed = await app.submit({
    path: '/cart',
    as: v,
    js: true,
    fields: {
      intent: 'checkout',
      _form: 'checkout',
      checkoutKey: data.checkout.key,
      expectedGoods: String(data.cart.goods),
      name: 'Иван Петров',
      phone: '8 (916) 123-45-67',
      email: 'buyer@example.ru',
      customerType: 'person',
      delivery: 'pickup',
      point: 'msk-warehouse',
      city: 'Москва',
      payment: 'cash',
      consent: 'on',
    },
  });
  t.match(placed.json().redirect, /^\/cart\/success\/\d{4}-\d{4}$/, 'placed');
  const { id, number } = await orderAt(app, placed.json().redirect);

  const shopper = await received((to) => to.includes('buyer@example.ru'));
  t.match(shopper.subject, number, 'the shopper’s mail names the order number');
  t.match(shopper.text, 'Вибро Стандарт 2.2');
  t.match(shopper.text, `https://tihoavto.ru/cart/success/${number}`, 'with a link to the order, by its number');
  t.notMatch(shopper.text, new RegExp(`/cart/success/${id}(?![\\d-])`), 'never by its id');
  const shop = await received((to) => to.includes('orders@tihoavto.ru'));
  t.match(shop.subject, number, 'the shop is told too');
  t.equal(shop.replyTo?.includes('buyer@example.ru'), true, 'a reply goes to the shopper');
});

t.test('a review reaches the shop by mail', async (t) => {
  const v = app.visitor();
  const res = await app.submit({
    path: '/otzyvy-i-predlojeniya',
    as: v,
    js: true,
    fields: {
      _form: 'review',
      intent: 'review',
      started: app.services.formStamps.stamp('review', v.sessionId, Date.now() - 5000),
      name: 'Ирина',
      city: 'Казань',
      rating: '5',
      text: 'Обклеила двери, музыка звучит заметно лучше.',
    },
  });
  t.equal(res.statusCode, 200);
  const mail = await received((_to, subject) => /отзыв/i.test(subject));
  t.match(mail.text, 'Обклеила двери');
  t.match(mail.text, 'Казань');
});

/**
 * The personal area's remaining paths: one order of the account's history as its page shows it (no owner keys leave
 * the server, another account's order is the 404 page), and "send the confirmation link again" for an account whose
 * e-mail is not confirmed (a fresh link that confirms; nothing for a confirmed account). PGlite.
 */
import t from 'tap';
import { hashPassword } from '../server/accounts/passwords.ts';
import { freshIp, linkIn, mailsTo, REGISTRATION, visitorOf } from './helpers/account.ts';
import { createOrder, hydrationData, orderNumber, startTestApp, type TestApp, unusedOrderNumber, type Visitor } from './helpers/app.ts';

const app: TestApp = await startTestApp(t);
const PASSWORD = REGISTRATION.password;

async function account(email: string, confirmed: boolean): Promise<number> {
  const [row] = await app.db.query<{ id: number }>(
    `INSERT INTO users (email, name, password_hash, email_confirmed_at) VALUES ($1, 'Анна', $2, CASE WHEN $3 THEN now() END) RETURNING id`,
    [email, await hashPassword(PASSWORD), confirmed],
  );
  return row!.id;
}

async function signIn(email: string): Promise<Visitor> {
  const res = await app.submit({ path: '/auth', as: app.visitor(), js: true, ip: freshIp(), fields: { email, password: PASSWORD } });
  const next = visitorOf(app, res);
  if (!next) throw new Error(`sign-in failed: ${res.body}`);
  return next;
}

t.test('history entry: the account’s own order with its lines, without owner keys; another account’s order is not found', async (t) => {
  const owner = await account('entry-owner@example.com', true);
  await account('entry-other@example.com', true);
  const orderId = await createOrder(app, { userId: owner, total: 760 });
  const number = await orderNumber(app, orderId);

  const res = await app.request({ url: `/history/${number}`, as: await signIn('entry-owner@example.com') });
  t.equal(res.statusCode, 200);
  const { order } = hydrationData(res.body).loaderData['history-entry'];
  t.equal(order.number, number);
  t.notOk('id' in order, 'nor does its database id');
  t.equal(order.total, 760);
  t.same(order.items, [{ title: 'Вибро Стандарт 2.2', price: 380, quantity: 2 }], 'the order’s lines');
  t.notOk('user_id' in order || 'session_id' in order, 'the owner keys stay on the server');
  t.notMatch(res.body, /"user_id"|"session_id"/);

  const other = await app.request({ url: `/history/${number}`, as: await signIn('entry-other@example.com') });
  t.equal(other.statusCode, 404, 'another account’s order is the 404 page');
  const missing = await app.request({ url: `/history/${await unusedOrderNumber(app)}`, as: await signIn('entry-owner@example.com') });
  t.equal(missing.statusCode, 404, 'no such order');
  const byId = await app.request({ url: `/history/${orderId}`, as: await signIn('entry-owner@example.com') });
  t.equal(byId.statusCode, 404, 'its database id is no address of it');
});

t.test('resend: an unconfirmed account gets a fresh confirmation link that confirms the address', async (t) => {
  const email = 'resend@example.com';
  const userId = await account(email, false);
  const v = await signIn(email);
  t.same(await mailsTo(app, email, 'account.confirm'), [], 'no link mailed yet');

  const res = await app.submit({ path: '/personal', as: v, js: true, fields: { intent: 'resend' } });
  t.equal(res.statusCode, 200);
  const mails = await mailsTo(app, email, 'account.confirm');
  t.equal(mails.length, 1, 'one confirmation mail queued');
  t.equal(mails[0]!.site, 'ru');

  const opened = await app.request({ url: linkIn(mails[0]!).path, as: v });
  t.equal(opened.headers.location, '/account/confirm', 'the link is bound to this browser');
  const confirmed = await app.submit({
    path: '/account/confirm',
    as: v,
    js: true,
    fields: { _form: 'account-confirm', purpose: 'confirm' },
  });
  t.equal(confirmed.statusCode, 200);
  const [row] = await app.db.query<{ confirmed: boolean }>('SELECT email_confirmed_at IS NOT NULL AS confirmed FROM users WHERE id = $1', [
    userId,
  ]);
  t.ok(row!.confirmed, 'the address is confirmed');

  // Confirmed now: asking again (the page no longer offers it, a stale form still may) mails nothing.
  const again = await app.submit({ path: '/personal', as: v, js: true, fields: { intent: 'resend' } });
  t.equal(again.statusCode, 200);
  t.equal((await mailsTo(app, email, 'account.confirm')).length, 1, 'no second mail');
});

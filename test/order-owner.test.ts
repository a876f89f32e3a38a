/**
 * Orders belong to their owner (docs/decisions/034-orders-belong-to-their-owner.md), as an attacker tries it:
 *  - the shared computer: after sign-out (and sign-out everywhere, a password change, a reset) the browser's next
 *    visitor reads no order of the account — not /cart/success, not /cart/success/{number}, not through /_data — while
 *    the account sees its orders again from any session it signs in on; a guest's order is its session's only;
 *  - pre-registration: someone registers a victim's address and keeps a session; the victim's confirmation from
 *    their own browser ends that session and attaches no guest order until the mailbox's owner sets a password.
 * Real checkout, sign-in and link journeys through the route actions. Runs on PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import t from 'tap';
import { hashPassword } from '../server/accounts/passwords.ts';
import { freshIp, linkIn, mailsTo, openLink, REGISTRATION, redirectOf, register, visitorOf } from './helpers/account.ts';
import { hydrationData, startTestApp, type TestApp, type Visitor } from './helpers/app.ts';
import { placeOrder as placeOrderThroughCheckout } from './helpers/order.ts';

const app: TestApp = await startTestApp(t);
const PASSWORD = REGISTRATION.password;
const NEW_PASSWORD = 'Совсем другой пароль 42';

async function account(email: string): Promise<number> {
  const [row] = await app.db.query<{ id: number }>(
    `INSERT INTO users (email, name, password_hash, email_confirmed_at) VALUES ($1, 'Анна', $2, now()) RETURNING id`,
    [email, await hashPassword(PASSWORD)],
  );
  return row!.id;
}

async function signIn(email: string, v: Visitor = app.visitor(), password = PASSWORD): Promise<Visitor> {
  const res = await app.submit({ path: '/auth', as: v, js: true, ip: freshIp(), fields: { email, password } });
  const next = visitorOf(app, res);
  if (!next) throw new Error(`sign-in failed: ${res.body}`);
  return next;
}

const signedInAs = async (v: Visitor) =>
  (await app.db.query<{ user_id: number | null }>('SELECT user_id FROM sessions WHERE id = $1', [v.sessionId]))[0]?.user_id ?? null;

/** Places an order through the checkout (pickup, cash) with the shopper's details; its id and number. */
const placeOrder = (v: Visitor, email: string) => placeOrderThroughCheckout(app, v, email);

/** Everything a browser could read of an order: its pages (addressed by its number) and their /_data calls. Each true when readable. */
async function reads(v: Visitor, { number }: { number: string }) {
  const page = await app.request({ url: `/cart/success/${number}`, as: v });
  const latest = await app.request({ url: '/cart/success', as: v });
  const data = (await app.request({ url: `/_data/cart/success/${number}?_routes=cart-order`, as: v })).json();
  const latestData = (await app.request({ url: '/_data/cart/success?_routes=cart-result', as: v })).json();
  const invoice = await app.request({ url: `/cart/invoice/${number}`, as: v });
  return {
    page: page.statusCode === 200,
    latest: latest.statusCode === 200 && hydrationData(latest.body).loaderData['cart-result'].order.number === number,
    data: data.results?.['cart-order']?.data?.order?.number === number,
    latestData: latestData.results?.['cart-result']?.data?.order?.number === number,
    invoice: invoice.statusCode === 200,
    // Nothing of the shopper's on any of them.
    leaks: [page, latest, invoice].some((r) => r.body.includes('Анна Петрова') || r.body.includes('+79161234567')),
  };
}
const NOTHING = { page: false, latest: false, data: false, latestData: false, invoice: false, leaks: false };

t.test('shared computer: after sign-out the next person reads none of the orders; the account does, anywhere', async (t) => {
  const email = 'shared-pc@example.com';
  await account(email);
  const browser = app.visitor();
  // A guest order first, then sign in on the same browser and order as the account.
  const guestOrder = await placeOrder(browser, 'shared-pc@example.com');
  const signedIn = await signIn(email, browser);
  const own = await placeOrder(signedIn, email);
  t.match(await reads(signedIn, own), { page: true, latest: true, data: true, latestData: true }, 'the shopper sees the order');

  const out = await app.submit({ path: '/personal', as: signedIn, js: true, fields: { intent: 'logout' } });
  t.equal(redirectOf(out, true), '/');
  const next = visitorOf(app, out)!;
  t.equal(await signedInAs(next), null, 'signed out');
  t.same(await reads(next, own), NOTHING, 'the next person at the computer reads nothing of the account’s order');
  t.same(await reads(next, guestOrder), NOTHING, 'nor of the guest order placed here before signing in');
  t.same(await reads(signedIn, own), NOTHING, 'the old session id opens nothing either');

  const elsewhere = await signIn(email);
  t.match(await reads(elsewhere, own), { page: true, data: true }, 'signed in again on another session: the order is there');
  t.equal((await app.request({ url: `/history/${own.number}`, as: elsewhere })).statusCode, 200, 'and in the history');
});

t.test('a guest order is its session’s only', async (t) => {
  const guest = app.visitor();
  const id = await placeOrder(guest, 'guest-only@example.com');
  t.match(await reads(guest, id), { page: true, latest: true, data: true, latestData: true });
  t.same(await reads(app.visitor(), id), NOTHING, 'another browser reads nothing');
  await account('someone@example.com');
  const someone = await signIn('someone@example.com');
  t.same(await reads(someone, id), NOTHING, 'nor does a signed-in stranger');
});

t.test('sign-out everywhere: no device keeps the orders it placed', async (t) => {
  const email = 'everywhere@example.com';
  await account(email);
  const deviceA = await signIn(email);
  const deviceB = await signIn(email);
  const fromA = await placeOrder(deviceA, email);
  const fromB = await placeOrder(deviceB, email);
  const res = await app.submit({ path: '/personal', as: deviceB, js: true, fields: { intent: 'logoutAll' } });
  t.equal(res.json().redirect, '/');
  t.equal(await signedInAs(deviceA), null, 'device A is signed out');
  t.same(await reads(deviceA, fromA), NOTHING, 'device A reads nothing of the order it placed');
  t.same(await reads(visitorOf(app, res)!, fromB), NOTHING, 'device B’s new anonymous session reads nothing');
  const again = await signIn(email);
  t.match(await reads(again, fromA), { page: true, data: true });
  t.match(await reads(again, fromB), { page: true, data: true }, 'signed in again: both orders are the account’s');
});

t.test('a password change: the devices it signs out keep no order', async (t) => {
  const email = 'change@example.com';
  await account(email);
  const deviceA = await signIn(email);
  const deviceB = await signIn(email);
  const fromA = await placeOrder(deviceA, email);
  const res = await app.submit({
    path: '/personal',
    as: deviceB,
    js: true,
    fields: { intent: 'password', password: PASSWORD, newPassword: NEW_PASSWORD },
  });
  t.same(res.json().results.personal.data, { ok: true });
  t.same(await reads(deviceA, fromA), NOTHING, 'the signed-out device reads nothing of the order it placed');
  t.match(await reads(visitorOf(app, res)!, fromA), { page: true, data: true }, 'the changing session, still signed in, sees it');
});

t.test('a reset: the devices it signs out keep no order; the resetting browser is the account’s', async (t) => {
  const email = 'reset-orders@example.com';
  await account(email);
  const deviceA = await signIn(email);
  const fromA = await placeOrder(deviceA, email);
  const other = app.visitor();
  await app.submit({ path: '/auth/forgot', as: other, js: true, ip: freshIp(), fields: { email } });
  await openLink(app, other, linkIn((await mailsTo(app, email, 'account.reset'))[0]!).path);
  const reset = await app.submit({ path: '/auth/reset', as: other, js: true, fields: { password: NEW_PASSWORD } });
  t.equal(redirectOf(reset, true), '/personal');
  t.same(await reads(deviceA, fromA), NOTHING, 'the signed-out device reads nothing');
  t.match(await reads(visitorOf(app, reset)!, fromA), { page: true, data: true });
});

t.test('pre-registration: the victim’s confirmation ends the registrant’s sessions and attaches nothing', async (t) => {
  const victimEmail = 'victim@example.com';
  // The victim's guest order, from the victim's browser.
  const victim = app.visitor();
  const guestOrder = await placeOrder(victim, victimEmail);

  // The attacker registers the victim's address, signs in at once (allowed before confirmation) and stays.
  const attacker = app.visitor();
  await register(app, attacker, victimEmail);
  const attackerIn = await signIn(victimEmail, attacker);
  const [{ id: userId }] = (await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [victimEmail])) as [{ id: number }];
  t.equal(await signedInAs(attackerIn), userId, 'the attacker holds a session of the unconfirmed account');

  // The victim clicks "confirm" in the unexpected mail, in the victim's own browser.
  const link = linkIn((await mailsTo(app, victimEmail, 'account.confirm'))[0]!);
  await openLink(app, victim, link.path);
  const confirmed = await app.submit({ path: '/account/confirm', as: victim, js: true, fields: { purpose: 'confirm' } });
  t.equal(redirectOf(confirmed, true), '/account/confirm?done=1&held=1', 'confirmed; the page says how to get the orders');
  t.notOk(visitorOf(app, confirmed), 'nobody is signed in by it');
  const donePage = await app.request({ url: '/account/confirm?done=1&held=1', as: victim });
  t.equal(hydrationData(donePage.body).loaderData['account-confirm'].held, true);
  t.match(donePage.body, 'href="/auth/forgot"');

  t.equal(await signedInAs(attackerIn), null, 'the registrant’s session is signed out');
  const [order] = await app.db.query<{ user_id: number | null }>('SELECT user_id FROM orders WHERE id = $1', [guestOrder.id]);
  t.equal(order!.user_id, null, 'the guest order is not attached to the account');
  t.same(await reads(attackerIn, guestOrder), NOTHING);

  // Signing in again with the registrant's password does not attach it either.
  const attackerAgain = await signIn(victimEmail);
  t.same(await reads(attackerAgain, guestOrder), NOTHING, 'the attacker, signed in again, reads nothing');
  t.equal((await app.request({ url: `/history/${guestOrder.number}`, as: attackerAgain })).statusCode, 404);
  const history = hydrationData((await app.request({ url: '/history', as: attackerAgain })).body).loaderData;
  t.same(history.history.orders, [], 'an empty history');
  t.match(await reads(victim, guestOrder), { page: true }, 'the victim’s own browser still sees its guest order');

  // The mailbox's owner sets a password through a reset link: the account is theirs, the order attaches.
  await app.submit({ path: '/auth/forgot', as: victim, js: true, ip: freshIp(), fields: { email: victimEmail } });
  await openLink(app, victim, linkIn((await mailsTo(app, victimEmail, 'account.reset'))[0]!).path);
  const reset = await app.submit({ path: '/auth/reset', as: victim, js: true, fields: { password: NEW_PASSWORD } });
  const owner = visitorOf(app, reset)!;
  t.equal(await signedInAs(attackerAgain), null, 'the attacker’s later session ends with the reset');
  t.equal((await app.request({ url: `/history/${guestOrder.number}`, as: owner })).statusCode, 200, 'the owner has the order');
  const signInAttempt = await app.submit({
    path: '/auth',
    as: app.visitor(),
    js: true,
    ip: freshIp(),
    fields: { email: victimEmail, password: PASSWORD },
  });
  t.notOk(visitorOf(app, signInAttempt), 'the registrant’s password no longer works');
});

t.test('the normal path: register, confirm in the same browser, the guest orders attach', async (t) => {
  const email = 'normal-path@example.com';
  const v = app.visitor();
  const guestOrder = await placeOrder(v, email);
  await register(app, v, email);
  await openLink(app, v, linkIn((await mailsTo(app, email, 'account.confirm'))[0]!).path);
  const confirmed = await app.submit({ path: '/account/confirm', as: v, js: true, fields: { purpose: 'confirm' } });
  t.equal(redirectOf(confirmed, true), '/account/confirm?done=1');
  const signedIn = visitorOf(app, confirmed)!;
  t.ok(await signedInAs(signedIn), 'signed in');
  t.equal((await app.request({ url: `/history/${guestOrder.number}`, as: signedIn })).statusCode, 200, 'the guest order is the account’s');

  // Registered here, signed in at once, confirmed in the same (signed-in) browser: the same.
  const email2 = 'normal-signed-in@example.com';
  const w = app.visitor();
  const order2 = await placeOrder(w, email2);
  await register(app, w, email2);
  const wIn = await signIn(email2, w);
  await openLink(app, wIn, linkIn((await mailsTo(app, email2, 'account.confirm'))[0]!).path);
  const confirmed2 = await app.submit({ path: '/account/confirm', as: wIn, js: true, fields: { purpose: 'confirm' } });
  t.equal(redirectOf(confirmed2, true), '/account/confirm?done=1');
  t.equal((await app.request({ url: `/history/${order2.number}`, as: visitorOf(app, confirmed2)! })).statusCode, 200);
});

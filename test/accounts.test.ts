/**
 * Accounts end to end through the route actions (fastify.inject): register → confirm by the mailed link → sign out →
 * sign in → reset the password by mail → the old sessions are gone; with and without JavaScript. Replayed, expired
 * and forged links; the same answer for taken and new addresses; the registration limit; the honeypot.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import t from 'tap';
import { SCRYPT_COST } from '../server/services/passwords.ts';
import { freshIp, linkIn, mailsTo, openLink, REGISTRATION, redirectOf, refusalOf, register, visitorOf } from './helpers/account.ts';
import { hydrationData, startTestApp, type TestApp, type Visitor } from './helpers/app.ts';

const app: TestApp = await startTestApp(t);

async function user(email: string) {
  const [row] = await app.db.query<{
    id: number;
    phone: string | null;
    confirmed: boolean;
    consent: boolean;
    password_hash: string;
    marketing_consent: boolean;
  }>(
    `SELECT id, phone, email_confirmed_at IS NOT NULL AS confirmed, pd_consent_at IS NOT NULL AS consent, password_hash, marketing_consent
       FROM users WHERE lower(email) = lower($1)`,
    [email],
  );
  return row;
}

const signedInAs = async (v: Visitor) => {
  const [row] = await app.db.query<{ user_id: number | null }>('SELECT user_id FROM sessions WHERE id = $1', [v.sessionId]);
  return row?.user_id ?? null;
};

const signIn = (v: Visitor, email: string, password: string, js = true) =>
  app.submit({ path: '/auth', as: v, js, ip: freshIp(), fields: { _form: 'auth:sign-in', email, password } });

t.test('the whole journey, with JavaScript and without', async (t) => {
  for (const js of [true, false]) {
    const email = `journey-${js ? 'js' : 'form'}@example.com`;
    const v = app.visitor();
    // A guest cart before registering: it comes along when the confirmation signs the visitor in.
    const [product] = await app.db.query<{ id: number }>(`SELECT id FROM products WHERE sku = 'VIB-STD-22'`);
    await app.submit({ path: '/cart', as: v, js: true, fields: { intent: 'item', productId: product!.id, quantity: 2, mode: 'add' } });

    const page = await app.request({ url: '/register', as: v });
    t.equal(page.statusCode, 200, 'the registration page');
    t.match(page.body, 'name="consent"');
    t.match(page.body, '/docs/policy.pdf', 'the consent links the policy');

    const res = await register(app, v, email, {}, { js });
    t.equal(redirectOf(res, js), '/register?sent=1', 'on to "check your mail"');
    t.notOk(visitorOf(app, res), 'registering signs nobody in (the answer for a taken address is the same)');
    const row = await user(email);
    t.ok(row, 'the account exists');
    t.equal(row!.phone, '+79123456789', 'the phone normalised for the site’s country (E.164)');
    t.equal(row!.confirmed, false, 'unconfirmed');
    t.equal(row!.consent, true, 'the consent is recorded');
    t.match(row!.password_hash, new RegExp(`^scrypt\\$${SCRYPT_COST.N}\\$8\\$1\\$`), 'scrypt N=2^17, r=8, p=1, parameters stored');

    const [mail] = await mailsTo(app, email, 'account.confirm');
    t.ok(mail, 'a confirmation mail is queued');
    t.equal(mail!.language, 'ru');
    const link = linkIn(mail!);
    t.equal(link.url.host, 'tihoavto.ru', 'the link points at the site’s canonical host');
    t.equal(link.url.pathname, '/account/confirm');
    t.match(link.url.searchParams.get('token'), /^[\w-]{32}\.[\w-]{22}$/, 'a random part and its signature');

    // Opening the link: bound to the session, then the page continues without the secret.
    const opened = await openLink(app, v, link.path);
    t.equal(opened.statusCode, 303);
    t.equal(opened.headers.location, '/account/confirm', 'the secret leaves the address');
    const confirmPage = await app.request({ url: '/account/confirm', as: v });
    t.match(hydrationData(confirmPage.body).loaderData['account-confirm'].link, { state: 'valid', email: 'j***@example.com' });
    t.notMatch(confirmPage.body, link.url.searchParams.get('token')!, 'the page holds no secret');

    const confirmed = await app.submit({ path: '/account/confirm', as: v, js, fields: { _form: 'account-confirm', purpose: 'confirm' } });
    t.equal(redirectOf(confirmed, js), '/account/confirm?done=1');
    const v2 = visitorOf(app, confirmed);
    t.ok(v2, 'the browser that registered is signed in on a new session');
    t.not(v2!.sessionId, v.sessionId, 'rotated');
    t.equal(await signedInAs(v2!), row!.id);
    t.equal((await user(email))!.confirmed, true, 'confirmed');
    const shell = hydrationData((await app.request({ url: '/cart', as: v2 })).body).loaderData.root;
    t.match(shell, { signedIn: true, cartCount: 1 }, 'the guest cart came along');

    // Replayed: the link is used up.
    await openLink(app, v2!, link.path);
    const replay = await app.request({ url: '/account/confirm', as: v2 });
    t.equal(hydrationData(replay.body).loaderData['account-confirm'].link.state, 'used', 'a replayed link says it was used');
    const again = await app.submit({ path: '/account/confirm', as: v2!, js: true, fields: { purpose: 'confirm' } });
    t.same(refusalOf(again, 'account-confirm'), { status: 410, errors: { '': 'account.errors.linkInvalid' } });

    // Sign out, sign in.
    const out = await app.submit({ path: '/personal', as: v2!, js, fields: { _form: 'personal:sign-out' } });
    t.equal(redirectOf(out, js), '/');
    const v3 = visitorOf(app, out)!;
    t.equal(await signedInAs(v3), null, 'signed out');
    const inRes = await signIn(v3, email, REGISTRATION.password, js);
    t.equal(redirectOf(inRes, js), '/personal', 'signed in again with the password');
    const v4 = visitorOf(app, inRes)!;
    t.equal(await signedInAs(v4), row!.id);

    // Forgot the password: from another browser.
    const other = app.visitor();
    const forgot = await app.submit({
      path: '/auth/forgot',
      as: other,
      js,
      ip: freshIp(),
      fields: { _form: 'password-forgot', email: email.toUpperCase() },
    });
    t.equal(redirectOf(forgot, js), '/auth/forgot?sent=1');
    const [resetMail] = await mailsTo(app, email, 'account.reset');
    const resetLink = linkIn(resetMail!);
    t.equal(resetLink.url.pathname, '/auth/reset');
    t.equal((await openLink(app, other, resetLink.path)).headers.location, '/auth/reset');
    t.equal(hydrationData((await app.request({ url: '/auth/reset', as: other })).body).loaderData['password-reset'].link.state, 'valid');
    const newPassword = 'Новый пароль для шумки 7';
    const reset = await app.submit({ path: '/auth/reset', as: other, js, fields: { _form: 'password-reset', password: newPassword } });
    t.equal(redirectOf(reset, js), '/personal', 'on to the personal area');
    const v5 = visitorOf(app, reset)!;
    t.equal(await signedInAs(v5), row!.id, 'signed in on a new session');
    t.equal(await signedInAs(v4), null, 'the old session is signed out');
    const old = await app.request({ url: '/personal', as: v4 });
    t.equal(old.statusCode, 302, 'the old session is sent to sign in');
    t.same(await mailsTo(app, email, 'account.passwordChanged').then((m) => m.length), 1, 'the owner is told');
    t.equal(redirectOf(await signIn(app.visitor(), email, REGISTRATION.password), true), undefined, 'the old password no longer works');
    t.equal(redirectOf(await signIn(app.visitor(), email, newPassword), true), '/personal', 'the new one does');

    // The reset link is single use.
    await openLink(app, other, resetLink.path);
    t.equal(hydrationData((await app.request({ url: '/auth/reset', as: other })).body).loaderData['password-reset'].link.state, 'used');
    const replayed = await app.submit({ path: '/auth/reset', as: other, js: true, fields: { password: 'Ещё один пароль 99' } });
    t.same(refusalOf(replayed, 'password-reset'), { status: 410, errors: { '': 'account.errors.linkInvalid' } });
  }
});

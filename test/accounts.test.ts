/**
 * Accounts end to end through the route actions (fastify.inject): register → confirm by the mailed link → sign out →
 * sign in → reset the password by mail → the old sessions are gone; with and without JavaScript. Replayed, expired
 * and forged links; the same answer for taken and new addresses; the registration limit; the honeypot.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import t from 'tap';
import { hashQueue } from '../server/accounts/hash-queue.ts';
import { SCRYPT_COST } from '../server/accounts/passwords.ts';
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
    t.match(row!.password_hash, new RegExp(`^scrypt\\$${SCRYPT_COST.N}\\$8\\$1\\$`), "scrypt at today's N, r=8, p=1, parameters stored");

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

t.test('registration: bad input, field by field, with JavaScript and without', async (t) => {
  const cases: Array<[fields: Record<string, string>, field: string, key: string]> = [
    [{ name: '' }, 'name', 'account.errors.nameRequired'],
    [{ name: '   ' }, 'name', 'account.errors.nameRequired'],
    [{ name: 'я'.repeat(101) }, 'name', 'account.errors.nameLong'],
    [{ email: 'not-an-email' }, 'email', 'auth.emailInvalid'],
    [{ email: `${'a'.repeat(250)}@x.ru` }, 'email', 'auth.emailInvalid'],
    [{ phone: '123' }, 'phone', 'account.errors.phone'],
    [{ phone: 'позвоните мне' }, 'phone', 'account.errors.phone'],
    [{ password: '' }, 'password', 'form.required'],
    [{ password: 'Ab1!xyz' }, 'password', 'account.errors.passwordShort'],
    [{ password: 'x'.repeat(129) }, 'password', 'account.errors.passwordLong'],
    [{ password: 'password123' }, 'password', 'account.errors.passwordCommon'],
    [{ password: 'QWERTYUIOP' }, 'password', 'account.errors.passwordCommon'],
    [{ email: 'bad-input-owner@example.com', password: 'bad-input-owner@example.com' }, 'password', 'account.errors.passwordEmail'],
    [{ consent: '' }, 'consent', 'account.errors.consent'],
  ];
  for (const [fields, field, key] of cases) {
    const v = app.visitor();
    const res = await register(app, v, 'bad-input@example.com', fields);
    t.same(refusalOf(res, 'register'), { status: 400, errors: { [field]: key } }, `${JSON.stringify(fields).slice(0, 60)} → ${key}`);
    const values = res.json().results.register.data.values;
    t.notOk('password' in values, 'the password is never sent back');
  }
  // A missing consent field altogether, without JavaScript: back to the form with the error kept for it.
  const { consent: _c, ...noConsent } = REGISTRATION;
  const v = app.visitor();
  const form = await app.submit({ path: '/register', as: v, js: false, ip: freshIp(), fields: { ...noConsent, email: 'x@example.com' } });
  t.equal(form.statusCode, 303);
  t.equal(form.headers.location, '/register');
  t.equal(await user('bad-input@example.com'), undefined, 'no account was made by any of them');
  t.equal(await user('x@example.com'), undefined);
});

t.test('no account enumeration: a taken address gets the same answer, its owner a mail', async (t) => {
  const email = 'taken@example.com';
  const first = await register(app, app.visitor(), email, { name: 'Первая' });
  const [{ n: before }] = (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users')) as [{ n: number }];
  // Scrypt hashes each registration started: a taken address must cost the same hash as a new one, or the time of
  // the answer would tell them apart (counted, not timed: the suite's hashes are cheap, decision 057).
  const hashes: number[][] = [[], []];
  let answers: string[] = [];
  for (let i = 0; i < 3; i++) {
    for (const [k, address] of [email.toUpperCase(), `fresh-${i}@example.com`].entries()) {
      const v = app.visitor();
      const started = hashQueue.counts.started;
      const res = await register(app, v, address, { name: 'Вторая' });
      hashes[k]!.push(hashQueue.counts.started - started);
      answers.push(JSON.stringify([res.statusCode, res.json(), Object.keys(res.headers).filter((h) => h === 'set-cookie')]));
    }
  }
  answers = [...new Set(answers)];
  t.equal(answers.length, 1, `one answer for taken and new addresses: ${answers[0]}`);
  t.same(answers[0], JSON.stringify([200, { redirect: '/register?sent=1' }, []]));
  t.equal(first.json().redirect, '/register?sent=1');
  const [{ n: after }] = (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users')) as [{ n: number }];
  t.equal(after, before + 3, 'only the new addresses made accounts');
  const [owner] = await app.db.query<{ name: string }>('SELECT name FROM users WHERE email = $1', [email]);
  t.equal(owner!.name, 'Первая', 'the taken account is untouched');
  const notices = await mailsTo(app, email, 'account.registeredAgain');
  t.equal(notices.length, 3, 'the owner is told each time (up to the per-recipient limit)');
  t.match(linkIn(notices[0]!).path, '/auth/forgot', 'with the way to reset the password');
  t.same(
    hashes,
    [
      [1, 1, 1],
      [1, 1, 1],
    ],
    'one password hash per registration, whether the address is taken or new',
  );

  // A fourth attempt within the hour: the same answer, no fourth mail (nobody floods the owner's mailbox).
  await register(app, app.visitor(), email);
  t.equal((await mailsTo(app, email, 'account.registeredAgain')).length, 3, 'mails per recipient are limited');

  // "Forgot password": the same answer for a known and an unknown address.
  const known = await app.submit({ path: '/auth/forgot', as: app.visitor(), js: true, ip: freshIp(), fields: { email } });
  const unknown = await app.submit({
    path: '/auth/forgot',
    as: app.visitor(),
    js: true,
    ip: freshIp(),
    fields: { email: 'nobody-here@example.com' },
  });
  t.same(known.json(), unknown.json());
  t.same(known.json(), { redirect: '/auth/forgot?sent=1' });
  t.equal((await mailsTo(app, 'nobody-here@example.com')).length, 0, 'no mail to an address without an account');
  t.equal((await mailsTo(app, email, 'account.reset')).length, 1);
  const bad = await app.submit({ path: '/auth/forgot', as: app.visitor(), js: true, ip: freshIp(), fields: { email: 'nope' } });
  t.same(refusalOf(bad, 'password-forgot'), { status: 400, errors: { email: 'auth.emailInvalid' } });
});

t.test('a flood of registrations from one address is limited (429 with Retry-After), others are not', async (t) => {
  const { REGISTER_PER_ADDRESS_PER_HOUR } = await import('../server/accounts/accounts.ts');
  const ip = '192.0.2.77';
  for (let i = 0; i < REGISTER_PER_ADDRESS_PER_HOUR; i++) {
    const res = await register(app, app.visitor(), `flood-${i}@example.com`, {}, { ip });
    t.equal(res.json().redirect, '/register?sent=1', `registration ${i + 1} accepted`);
  }
  for (const js of [true, false]) {
    const res = await register(app, app.visitor(), `flood-over-${js}@example.com`, {}, { ip, js });
    if (js) t.same(refusalOf(res, 'register'), { status: 429, errors: { '': 'account.errors.tooMany' } });
    else t.equal(res.headers.location, '/register', 'back to the form, the error in the flash');
    t.ok(Number(res.headers['retry-after']) > 0, 'Retry-After');
    t.equal(await user(`flood-over-${js}@example.com`), undefined, 'refused before any work');
  }
  const elsewhere = await register(app, app.visitor(), 'flood-elsewhere@example.com', {}, { ip: '192.0.2.78' });
  t.equal(elsewhere.json().redirect, '/register?sent=1', 'another address is not limited');
});

t.test('the honeypot: a bot gets the usual answer and nothing is made', async (t) => {
  const res = await register(app, app.visitor(), 'bot@example.com', { website: 'http://spam.example' });
  t.same(res.json(), { redirect: '/register?sent=1' });
  t.equal(await user('bot@example.com'), undefined);
  t.equal((await mailsTo(app, 'bot@example.com')).length, 0);
});

t.test('links: forged, expired, of another purpose, bound to the browser that opened them', async (t) => {
  const email = 'links@example.com';
  await register(app, app.visitor(), email);
  const v = app.visitor();
  await app.submit({ path: '/auth/forgot', as: v, js: true, ip: freshIp(), fields: { email } });
  const { url } = linkIn((await mailsTo(app, email, 'account.reset'))[0]!);
  const token = url.searchParams.get('token')!;
  const [random, mac] = token.split('.');

  const state = async (visitor: Visitor, path = '/auth/reset', route = 'password-reset') =>
    hydrationData((await app.request({ url: path, as: visitor })).body).loaderData[route].link?.state ?? null;

  for (const forged of [`${random}.${'A'.repeat(22)}`, `${'B'.repeat(32)}.${mac}`, 'garbage', '', `${token}.x`, 'я'.repeat(300)]) {
    const w = app.visitor();
    const res = await openLink(app, w, `/auth/reset?token=${encodeURIComponent(forged)}`);
    t.equal(res.statusCode, 303, 'a forged link is answered like any other');
    t.equal(await state(w), null, `forged (${forged.slice(0, 20)}): nothing opened`);
  }
  // A reset link is no confirmation link (the signature covers the purpose).
  const w = app.visitor();
  await openLink(app, w, `/account/confirm?token=${token}`);
  t.equal(await state(w, '/account/confirm', 'account-confirm'), null, 'a reset link does not confirm');

  // Bound to the browser that opened it: another browser has nothing to submit.
  const opener = app.visitor();
  await openLink(app, opener, url.pathname + url.search);
  t.equal(await state(opener), 'valid');
  const stranger = app.visitor();
  const res = await app.submit({ path: '/auth/reset', as: stranger, js: true, fields: { password: 'Совсем новый пароль 1' } });
  t.same(refusalOf(res, 'password-reset'), { status: 410, errors: { '': 'account.errors.linkInvalid' } });

  // Expired after an hour.
  await app.db.query(`UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'reset'`);
  t.equal(await state(opener), 'expired');
  const late = await app.submit({ path: '/auth/reset', as: opener, js: true, fields: { password: 'Совсем новый пароль 1' } });
  t.same(refusalOf(late, 'password-reset'), { status: 410, errors: { '': 'account.errors.linkInvalid' } });
  const [hash] = await app.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [email]);
  t.ok(
    await (await import('../server/accounts/passwords.ts')).verifyPassword(REGISTRATION.password, hash!.password_hash),
    'the password is unchanged',
  );

  // The reset page without a link says so.
  t.equal(await state(app.visitor()), null);
  const page = await app.request({ url: '/auth/reset', as: app.visitor() });
  t.equal(page.statusCode, 200);
  // A new password that breaks the rules is refused on a valid link too.
  const fresh = app.visitor();
  await app.submit({ path: '/auth/forgot', as: fresh, js: true, ip: freshIp(), fields: { email } });
  const mails = await mailsTo(app, email, 'account.reset');
  await openLink(app, fresh, linkIn(mails.at(-1)!).path);
  const weak = await app.submit({ path: '/auth/reset', as: fresh, js: true, fields: { password: 'qwertyuiop' } });
  t.same(refusalOf(weak, 'password-reset'), { status: 400, errors: { password: 'account.errors.passwordCommon' } });
});

t.test('no link secret in the request log', async (t) => {
  const { redactUrl } = await import('../server/platform/logger.ts');
  t.equal(redactUrl('/auth/reset?token=abc.def'), '/auth/reset?token=[redacted]');
  t.equal(redactUrl('/en/account/confirm?purpose=email&token=abc.def'), '/en/account/confirm?purpose=email&token=[redacted]');
});

t.test('property: any registration form is answered 2xx/4xx with locale keys, never a 500', async (t) => {
  const fc = (await import('fast-check')).default;
  const field = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc.constantFrom('', 'on', 'a@b.ru', '+7 912 345-67-89', 'Тихо-авто 2024!', 'x'.repeat(3000)),
  );
  await fc.assert(
    fc.asyncProperty(
      fc.record(
        { name: field, email: field, phone: field, password: field, consent: field, marketing: field, website: field },
        { requiredKeys: [] },
      ),
      async (fields) => {
        const safe = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.replace(/[\ud800-\udfff]/g, '\ufffd')]));
        const res = await app.submit({
          path: '/register',
          as: app.visitor(),
          js: true,
          ip: freshIp(),
          fields: { _form: 'register', ...safe },
        });
        if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}: ${res.body.slice(0, 200)}`);
        const body = res.json();
        if (body.redirect) return;
        for (const key of Object.values(body.results.register.data.errors as Record<string, string>))
          if (!/^[a-zA-Z]+(\.[a-zA-Z]+)+$/.test(key)) throw new Error(`not a locale key: ${key}`);
      },
    ),
    { numRuns: 40, seed: 11 },
  );
  const { normalisePhone } = await import('../server/pages/helpers/account-forms.ts');
  fc.assert(
    fc.property(
      fc.string({ maxLength: 40 }),
      fc.constantFrom<('RU' | 'KZ' | 'MD' | 'UZ' | 'KG')[]>('RU', 'KZ', 'MD', 'UZ', 'KG'),
      (typed, country) => {
        const phone = normalisePhone(typed, { country });
        return phone === null || phone === 'invalid' || /^\+\d{8,15}$/.test(phone);
      },
    ),
    { numRuns: 500, seed: 11 },
  );
  t.equal(normalisePhone('8 (912) 345-67-89', { country: 'RU' }), '+79123456789');
  t.equal(normalisePhone('0 22 123 456', { country: 'MD' }), '+37322123456');
  t.equal(
    normalisePhone('+7 701 123 4567', { country: 'RU' }),
    '+77011234567',
    'one account for every site: a Kazakh number on the Russian site',
  );
  t.equal(normalisePhone('8 (000) 000-00-00', { country: 'RU' }), 'invalid');
  t.equal(normalisePhone('  ', { country: 'RU' }), null);
});

/**
 * The mailed links against an attacker (issue 18): a password change, a reset and an e-mail change that takes effect
 * void every unused link of the account; a reset link works only while the account's e-mail is the address it was
 * mailed to. "Forgot password" does the same work before answering for an address with an account and one without
 * (compared statement by statement, and by the rows written), and the mail follows for the known address only.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import t from 'tap';
import { MAILS_PER_RECIPIENT_PER_HOUR } from '../server/accounts/accounts.ts';
import { hashPassword } from '../server/accounts/passwords.ts';
import { freshIp, linkIn, mailsTo, openLink, REGISTRATION, redirectOf, visitorOf } from './helpers/account.ts';
import { hydrationData, startTestApp, type TestApp, type Visitor } from './helpers/app.ts';

const app: TestApp = await startTestApp(t);
const PASSWORD = REGISTRATION.password;

async function account(email: string): Promise<number> {
  const [row] = await app.db.query<{ id: number }>(
    `INSERT INTO users (email, name, password_hash, email_confirmed_at) VALUES ($1, 'Анна', $2, now()) RETURNING id`,
    [email, await hashPassword(PASSWORD)],
  );
  return row!.id;
}

async function signIn(email: string, password = PASSWORD): Promise<Visitor> {
  const res = await app.submit({ path: '/auth', as: app.visitor(), js: true, ip: freshIp(), fields: { email, password } });
  const next = visitorOf(app, res);
  if (!next) throw new Error(`sign-in failed: ${res.body}`);
  return next;
}

const forgot = (email: string, as: Visitor = app.visitor()) =>
  app.submit({ path: '/auth/forgot', as, js: true, ip: freshIp(), fields: { email } });

/** The newest reset link mailed to `email`, as a local path. */
const resetLinkOf = async (email: string) => linkIn((await mailsTo(app, email, 'account.reset')).at(-1)!).path;

/** Opens the link in a fresh browser and tries to set a password with it: the reset's answer and that browser. */
async function useResetLink(path: string, password = 'Пароль по старой ссылке 77') {
  const browser = app.visitor();
  await openLink(app, browser, path);
  const state = hydrationData((await app.request({ url: '/auth/reset', as: browser })).body).loaderData['password-reset'].link?.state;
  const res = await app.submit({ path: '/auth/reset', as: browser, js: true, fields: { password } });
  return { state, res };
}

/** The action refused the link as used up or void (an answer that redirected means the link worked). */
const linkRefused = (res: Awaited<ReturnType<typeof useResetLink>>['res'], route = 'password-reset') => {
  const result = res.json().results?.[route];
  return result?.status === 410 && result.data.errors[''] === 'account.errors.linkInvalid';
};

t.test('a password change voids the reset link mailed before it', async (t) => {
  const email = 'change-voids@example.com';
  await account(email);
  await forgot(email);
  const oldLink = await resetLinkOf(email);
  const v = await signIn(email);
  const changed = await app.submit({
    path: '/personal',
    as: v,
    js: true,
    fields: { intent: 'password', password: PASSWORD, newPassword: 'Новый пароль владельца 12' },
  });
  t.same(changed.json().results.personal.data, { ok: true });
  const { state, res } = await useResetLink(oldLink);
  t.not(state, 'valid', 'the page no longer offers it');
  t.ok(linkRefused(res), 'the old reset link sets no password');
  t.ok(await signIn(email, 'Новый пароль владельца 12'), 'the changed password stands');
});

t.test('a reset voids every other unused link of the account', async (t) => {
  const email = 'reset-voids@example.com';
  await account(email);
  const v = await signIn(email);
  // A pending e-mail change (say, asked for by someone who had the session) …
  await app.submit({
    path: '/personal',
    as: v,
    js: true,
    fields: { intent: 'email', email: 'takeover@example.com', password: PASSWORD },
  });
  const changeLink = linkIn((await mailsTo(app, 'takeover@example.com', 'account.emailChange'))[0]!).path;
  // … then the owner resets the password.
  await forgot(email);
  const owner = app.visitor();
  await openLink(app, owner, await resetLinkOf(email));
  const reset = await app.submit({ path: '/auth/reset', as: owner, js: true, fields: { password: 'Пароль после сброса 31' } });
  t.equal(redirectOf(reset, true), '/personal');

  const browser = app.visitor();
  await openLink(app, browser, changeLink);
  const used = await app.submit({ path: '/account/confirm', as: browser, js: true, fields: { purpose: 'email' } });
  t.ok(linkRefused(used, 'account-confirm'), 'the change link is void');
  const [row] = await app.db.query<{ email: string }>('SELECT email FROM users WHERE lower(email) = lower($1)', [email]);
  t.ok(row, 'the account keeps its address');
  t.equal(
    Number(
      (
        await app.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM account_tokens t JOIN users u ON u.id = t.user_id WHERE lower(u.email) = lower($1) AND t.used_at IS NULL`,
          [email],
        )
      )[0]!.n,
    ),
    0,
    'no unused link of the account is left',
  );
});

t.test('an e-mail change voids the links mailed before; a reset link mailed to the old address resets nothing', async (t) => {
  const email = 'old-address@example.com';
  await account(email);
  await forgot(email);
  const oldLink = await resetLinkOf(email);
  const v = await signIn(email);
  await app.submit({
    path: '/personal',
    as: v,
    js: true,
    fields: { intent: 'email', email: 'new-address@example.com', password: PASSWORD },
  });
  await openLink(app, v, linkIn((await mailsTo(app, 'new-address@example.com', 'account.emailChange'))[0]!).path);
  const changed = await app.submit({ path: '/account/confirm', as: v, js: true, fields: { purpose: 'email' } });
  t.equal(redirectOf(changed, true), '/account/confirm?purpose=email&done=1');
  const { res } = await useResetLink(oldLink);
  t.ok(linkRefused(res), 'the link mailed to the old address sets no password');
  t.ok(await signIn('new-address@example.com'), 'the password stands');
});

t.test('a reset link works only while the account’s e-mail is the address it was mailed to', async (t) => {
  const email = 'moved@example.com';
  const userId = await account(email);
  await forgot(email);
  const link = await resetLinkOf(email);
  // The address changes by another way than a link (the shop's staff, say): no void ran, the address check holds.
  await app.db.query(`UPDATE users SET email = 'moved-elsewhere@example.com' WHERE id = $1`, [userId]);
  const { state, res } = await useResetLink(link);
  t.equal(state, 'invalid', 'the page says the link is void before any password is typed');
  t.ok(linkRefused(res), 'refused');
  // Back to the address it was mailed to: the same link works (it was refused, not used).
  await app.db.query('UPDATE users SET email = $1 WHERE id = $2', [email, userId]);
  const again = await useResetLink(link, 'Пароль по верной ссылке 55');
  t.equal(again.state, 'valid', 'and the page offers the form');
  t.equal(redirectOf(again.res, true), '/personal', 'the normal path: a link to the account’s address resets');
});

t.test('forgot password: the same work before the answer for a known and an unknown address', async (t) => {
  const known = 'known-forgot@example.com';
  const unknown = 'nobody-forgot@example.com';
  await account(known);
  const accounts = app.services.accounts;
  accounts.sendResetLinksAfterAnswer = false;
  t.teardown(() => {
    accounts.sendResetLinksAfterAnswer = true;
  });
  const rows = async () =>
    (
      await app.db.query<{ tokens: number; outbox: number; requests: number; limits: number }>(
        `SELECT (SELECT count(*)::int FROM account_tokens) AS tokens, (SELECT count(*)::int FROM outbox) AS outbox,
                (SELECT count(*)::int FROM reset_requests) AS requests, (SELECT count(*)::int FROM rate_limits) AS limits`,
      )
    )[0]!;

  const answer = async (email: string) => {
    const before = await rows();
    const from = app.db.queries.length;
    const res = await forgot(email);
    const statements = app.db.queries.slice(from);
    const after = await rows();
    return {
      redirect: redirectOf(res, true),
      statements,
      written: {
        tokens: after.tokens - before.tokens,
        outbox: after.outbox - before.outbox,
        requests: after.requests - before.requests,
        limits: after.limits - before.limits,
      },
    };
  };
  const forKnown = await answer(known);
  const forUnknown = await answer(unknown);
  t.equal(forKnown.redirect, '/auth/forgot?sent=1');
  t.equal(forUnknown.redirect, forKnown.redirect, 'the same answer');
  t.ok(forKnown.statements.length > 0);
  t.same(forUnknown.statements, forKnown.statements, 'the same statements, one by one, before the answer');
  t.same(forKnown.written, { tokens: 0, outbox: 0, requests: 1, limits: 1 }, 'no link and no mail before the answer');
  t.same(forUnknown.written, forKnown.written, 'the same rows written');

  // After the answer: the link and the mail for the known address, nothing for the unknown one.
  t.equal(await accounts.sendResetLinks(), 2, 'both requests handled');
  t.equal((await mailsTo(app, known, 'account.reset')).length, 1, 'the known address gets its link');
  t.equal((await mailsTo(app, unknown)).length, 0, 'the unknown one gets nothing');
  t.equal((await rows()).requests, 0, 'the queue is empty');
  const reset = await useResetLink(await resetLinkOf(known), 'Пароль из очереди 88');
  t.equal(redirectOf(reset.res, true), '/personal', 'the queued request’s link resets the password');
});

t.test('forgot password: the per-recipient mail limit still holds, after the answer', async (t) => {
  const email = 'flooded@example.com';
  await account(email);
  for (let i = 0; i < 8; i++) t.equal(redirectOf(await forgot(email), true), '/auth/forgot?sent=1');
  t.equal((await mailsTo(app, email, 'account.reset')).length, MAILS_PER_RECIPIENT_PER_HOUR, 'capped per recipient');
});

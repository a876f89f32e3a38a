/**
 * The one rule for a new password (server/accounts/passwords.ts): at least 10 characters, not one character repeated
 * nor only whitespace, not one of the 100,000 most common passwords, not containing the e-mail's local part — the
 * same on registration, password change and reset (the reset used to skip the e-mail rule, and `aaaaaaaa`, eight
 * spaces and `zaq1zaq1` were accepted everywhere). A property over any password and e-mail, then each refusal on the
 * three paths through the route actions, and the shopper's good password accepted on each.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import t from 'tap';
import { isCommonPassword, passwordProblem } from '../server/accounts/password-rule.ts';
import { hashPassword } from '../server/accounts/passwords.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../shared/password-rules.ts';
import { freshIp, linkIn, mailsTo, openLink, redirectOf, refusalOf, register, visitorOf } from './helpers/account.ts';
import { startTestApp, type TestApp, type Visitor } from './helpers/app.ts';

// The list read here on its own, so the property does not take the checker's word for what is on it.
const LIST = gunzipSync(readFileSync(new URL('../server/accounts/data/common-passwords-100k.txt.gz', import.meta.url)))
  .toString('utf8')
  .split('\n')
  .filter(Boolean);

t.test('the shipped list: the 100,000 most common passwords, most common first', async (t) => {
  t.equal(LIST.length, 100_000);
  t.same(LIST.slice(0, 3), ['123456', 'password', '12345678']);
  for (const known of ['zaq1zaq1', 'qwertyuiop', 'Password123', '1q2w3e4r5t']) t.ok(isCommonPassword(known), `${known} is on it`);
  t.ok(isCommonPassword('QWERTYUIOP'), 'compared without case');
});

t.test('property: an accepted password satisfies every rule', async () => {
  const common = new Set(LIST.map((w) => w.toLowerCase()));
  const longCommon = LIST.filter((w) => w.length >= PASSWORD_MIN_LENGTH);
  const local = fc.stringMatching(/^[a-z0-9._-]{1,12}$/);
  const email = fc.oneof(
    fc.tuple(local, fc.constantFrom('example.com', 'mail.ru', 'x.org')).map(([l, d]) => `${l}@${d}`),
    fc.constant(''),
  );
  // Passwords near each rule's edge as well as arbitrary ones: short and long, one character repeated, whitespace,
  // common passwords in other cases, and passwords built around the e-mail's local part.
  const password = (mail: string) =>
    fc.oneof(
      fc.string({ maxLength: 140 }),
      fc.string({ unit: 'grapheme', minLength: 8, maxLength: 20 }),
      fc.tuple(fc.constantFrom('a', ' ', '\t', 'я', '😀', '\u00a0'), fc.integer({ min: 1, max: 140 })).map(([c, n]) => c.repeat(n)),
      fc.array(fc.constantFrom(' ', '\t', '\n', '\u2003'), { minLength: 9, maxLength: 20 }).map((a) => a.join('')),
      fc.constantFrom(...longCommon).map((w) => w.toUpperCase()),
      fc.constantFrom(...longCommon),
      fc.tuple(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 })).map(([a, b]) => `${a}${mail.split('@')[0]!.toUpperCase()}${b}`),
    );
  fc.assert(
    fc.property(
      email.chain((mail) => fc.tuple(fc.constant(mail), password(mail))),
      ([mail, pw]) => {
        const problem = passwordProblem(pw, mail);
        const chars = [...pw.normalize('NFC')];
        const lower = pw.normalize('NFC').toLowerCase();
        const localPart = mail.split('@')[0]!;
        const broken = {
          'account.errors.passwordShort': chars.length < PASSWORD_MIN_LENGTH,
          'account.errors.passwordLong': chars.length > PASSWORD_MAX_LENGTH,
          'account.errors.passwordRepeated': new Set(chars).size <= 1 || pw.trim() === '',
          'account.errors.passwordCommon': common.has(lower),
          'account.errors.passwordEmail': localPart.length >= 3 && lower.includes(localPart),
        };
        // Accepted: no rule is broken. Refused: the rule it names is.
        if (problem === null) return Object.values(broken).every((b) => !b);
        return broken[problem as keyof typeof broken] === true;
      },
    ),
    { numRuns: 3000 },
  );
});

t.test('the examples of the issue and each rule', async (t) => {
  const cases: Array<[string, string, string | null]> = [
    ['aaaaaaaa', '', 'account.errors.passwordShort'],
    ['        ', '', 'account.errors.passwordShort'],
    ['zaq1zaq1', '', 'account.errors.passwordShort'],
    ['aaaaaaaaaaaa', '', 'account.errors.passwordRepeated'],
    [' '.repeat(12), '', 'account.errors.passwordRepeated'],
    [' \t \u00a0 \t \t \t', '', 'account.errors.passwordRepeated'],
    ['qwertyuiop', '', 'account.errors.passwordCommon'],
    ['1Q2W3E4R5T', '', 'account.errors.passwordCommon'],
    ['x'.repeat(129), '', 'account.errors.passwordLong'],
    ['Marina.K-шумоизоляция', 'marina.k@example.com', 'account.errors.passwordEmail'],
    ['annaboleyn-tiho', 'anna+shop@example.com', 'account.errors.passwordEmail'],
    // A local part of one or two characters is in half of all words: not looked for.
    ['jo-jo-and-friends', 'jo@example.com', null],
    ['Тихо-авто 2024!', 'anna@example.com', null],
    ['correct horse battery', '', null],
  ];
  for (const [pw, mail, expected] of cases) t.equal(passwordProblem(pw, mail), expected, `${JSON.stringify(pw)} (${mail || 'no e-mail'})`);
});

// ---- the three paths, through the route actions -----------------------------------------------------------------

const app: TestApp = await startTestApp(t);

/** Each refusal: the password, the account's e-mail it is tried with, and the key the form must show. */
const refusals = (email: string): Array<[string, string]> => [
  ['aaaaaaaa', 'account.errors.passwordShort'],
  ['        ', 'account.errors.passwordShort'],
  ['zaq1zaq1', 'account.errors.passwordShort'],
  ['aaaaaaaaaaaa', 'account.errors.passwordRepeated'],
  [' '.repeat(12), 'account.errors.passwordRepeated'],
  ['qwertyuiop', 'account.errors.passwordCommon'],
  ['Password123', 'account.errors.passwordCommon'],
  [`${email.split('@')[0]!.toUpperCase()}-2025!`, 'account.errors.passwordEmail'],
];

t.test('registration refuses each, and takes a good password', async (t) => {
  const email = 'rules-register@example.com';
  for (const [password, key] of refusals(email)) {
    const res = await register(app, app.visitor(), email, { password });
    t.same(refusalOf(res, 'register'), { status: 400, errors: { password: key } }, `${JSON.stringify(password)} → ${key}`);
  }
  const [none] = await app.db.query('SELECT 1 FROM users WHERE email = $1', [email]);
  t.notOk(none, 'no account made');
  const ok = await register(app, app.visitor(), email, { password: 'Тихий салон 2026!' });
  t.equal(redirectOf(ok, true), '/register?sent=1', 'the shopper’s password is taken');
});

async function accountSignedIn(email: string, password: string): Promise<Visitor> {
  await app.db.query(`INSERT INTO users (email, name, password_hash, email_confirmed_at) VALUES ($1, 'Марина', $2, now())`, [
    email,
    await hashPassword(password),
  ]);
  const res = await app.submit({ path: '/auth', as: app.visitor(), js: true, ip: freshIp(), fields: { email, password } });
  return visitorOf(app, res)!;
}

t.test('the password change refuses each, and takes a good password', async (t) => {
  const email = 'rules-change@example.com';
  const current = 'Старый пароль 2024';
  const v = await accountSignedIn(email, current);
  for (const [newPassword, key] of refusals(email)) {
    const res = await app.submit({ path: '/personal', as: v, js: true, fields: { intent: 'password', password: current, newPassword } });
    t.same(refusalOf(res, 'personal'), { status: 400, errors: { newPassword: key } }, `${JSON.stringify(newPassword)} → ${key}`);
  }
  const ok = await app.submit({
    path: '/personal',
    as: v,
    js: true,
    fields: { intent: 'password', password: current, newPassword: 'Новый пароль для шумки 7' },
  });
  t.same(ok.json().results.personal.data, { ok: true }, 'the shopper’s password is taken');
});

t.test('the reset refuses each — the e-mail rule included — and takes a good password', async (t) => {
  const email = 'rules-reset@example.com';
  await accountSignedIn(email, 'Забытый пароль 2024');
  const v = app.visitor();
  await app.submit({ path: '/auth/forgot', as: v, js: true, ip: freshIp(), fields: { _form: 'password-forgot', email } });
  await openLink(app, v, linkIn((await mailsTo(app, email, 'account.reset')).at(-1)!).path);
  for (const [password, key] of refusals(email)) {
    const res = await app.submit({ path: '/auth/reset', as: v, js: true, fields: { password } });
    t.same(refusalOf(res, 'password-reset'), { status: 400, errors: { password: key } }, `${JSON.stringify(password)} → ${key}`);
  }
  // Refusals leave the link usable: the shopper's next try works.
  const ok = await app.submit({ path: '/auth/reset', as: v, js: true, fields: { password: 'Вспомнила новый 2025' } });
  t.equal(redirectOf(ok, true), '/personal', 'the shopper’s password is taken');
  // Without JavaScript too: a refused form goes back to the page.
  const w = app.visitor();
  await app.submit({ path: '/auth/forgot', as: w, js: true, ip: freshIp(), fields: { _form: 'password-forgot', email } });
  await openLink(app, w, linkIn((await mailsTo(app, email, 'account.reset')).at(-1)!).path);
  const form = await app.submit({ path: '/auth/reset', as: w, js: false, fields: { password: 'RULES-RESET-1' } });
  t.equal(form.statusCode, 303);
  t.equal(form.headers.location, '/auth/reset', 'back to the form, which says why');
});

t.test('every language has every password message', async (t) => {
  const { messages } = await import('../shared/locales/index.ts');
  const keys = ['passwordShort', 'passwordLong', 'passwordRepeated', 'passwordCommon', 'passwordEmail'];
  for (const [language, bundle] of Object.entries(messages)) {
    const errors = (bundle as { account: { errors: Record<string, string> } }).account.errors;
    for (const key of keys) t.ok(errors[key]?.length, `${language}: account.errors.${key}`);
    t.match(errors.passwordShort, String(PASSWORD_MIN_LENGTH), `${language}: the minimum named`);
    t.ok((bundle as { auth: Record<string, string> }).auth.busy?.length, `${language}: auth.busy`);
  }
});

/**
 * Mail you can see in the demo (issue 19 item 10, docs/decisions/042-demo-inbox.md): with no SMTP_URL the mail worker
 * keeps every message in the demo inbox; /_demo/inbox shows them on local hosts to loopback clients only, their links
 * leading to this computer — registration's confirmation and the reset link work from there. Anyone else gets a 404,
 * a forwarded address included; with SMTP configured nothing lands in the inbox. The inbox is bounded and an account's
 * deletion erases its messages. The demo shopper signs in. PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import t from 'tap';
import { DEMO_SHOPPER, seedDemoShopper } from '../server/demo/index.ts';
import { isLoopbackAddress } from '../server/http/demo-inbox.ts';
import { linkifyHtml } from '../server/http/demo-inbox-page.ts';
import { DEMO_INBOX_KEEP } from '../server/mail/demo-inbox.ts';
import { DemoInbox, purgeDemoInbox } from '../server/mail/index.ts';
import { freshIp, mailsTo, redirectOf, register, visitorOf } from './helpers/account.ts';
import { hydrationData, startTestApp, type TestApp, type Visitor } from './helpers/app.ts';
import { startFakeSmtp } from './helpers/fake-smtp.ts';

const app = await startTestApp(t);
const INBOX = '/_demo/inbox';

/** The worker delivers what is queued (reset links are mailed a moment after the answer: mailsTo sends them now). */
async function deliver(a: TestApp = app, to = 'nobody@example.com') {
  await mailsTo(a, to);
  await a.fastify.mail.runOnce();
}

/** The inbox's newest message to `to`: its page, as this computer's browser sees it. */
async function openNewestTo(to: string, as?: Visitor) {
  const list = await app.request({ url: INBOX, as });
  const items = [...list.body.matchAll(/<a href="(\/_demo\/inbox\/\d+)"[^>]*>.*?<span class="list__to">([^<]*)<\/span>/g)];
  const item = items.find((m) => m[2] === to);
  if (!item) throw new Error(`no mail to ${to} in the demo inbox`);
  return app.request({ url: item[1]!, as });
}

/** The link of the opened mail's text to `path`, as the local path it leads to on this computer. */
function linkTo(html: string, path: string): { href: string; local: string } {
  const m = new RegExp(`<pre class="text">[^]*?<a href="(http://localhost${path.replace(/[/?]/g, '\\$&')}[^"]*)"`).exec(html);
  if (!m) throw new Error(`no link to ${path} in the mail`);
  const href = m[1]!.replace(/&amp;/g, '&');
  const url = new URL(href);
  return { href, local: url.pathname + url.search };
}

t.test('registration on a local host: the confirmation mail is in the demo inbox and its link confirms the e-mail', async (t) => {
  const email = 'inbox-register@example.com';
  const v = app.visitor();
  t.equal(redirectOf(await register(app, v, email), true), '/register?sent=1');
  const sent = await app.request({ url: '/register?sent=1', as: v });
  t.match(sent.body, 'href="/_demo/inbox"', "the 'we sent a mail' page links to the demo inbox");
  t.equal(hydrationData(sent.body).loaderData.root.demoInbox, true);

  await deliver();
  const list = await app.request({ url: INBOX });
  t.equal(list.statusCode, 200);
  t.match(list.headers['content-type'], /text\/html/);
  t.equal(list.headers['cache-control'], 'no-store', 'never stored: mails hold live link secrets');
  t.match(list.headers['x-robots-tag'], /noindex/);
  t.match(list.body, '<meta name="robots" content="noindex');
  t.match(list.body, 'Демо-почта');
  t.match(list.body, email);

  const opened = await openNewestTo(email);
  t.equal(opened.statusCode, 200);
  t.match(opened.body, /<iframe[^>]+sandbox="[^"]*"[^>]+srcdoc="/, 'the HTML in a sandboxed srcdoc frame');
  t.notMatch(/sandbox="([^"]*)"/.exec(opened.body)![1], /allow-scripts|allow-same-origin/, 'no script, no same-origin access');
  t.match(opened.body, '&lt;base target=&quot;_top&quot;&gt;', 'its links open in the tab, out of the frame');
  t.match(opened.body, '&lt;a href=&quot;http://localhost/account/confirm?token=', 'the link printed in the HTML is clickable');
  t.notMatch(opened.body, 'https://tihoavto.ru/account/confirm', 'links lead to this computer, not the public site');
  const link = linkTo(opened.body, '/account/confirm?token=');
  t.match(opened.body, `href="${link.href.replace(/&/g, '&amp;')}"`);

  const followed = await app.request({ url: link.local, as: v });
  t.equal(followed.headers.location, '/account/confirm');
  const confirmed = await app.submit({
    path: '/account/confirm',
    as: v,
    js: true,
    fields: { _form: 'account-confirm', purpose: 'confirm' },
  });
  t.equal(redirectOf(confirmed, true), '/account/confirm?done=1');
  const [row] = await app.db.query<{ confirmed: boolean }>(
    'SELECT email_confirmed_at IS NOT NULL AS confirmed FROM users WHERE email = $1',
    [email],
  );
  t.equal(row!.confirmed, true, 'the e-mail is confirmed');
});

t.test('forgot password: the reset link from the demo inbox sets a new password', async (t) => {
  const email = 'inbox-forgot@example.com';
  await register(app, app.visitor(), email);
  const v = app.visitor();
  const asked = await app.submit({ path: '/auth/forgot', as: v, js: true, ip: freshIp(), fields: { email } });
  t.equal(redirectOf(asked, true), '/auth/forgot?sent=1');
  t.match((await app.request({ url: '/auth/forgot?sent=1', as: v })).body, 'href="/_demo/inbox"');
  await deliver(app, email);

  const opened = await openNewestTo(email);
  t.match(opened.body, 'account.reset');
  const link = linkTo(opened.body, '/auth/reset?token=');
  t.equal((await app.request({ url: link.local, as: v })).headers.location, '/auth/reset');
  const reset = await app.submit({ path: '/auth/reset', as: v, js: true, fields: { password: 'Новый пароль из демо-почты 7' } });
  t.equal(redirectOf(reset, true), '/personal', 'the password is set and the visitor signed in');
  t.ok(visitorOf(app, reset));
  const login = await app.submit({
    path: '/auth',
    as: app.visitor(),
    js: true,
    ip: freshIp(),
    fields: { _form: 'auth:sign-in', email, password: 'Новый пароль из демо-почты 7' },
  });
  t.equal(redirectOf(login, true), '/personal', 'signs in with the new password');
});

t.test('links of another site lead to its local host; a missing or malformed message id is a 404', async (t) => {
  const email = 'inbox-kz@example.com';
  await register(app, app.visitor(), email, {}, { host: 'kz.localhost' });
  await deliver();
  const opened = await openNewestTo(email);
  t.match(opened.body, 'http://kz.localhost/account/confirm?token=', 'the Kazakh site’s link on kz.localhost');
  t.notMatch(opened.body, 'https://tihoavto.kz/account');
  for (const url of [`${INBOX}/999999999`, `${INBOX}/abc`, `${INBOX}/0`, `${INBOX}/-1`, `${INBOX}/1e3`, `${INBOX}/99999999999999999999`]) {
    const res = await app.request({ url });
    t.equal(res.statusCode, 404, url);
    t.match(res.headers['content-type'], /text\/html/, `${url}: a page, not a 500`);
  }
});

t.test('the inbox answers 404 to a public host and to a client that is not this computer', async (t) => {
  const trusting = await startTestApp(t, { TRUST_PROXY: 'true' });
  const proxied = await startTestApp(t, { TRUST_PROXY: '127.0.0.1' });
  const cases: Array<[string, TestApp, Parameters<TestApp['request']>[0]]> = [
    ['the public ru site', app, { url: INBOX, host: 'tihoavto.ru' }],
    ['the public kz site', app, { url: INBOX, host: 'tihoavto.kz' }],
    ['a remote client on localhost', app, { url: INBOX, remoteAddress: '203.0.113.7' }],
    ['a remote IPv6 client', app, { url: INBOX, remoteAddress: '2001:db8::1' }],
    ['a proxy on this computer passing a remote visitor on', app, { url: INBOX, headers: { 'x-forwarded-for': '203.0.113.8' } }],
    ['… named in Forwarded', app, { url: INBOX, headers: { forwarded: 'for=203.0.113.8;proto=http' } }],
    ['… named in X-Real-IP', app, { url: INBOX, headers: { 'x-real-ip': '203.0.113.8' } }],
    ['TRUST_PROXY: a remote visitor behind a local proxy', trusting, { url: INBOX, headers: { 'x-forwarded-for': '203.0.113.9' } }],
    [
      'TRUST_PROXY: a remote visitor forging 127.0.0.1 behind a local proxy',
      trusting,
      { url: INBOX, headers: { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' } },
    ],
    [
      'TRUST_PROXY: a remote client forging X-Forwarded-For: 127.0.0.1',
      trusting,
      { url: INBOX, remoteAddress: '203.0.113.10', headers: { 'x-forwarded-for': '127.0.0.1' } },
    ],
    [
      'TRUST_PROXY: a public host forwarded as localhost',
      trusting,
      { url: INBOX, host: 'tihoavto.ru', headers: { 'x-forwarded-host': 'localhost' } },
    ],
    [
      'TRUST_PROXY=127.0.0.1: a local proxy names a remote visitor',
      proxied,
      { url: INBOX, headers: { 'x-forwarded-for': '203.0.113.11' } },
    ],
    ['a message, from a remote client', app, { url: `${INBOX}/1`, remoteAddress: '198.51.100.1' }],
    ['a malformed id, from a remote client', app, { url: `${INBOX}/abc`, remoteAddress: '198.51.100.1' }],
  ];
  for (const [name, a, options] of cases) {
    const res = await a.request(options);
    t.equal(res.statusCode, 404, name);
    t.notMatch(res.body, 'Демо-почта', `${name}: nothing of the inbox`);
    t.notMatch(res.body, '@example.com', `${name}: no address`);
  }
  // The same apps answer this computer.
  t.equal((await trusting.request({ url: INBOX })).statusCode, 200, 'TRUST_PROXY: this computer, directly');
  t.equal((await trusting.request({ url: INBOX, headers: { 'x-forwarded-for': '127.0.0.1' } })).statusCode, 200, '… through a local proxy');
  t.equal((await app.request({ url: INBOX, host: 'ru.localhost:3000' })).statusCode, 200, 'ru.localhost with a port');
  t.equal((await app.request({ url: INBOX, host: '127.0.0.1:3000' })).statusCode, 200, '127.0.0.1');
  t.equal((await app.request({ url: INBOX, remoteAddress: '::1' })).statusCode, 200, 'an IPv6 loopback client');

  const page = await app.request({ url: '/register?sent=1', host: 'tihoavto.ru' });
  t.equal(hydrationData(page.body).loaderData.root.demoInbox, false, 'no link to the inbox on a public host');
  t.notMatch(page.body, 'href="/_demo/inbox"');
});

t.test('bare addresses in a mail’s HTML become links, outside tags, anchors and the head', async (t) => {
  t.equal(
    linkifyHtml(
      '<html><head><title>https://a.example/t</title></head><body><p>Open https://a.example/x?a=1&amp;b=2.</p><a href="https://b.example/">https://b.example/</a></body></html>',
    ),
    '<html><head><title>https://a.example/t</title></head><body><p>Open <a href="https://a.example/x?a=1&amp;b=2">https://a.example/x?a=1&amp;b=2</a>.</p><a href="https://b.example/">https://b.example/</a></body></html>',
  );
  t.equal(linkifyHtml('<p>no address</p>'), '<p>no address</p>');
});

t.test('loopback addresses', async (t) => {
  for (const a of ['127.0.0.1', '127.8.9.10', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '[::1]:4000', '127.0.0.1:5000', '"[::1]"'])
    t.ok(isLoopbackAddress(a), a);
  for (const a of [
    '203.0.113.1',
    '10.0.0.1',
    '::',
    '::2',
    '::ffff:10.0.0.1',
    'unknown',
    '_hidden',
    '',
    undefined,
    'localhost',
    '128.0.0.1',
  ])
    t.notOk(isLoopbackAddress(a), String(a));
});

t.test('with SMTP configured nothing lands in the demo inbox, and there is no inbox page', async (t) => {
  const smtp = await startFakeSmtp(t);
  const withSmtp = await startTestApp(t, { SMTP_URL: smtp.url });
  t.equal(withSmtp.fastify.demoInbox, null);
  const email = 'inbox-smtp@example.com';
  await register(withSmtp, withSmtp.visitor(), email);
  await withSmtp.fastify.mail.runOnce();
  t.ok(await smtp.waitFor((m) => m.to.includes(email), 5000), 'sent through SMTP');
  const [row] = await withSmtp.db.query<{ n: number }>('SELECT count(*)::int AS n FROM demo_inbox');
  t.equal(row!.n, 0, 'nothing kept in the demo inbox');
  t.equal((await withSmtp.request({ url: INBOX })).statusCode, 404, 'no inbox page, even from this computer');
  const sent = await withSmtp.request({ url: '/register?sent=1' });
  t.equal(hydrationData(sent.body).loaderData.root.demoInbox, false);
  t.notMatch(sent.body, 'href="/_demo/inbox"', 'no link to it');
});

t.test('deleting an account erases its messages in the demo inbox and no one else’s', async (t) => {
  const email = 'inbox-delete@example.com';
  const other = 'inbox-keep@example.com';
  const v = app.visitor();
  const registered = await register(app, v, email);
  await register(app, app.visitor(), other);
  await deliver();
  const count = async (to: string) =>
    (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM demo_inbox WHERE lower(recipient) = $1', [to]))[0]!.n;
  t.ok((await count(email)) > 0, 'the confirmation is in the inbox');
  const me = visitorOf(app, registered) ?? v;
  // Signed in by the registration (or sign in now).
  const login = await app.submit({
    path: '/auth',
    as: me,
    js: true,
    ip: freshIp(),
    fields: { _form: 'auth:sign-in', email, password: 'Тихо-авто 2024!' },
  });
  const signedIn = visitorOf(app, login) ?? me;
  const deleted = await app.submit({
    path: '/personal',
    as: signedIn,
    js: true,
    fields: { _form: 'personal:delete', intent: 'delete', password: 'Тихо-авто 2024!', sure: 'on' },
  });
  t.equal(redirectOf(deleted, true), '/');
  const [gone] = await app.db.query('SELECT 1 FROM users WHERE email = $1', [email]);
  t.notOk(gone, 'the account is deleted');
  const kinds = await app.db.query<{ kind: string }>('SELECT kind FROM demo_inbox WHERE lower(recipient) = $1', [email]);
  t.strictSame(kinds, [], 'its messages are erased from the inbox');
  t.ok((await count(other)) > 0, 'another address keeps its messages');
  await deliver();
  t.strictSame(
    (await app.db.query<{ kind: string }>('SELECT kind FROM demo_inbox WHERE lower(recipient) = $1', [email])).map((r) => r.kind),
    ['account.deleted'],
    'only the goodbye sent after the deletion',
  );
});

t.test('the inbox is bounded: the newest 200 messages of the last 7 days', async (t) => {
  const inbox = new DemoInbox(app.db);
  await app.db.query('DELETE FROM demo_inbox');
  const mail = (n: number) => ({
    outboxId: 1_000_000 + n,
    site: 'ru',
    kind: 'form.message',
    language: 'ru',
    from: 'ТихоАвто <noreply@tihoavto.ru>',
    to: `bound-${n}@example.com`,
    subject: `Письмо ${n}`,
    text: `Текст ${n}`,
    html: null,
  });
  const extra = 5;
  for (let n = 1; n <= DEMO_INBOX_KEEP.messages + extra; n++) await inbox.keep(mail(n));
  const [{ n, oldest }] = (await app.db.query<{ n: number; oldest: string }>(
    'SELECT count(*)::int AS n, min(subject) FILTER (WHERE recipient = $1) AS oldest FROM demo_inbox',
    [`bound-${extra + 1}@example.com`],
  )) as [{ n: number; oldest: string }];
  t.equal(n, DEMO_INBOX_KEEP.messages, `${DEMO_INBOX_KEEP.messages} kept`);
  t.equal(oldest, `Письмо ${extra + 1}`, 'the oldest ones went');
  await inbox.keep(mail(DEMO_INBOX_KEEP.messages + extra)); // the same outbox row again (a second delivery after a crash): kept once
  t.equal((await inbox.list()).length, DEMO_INBOX_KEEP.messages);
  t.equal((await inbox.list())[0]!.subject, `Письмо ${DEMO_INBOX_KEEP.messages + extra}`, 'newest first');

  await app.db.query(
    `UPDATE demo_inbox SET created_at = now() - interval '8 days' WHERE id IN (SELECT id FROM demo_inbox ORDER BY id LIMIT 50)`,
  );
  t.equal(await purgeDemoInbox(app.db), 50, 'the housekeeping deletes what is older than 7 days');
  t.equal((await inbox.list()).length, DEMO_INBOX_KEEP.messages - 50);
  t.equal(await purgeDemoInbox(app.db), 0);
  t.equal((await app.request({ url: INBOX })).statusCode, 200);
});

t.test('the demo shopper: created once by the demo seed, signs in with the documented password', async (t) => {
  t.equal(await seedDemoShopper(app.db), true, 'created');
  t.equal(await seedDemoShopper(app.db), false, 'a second run changes nothing');
  const [user] = await app.db.query<{ confirmed: boolean }>(
    'SELECT email_confirmed_at IS NOT NULL AS confirmed FROM users WHERE email = $1',
    [DEMO_SHOPPER.email],
  );
  t.equal(user!.confirmed, true, 'its e-mail is confirmed');
  const v = app.visitor();
  const login = await app.submit({
    path: '/auth',
    as: v,
    js: true,
    ip: freshIp(),
    fields: { _form: 'auth:sign-in', email: DEMO_SHOPPER.email, password: DEMO_SHOPPER.password },
  });
  t.equal(redirectOf(login, true), '/personal', 'signed in');
  const shopper = visitorOf(app, login)!;
  const personal = await app.request({ url: '/personal', as: shopper });
  t.equal(personal.statusCode, 200);
  t.match(personal.body, DEMO_SHOPPER.email);
  t.equal(hydrationData(personal.body).loaderData.personal.account.confirmed, true, 'no confirmation asked for');
});

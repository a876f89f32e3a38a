/**
 * The outbox forgets (issue 18 item 6, docs/decisions/037-outbox-forgets.md): a message delivered through the fake
 * SMTP server keeps its kind, a masked recipient, its subject and times — no body, no link token, no name, no
 * reply-to; a message given up on forgets too (its error masks the address), one still to be retried does not;
 * an erased row put back in the queue is never sent empty; deleting an account erases its queued and sent rows and
 * no one else's; old sent rows are purged. PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import t, { type Test } from 'tap';
import { hashPassword } from '../server/accounts/passwords.ts';
import { MailDelivery, smtpTransport } from '../server/mail/delivery.ts';
import { purgeOldMail } from '../server/mail/index.ts';
import { Outbox, type OutboxMessage, SENT_MAIL_KEPT_DAYS } from '../server/mail/outbox.ts';
import { demoSitesConfig } from '../server/platform/demo-sites.ts';
import { createLogger } from '../server/platform/logger.ts';
import { SiteDirectory } from '../shared/sites.ts';
import { freshIp, mailsTo, REGISTRATION, register, visitorOf } from './helpers/account.ts';
import { startTestApp } from './helpers/app.ts';
import { type CountingDb, createTestDb } from './helpers/db.ts';
import { startFakeSmtp } from './helpers/fake-smtp.ts';

const sites = new SiteDirectory(demoSitesConfig);
const outbox = new Outbox();
const TOKEN = 'SECRET-LINK-TOKEN-4f2a9c';

function message(overrides: Partial<OutboxMessage> = {}): OutboxMessage {
  return {
    site: 'ru',
    kind: 'account.reset',
    language: 'ru',
    to: 'ivan.petrov@example.com',
    subject: 'Восстановление пароля',
    text: `Здравствуйте, Иван Петров!\nСсылка: https://tihoavto.ru/account/reset?token=${TOKEN}\nАдрес: ул. Ленина, 1`,
    html: `<p>Здравствуйте, Иван Петров!</p><a href="https://tihoavto.ru/account/reset?token=${TOKEN}">сброс</a>`,
    replyTo: 'buyer.private@example.org',
    ...overrides,
  };
}

async function testDb(t: Test): Promise<CountingDb> {
  const { db, drop } = await createTestDb();
  t.teardown(drop);
  return db;
}

function worker(t: Test, db: CountingDb, url: string, maxAttempts = 10): MailDelivery {
  const delivery = new MailDelivery({
    db,
    sites,
    log: createLogger('silent'),
    transport: smtpTransport(url),
    maxAttempts,
    backoffBaseMs: 1000,
  });
  t.teardown(() => delivery.stop());
  return delivery;
}

async function outboxRow(db: CountingDb, id: number): Promise<Record<string, unknown>> {
  const [row] = await db.query<Record<string, unknown>>('SELECT * FROM outbox WHERE id = $1', [id]);
  return row!;
}

/** Nothing of the message's personal data or secret is anywhere in the row, in any column. */
function holdsNothingPersonal(t: Test, row: Record<string, unknown>) {
  const all = JSON.stringify(row);
  for (const secret of [TOKEN, 'Иван', 'Петров', 'Ленина', 'ivan.petrov', 'buyer.private'])
    t.notMatch(all, secret, `no "${secret}" left in the row`);
}

t.test('a delivered message keeps kind, masked recipient, subject and times; its bodies, token, name and reply-to are gone', async (t) => {
  const db = await testDb(t);
  const smtp = await startFakeSmtp(t);
  const delivery = worker(t, db, smtp.url);
  const id = await db.transaction((tx) => outbox.enqueue(tx, message()));
  const queued = await outboxRow(db, id);
  t.match(queued.text_body, TOKEN, 'while queued the row holds what is to be sent');

  t.strictSame(await delivery.runOnce(), { sent: 1, retried: 0, failed: 0 });
  const mail = await smtp.waitFor();
  t.match(mail.text, TOKEN, 'the mailbox received the link');
  t.equal(mail.replyTo, 'buyer.private@example.org');

  const row = await outboxRow(db, id);
  t.match(row, {
    kind: 'account.reset',
    recipient: 'i***@example.com',
    subject: 'Восстановление пароля',
    text_body: null,
    html_body: null,
    reply_to: null,
  });
  t.ok(row.sent_at && row.created_at, 'the times stay');
  holdsNothingPersonal(t, row);
  t.strictSame(await delivery.runOnce(), { sent: 0, retried: 0, failed: 0 }, 'and it is not sent again');
});

t.test('a message to be retried keeps its body; given up on, it forgets too, its error masking the address', async (t) => {
  const db = await testDb(t);
  const smtp = await startFakeSmtp(t);
  const delivery = worker(t, db, smtp.url, 2);
  const id = await db.transaction((tx) => outbox.enqueue(tx, message()));
  smtp.refuseNext(2, 550, 'Mailbox <ivan.petrov@example.com> unavailable');

  t.strictSame(await delivery.runOnce(), { sent: 0, retried: 1, failed: 0 });
  let row = await outboxRow(db, id);
  t.match(row, { recipient: 'ivan.petrov@example.com', reply_to: 'buyer.private@example.org' }, 'still to be sent: kept');
  t.match(row.text_body, TOKEN);
  t.match(row.last_error, 'i***@example.com', 'the quoted address is masked in the error');
  t.notMatch(row.last_error, 'ivan.petrov');

  await db.query(`UPDATE outbox SET next_attempt_at = now() - interval '1 second' WHERE id = $1`, [id]);
  t.strictSame(await delivery.runOnce(), { sent: 0, retried: 0, failed: 1 });
  row = await outboxRow(db, id);
  t.ok(row.failed_at, 'given up on');
  t.match(row, { recipient: 'i***@example.com', text_body: null, html_body: null, reply_to: null, subject: 'Восстановление пароля' });
  t.match(row.last_error, /550/, 'why it failed stays on record');
  holdsNothingPersonal(t, row);

  // An operator clears failed_at to resend it: an erased message is never sent empty.
  await db.query('UPDATE outbox SET failed_at = NULL, attempts = 0, next_attempt_at = now() WHERE id = $1', [id]);
  t.strictSame(await delivery.runOnce(), { sent: 0, retried: 0, failed: 0 }, 'not claimed');
  t.equal(smtp.messages.length, 0);
});

t.test('a registration: the confirmation link reaches the mailbox, the sent row holds no token', async (t) => {
  const smtp = await startFakeSmtp(t);
  const app = await startTestApp(t, { SMTP_URL: smtp.url });
  const email = 'forget-link@example.com';
  await register(app, app.visitor(), email);
  const [queued] = await mailsTo(app, email, 'account.confirm');
  const token = /token=([\w.-]+)/.exec(queued!.text_body)![1]!;
  await app.fastify.mail.runOnce();
  const mail = await smtp.waitFor((m) => m.to.includes(email));
  t.match(mail.text, token, 'the mailbox has the link');
  const row = await outboxRow(app.db, queued!.id);
  t.match(row, { kind: 'account.confirm', recipient: 'f***@example.com', text_body: null, html_body: null });
  t.notMatch(JSON.stringify(row), token, 'no token in the sent row');
  t.notMatch(JSON.stringify(row), REGISTRATION.name, 'nor the name');
});

t.test('deleting an account erases its queued and sent mail, and no one else’s; the goodbye still goes', async (t) => {
  const smtp = await startFakeSmtp(t);
  const app = await startTestApp(t, { SMTP_URL: smtp.url });
  const email = 'forget-me@example.com';
  const password = REGISTRATION.password;
  await app.db.query(`INSERT INTO users (email, name, password_hash, email_confirmed_at) VALUES ($1, 'Анна', $2, now())`, [
    email,
    await hashPassword(password),
  ]);
  const sent = await app.db.transaction((tx) => outbox.enqueue(tx, message({ to: email })));
  const othersSent = await app.db.transaction((tx) => outbox.enqueue(tx, message({ to: 'someone.else@example.com' })));
  await app.fastify.mail.runOnce();
  t.match(await outboxRow(app.db, sent), { recipient: 'f***@example.com', text_body: null }, 'sent and masked');
  // Queued, to the same address written in capitals: still this account's mail.
  const queued = await app.db.transaction((tx) => outbox.enqueue(tx, message({ to: 'Forget-Me@Example.com' })));
  const othersQueued = await app.db.transaction((tx) => outbox.enqueue(tx, message({ to: 'someone.else@example.com' })));

  const signedIn = await app.submit({ path: '/auth', as: app.visitor(), js: true, ip: freshIp(), fields: { email, password } });
  const v = visitorOf(app, signedIn)!;
  const res = await app.submit({ path: '/personal', as: v, js: true, fields: { intent: 'delete', password, sure: 'on' } });
  t.equal(res.json().redirect, '/', 'the account is deleted');

  const left = await app.db.query<{ id: number; kind: string }>(
    'SELECT id::int, kind FROM outbox WHERE id = ANY($1::bigint[]) ORDER BY id',
    [[sent, queued, othersSent, othersQueued]],
  );
  t.strictSame(
    left.map((r) => r.id),
    [othersSent, othersQueued],
    'its sent and queued rows are gone; another recipient’s stay',
  );
  const goodbye = await mailsTo(app, email, 'account.deleted');
  t.equal(goodbye.length, 1, 'the account.deleted mail is queued after the erasure');
  await app.fastify.mail.runOnce();
  t.ok(await smtp.waitFor((m) => m.to.includes(email) && m.messageId?.includes(`outbox.${goodbye[0]!.id}.`) === true), 'and delivered');
});

t.test(`sent and given-up rows are deleted after ${SENT_MAIL_KEPT_DAYS} days; queued ones never`, async (t) => {
  const db = await testDb(t);
  const ids = [];
  for (let i = 0; i < 4; i++) ids.push(await db.transaction((tx) => outbox.enqueue(tx, message())));
  const [oldSent, oldFailed, recentSent, queued] = ids as [number, number, number, number];
  await db.query(`UPDATE outbox SET sent_at = now() - interval '91 days', text_body = NULL WHERE id = $1`, [oldSent]);
  await db.query(`UPDATE outbox SET failed_at = now() - interval '91 days', text_body = NULL WHERE id = $1`, [oldFailed]);
  await db.query(`UPDATE outbox SET sent_at = now() - interval '89 days', text_body = NULL WHERE id = $1`, [recentSent]);
  await db.query(`UPDATE outbox SET created_at = now() - interval '200 days' WHERE id = $1`, [queued]);
  t.equal(await purgeOldMail(db), 2);
  const left = await db.query<{ id: number }>('SELECT id::int FROM outbox WHERE id = ANY($1::bigint[]) ORDER BY id', [ids]);
  t.strictSame(
    left.map((r) => r.id),
    [recentSent, queued],
  );
});

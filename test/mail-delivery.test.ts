/**
 * Mail delivery from the outbox (server/mail/delivery.ts, server/http/mail.ts): through a fake SMTP server
 * on 127.0.0.1 with the real nodemailer client; rolled-back messages never sent; refusals retried with backoff and
 * given up on at the cap; the logged mode of the demo; credentials never logged; the worker started and stopped by
 * the app, beside requests it never slows; metrics. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import type { AddressInfo } from 'node:net';
import { createServer, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import t, { type Test } from 'tap';
import { buildApp } from '../server/app.ts';
import { backoffMs, logTransport, MailDelivery, type MailDeliveryOptions, maskAddress, smtpTransport } from '../server/mail/delivery.ts';
import { Outbox, type OutboxMessage } from '../server/mail/outbox.ts';
import { loadConfig } from '../server/platform/config.ts';
import { ConfigError } from '../server/platform/config-error.ts';
import { demoSitesConfig } from '../server/platform/demo-sites.ts';
import { createLogger } from '../server/platform/logger.ts';
import { SiteDirectory } from '../shared/sites.ts';
import { startTestApp } from './helpers/app.ts';
import { type CountingDb, createTestDb } from './helpers/db.ts';
import { startFakeSmtp } from './helpers/fake-smtp.ts';

const sites = new SiteDirectory(demoSitesConfig);
const outbox = new Outbox();

function message(overrides: Partial<OutboxMessage> = {}): OutboxMessage {
  return {
    site: 'ru',
    kind: 'test.note',
    language: 'ru',
    to: 'ivan.petrov@example.com',
    subject: 'Заказ №42 принят',
    text: 'Здравствуйте, Иван!\nВаш заказ принят. Ссылка: https://tihoavto.ru/x?token=SECRET-LINK-TOKEN',
    html: '<p>Здравствуйте, Иван!</p>',
    ...overrides,
  };
}

async function testDb(t: Test): Promise<CountingDb> {
  const { db, drop } = await createTestDb();
  t.teardown(drop);
  return db;
}

/** A pino logger whose lines are kept, parsed. */
function capturedLog() {
  const lines: Array<Record<string, any>> = [];
  const raw: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        raw.push(line);
        lines.push(JSON.parse(line));
      }
      done();
    },
  });
  return { log: createLogger('info', sink), lines, raw };
}

function worker(t: Test, options: Partial<MailDeliveryOptions> & Pick<MailDeliveryOptions, 'db' | 'transport'>): MailDelivery {
  const delivery = new MailDelivery({ sites, log: createLogger('silent'), ...options });
  t.teardown(() => delivery.stop());
  return delivery;
}

async function row(db: CountingDb, id: number) {
  const [r] = await db.query<Record<string, any>>(
    `SELECT attempts, last_error, sent_at, failed_at, locked_until,
            extract(epoch FROM next_attempt_at - now()) * 1000 AS due_in_ms
     FROM outbox WHERE id = $1`,
    [id],
  );
  return r!;
}

/** Time passes for one message: its next attempt is due now. */
const makeDue = (db: CountingDb, id: number) =>
  db.query(`UPDATE outbox SET next_attempt_at = now() - interval '1 second' WHERE id = $1`, [id]);

t.test('a message enqueued in a transaction that rolls back is never sent', async (t) => {
  const db = await testDb(t);
  const smtp = await startFakeSmtp(t);
  const delivery = worker(t, { db, transport: smtpTransport(smtp.url) });
  await t.rejects(
    db.transaction(async (tx) => {
      await outbox.enqueue(tx, message({ subject: 'rolled back' }));
      throw new Error('the order failed');
    }),
  );
  const committed = await db.transaction((tx) => outbox.enqueue(tx, message({ subject: 'committed' })));
  t.strictSame(await delivery.runOnce(), { sent: 1, retried: 0, failed: 0 });
  t.strictSame(
    smtp.messages.map((m) => m.subject),
    ['committed'],
    'only the committed message reached the server',
  );
  const [{ n }] = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox')) as [{ n: number }];
  t.equal(n, 1, 'the rolled-back message does not exist');
  t.ok((await row(db, committed)).sent_at);
});

t.test('sends through SMTP: recipient, per-site sender and reply-to, subject, text, HTML, stable Message-ID', async (t) => {
  const db = await testDb(t);
  const smtp = await startFakeSmtp(t);
  const delivery = worker(t, { db, transport: smtpTransport(smtp.url) });
  const ru = await db.transaction((tx) => outbox.enqueue(tx, message()));
  const kz = await db.transaction((tx) =>
    outbox.enqueue(
      tx,
      message({ site: 'kz', to: 'help@tihoavto.kz', replyTo: 'buyer@example.kz', subject: 'Новый заказ', html: undefined }),
    ),
  );
  t.strictSame(await delivery.runOnce(), { sent: 2, retried: 0, failed: 0 });
  t.equal(smtp.messages.length, 2);
  const [first, second] = smtp.messages as [(typeof smtp.messages)[0], (typeof smtp.messages)[0]];

  t.strictSame(first.to, ['ivan.petrov@example.com']);
  t.equal(first.envelopeFrom, 'noreply@tihoavto.ru');
  t.match(first.from, /ТихоАвто.*<noreply@tihoavto\.ru>/, 'sender: the site brand at noreply@<host>');
  t.equal(first.replyTo, 'help@tihoavto.ru', "replies go to the site's address");
  t.equal(first.subject, 'Заказ №42 принят', 'subject survives encoding');
  t.equal(first.text.trim(), message().text, 'text part');
  t.equal(first.html?.trim(), '<p>Здравствуйте, Иван!</p>', 'HTML part');
  t.match(first.messageId, new RegExp(`^<outbox\\.${ru}\\.\\d+@tihoavto\\.ru>$`), 'a Message-ID derived from the outbox row');

  t.match(second.from, /<noreply@tihoavto\.kz>/, "the kz site's sender");
  t.equal(second.replyTo, 'buyer@example.kz', "a message's own reply-to wins");
  t.equal(second.html, undefined, 'no HTML part when none was given');

  for (const id of [ru, kz]) {
    const r = await row(db, id);
    t.ok(r.sent_at, `#${id} sent_at set`);
    t.equal(r.attempts, 1);
    t.equal(r.last_error, null);
    t.equal(r.locked_until, null, 'lease released');
  }
  t.strictSame(await delivery.runOnce(), { sent: 0, retried: 0, failed: 0 }, 'a sent message is never sent again');
  t.equal(smtp.messages.length, 2);
});

t.test('a refused message is retried after a backoff and delivered; attempts and last_error recorded', async (t) => {
  const db = await testDb(t);
  const smtp = await startFakeSmtp(t);
  const delivery = worker(t, { db, transport: smtpTransport(smtp.url), backoffBaseMs: 60_000, backoffMaxMs: 600_000 });
  const id = await db.transaction((tx) => outbox.enqueue(tx, message()));

  smtp.refuseNext(2, 451, 'Mailbox busy, try later');
  t.strictSame(await delivery.runOnce(), { sent: 0, retried: 1, failed: 0 });
  let r = await row(db, id);
  t.equal(r.attempts, 1);
  t.match(r.last_error, /451/, 'the reply code is recorded');
  t.match(r.last_error, /Mailbox busy/);
  t.equal(r.sent_at, null);
  t.equal(r.locked_until, null);
  t.ok(r.due_in_ms > 55_000 && r.due_in_ms <= 60_000, `next attempt in ~1 min (${Math.round(r.due_in_ms)} ms)`);

  t.strictSame(await delivery.runOnce(), { sent: 0, retried: 0, failed: 0 }, 'not tried again before it is due');
  t.equal(smtp.refused, 1);

  await makeDue(db, id);
  t.strictSame(await delivery.runOnce(), { sent: 0, retried: 1, failed: 0 }, 'refused again (a 5xx is retried too)');
  r = await row(db, id);
  t.equal(r.attempts, 2);
  t.ok(r.due_in_ms > 115_000 && r.due_in_ms <= 120_000, `the backoff doubled (${Math.round(r.due_in_ms)} ms)`);

  await makeDue(db, id);
  t.strictSame(await delivery.runOnce(), { sent: 1, retried: 0, failed: 0 });
  r = await row(db, id);
  t.ok(r.sent_at, 'delivered at last');
  t.equal(r.attempts, 3, 'three attempts in all');
  t.match(r.last_error, /451/, 'the last failure stays on record');
  t.equal(smtp.messages.length, 1, 'delivered once');
  t.equal(smtp.refused, 2);
});

t.test('the backoff doubles from its base up to its cap', async (t) => {
  t.equal(backoffMs(1, 30_000, 3_600_000), 30_000);
  t.equal(backoffMs(2, 30_000, 3_600_000), 60_000);
  t.equal(backoffMs(5, 30_000, 3_600_000), 480_000);
  t.equal(backoffMs(8, 30_000, 3_600_000), 3_600_000, 'capped');
  t.equal(backoffMs(1000, 30_000, 3_600_000), 3_600_000, 'no overflow');
});

t.test('after the last allowed attempt: marked failed, logged at error level, never tried again', async (t) => {
  const db = await testDb(t);
  const smtp = await startFakeSmtp(t);
  const { log, lines } = capturedLog();
  const delivery = worker(t, { db, log, transport: smtpTransport(smtp.url), maxAttempts: 3, backoffBaseMs: 1000 });
  const id = await db.transaction((tx) => outbox.enqueue(tx, message({ kind: 'order.confirmation' })));
  smtp.refuseNext(100, 550, 'No such user');

  const outcomes = [];
  for (let i = 0; i < 3; i++) {
    outcomes.push(await delivery.runOnce());
    await makeDue(db, id);
  }
  t.strictSame(outcomes, [
    { sent: 0, retried: 1, failed: 0 },
    { sent: 0, retried: 1, failed: 0 },
    { sent: 0, retried: 0, failed: 1 },
  ]);
  const r = await row(db, id);
  t.ok(r.failed_at, 'failed_at set');
  t.equal(r.sent_at, null);
  t.equal(r.attempts, 3);
  t.match(r.last_error, /550/);

  t.strictSame(await delivery.runOnce(), { sent: 0, retried: 0, failed: 0 }, 'a failed message is not claimed again, even when due');
  t.equal(smtp.refused, 3, 'the server saw exactly three attempts');
  t.equal(await delivery.queued(), 0, 'no longer counted as queued');

  const warnings = lines.filter((l) => l.level === 40);
  const errors = lines.filter((l) => l.level === 50);
  t.equal(warnings.length, 2, 'each retry logged at warn');
  t.equal(errors.length, 1, 'the give-up logged once at error');
  t.match(errors[0], { mail: id, kind: 'order.confirmation', site: 'ru', attempts: 3, to: 'i***@example.com', msg: /given up/ });
  t.strictSame([...delivery.counts.failed], [['order.confirmation', 1]]);
  t.strictSame([...delivery.counts.retried], [['order.confirmation', 2]]);
});

t.test('logged mode (no SMTP_URL): one info line per message, body and full address kept out, marked sent', async (t) => {
  const db = await testDb(t);
  const { log, lines, raw } = capturedLog();
  const delivery = worker(t, { db, log, transport: logTransport(log) });
  const id = await db.transaction((tx) => outbox.enqueue(tx, message({ kind: 'account.confirm' })));
  t.strictSame(await delivery.runOnce(), { sent: 1, retried: 0, failed: 0 });
  t.equal(lines.length, 1);
  t.match(lines[0], {
    level: 30,
    mail: id,
    kind: 'account.confirm',
    site: 'ru',
    language: 'ru',
    to: 'i***@example.com',
    subject: 'Заказ №42 принят',
    msg: /SMTP_URL unset/,
  });
  const all = raw.join('\n');
  t.notMatch(all, 'SECRET-LINK-TOKEN', "the body (a link's token) is never logged");
  t.notMatch(all, 'ivan.petrov', 'the address is masked');
  t.ok((await row(db, id)).sent_at, 'marked sent');
  t.equal(maskAddress('a@b.c'), 'a***@b.c');
  t.equal(maskAddress('not-an-address'), '***');
});

t.test('credentials come from SMTP_URL; a refused login is retried and the password is never logged or stored', async (t) => {
  const db = await testDb(t);
  const smtp = await startFakeSmtp(t, { auth: { user: 'shop', pass: 'p@ss:w0rd/Secret' } });
  t.match(smtp.url, /^smtp:\/\/shop:p%40ss%3Aw0rd%2FSecret@127\.0\.0\.1:\d+$/);

  const good = worker(t, { db, transport: smtpTransport(smtp.url) });
  await db.transaction((tx) => outbox.enqueue(tx, message()));
  t.strictSame(await good.runOnce(), { sent: 1, retried: 0, failed: 0 }, 'logged in with the URL credentials');

  const { log, raw } = capturedLog();
  const wrongUrl = smtp.url.replace('w0rd%2FSecret', 'WRONG-PASSWORD-123');
  const bad = worker(t, { db, log, transport: smtpTransport(wrongUrl) });
  const id = await db.transaction((tx) => outbox.enqueue(tx, message()));
  t.strictSame(await bad.runOnce(), { sent: 0, retried: 1, failed: 0 });
  const r = await row(db, id);
  t.match(r.last_error, /535|auth/i, 'the refusal is recorded');
  t.notMatch(r.last_error, 'WRONG-PASSWORD-123');
  t.ok(raw.length > 0);
  t.notMatch(raw.join('\n'), 'WRONG-PASSWORD-123', 'the password is not in the log');
  t.notMatch(raw.join('\n'), /shop:/, 'nor the URL with its user');
});

t.test('configuration: SMTP_URL, MAIL_FROM, poll interval, attempts, worker switch', async (t) => {
  const c = loadConfig({});
  t.strictSame(c.mail, { smtpUrl: null, from: null, pollMs: 2000, maxAttempts: 10, worker: true }, 'demo defaults: logged mode, worker on');
  t.equal(loadConfig({ NODE_ENV: 'test' }).mail.worker, false, 'tests run the worker when they ask');
  t.equal(loadConfig({ NODE_ENV: 'test', MAIL_WORKER: '1' }).mail.worker, true);
  const set = loadConfig({
    SMTP_URL: 'smtps://u:secret@mail.example.com:465',
    MAIL_FROM: 'Тихо Авто <shop@example.com>',
    MAIL_POLL_MS: '500',
  });
  t.equal(set.mail.smtpUrl, 'smtps://u:secret@mail.example.com:465');
  t.strictSame(set.mail.from, { name: 'Тихо Авто', address: 'shop@example.com' });
  t.equal(set.mail.pollMs, 500);
  t.strictSame(loadConfig({ MAIL_FROM: 'shop@example.com' }).mail.from, { name: null, address: 'shop@example.com' });
  t.strictSame(loadConfig({ MAIL_FROM: '"Shop" <shop@example.com>' }).mail.from, { name: 'Shop', address: 'shop@example.com' });

  for (const [env, name] of [
    [{ SMTP_URL: 'http://u:hunter2secret@mail.example.com' }, 'SMTP_URL'],
    [{ SMTP_URL: 'smtp://' }, 'SMTP_URL'],
    [{ SMTP_URL: 'hunter2secret' }, 'SMTP_URL'],
    [{ MAIL_FROM: 'not an address' }, 'MAIL_FROM'],
    [{ MAIL_FROM: 'a@b.c, d@e.f' }, 'MAIL_FROM'],
    [{ MAIL_POLL_MS: '10' }, 'MAIL_POLL_MS'],
    [{ MAIL_MAX_ATTEMPTS: '0' }, 'MAIL_MAX_ATTEMPTS'],
  ] as const) {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (err) {
      error = err;
    }
    t.type(error, ConfigError, `${JSON.stringify(env)} refused`);
    t.match((error as Error).message, name, 'the message names the variable');
    t.notMatch((error as Error).message, 'hunter2secret', 'and never shows the value');
  }
});

t.test('MAIL_FROM overrides the address for every site; the name stays the brand unless given', async (t) => {
  const db = await testDb(t);
  const smtp = await startFakeSmtp(t);
  const delivery = worker(t, { db, transport: smtpTransport(smtp.url), from: { name: null, address: 'mail@shop.example' } });
  await db.transaction((tx) => outbox.enqueue(tx, message({ site: 'kz' })));
  await delivery.runOnce();
  t.match(smtp.messages[0]?.from, /<mail@shop\.example>/);
  t.equal(smtp.messages[0]?.envelopeFrom, 'mail@shop.example');
});

t.test('the app runs the worker: a committed message goes out within the poll interval; close stops it', async (t) => {
  const smtp = await startFakeSmtp(t);
  const app = await startTestApp(t, { SMTP_URL: smtp.url, MAIL_WORKER: '1', MAIL_POLL_MS: '50' });
  await app.fastify.ready();
  t.equal(app.fastify.mail.transportKind, 'smtp');
  const started = Date.now();
  await app.db.transaction((tx) => outbox.enqueue(tx, message({ subject: 'by the worker' })));
  const mail = await smtp.waitFor((m) => m.subject === 'by the worker', 3000);
  t.ok(mail, `delivered by the running worker in ${Date.now() - started} ms`);

  await app.fastify.close();
  const before = smtp.connections;
  await new Promise((done) => setTimeout(done, 200));
  t.equal(smtp.connections, before, 'no activity after close');
});

t.test('without MAIL_WORKER the app only delivers when asked (runOnce); SMTP_URL unset logs instead', async (t) => {
  const app = await startTestApp(t);
  t.equal(app.fastify.mail.transportKind, 'log');
  await app.db.transaction((tx) => outbox.enqueue(tx, message()));
  await new Promise((done) => setTimeout(done, 100));
  t.equal(await app.fastify.mail.queued(), 1, 'not sent on its own');
  t.strictSame(await app.fastify.mail.runOnce(), { sent: 1, retried: 0, failed: 0 });
  t.equal(await app.fastify.mail.queued(), 0);
});

t.test('nothing configured (the demo): the running worker logs each message and marks it sent', async (t) => {
  const { db, drop } = await createTestDb();
  t.teardown(drop);
  const { log, lines } = capturedLog();
  const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', MAIL_WORKER: '1', MAIL_POLL_MS: '50' }), db, logger: log });
  t.teardown(() => app.fastify.close());
  await app.fastify.ready();
  const id = await db.transaction((tx) => outbox.enqueue(tx, message({ kind: 'form.review' })));
  const deadline = Date.now() + 5000;
  while (!lines.some((l) => l.mail === id) && Date.now() < deadline) await new Promise((done) => setTimeout(done, 25));
  t.match(
    lines.find((l) => l.mail === id),
    { level: 30, kind: 'form.review', to: 'i***@example.com', msg: /logged, not sent/ },
  );
  t.ok((await row(db, id)).sent_at, 'marked sent');
});

t.test('a database that is down: the worker logs and asks again less and less often, then recovers', async (t) => {
  const db = await testDb(t);
  let down = true;
  let calls = 0;
  const flaky = {
    ...db,
    query: (sql: string, params?: unknown[]) => {
      calls++;
      return down ? Promise.reject(new Error('connection refused')) : db.query(sql, params);
    },
  } as CountingDb;
  const { log, lines } = capturedLog();
  const smtp = await startFakeSmtp(t);
  const delivery = worker(t, { db: flaky, log, transport: smtpTransport(smtp.url), pollMs: 50 });
  delivery.start();
  await new Promise((done) => setTimeout(done, 1000));
  // Without backing off: ~20 runs in a second; with it: 50, 100, 200, 400 ms … → at most 6.
  t.ok(calls >= 2 && calls <= 6, `${calls} tries in a second while the database is down`);
  t.ok(lines.length >= 2 && lines.every((l) => l.level === 40 && /run failed/.test(l.msg)), 'each failed run logged at warn');
  await db.transaction((tx) => outbox.enqueue(tx, message({ subject: 'after the outage' })));
  down = false;
  t.ok(await smtp.waitFor((m) => m.subject === 'after the outage', 3000), 'delivered once the database is back');
});

/** A TCP server that accepts connections and never says a word: an SMTP server that hangs. */
async function silentServer(t: Test): Promise<string> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  t.teardown(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((done) => server.close(done));
  });
  return `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

t.test('a hanging or absent SMTP server never slows a visitor request, and the message waits for later', async (t) => {
  const hanging = await silentServer(t);
  const app = await startTestApp(t, { SMTP_URL: hanging, MAIL_WORKER: '1', MAIL_POLL_MS: '50' });
  await app.fastify.ready();
  const id = await app.db.transaction((tx) => outbox.enqueue(tx, message()));
  await new Promise((done) => setTimeout(done, 200)); // the worker is now stuck waiting for a greeting
  const started = Date.now();
  for (let i = 0; i < 5; i++) {
    const res = await app.request({ url: '/healthz' });
    t.equal(res.statusCode, 200);
    const page = await app.request({ url: '/' });
    t.equal(page.statusCode, 200);
  }
  t.ok(Date.now() - started < 5000, `pages answered while the mail server hangs (${Date.now() - started} ms)`);
  const [r] = await app.db.query<{ sent_at: Date | null }>('SELECT sent_at FROM outbox WHERE id = $1', [id]);
  t.equal(r?.sent_at, null, 'not sent');

  // Shutting down ends the hanging send at once and puts the message back, without spending an attempt.
  const closing = Date.now();
  await app.fastify.close();
  t.ok(Date.now() - closing < 3000, `the app closed promptly (${Date.now() - closing} ms)`);
  const [back] = await app.db.query<{ attempts: number; locked_until: Date | null; sent_at: Date | null }>(
    'SELECT attempts, locked_until, sent_at FROM outbox WHERE id = $1',
    [id],
  );
  t.strictSame(back, { attempts: 0, locked_until: null, sent_at: null }, 'back in the queue for another worker');

  // Absent: connection refused at once; the attempt is recorded and rescheduled.
  const db = await testDb(t);
  const delivery = worker(t, { db, transport: smtpTransport('smtp://127.0.0.1:1', { timeoutMs: 1000 }) });
  const id2 = await db.transaction((tx) => outbox.enqueue(tx, message()));
  t.strictSame(await delivery.runOnce(), { sent: 0, retried: 1, failed: 0 });
  t.match((await row(db, id2)).last_error, /ECONNREFUSED|connect/i);
});

t.test('a send that takes too long counts as failed and is retried (the lease is never outlived)', async (t) => {
  const hanging = await silentServer(t);
  const db = await testDb(t);
  const delivery = worker(t, { db, transport: smtpTransport(hanging, { timeoutMs: 60_000 }), sendTimeoutMs: 300 });
  const id = await db.transaction((tx) => outbox.enqueue(tx, message()));
  t.strictSame(await delivery.runOnce(), { sent: 0, retried: 1, failed: 0 });
  t.match((await row(db, id)).last_error, /within 300 ms/);
});

t.test('metrics: sent, retried, failed by kind and the queue length on METRICS_PORT', async (t) => {
  const smtp = await startFakeSmtp(t);
  const app = await startTestApp(t, { SMTP_URL: smtp.url, METRICS_PORT: '0', MAIL_MAX_ATTEMPTS: '1' });
  await app.fastify.ready();
  const base = `http://127.0.0.1:${(app.fastify.metricsServer!.server.address() as AddressInfo).port}`;
  await app.db.transaction(async (tx) => {
    await outbox.enqueue(tx, message({ kind: 'order.confirmation' }));
    await outbox.enqueue(tx, message({ kind: 'order.new' }));
    await outbox.enqueue(tx, message({ kind: 'order.new' }));
  });
  let body = await (await fetch(base + '/metrics')).text();
  t.match(body, /^storefront_mail_queued 3$/m, 'three queued');
  smtp.refuseNext(1, 554);
  await app.fastify.mail.runOnce();
  body = await (await fetch(base + '/metrics')).text();
  t.match(body, /^storefront_mail_failed_total\{kind="order.confirmation"\} 1$/m);
  t.match(body, /^storefront_mail_sent_total\{kind="order.new"\} 2$/m);
  t.match(body, /^storefront_mail_queued 0$/m);
  t.match(body, /# TYPE storefront_mail_retried_total counter/);
});

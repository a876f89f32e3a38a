/**
 * The mail worker on several pods sharing one PostgreSQL database (server/mail/delivery.ts): every
 * message reaches the SMTP server exactly once. Without the claim's row locks (FOR UPDATE SKIP LOCKED) and
 * lease, two workers that look at the same moment both take the same due messages and send them twice.
 *  - three real apps (pods), each running its worker on a 50 ms poll, while 200 messages are enqueued in parallel
 *    transactions through the three pods;
 *  - three workers hammering runOnce() with small batches while the SMTP server refuses 30 messages: the
 *    refused ones are retried (by any worker) and still delivered once, their attempts counted.
 */
import t from 'tap';
import { openDb } from '../../server/db/index.ts';
import { MailDelivery, smtpTransport } from '../../server/mail/delivery.ts';
import { Outbox, type OutboxMessage } from '../../server/mail/outbox.ts';
import { demoSitesConfig } from '../../server/platform/demo-sites.ts';
import { SiteDirectory } from '../../shared/sites.ts';
import { createTestDb } from '../helpers/db.ts';
import { type FakeSmtp, startFakeSmtp } from '../helpers/fake-smtp.ts';
import { hammer, postgresOnly, startPods } from './pods.ts';

const MESSAGES = 200;

const message = (i: number): OutboxMessage => ({
  site: i % 2 ? 'ru' : 'kz',
  kind: 'test.hammer',
  language: 'ru',
  to: `shopper${i}@example.com`,
  subject: `message ${i}`,
  text: `body ${i}`,
});

/** Each outbox id the server accepted, and how many times. */
function deliveries(smtp: FakeSmtp): Map<number, number> {
  const counts = new Map<number, number>();
  for (const m of smtp.messages) {
    const id = Number(/^<outbox\.(\d+)\./.exec(m.messageId ?? '')?.[1]);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((done) => setTimeout(done, 50));
  }
  return false;
}

t.test(`three pods' workers send ${MESSAGES} messages enqueued in parallel, each exactly once`, { skip: postgresOnly }, async (t) => {
  const smtp = await startFakeSmtp(t);
  const { db, pods } = await startPods(t, 3, { SMTP_URL: smtp.url, MAIL_WORKER: '1', MAIL_POLL_MS: '50' });
  for (const pod of pods) await pod.app.fastify.ready();
  const started = Date.now();
  const outbox = new Outbox();
  const ids = await hammer(MESSAGES, (i) => {
    const pod = pods[i % pods.length]!;
    return pod.db.transaction((tx) => outbox.enqueue(tx, message(i)));
  });
  t.equal(new Set(ids).size, MESSAGES, 'all enqueued');
  t.ok(
    await until(async () => smtp.messages.length >= MESSAGES, 60_000),
    `all delivered (${smtp.messages.length}) in ${Date.now() - started} ms`,
  );
  await new Promise((done) => setTimeout(done, 300)); // a late duplicate would arrive now
  const counts = deliveries(smtp);
  t.equal(smtp.messages.length, MESSAGES, 'the server received exactly one message per row');
  t.strictSame(
    [...counts.keys()].sort((a, b) => a - b),
    [...ids].sort((a, b) => a - b),
    'every row, none twice',
  );
  const [summary] = await db.query<{ sent: number; attempts: number }>(
    'SELECT count(*) FILTER (WHERE sent_at IS NOT NULL)::int AS sent, sum(attempts)::int AS attempts FROM outbox',
  );
  t.strictSame(summary, { sent: MESSAGES, attempts: MESSAGES }, 'every row sent after one attempt');
  const perPod = pods.map((p) => p.app.fastify.mail.counts.sent.get('test.hammer') ?? 0);
  t.equal(
    perPod.reduce((a, b) => a + b, 0),
    MESSAGES,
    `the pods shared the work: ${perPod.join(' + ')}`,
  );
});

t.test('three workers hammering runOnce while the server refuses 30 messages: each delivered once', { skip: postgresOnly }, async (t) => {
  const { db, url } = await createTestDb().then((made) => {
    t.teardown(made.drop);
    return made;
  });
  const smtp = await startFakeSmtp(t);
  const outbox = new Outbox();
  await db.transaction(async (tx) => {
    for (let i = 0; i < MESSAGES; i++) await outbox.enqueue(tx, message(i));
  });
  smtp.refuseNext(30, 451);

  const workers = await Promise.all(
    [0, 1, 2].map(async () => {
      const own = await openDb({ databaseUrl: url, poolSize: 3 });
      const worker = new MailDelivery({
        db: own,
        sites: new SiteDirectory(demoSitesConfig),
        transport: smtpTransport(smtp.url),
        log: { info() {}, warn() {}, error() {} },
        batchSize: 3,
        backoffBaseMs: 5,
        backoffMaxMs: 20,
      });
      t.teardown(async () => {
        await worker.stop();
        await own.close();
      });
      return worker;
    }),
  );
  const done = async () => {
    const [row] = await db.query<{ left: number }>('SELECT count(*)::int AS left FROM outbox WHERE sent_at IS NULL');
    return row!.left === 0;
  };
  const started = Date.now();
  const runs = await hammer(workers.length, async (i) => {
    const totals = { sent: 0, retried: 0, failed: 0 };
    while (Date.now() - started < 60_000) {
      const run = await workers[i]!.runOnce();
      totals.sent += run.sent;
      totals.retried += run.retried;
      totals.failed += run.failed;
      if (run.sent + run.retried === 0 && (await done())) break;
    }
    return totals;
  });
  t.ok(await done(), `all sent in ${Date.now() - started} ms`);
  const counts = deliveries(smtp);
  t.equal(smtp.messages.length, MESSAGES, 'exactly one accepted copy per message');
  t.equal(counts.size, MESSAGES);
  t.ok(
    [...counts.values()].every((n) => n === 1),
    'none twice',
  );
  t.equal(smtp.refused, 30, 'thirty refusals');
  t.equal(
    runs.reduce((a, r) => a + r.retried, 0),
    30,
    'each refusal counted once, as a retry',
  );
  t.equal(
    runs.reduce((a, r) => a + r.sent, 0),
    MESSAGES,
  );
  t.ok(
    runs.every((r) => r.sent > 0),
    `every worker sent some: ${runs.map((r) => r.sent).join(' + ')}`,
  );
  const [summary] = await db.query<{ attempts: number; failed: number }>(
    'SELECT sum(attempts)::int AS attempts, count(failed_at)::int AS failed FROM outbox',
  );
  t.strictSame(summary, { attempts: MESSAGES + 30, failed: 0 }, 'attempts: one per message plus one per refusal');
});

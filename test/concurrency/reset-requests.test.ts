/**
 * "Forgot password" on three pods sharing one PostgreSQL database: the requests are stored before the answer and
 * handled just after it by whichever pod's timer comes first (AccountService.sendResetLinks). Every request is
 * handled exactly once — without the row lock that takes a request (FOR UPDATE SKIP LOCKED, deleted by the taker),
 * two pods draining at the same moment would both mail the same request.
 */
import t from 'tap';
import { hashPassword } from '../../server/accounts/passwords.ts';
import { hammer, postgresOnly, startPods } from './pods.ts';

const ACCOUNTS = 15;

t.test('parallel reset requests on three pods: one link per request, none for unknown addresses', { skip: postgresOnly }, async (t) => {
  const pods = await startPods(t, 3, { TRUST_PROXY: 'true' });
  const hash = await hashPassword('Тихо-авто 2024!');
  for (let i = 0; i < ACCOUNTS; i++) {
    await pods.db.query(`INSERT INTO users (email, name, password_hash) VALUES ($1, 'Анна', $2)`, [`known${i}@example.com`, hash]);
  }
  // Each known address asked for twice (within the per-recipient cap of 3), and as many unknown addresses, all at once.
  const emails = [
    ...Array.from({ length: ACCOUNTS * 2 }, (_, i) => `known${i % ACCOUNTS}@example.com`),
    ...Array.from({ length: ACCOUNTS * 2 }, (_, i) => `unknown${i}@example.com`),
  ];
  const answers = await hammer(emails.length, (i) =>
    pods.submit(i, pods.visitor(), '/auth/forgot', { email: emails[i]! }, { 'x-forwarded-for': `198.51.100.${i + 1}` }),
  );
  t.same(
    answers.map((a) => a.body?.redirect),
    emails.map(() => '/auth/forgot?sent=1'),
    'every request answered alike',
  );

  // The pods' timers handle the queue; hammer the drain from every pod as well, racing them.
  await hammer(6, (i) => pods.pods[i % 3]!.app.services.accounts.sendResetLinks());
  // A request leaves the table when the transaction that mailed it commits: an empty table is a finished queue.
  const left = async () => (await pods.db.query<{ n: number }>('SELECT count(*)::int AS n FROM reset_requests'))[0]!.n;
  for (let i = 0; i < 200 && (await left()) > 0; i++) await new Promise((done) => setTimeout(done, 100));
  t.equal(await left(), 0, 'the queue is empty');

  const mails = await pods.db.query<{ recipient: string; n: number }>(
    `SELECT lower(recipient) AS recipient, count(*)::int AS n FROM outbox WHERE kind = 'account.reset' GROUP BY 1 ORDER BY 1`,
  );
  t.equal(mails.length, ACCOUNTS, 'mail only to addresses with an account');
  t.ok(
    mails.every((m) => m.recipient.startsWith('known') && m.n === 2),
    'each known address got exactly one link per request',
  );
  const [links] = await pods.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM account_tokens WHERE purpose = 'reset' AND used_at IS NULL`,
  );
  t.equal(links!.n, ACCOUNTS, 'one live link per account (the second voided the first)');
});

/**
 * The per-address registration limit holds across pods: 2L + 10 registrations from one client address, sent at once
 * to two apps on one database, admit exactly L accounts (REGISTER_PER_ADDRESS_PER_HOUR); the rest are refused with
 * 429 and Retry-After before any work. A limit kept in each process's memory — or a check-then-write in the
 * database — would let more through. Another address is not limited.
 */
import t from 'tap';
import { REGISTER_PER_ADDRESS_PER_HOUR } from '../../server/accounts/accounts.ts';
import { type ActionAnswer, hammer, postgresOnly, startPods } from './pods.ts';

const fields = (i: number) => ({
  _form: 'register',
  name: 'Покупатель',
  email: `flood-${i}@example.com`,
  password: 'Тихо-авто 2024!',
  consent: 'on',
});
/** Accepted: the router is sent on to "check your mail". Refused: the action's 429 in the envelope. */
const accepted = (a: ActionAnswer) => a.status === 200 && a.body?.redirect === '/register?sent=1';
const refused = (a: ActionAnswer) =>
  a.status === 200 &&
  a.result?.status === 429 &&
  a.result.data?.errors?.[''] === 'account.errors.tooMany' &&
  Number(a.headers?.['retry-after']) >= 1;

t.test('registrations from one address over two pods: exactly the limit gets through', { skip: postgresOnly }, async (t) => {
  const pods = await startPods(t, 2, { TRUST_PROXY: 'true' });
  const L = REGISTER_PER_ADDRESS_PER_HOUR;
  const answers = await hammer(2 * L + 10, (i) =>
    pods.submit(i, pods.visitor(), '/register', fields(i), { 'x-forwarded-for': '198.51.100.50' }),
  );
  t.equal(answers.filter(accepted).length, L, `${L} accepted`);
  t.equal(answers.filter(refused).length, L + 10, 'the rest refused with 429, account.errors.tooMany and Retry-After');
  const [{ n }] = (await pods.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE email LIKE 'flood-%'`)) as [
    { n: number },
  ];
  t.equal(n, L, `${L} accounts made`);
  const [row] = await pods.db.query<{ attempts: number }>(
    `SELECT hits AS attempts FROM rate_limits WHERE policy = 'register.address' AND key = $1`,
    ['198.51.100.50'],
  );
  t.equal(row?.attempts, 2 * L + 10, 'every attempt counted in the one row both pods share');
  const other = await pods.submit(1, pods.visitor(), '/register', fields(999), { 'x-forwarded-for': '198.51.100.51' });
  t.ok(accepted(other), 'another address registers');
});

/**
 * One form stamp, many parallel posts (issue 18 item 11): the stamp is spent by an insert with ON CONFLICT DO NOTHING
 * in the storing transaction, so 20 posts of one visitor's form at once over two pods store — and mail — exactly one
 * submission; every other answer is 400 'forms.error.expired', and the address's rate limit counts only the one.
 */
import t from 'tap';
import { type ActionAnswer, hammer, outcomes, postgresOnly, startPods } from './pods.ts';

t.test('parallel posts with one stamp store exactly one submission', { skip: postgresOnly }, async (t) => {
  const { db, pods, submit, visitor } = await startPods(t, 2);
  const n = 20;
  for (let round = 0; round < 3; round++) {
    await db.query(`DELETE FROM rate_limits WHERE policy = 'forms.address'`);
    const counts = () =>
      db.query<{ m: number; o: number }>(
        `SELECT (SELECT count(*)::int FROM contact_messages) AS m, (SELECT count(*)::int FROM outbox WHERE kind = 'form.message') AS o`,
      );
    const [before] = await counts();
    const v = visitor();
    const started = pods[0]!.app.services.formStamps.stamp('message', v.sessionId, Date.now() - 5000);
    const answers = (
      await hammer(n, (i) =>
        submit(i, v, '/otzyvy-i-predlojeniya', {
          intent: 'message',
          kind: 'question',
          name: `Гость ${i}`,
          email: `guest${i}@example.ru`,
          text: 'Сколько листов нужно на крышу универсала?',
          started,
        }),
      )
    ).map((a): ActionAnswer => ({ ...a, result: a.body?.results?.reviews }));
    t.same(outcomes(answers), { ok: 1, 400: n - 1 }, `round ${round}: one stored`);
    t.ok(
      answers.filter((a) => a.result?.status === 400).every((a) => a.result!.data.errors[''] === 'forms.error.expired'),
      'every other post gets the form’s "expired" refusal',
    );
    const [after] = await counts();
    t.equal(after!.m - before!.m, 1, 'one submission stored');
    t.equal(after!.o - before!.o, 1, 'one message to the shop');
    const [limit] = await db.query<{ hits: number }>(`SELECT hits FROM rate_limits WHERE policy = 'forms.address'`);
    t.equal(limit?.hits, 1, 'the address’s limit counted the stored one only');
  }
});

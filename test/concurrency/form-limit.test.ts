/**
 * The public forms' rate limit under parallel posts (decision 027): the count is an atomic upsert in the storing
 * transaction, so 20 messages sent at once from one address over two pods store — and mail — exactly
 * FORM_LIMIT.submissions; every other answer is 429 'forms.error.tooMany' with Retry-After.
 */
import t from 'tap';
import { FORM_LIMIT } from '../../shared/forms.ts';
import { type ActionAnswer, hammer, outcomes, postgresOnly, startPods } from './pods.ts';

t.test(`parallel form posts from one address store exactly ${FORM_LIMIT.submissions}`, { skip: postgresOnly }, async (t) => {
  const { db, pods, submit, visitor } = await startPods(t, 2);
  const n = 20;
  for (let round = 0; round < 3; round++) {
    await db.query(`DELETE FROM rate_limits WHERE policy = 'forms.address'`);
    const before = await db.query<{ m: number; o: number }>(
      `SELECT (SELECT count(*)::int FROM contact_messages) AS m, (SELECT count(*)::int FROM outbox WHERE kind = 'form.message') AS o`,
    );
    // Each post its own visitor, with the stamp of the form shown to it (stamps are bound to the session, single use).
    const visitors = Array.from({ length: n }, () => visitor());
    const stamp = (sessionId: string) => pods[0]!.app.services.formStamps.stamp('message', sessionId, Date.now() - 5000);
    // The route id ('reviews') is not the path's last segment: read its result from the envelope by id.
    const answers = (
      await hammer(n, (i) =>
        submit(i, visitors[i]!, '/otzyvy-i-predlojeniya', {
          intent: 'message',
          kind: 'question',
          name: `Гость ${i}`,
          email: `guest${i}@example.ru`,
          text: 'Сколько листов нужно на крышу универсала?',
          started: stamp(visitors[i]!.sessionId),
        }),
      )
    ).map((a): ActionAnswer => ({ ...a, result: a.body?.results?.reviews }));
    t.same(outcomes(answers), { ok: FORM_LIMIT.submissions, 429: n - FORM_LIMIT.submissions }, `round ${round}: the limit holds`);
    t.ok(
      answers
        .filter((a) => a.result?.status === 429)
        .every((a) => a.result!.data.errors[''] === 'forms.error.tooMany' && Number(a.headers?.['retry-after']) > 0),
      'every refusal names the limit and says when to retry',
    );
    const after = await db.query<{ m: number; o: number }>(
      `SELECT (SELECT count(*)::int FROM contact_messages) AS m, (SELECT count(*)::int FROM outbox WHERE kind = 'form.message') AS o`,
    );
    t.equal(after[0]!.m - before[0]!.m, FORM_LIMIT.submissions, 'stored exactly the limit');
    t.equal(after[0]!.o - before[0]!.o, FORM_LIMIT.submissions, 'one message to the shop per stored submission');
  }
});

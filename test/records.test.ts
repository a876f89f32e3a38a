/** The saved-records store behind /records: add, list per user and site (newest first, by kind), delete own only. */
import t from 'tap';
import { createUser, startTestApp } from './helpers/app.ts';

t.test('records: add, list and delete, per user and site', async (t) => {
  const app = await startTestApp(t);
  const { records } = app.services;
  const alice = await createUser(app, { email: 'alice@example.com' });
  const bob = await createUser(app, { email: 'bob@example.com' });

  const first = await records.add({ userId: alice, site: 'ru', kind: 'calculation', title: 'Седан, двери', link: '/calc?body=sedan' });
  const second = await records.add({
    userId: alice,
    site: 'ru',
    kind: 'appointment',
    title: 'Монтаж 12.12',
    link: '/records',
    details: { city: 'Москва' },
  });
  await records.add({ userId: alice, site: 'kz', kind: 'calculation', title: 'Kazakh site', link: '/calc' });
  await records.add({ userId: bob, site: 'ru', kind: 'construction', title: 'Bob', link: '/constructor' });

  const list = await records.list(alice, 'ru');
  t.same(
    list.map((r) => r.id),
    [second, first],
    'newest first, this site only, this user only',
  );
  t.same(list[0]!.details, { city: 'Москва' }, 'details come back as an object');
  t.match(list[0]!.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  t.same(
    (await records.list(alice, 'ru', { kind: 'calculation' })).map((r) => r.id),
    [first],
    'filtered by kind',
  );

  t.equal(await records.remove(bob, first), false, 'another user cannot delete it');
  t.equal(await records.remove(alice, first), true, 'the owner can');
  t.same(
    (await records.list(alice, 'ru')).map((r) => r.id),
    [second],
  );
  await t.rejects(
    records.add({ userId: alice, site: 'ru', kind: 'calculation', title: 'x', link: 'https://evil.example/' }),
    'a link that is not a local path is refused by the table',
  );
});

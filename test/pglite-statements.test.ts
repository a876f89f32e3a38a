/**
 * PGlite's named prepared statements (server/db/pglite-statements.ts, decision 053): the same rows and errors as
 * PGlite's own `query`, one parse per SQL text, a table changed under a statement, the bound on kept statements, and
 * no call falling inside another caller's transaction.
 */

import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import type { Test } from 'tap';
import t from 'tap';
import { openDb } from '../server/db/index.ts';
import { preparedStatements } from '../server/db/pglite-statements.ts';

const newPglite = async (t: Test) => {
  const pg = await PGlite.create();
  t.teardown(() => pg.close());
  await pg.exec(`CREATE TABLE things (id serial PRIMARY KEY, name text UNIQUE NOT NULL, tags text[], data jsonb,
                  price numeric(10,2), big bigint, at timestamptz, ok boolean)`);
  return pg;
};

/** How many times PostgreSQL parsed a statement of that text: pg_prepared_statements lists named ones only. */
const preparedTexts = async (pg: PGlite) =>
  (await pg.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements')).rows.map((r) => r.statement);

t.test('rows, types and parameters come back exactly as PGlite’s own query gives them', async (t) => {
  const pg = await newPglite(t);
  const statements = preparedStatements(pg);
  const insert = `INSERT INTO things (name, tags, data, price, big, at, ok) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`;
  const params = [
    'wheel arch',
    ['a', 'b "c"'],
    { mm: 2.5, list: [1, null] },
    '1234.50',
    9007199254740991n,
    new Date('2026-11-27T10:00:00Z'),
    true,
  ];
  const mine = await statements.query<Record<string, unknown>>(insert, params, false);
  const theirs = (await pg.query<Record<string, unknown>>(insert, ['door', ...params.slice(1)])).rows;
  t.same({ ...mine[0], id: 0, name: '' }, { ...theirs[0], id: 0, name: '' }, 'every column parsed the same way');
  t.type((mine[0] as { at: unknown }).at, Date);
  t.same((mine[0] as { data: unknown }).data, { mm: 2.5, list: [1, null] });
  const select = 'SELECT name, tags, price, big FROM things WHERE name = ANY($1) ORDER BY id';
  t.same(await statements.query(select, [['wheel arch', 'door']], false), (await pg.query(select, [['wheel arch', 'door']])).rows);
  t.same(await statements.query('SELECT $1::int AS n, $2::text AS missing', [7, null], false), [{ n: 7, missing: null }]);
  t.same(await statements.query('SELECT 1 AS one', undefined, false), [{ one: 1 }], 'no parameters');
  t.same(await statements.query('UPDATE things SET ok = false WHERE id < 0', [], false), [], 'a statement without rows');
});

t.test('a SQL text is parsed once; later calls reuse its statement and see the data as it is now', async (t) => {
  const pg = await newPglite(t);
  const statements = preparedStatements(pg);
  const count = 'SELECT count(*)::int AS n FROM things WHERE name LIKE $1';
  for (let i = 0; i < 8; i++) {
    await pg.query('INSERT INTO things (name) VALUES ($1)', [`item ${i}`]);
    t.same(await statements.query(count, ['item%'], false), [{ n: i + 1 }]);
  }
  t.equal(statements.size, 1);
  t.same(
    (await preparedTexts(pg)).filter((s) => s === count),
    [count],
    'one named statement in the backend for eight calls',
  );
});

t.test('hostile and generated values go through as values', async (t) => {
  const pg = await newPglite(t);
  const statements = preparedStatements(pg);
  await fc.assert(
    fc.asyncProperty(
      fc.string({ unit: 'binary' }).filter((s) => !s.includes('\0')),
      fc.jsonValue(),
      fc.integer(),
      async (text, json, n) => {
        const [row] = await statements.query<{ text: string; json: unknown; n: number }>(
          'SELECT $1::text AS text, $2::jsonb AS json, $3::int AS n',
          [text, JSON.stringify(json), n],
          false,
        );
        t.equal(row!.text, text);
        t.same(row!.json, JSON.parse(JSON.stringify(json)));
        t.equal(row!.n, n);
      },
    ),
    { numRuns: 150 },
  );
  t.same(await statements.query('SELECT count(*)::int AS n FROM things WHERE name = $1', ["'; DROP TABLE things; --"], false), [{ n: 0 }]);
  t.equal(statements.size, 2);
});

t.test('errors keep PostgreSQL’s code, and the connection goes on answering', async (t) => {
  const pg = await newPglite(t);
  const statements = preparedStatements(pg);
  const insert = 'INSERT INTO things (name) VALUES ($1)';
  await statements.query(insert, ['twice'], false);
  await t.rejects(statements.query(insert, ['twice'], false), { code: '23505', constraint: 'things_name_key' });
  await t.rejects(statements.query('SELEKT 1', [], false), { code: '42601' }, 'a syntax error');
  t.equal(statements.size, 1, 'a statement that did not parse is not kept');
  await t.rejects(statements.query('SELECT $1::int AS n', ['not a number'], false), { code: '22P02' });
  await t.rejects(statements.query('SELECT $1::text AS v', ['nul \0 byte'], false), { code: '22021' }, 'a NUL byte is refused by name');
  t.same(await statements.query('SELECT $1::int AS n', ['5'], false), [{ n: 5 }], 'the same statement then runs');
  t.same(await statements.query(insert, ['once more'], false), []);
});

t.test('a table changed under a prepared statement: the next call prepares it again and answers', async (t) => {
  const pg = await newPglite(t);
  const statements = preparedStatements(pg);
  await pg.query(`INSERT INTO things (name) VALUES ('x')`);
  const all = 'SELECT * FROM things WHERE name = $1';
  t.notOk('colour' in (await statements.query<Record<string, unknown>>(all, ['x'], false))[0]!);
  await pg.exec(`ALTER TABLE things ADD COLUMN colour text DEFAULT 'black'`);
  t.equal((await statements.query<{ colour: string }>(all, ['x'], false))[0]!.colour, 'black');
  t.same(
    (await preparedTexts(pg)).filter((text) => text === all),
    [all],
    'the stale statement was closed in the backend, not left beside its successor',
  );
  await pg.exec('DEALLOCATE ALL');
  t.same(await statements.query<{ name: string }>('SELECT name FROM things WHERE name = $1', ['x'], false), [{ name: 'x' }]);
  t.equal((await statements.query<{ colour: string }>(all, ['x'], false))[0]!.colour, 'black', 'a closed statement is prepared again');
});

t.test('kept statements are bounded: the least recently used is closed in the backend too', async (t) => {
  const pg = await newPglite(t);
  const statements = preparedStatements(pg, 3);
  const texts = [1, 2, 3, 4, 5].map((n) => `SELECT ${n} + $1::int AS n`);
  for (const [i, sql] of texts.entries()) t.same(await statements.query(sql, [10], false), [{ n: i + 11 }]);
  await statements.query(texts[2]!, [0], false);
  t.equal(statements.size, 3);
  t.same((await preparedTexts(pg)).sort(), [texts[2], texts[3], texts[4]].sort());
  t.same(await statements.query(texts[0]!, [1], false), [{ n: 2 }], 'an evicted text is prepared again');
  t.same((await preparedTexts(pg)).sort(), [texts[0], texts[2], texts[4]].sort(), 'the least recently used (4, not the re-used 3) went');
});

t.test('through openDb: a call outside a transaction waits for it, never runs inside it', async (t) => {
  const db = await openDb({ dataDir: 'memory' });
  t.teardown(() => db.close());
  await db.exec('CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL)');
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let inserted!: () => void;
  const insertedYet = new Promise<void>((resolve) => {
    inserted = resolve;
  });
  const tx = db.transaction(async (q) => {
    await q.query('INSERT INTO notes (body) VALUES ($1)', ['never committed']);
    t.same(await q.query('SELECT count(*)::int AS n FROM notes'), [{ n: 1 }], 'the transaction sees its own row');
    inserted();
    await gate;
    throw new Error('roll back');
  });
  await insertedYet;
  const outside = db.query<{ n: number }>('SELECT count(*)::int AS n FROM notes');
  const order: string[] = [];
  void outside.then(() => order.push('outside'));
  await new Promise((resolve) => setTimeout(resolve, 30));
  order.push('release');
  release();
  await t.rejects(tx, /roll back/);
  t.same(await outside, [{ n: 0 }], 'the outside call saw no row of the rolled-back transaction');
  t.same(order, ['release', 'outside'], 'and ran only after it ended');
  await db.transaction(async (q) => {
    await q.query('INSERT INTO notes (body) VALUES ($1)', ['kept']);
  });
  t.same(await db.query('SELECT body FROM notes'), [{ body: 'kept' }]);
  await t.rejects(
    db.transaction(async (q) => {
      await q.query('INSERT INTO notes (body) VALUES ($1)', [null]);
    }),
    { code: '23502' },
  );
  t.same(await db.query('SELECT count(*)::int AS n FROM notes'), [{ n: 1 }]);
});

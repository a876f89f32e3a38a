/** Migrations and the demo catalogue, on a fresh empty database (PGlite, or PostgreSQL in its lane). */

import { spawn } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Test } from 'tap';
import t from 'tap';
import { openDb } from '../server/db/index.ts';
import { MigrationChecksumError, migrate, migrationChecksum } from '../server/db/migrate.ts';
import { demoCategories, demoKits, demoProducts } from '../server/demo/demo-data.ts';
import { catalogueIsEmpty, convertPrice, seedDemo, seedIfEmpty } from '../server/demo/seed.ts';
import { demoSitesConfig } from '../server/platform/demo-sites.ts';
import { childEnv, childLoader } from './helpers/child-env.ts';
import { createTestDb, usingPostgres } from './helpers/db.ts';

/** Every file of server/db/migrations, in name order (the first two named: the list is not empty by accident). */
const migrationFiles = () =>
  readdirSync(new URL('../server/db/migrations/', import.meta.url))
    .filter((f) => f.endsWith('.sql'))
    .sort();

const counts = async (db: Awaited<ReturnType<typeof createTestDb>>['db']) => {
  const tables = ['categories', 'products', 'product_prices', 'kits', 'kit_items', 'cities', 'widgets', 'price_lists'];
  const out: Record<string, number> = {};
  for (const table of tables) out[table] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;
  return out;
};

t.test('migrations apply once, in order, and a second run changes nothing', async (t) => {
  const { db, drop } = await createTestDb({ seeded: false });
  t.teardown(drop);
  const files = migrationFiles();
  t.same(files.slice(0, 2), ['001_init.sql', '002_login_throttle.sql']);
  t.same(await migrate(db), files);
  t.same(await migrate(db), []);
  const applied = await db.query<{ name: string; checksum: string }>('SELECT name, checksum FROM schema_migrations ORDER BY name');
  t.same(
    applied.map((r) => r.name),
    files,
  );
  const dir = new URL('../server/db/migrations/', import.meta.url);
  t.same(
    applied.map((r) => r.checksum),
    files.map((f) => migrationChecksum(readFileSync(new URL(f, dir), 'utf8'))),
    'each applied migration has the checksum of its file',
  );
});

/** A copy of the migrations folder, to edit in a test. */
function migrationsCopy(t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(fileURLToPath(new URL('../server/db/migrations/', import.meta.url)), dir, { recursive: true });
  return dir;
}

t.test('an applied migration that was edited is refused, naming the file; nothing else is applied', async (t) => {
  const { db, drop } = await createTestDb({ seeded: false });
  t.teardown(drop);
  const dir = migrationsCopy(t);
  await migrate(db, { dir });

  appendFileSync(join(dir, '002_login_throttle.sql'), '\nCREATE INDEX login_throttle_window ON login_throttle (window_start);\n');
  writeFileSync(join(dir, '999_new.sql'), 'CREATE TABLE later_table (id int);\n');
  const err = await migrate(db, { dir }).catch((e: unknown) => e);
  t.ok(err instanceof MigrationChecksumError, 'refused');
  t.match((err as Error).message, /Migration 002_login_throttle\.sql changed after it was applied/);
  t.same((err as MigrationChecksumError).files, ['002_login_throttle.sql']);
  t.same(await db.query(`SELECT to_regclass('later_table') AS t`), [{ t: null }], 'the new migration was not applied either');

  // A checkout with Windows line endings is the same file.
  writeFileSync(
    join(dir, '002_login_throttle.sql'),
    readFileSync(fileURLToPath(new URL('../server/db/migrations/002_login_throttle.sql', import.meta.url)), 'utf8').replace(/\n/g, '\r\n'),
  );
  t.same(await migrate(db, { dir }), ['999_new.sql'], 'restored (CRLF): the start goes on');
});

t.test('a database migrated before checksums were kept gets them recorded on its next start', async (t) => {
  const { db, drop } = await createTestDb({ seeded: false });
  t.teardown(drop);
  await migrate(db);
  await db.query('ALTER TABLE schema_migrations DROP COLUMN checksum'); // the table as the old code made it
  t.same(await migrate(db), [], 'nothing re-applied');
  const rows = await db.query<{ checksum: string | null }>('SELECT checksum FROM schema_migrations');
  t.ok(rows.length > 0 && rows.every((r) => /^[0-9a-f]{64}$/.test(r.checksum ?? '')), 'every row has its checksum');
  await db.query(`UPDATE schema_migrations SET checksum = NULL WHERE name = '001_init.sql'`);
  t.same(await migrate(db), []);
  t.equal((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations WHERE checksum IS NULL'))[0]!.n, 0);
});

t.test('the server refuses to start on an edited migration: exits non-zero naming the file', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tihoavto-migrations-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const db = await openDb({ dataDir });
  await migrate(db);
  // As if 003_search.sql had been edited after this database applied it.
  await db.query(`UPDATE schema_migrations SET checksum = repeat('0', 64) WHERE name = '003_search.sql'`);
  await db.close();
  const child = spawn(process.execPath, [...childLoader(), 'server/main.ts'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: childEnv({ NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'error' }),
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c));
  child.stderr.on('data', (c: Buffer) => (output += c));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  t.not(code, 0, 'non-zero exit');
  t.match(output, /Migration 003_search\.sql changed after it was applied/);
});

t.test('the demo catalogue loads idempotently, with prices on every price list', async (t) => {
  const { db, drop } = await createTestDb({ seeded: false });
  t.teardown(drop);
  await migrate(db);
  t.ok(await catalogueIsEmpty(db));
  t.equal(await seedIfEmpty(db, demoSitesConfig), true, 'first start loads the demo data');
  const first = await counts(db);
  t.equal(first.categories, demoCategories.length);
  t.equal(first.products, demoProducts.length);
  t.equal(first.kits, demoKits.length);
  t.equal(first.price_lists, 5, 'ru, kz, md, uz, kg (the test site sells from ru)');
  t.equal(first.product_prices, demoProducts.length * 5);

  t.equal(await seedIfEmpty(db, demoSitesConfig), false, 'a later start leaves the catalogue alone');
  await seedDemo(db, demoSitesConfig);
  t.same(await counts(db), first, 'an explicit re-seed duplicates nothing');

  const prices = await db.query<{ price_list: string; amount: number }>(
    `SELECT pp.price_list, pp.amount::float8 AS amount FROM product_prices pp JOIN products p ON p.id = pp.product_id
      WHERE p.title = 'Вибро Стандарт 2.2' ORDER BY pp.price_list`,
  );
  t.same(prices, [
    { price_list: 'kg', amount: 370 },
    { price_list: 'kz', amount: 2130 },
    { price_list: 'md', amount: 76 },
    { price_list: 'ru', amount: 380 },
    { price_list: 'uz', amount: 53000 },
  ]);
});

t.test('a shop owner’s edit survives a restart (seedIfEmpty)', async (t) => {
  const { db, drop } = await createTestDb();
  t.teardown(drop);
  await db.query(`UPDATE categories SET title = 'Моя виброизоляция' WHERE slug = 'vibroizolyaciya'`);
  await seedIfEmpty(db, demoSitesConfig);
  t.equal(
    (await db.query<{ title: string }>(`SELECT title FROM categories WHERE slug = 'vibroizolyaciya'`))[0]!.title,
    'Моя виброизоляция',
  );
});

t.test('price conversion rounds to the price list step and never to zero', async (t) => {
  t.equal(convertPrice(380, 5.6, 10), 2130);
  t.equal(convertPrice(380, 140, 1000), 53000);
  t.equal(convertPrice(120, 0.2, 1), 24);
  t.equal(convertPrice(1, 0.2, 1000), 1000);
});

t.test('the kits of domain.md add up', async (t) => {
  const { db, drop } = await createTestDb();
  t.teardown(drop);
  const rows = await db.query<{ slug: string; total: number }>(
    `SELECT k.slug, sum(pp.amount * ki.quantity)::float8 AS total FROM kits k
       JOIN kit_items ki ON ki.kit_id = k.id JOIN product_prices pp ON pp.product_id = ki.product_id AND pp.price_list = 'ru'
      GROUP BY k.slug ORDER BY k.slug`,
  );
  const bySlug = Object.fromEntries(rows.map((r) => [r.slug, r.total]));
  t.equal(bySlug['dveri-4'], 7910);
  t.equal(bySlug['pol-i-bagazhnik'], 10830);
  t.equal(bySlug['krysha'], 3670);
  t.equal(bySlug['kapot-i-kryshka-bagazhnika'], 4760);
  t.equal(bySlug['arki'], 7070);
});

t.test(
  'pods starting together on one PostgreSQL database migrate and seed it once',
  { skip: !usingPostgres() && 'PostgreSQL lane only (PGlite has one connection)' },
  async (t) => {
    const { db, drop, url } = await createTestDb({ seeded: false });
    t.teardown(drop);
    const pods = await Promise.all([1, 2, 3].map(() => openDb({ databaseUrl: url, poolSize: 2 })));
    t.teardown(() => Promise.all(pods.map((p) => p.close())));
    const migrated = await Promise.all(pods.map((p) => migrate(p)));
    t.same(migrated.flat().sort(), migrationFiles(), 'each migration applied by exactly one pod');
    const seeded = await Promise.all(pods.map((p) => seedIfEmpty(p, demoSitesConfig)));
    t.equal(seeded.filter(Boolean).length, 1, 'one pod loaded the demo data');
    t.equal((await counts(db)).products, demoProducts.length);
  },
);

/**
 * A fresh, migrated and seeded database for one test file:
 *  - PGlite (default): loaded from a dumped data directory made once per run by test/setup/fixture.ts;
 *  - PostgreSQL (TEST_DATABASE_URL set, the CI lane): a new database copied from a seeded template.
 * Either way the file's changes touch no other file's data.
 */

import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { type Db, openDb } from '../../server/db/index.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedDemo } from '../../server/demo/seed.ts';
import { demoSitesConfig } from '../../server/platform/demo-sites.ts';

export const FIXTURE_FILE = new URL('../../.tap/fixtures/pglite-seeded.tar', import.meta.url).pathname;
export const PG_TEMPLATE = 'tihoavto_template';

export const usingPostgres = () => !!process.env.TEST_DATABASE_URL;

/** Counts queries, so tests can tell a cached answer from a database round trip. */
export interface CountingDb extends Db {
  queries: string[];
}

function counting(db: Db): CountingDb {
  const queries: string[] = [];
  return {
    ...db,
    kind: db.kind,
    queries,
    query(sql, params) {
      queries.push(sql);
      return db.query(sql, params);
    },
    transaction(fn, options) {
      return db.transaction((tx) => fn({ query: (sql, params) => (queries.push(sql), tx.query(sql, params)) }), options);
    },
  };
}

export async function createTestDb(
  options: { seeded?: boolean } = {},
): Promise<{ db: CountingDb; drop: () => Promise<void>; url?: string }> {
  const seeded = options.seeded ?? true;
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = await openDb({ databaseUrl: url, poolSize: 1 });
    const name = 'test_' + randomBytes(6).toString('hex');
    await admin.query(seeded ? `CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE}` : `CREATE DATABASE ${name}`);
    const dbUrl = new URL(url);
    dbUrl.pathname = '/' + name;
    const db = await openDb({ databaseUrl: dbUrl.toString(), poolSize: 4 });
    return {
      db: counting(db),
      url: dbUrl.toString(),
      drop: async () => {
        await db.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.close();
      },
    };
  }
  const useFixture = seeded && existsSync(FIXTURE_FILE);
  const db = await openDb({ dataDir: 'memory', loadDataDirFile: useFixture ? FIXTURE_FILE : undefined });
  if (seeded && !useFixture) {
    await migrate(db);
    await seedDemo(db, demoSitesConfig);
  }
  return { db: counting(db), drop: () => db.close() };
}

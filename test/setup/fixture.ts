/**
 * Runs once before the tap suite (package.json tap.before): builds the seeded database the tests start
 * from — a PGlite data directory dump, or, for the PostgreSQL lane, a template database.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { openDb } from '../../server/db/index.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedDemo } from '../../server/demo/seed.ts';
import { demoSitesConfig } from '../../server/platform/demo-sites.ts';
import { FIXTURE_FILE, PG_TEMPLATE } from '../helpers/db.ts';

const url = process.env.TEST_DATABASE_URL;
if (url) {
  const admin = await openDb({ databaseUrl: url, poolSize: 1 });
  await admin.query(`DROP DATABASE IF EXISTS ${PG_TEMPLATE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${PG_TEMPLATE}`);
  const target = new URL(url);
  target.pathname = '/' + PG_TEMPLATE;
  const db = await openDb({ databaseUrl: target.toString(), poolSize: 1 });
  await migrate(db);
  await seedDemo(db, demoSitesConfig);
  await db.close();
  await admin.close();
} else {
  const db = await openDb({ dataDir: 'memory' });
  await migrate(db);
  await seedDemo(db, demoSitesConfig);
  const dump = await db.dumpDataDir!();
  mkdirSync(dirname(FIXTURE_FILE), { recursive: true });
  // Written aside and renamed into place: a suite already running (a second `tap` in this checkout) keeps reading
  // a whole file, never a half-written one.
  const partial = `${FIXTURE_FILE}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, FIXTURE_FILE);
  await db.close();
}

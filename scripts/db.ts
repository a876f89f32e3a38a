/** `npm run db:migrate` and `npm run db:seed` against the configured database (DATABASE_URL or DATA_DIR). */

import { openDb } from '../server/db/index.ts';
import { migrate } from '../server/db/migrate.ts';
import { seedDemo } from '../server/demo/seed.ts';
import { loadConfig } from '../server/platform/config.ts';

const command = process.argv[2];
if (command !== 'migrate' && command !== 'seed') {
  console.error('usage: db.ts migrate|seed');
  process.exit(2);
}
const config = loadConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const applied = await migrate(db);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'schema is up to date');
  if (command === 'seed') {
    await seedDemo(db, config.sites);
    console.log('demo catalogue loaded');
  }
} finally {
  await db.close();
}

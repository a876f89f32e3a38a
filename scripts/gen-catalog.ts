/**
 * npm run db:generate -- --products 10000 [--batch 500]
 * Adds (or updates) N generated products, SKU GEN-000001…, to the configured database (DATABASE_URL or
 * DATA_DIR; stop a server using the same PGlite directory first). Applies migrations and loads the demo
 * catalogue first when the catalogue is empty. Re-running with the same N changes nothing; a smaller N
 * deactivates the generated products beyond it.
 */
import { parseArgs } from 'node:util';
import { openDb } from '../server/db/index.ts';
import { migrate } from '../server/db/migrate.ts';
import { generateCatalog } from '../server/demo/generate-catalog.ts';
import { seedIfEmpty } from '../server/demo/seed.ts';
import { loadConfig } from '../server/platform/config.ts';

const { values } = parseArgs({ options: { products: { type: 'string', default: '10000' }, batch: { type: 'string', default: '500' } } });
const count = Number(values.products);
const batchSize = Number(values.batch);
if (!Number.isInteger(count) || count < 0 || count > 1_000_000 || !Number.isInteger(batchSize) || batchSize < 1 || batchSize > 5000) {
  console.error('usage: gen-catalog.ts --products <0…1000000> [--batch <1…5000>]');
  process.exit(2);
}
const config = loadConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(db);
  if (await seedIfEmpty(db, config.sites)) console.log('demo catalogue loaded');
  const started = performance.now();
  const { written, deactivated } = await generateCatalog(db, config.sites, {
    count,
    batchSize,
    onBatch: (done) => process.stdout.write(`\r${done} / ${count}`),
  });
  console.log(
    `\n${written} generated products written, ${deactivated} deactivated, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
} finally {
  await db.close();
}

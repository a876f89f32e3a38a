import { openDb } from './server/db/index.ts';
import { migrate } from './server/db/migrate.ts';
import { seedDemo } from './server/db/seed.ts';
import { demoSitesConfig } from './shared/sites-config.ts';
import { searchCatalog } from './server/services/search.ts';
const db = await openDb(process.env.DBURL ? { databaseUrl: process.env.DBURL, poolSize: 2 } : { dataDir: 'memory' });
console.log(await migrate(db));
await seedDemo(db, demoSitesConfig);
console.log('words', (await db.query('SELECT count(*)::int n FROM search_words'))[0]);
const Q = ['Вибро', 'вибро', 'шумоизоляцию', 'виброизоляции', 'вибризоляция', 'db,hjbpjkzwbz', 'мши-ыев', 'vib-std', 'VIB-STD-22', 'VIB', 'а', 'Вибро%', '%', 'VIB_STD', "'; drop", '&|!():*<>', '😀', 'x'.repeat(200), 'акустк', 'шумоизоляция дверей', 'для', 'ролик для виброизоляции', "a'b\\c"];
for (const q of [...Q, ...Q]) {
  const t0 = performance.now();
  const r = await searchCatalog(db, q, 10);
  console.log(JSON.stringify(q).slice(0, 30), (performance.now() - t0).toFixed(1) + 'ms', r.map((x) => x.title).join(' | '));
}
await db.close();

import { openDb } from './server/db/index.ts';
import { migrate } from './server/db/migrate.ts';
import { seedDemo } from './server/db/seed.ts';
import { demoSitesConfig } from './shared/sites-config.ts';
import { searchCatalog, SEARCH_SQL, searchWords, prefixPattern } from './server/services/search.ts';
const db = await openDb(process.env.DBURL ? { databaseUrl: process.env.DBURL, poolSize: 2 } : { dataDir: 'memory' });
await migrate(db);
await seedDemo(db, demoSitesConfig);
let t0 = performance.now();
await db.query(`WITH src AS (SELECT array_agg(title ORDER BY id) t, array_agg(description ORDER BY id) d, count(*)::int n FROM products)
  INSERT INTO products (sku, slug, category_id, title, description, popularity)
  SELECT 'GEN-' || g, 'gen-' || g, c.id, src.t[1 + g % src.n] || ' серия ' || g, src.d[1 + (g * 7) % src.n], g % 1000
    FROM src, generate_series(1, 10000) g JOIN LATERAL (SELECT id FROM categories ORDER BY id OFFSET g % 7 LIMIT 1) c ON true`);
console.log('insert 10k', (performance.now() - t0).toFixed(0), 'ms');
await db.query('ANALYZE');
console.log((await db.query('SELECT count(*)::int n FROM products'))[0], (await db.query('SELECT count(*)::int n FROM search_words'))[0]);
const Q = ['Вибро', 'шумоизоляцию', 'виброизоляции', 'вибризоляция', 'db,hjbpjkzwbz', 'мши-ыев', 'vib-std', 'GEN-123', 'а', '%', "'; drop", 'x'.repeat(200), 'акустк', 'нет такого товара', 'серия 5'];
for (const q of Q) {
  const times: number[] = [];
  let n = 0;
  for (let k = 0; k < 7; k++) { const t0 = performance.now(); n = (await searchCatalog(db, q, 10)).length; times.push(performance.now() - t0); }
  times.sort((a, b) => a - b);
  console.log(JSON.stringify(q).slice(0, 20).padEnd(22), 'median', times[3]!.toFixed(1), 'ms  max', times[6]!.toFixed(1), 'results', n);
}
await db.close();

/**
 * npm run bench: each page type of the shop — home, category, product, the search API and the search page —
 * against the home page's bytes served as a static file by @fastify/static (the ceiling), all production
 * servers in their own processes, measured in one run with autocannon on loopback. Prints req/s, p50 and
 * p99 latency, and the ratios to the static baseline.
 *   BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50)
 *   BENCH_PRODUCTS (default 0): generate that many products (npm run db:generate) on top of the demo
 *   catalogue before measuring, e.g. BENCH_PRODUCTS=10000
 * `npm run bench -- signin` measures a shopper's sign-in alone and under a flood of failed sign-ins instead
 * (scripts/bench-signin.ts).
 * The SSR server uses a PGlite of its own (in memory, or a temporary directory holding the generated
 * catalogue), or PostgreSQL when DATABASE_URL is set (BENCH_PRODUCTS then writes into that database).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Options } from 'autocannon';
import { openDb } from '../server/db/index.ts';
import { migrate } from '../server/db/migrate.ts';
import { generateCatalog } from '../server/demo/generate-catalog.ts';
import { seedIfEmpty } from '../server/demo/seed.ts';
import { demoSitesConfig } from '../server/platform/demo-sites.ts';

if (process.argv.includes('signin')) {
  await import('./bench-signin.ts');
  process.exit(0);
}

const root = fileURLToPath(new URL('..', import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const products = Number(process.env.BENCH_PRODUCTS || 0);

/** A server process: the compiled production server (dist/server/main.js) or a TypeScript script through tsx. */
function start(script: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, script.endsWith('.js') ? [script] : ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function measure(name: string, url: string, options: Partial<Options> = {}): Promise<Row> {
  // A short warm-up (JIT, caches), then the measured run.
  await autocannon({ url, connections, duration: 2, ...options });
  const r = await autocannon({ url, connections, duration: seconds, ...options });
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx + r.errors };
}

/** A database holding the demo catalogue plus `count` generated products: a temporary PGlite directory, or DATABASE_URL. */
async function prepareDatabase(count: number): Promise<{ env: Record<string, string>; cleanup: () => void }> {
  if (count === 0 && !process.env.DATABASE_URL) return { env: { DATA_DIR: 'memory' }, cleanup: () => {} };
  const dir = process.env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'bench-db-'));
  const db = await openDb({ databaseUrl: process.env.DATABASE_URL, dataDir: dir });
  try {
    await migrate(db);
    await seedIfEmpty(db, demoSitesConfig);
    const started = performance.now();
    if (count > 0) await generateCatalog(db, demoSitesConfig, { count });
    console.log(`${count} generated products in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await db.close();
  }
  return dir ? { env: { DATA_DIR: dir }, cleanup: () => rmSync(dir, { recursive: true, force: true }) } : { env: {}, cleanup: () => {} };
}

if (!existsSync(join(root, 'dist/client/.vite/manifest.json')) || !existsSync(join(root, 'dist/server/main.js'))) {
  console.error('no build: run `npm run build` first');
  process.exit(1);
}

const ssrPort = 3900 + Math.floor(Math.random() * 50);
const staticPort = ssrPort + 50;
const children: ChildProcess[] = [];
const stopAll = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('exit', stopAll);
const database = await prepareDatabase(products);

try {
  children.push(start('dist/server/main.js', { PORT: String(ssrPort), HOST: '127.0.0.1', ...database.env }));
  await waitFor(`http://127.0.0.1:${ssrPort}/readyz`);

  const base = `http://localhost:${ssrPort}`;
  const first = await fetch(base + '/');
  const html = await first.text();
  const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0]!;
  // The site token of this session (spec §3), as the page hands it to its scripts.
  const token = /"token":"([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error('no site token in the home page');
  const count = (await (await fetch(`${base}/vibroizolyaciya`)).text()).match(/class="product-card"/g)?.length ?? 0;
  const dir = mkdtempSync(join(tmpdir(), 'bench-static-'));
  writeFileSync(join(dir, 'index.html'), html);
  children.push(start('scripts/bench-static-server.ts', { PORT: String(staticPort), STATIC_DIR: dir }));
  await waitFor(`http://127.0.0.1:${staticPort}/index.html`);

  console.log(
    `catalogue: demo + ${products} generated products (category page shows ${count} cards); home page ${Buffer.byteLength(html)} bytes; ` +
      `${seconds} s per run, ${connections} connections, loopback\n`,
  );
  const returning = { headers: { cookie } };
  const rows = [
    await measure('static file (@fastify/static)', `http://127.0.0.1:${staticPort}/index.html`),
    await measure('home, new visitor', `${base}/`),
    await measure('home, returning visitor', `${base}/`, returning),
    await measure('category /vibroizolyaciya', `${base}/vibroizolyaciya`, returning),
    await measure('product /vibroizolyaciya/vibro-standart-2-2', `${base}/vibroizolyaciya/vibro-standart-2-2`, returning),
    await measure('search API POST /api/site/search', `${base}/api/site/search?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ search: 'вибро' }),
    }),
    await measure('search page /search?q=вибро', `${base}/search?q=${encodeURIComponent('вибро')}`, returning),
  ];
  const baseline = rows[0]!;
  console.log('| page | req/s | p50 ms | p99 ms | non-2xx | req/s vs static | p99 vs static |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${(r.rps / baseline.rps).toFixed(2)} | ${(r.p99 / baseline.p99).toFixed(2)} |`,
    );
  }
} finally {
  stopAll();
  database.cleanup();
}

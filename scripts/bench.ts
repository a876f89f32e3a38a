/**
 * npm run bench: the streamed SSR home page against the same bytes served as a static file by
 * @fastify/static — both production servers in their own processes, measured in one run with autocannon
 * on loopback. Prints req/s, p50 and p99 latency, and the SSR/static ratios.
 *   BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50)
 * The SSR server uses an in-memory PGlite, or PostgreSQL when DATABASE_URL is set (a returning visitor's page
 * costs one session lookup, where PGlite's per-query overhead shows).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = fileURLToPath(new URL('..', import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

function start(script: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script], {
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

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Row> {
  // A short warm-up (JIT, caches), then the measured run.
  await autocannon({ url, connections, duration: 2, headers });
  const r = await autocannon({ url, connections, duration: seconds, headers });
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx + r.errors };
}

if (!existsSync(join(root, 'dist/client/.vite/manifest.json'))) {
  console.error('no client build: run `npm run build` first');
  process.exit(1);
}

const ssrPort = 3900 + Math.floor(Math.random() * 50);
const staticPort = ssrPort + 50;
const children: ChildProcess[] = [];
const stopAll = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('exit', stopAll);

try {
  children.push(start('server/main.ts', { PORT: String(ssrPort), HOST: '127.0.0.1', DATA_DIR: 'memory' }));
  await waitFor(`http://127.0.0.1:${ssrPort}/readyz`);

  const home = `http://localhost:${ssrPort}/`;
  const first = await fetch(home);
  const html = await first.text();
  const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0]!;
  const dir = mkdtempSync(join(tmpdir(), 'bench-static-'));
  writeFileSync(join(dir, 'index.html'), html);
  children.push(start('scripts/bench-static-server.ts', { PORT: String(staticPort), STATIC_DIR: dir }));
  await waitFor(`http://127.0.0.1:${staticPort}/index.html`);

  console.log(`page: ${Buffer.byteLength(html)} bytes; ${seconds} s per run, ${connections} connections, loopback\n`);
  const rows = [
    await measure('static file (@fastify/static)', `http://127.0.0.1:${staticPort}/index.html`),
    await measure('SSR home, new visitor', home),
    await measure('SSR home, returning visitor', home, { cookie }),
  ];
  const base = rows[0]!;
  console.log('| page | req/s | p50 ms | p99 ms | non-2xx | req/s vs static | p99 vs static |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${(r.rps / base.rps).toFixed(2)} | ${(r.p99 / base.p99).toFixed(2)} |`,
    );
  }
} finally {
  stopAll();
}

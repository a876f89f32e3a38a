/**
 * npm run soak: mixed load for SOAK_SECONDS (default 60) against a production server on PostgreSQL (a throwaway
 * cluster on a loopback port, as scripts/test-postgres.sh starts one) and then on PGlite (a temporary data
 * directory), each server in its own process on 127.0.0.1. Prints per backend: req/s, p50/p99 latency, errors
 * (answers other than 2xx/3xx, and socket errors), and the server's RSS (VmRSS of /proc/<pid>/status) at start,
 * after the warm-up, at the peak and SOAK_SETTLE_SECONDS (default 30) after the load; then the targets as
 * PASS/FAIL lines: no errors, RSS at the end ≤ 1.2 × RSS after the warm-up, p99 on PGlite ≤ 3 × PostgreSQL's.
 * A script, not a test: the figures depend on the machine. Exits 1 when a target fails.
 *
 * The load: SOAK_CONNECTIONS (default 32) visitors on the demo's local site (Host 127.0.0.1), each with its own session (made by a first GET /, which
 * hands out the cookie and the site token), cycling through home, a category, a product, the search page and a
 * cart write (the cart's router action as a hydrated page posts it: POST /_data/cart?_action=cart, urlencoded, the
 * token in the form; a write the envelope does not acknowledge — status 200, ok — counts as an error).
 * Warm-up: SOAK_WARMUP_SECONDS (default 10).
 * The server inherits NODE_OPTIONS (e.g. a heap cap: NODE_OPTIONS=--max-old-space-size=512 npm run soak).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';

/** How the production server is started (argv after the node binary), from the repository root. */
/** The production server as it runs in the image: compiled JavaScript, no tsx (decision 016). */
const SERVER_COMMAND = ['dist/server/main.js'];

const root = fileURLToPath(new URL('..', import.meta.url));
const seconds = Number(process.env.SOAK_SECONDS ?? 60);
const warmupSeconds = Number(process.env.SOAK_WARMUP_SECONDS ?? 10);
const settleSeconds = Number(process.env.SOAK_SETTLE_SECONDS ?? 30);
const connections = Number(process.env.SOAK_CONNECTIONS ?? 32);
const CATEGORY = '/vibroizolyaciya';
const PRODUCT = '/vibroizolyaciya/vibro-standart-2-2';
const SEARCH = '/search?q=' + encodeURIComponent('вибро');
const RSS_GROWTH_LIMIT = 1.2;
const P99_RATIO_LIMIT = 3;

for (const [name, value] of Object.entries({
  SOAK_SECONDS: seconds,
  SOAK_WARMUP_SECONDS: warmupSeconds,
  SOAK_SETTLE_SECONDS: settleSeconds,
})) {
  if (!Number.isFinite(value) || value < 0) fail(`${name} must be a number of seconds`);
}
if (!Number.isInteger(connections) || connections < 1) fail('SOAK_CONNECTIONS must be a positive whole number');
if (!existsSync(join(root, 'dist/client/.vite/manifest.json')) || !existsSync(join(root, 'dist/server/main.js'))) {
  fail('no build: run `npm run build` first');
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resident memory of a process in MiB, from /proc (Linux). */
function rssMiB(pid: number): number {
  const m = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no VmRSS for process ${pid}`);
  return Number(m[1]) / 1024;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

// ---- cleanup on every exit path -------------------------------------------------------------------------------

const cleanups: Array<() => void> = [];
function runCleanups() {
  while (cleanups.length) {
    try {
      cleanups.pop()!();
    } catch (err) {
      console.error('cleanup failed:', (err as Error).message);
    }
  }
}
process.on('exit', runCleanups);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    runCleanups();
    process.exit(130);
  });
}

// ---- a throwaway PostgreSQL cluster ---------------------------------------------------------------------------

async function startPostgres(): Promise<string> {
  let bin = '/usr/lib/postgresql/15/bin';
  if (!existsSync(join(bin, 'initdb'))) {
    const versions = existsSync('/usr/lib/postgresql')
      ? spawnSync('ls', ['/usr/lib/postgresql'], { encoding: 'utf8' }).stdout.split(/\s+/)
      : [];
    const newest = versions
      .filter(Boolean)
      .sort((a, b) => Number(a) - Number(b))
      .at(-1);
    if (!newest) fail('PostgreSQL server binaries not found (apt-get install postgresql-15)');
    bin = `/usr/lib/postgresql/${newest}/bin`;
  }
  const dir = mkdtempSync(join(tmpdir(), 'soak-pg-'));
  const port = await freePort();
  // PostgreSQL refuses to run as root: then the cluster belongs to the postgres user.
  const asPg = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  const pgSpawn = (args: string[]) => {
    const [cmd, ...rest] = [...asPg, ...args];
    return spawnSync(cmd!, rest, { encoding: 'utf8' });
  };
  const run = (args: string[]) => {
    const r = pgSpawn(args);
    if (r.status !== 0) throw new Error(`${args.join(' ')} failed:\n${r.stderr || r.stdout}`);
  };
  mkdirSync(join(dir, 'data'));
  mkdirSync(join(dir, 'sock'));
  if (asPg.length) spawnSync('chown', ['-R', 'postgres:postgres', dir]);
  cleanups.push(() => {
    pgSpawn([join(bin, 'pg_ctl'), '-D', join(dir, 'data'), '-m', 'immediate', '-w', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  });
  run([join(bin, 'initdb'), '-D', join(dir, 'data'), '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  run([
    join(bin, 'pg_ctl'),
    '-D',
    join(dir, 'data'),
    '-l',
    join(dir, 'sock', 'pg.log'),
    '-w',
    '-o',
    `-p ${port} -k ${join(dir, 'sock')} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`,
    'start',
  ]);
  return `postgres://postgres@127.0.0.1:${port}/postgres`;
}

// ---- the server under test ------------------------------------------------------------------------------------

interface Server {
  child: ChildProcess;
  pid: number;
  base: string;
  exited: Promise<number | null>;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, SERVER_COMMAND, {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  cleanups.push(() => child.kill('SIGKILL'));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before it was ready`);
    try {
      if ((await fetch(base + '/readyz')).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not become ready in 120 s');
    await sleep(250);
  }
  return { child, pid: child.pid!, base, exited };
}

async function stopServer(server: Server): Promise<void> {
  server.child.kill('SIGTERM');
  const code = await Promise.race([server.exited, sleep(30_000).then(() => 'timeout' as const)]);
  if (code === 'timeout') {
    server.child.kill('SIGKILL');
    console.log('  (the server did not stop within 30 s of SIGTERM: killed)');
  }
}

// ---- the load -------------------------------------------------------------------------------------------------

interface Visitor {
  cookie: string;
  token: string;
}

interface Tally {
  latencies: number[];
  requests: number;
  /** Answers other than 2xx/3xx, by status, and socket errors by code. */
  errors: Map<string, number>;
}

const newTally = (): Tally => ({ latencies: [], requests: 0, errors: new Map() });
const countError = (tally: Tally, key: string) => tally.errors.set(key, (tally.errors.get(key) ?? 0) + 1);
const errorCount = (tally: Tally) => [...tally.errors.values()].reduce((a, b) => a + b, 0);

/** A visitor as a browser without JavaScript would start: GET / gives the session cookie and the site token. */
async function newVisitor(base: string): Promise<Visitor> {
  const res = await fetch(base + '/');
  const html = await res.text();
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
  const token = /"token":"([^"]+)"/.exec(html)?.[1];
  if (!res.ok || !cookie || !token) throw new Error(`GET / gave no session (status ${res.status})`);
  return { cookie, token };
}

/** A page to GET, or a route action to POST a form to (`route`: the action's route id, whose result the envelope holds). */
type Step =
  | { method: 'GET'; path: string }
  | { method: 'POST'; path: string; route: string; body: (i: number, visitor: Visitor) => string };

async function productIds(base: string, visitor: Visitor): Promise<number[]> {
  const html = await (await fetch(base + CATEGORY, { headers: { cookie: visitor.cookie } })).text();
  const ids = [...new Set([...html.matchAll(/name="productId" value="(\d+)"/g)].map((m) => Number(m[1])))];
  if (!ids.length) throw new Error(`no product ids on ${CATEGORY}`);
  return ids;
}

/** Every visitor loops over the steps (each from its own offset) until `until`; each answer is read in full. */
async function load(pool: Pool, visitors: Visitor[], steps: Step[], until: number, tally: Tally): Promise<void> {
  await Promise.all(
    visitors.map(async (visitor, v) => {
      for (let i = v; Date.now() < until; i++) {
        const step = steps[i % steps.length]!;
        const headers: Record<string, string> = { cookie: visitor.cookie };
        if (step.method === 'POST') headers['content-type'] = 'application/x-www-form-urlencoded';
        const started = performance.now();
        try {
          const body = step.method === 'POST' ? step.body(i, visitor) : undefined;
          const res = await pool.request({ method: step.method, path: step.path, headers, body });
          // An action answers HTTP 200 even when it refuses the change: its result in the envelope says.
          const envelope = step.method === 'POST' && res.statusCode === 200 ? await res.body.text() : undefined;
          if (envelope === undefined) await res.body.dump({ limit: Infinity });
          tally.latencies.push(performance.now() - started);
          tally.requests++;
          if (res.statusCode >= 400) countError(tally, `HTTP ${res.statusCode} ${step.method} ${step.path}`);
          const refused = step.method === 'POST' && envelope !== undefined ? actionRefused(envelope, step.route) : undefined;
          if (refused) countError(tally, `${refused} ${step.method} ${step.path}`);
        } catch (err) {
          tally.requests++;
          countError(tally, `socket ${(err as { code?: string }).code ?? (err as Error).message}`);
        }
      }
    }),
  );
}

/** Why an action's answer does not acknowledge the change (undefined when it does: status 200, ok). */
function actionRefused(text: string, route: string): string | undefined {
  let result: { data?: { ok?: unknown }; status?: number } | undefined;
  try {
    result = JSON.parse(text).results?.[route];
  } catch {
    return 'not the envelope';
  }
  if (result?.status === 200 && result.data?.ok === true) return undefined;
  return `refused (status ${result?.status ?? 'none'} in the envelope)`;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  errorKinds: Map<string, number>;
  rss: { start: number; warm: number; peak: number; end: number };
}

async function soak(name: string, env: Record<string, string>): Promise<Result> {
  console.log(`\n${name}: starting the server (${SERVER_COMMAND.join(' ')})`);
  const server = await startServer(env);
  const pool = new Pool(server.base, { connections, pipelining: 1, headersTimeout: 30_000, bodyTimeout: 30_000 });
  try {
    const rssStart = rssMiB(server.pid);
    const visitors = await Promise.all(Array.from({ length: connections }, () => newVisitor(server.base)));
    const ids = await productIds(server.base, visitors[0]!);
    const steps: Step[] = [
      { method: 'GET', path: '/' },
      { method: 'GET', path: CATEGORY },
      { method: 'GET', path: PRODUCT },
      { method: 'GET', path: SEARCH },
      {
        method: 'POST',
        path: '/_data/cart?_action=cart',
        route: 'cart',
        body: (i, visitor) =>
          new URLSearchParams({
            intent: 'item',
            productId: String(ids[i % ids.length]),
            quantity: String((i % 5) + 1),
            mode: 'set',
            token: visitor.token,
          }).toString(),
      },
    ];

    console.log(`  warm-up ${warmupSeconds} s, ${connections} visitors`);
    const warm = newTally();
    await load(pool, visitors, steps, Date.now() + warmupSeconds * 1000, warm);
    const rssWarm = rssMiB(server.pid);

    console.log(`  soak ${seconds} s`);
    const tally = newTally();
    let rssPeak = rssWarm;
    const sampler = setInterval(() => {
      try {
        rssPeak = Math.max(rssPeak, rssMiB(server.pid));
      } catch {
        // the process is gone: the load counts the errors
      }
    }, 250);
    const started = performance.now();
    await load(pool, visitors, steps, Date.now() + seconds * 1000, tally);
    const elapsed = (performance.now() - started) / 1000;
    clearInterval(sampler);
    rssPeak = Math.max(rssPeak, rssMiB(server.pid));

    console.log(`  idle ${settleSeconds} s`);
    await pool.close();
    await sleep(settleSeconds * 1000);
    const rssEnd = rssMiB(server.pid);

    const sorted = tally.latencies.sort((a, b) => a - b);
    return {
      name,
      rps: tally.requests / elapsed,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      requests: tally.requests,
      errors: errorCount(tally) + errorCount(warm),
      errorKinds: new Map([...warm.errors, ...tally.errors]),
      rss: { start: rssStart, warm: rssWarm, peak: rssPeak, end: rssEnd },
    };
  } finally {
    await pool.destroy().catch(() => {});
    await stopServer(server);
  }
}

// ---- run ------------------------------------------------------------------------------------------------------

console.log(
  `soak: ${seconds} s of mixed load (home, category, product, search page, cart write) after a ${warmupSeconds} s warm-up, ` +
    `${connections} visitors, loopback; NODE_OPTIONS=${process.env.NODE_OPTIONS ?? '(unset)'}`,
);
const pgliteDir = mkdtempSync(join(tmpdir(), 'soak-pglite-'));
cleanups.push(() => rmSync(pgliteDir, { recursive: true, force: true }));

const results: Result[] = [];
try {
  const databaseUrl = await startPostgres();
  results.push(await soak('PostgreSQL', { DATABASE_URL: databaseUrl }));
  results.push(await soak('PGlite', { DATA_DIR: pgliteDir }));
} catch (err) {
  console.error(err);
  process.exit(1);
}

const mib = (n: number) => n.toFixed(0);
console.log(
  '\n| backend | requests | req/s | p50 ms | p99 ms | errors | RSS MiB: start | after warm-up | peak | end (+' + settleSeconds + ' s) |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${r.name} | ${r.requests} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ` +
      `${mib(r.rss.start)} | ${mib(r.rss.warm)} | ${mib(r.rss.peak)} | ${mib(r.rss.end)} |`,
  );
  for (const [kind, n] of r.errorKinds) console.log(`    ${r.name} error: ${kind} × ${n}`);
}

const checks: Array<[ok: boolean, text: string]> = [];
for (const r of results) {
  checks.push([r.errors === 0, `${r.name}: 0 errors (${r.errors})`]);
  checks.push([
    r.rss.end <= RSS_GROWTH_LIMIT * r.rss.warm,
    `${r.name}: RSS at the end ≤ ${RSS_GROWTH_LIMIT} × after warm-up (${mib(r.rss.end)} ≤ ${mib(RSS_GROWTH_LIMIT * r.rss.warm)} MiB)`,
  ]);
}
const [pg, lite] = results as [Result, Result];
checks.push([
  lite.p99 <= P99_RATIO_LIMIT * pg.p99,
  `p99 PGlite ≤ ${P99_RATIO_LIMIT} × PostgreSQL's (${lite.p99.toFixed(1)} ≤ ${(P99_RATIO_LIMIT * pg.p99).toFixed(1)} ms)`,
]);
console.log('');
for (const [ok, text] of checks) console.log(`${ok ? 'PASS' : 'FAIL'} ${text}`);
process.exitCode = checks.every(([ok]) => ok) ? 0 : 1;

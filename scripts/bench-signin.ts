/**
 * npm run bench -- signin: a shopper's sign-in alone, then under a flood of failed sign-ins from many addresses
 * (issue 18, item 5: 30 addresses took a shopper's sign-in from 1.4 s to 34 s). The production server
 * (dist/server/main.js, TRUST_PROXY so X-Forwarded-For names each client) on a PGlite of its own holding one
 * shopper's account. The shopper signs in SIGNIN_ROUNDS times alone, then as many times while FLOOD_ADDRESSES
 * loops post wrong passwords as fast as they are answered; a shopper told 503 waits its Retry-After and tries again,
 * as the form tells a person to. Prints the median and worst time to a successful sign-in, the ratio flood/alone,
 * and what the flood was answered.
 * The flood runs in a worker thread (scripts/bench-signin-flood.ts), so its loops never delay the shopper's requests.
 *   SIGNIN_ROUNDS (default 5), FLOOD_ADDRESSES (default 30), FLOOD_WARMUP_MS (default 3000), FLOOD_PAUSE=1,
 *   SIGNIN_SERVER_ROOT (another checkout whose built server to measure, e.g. an older commit's: before/after figures)
 * Loopback only; every loop stops by itself when the measurement ends.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { hashPassword } from '../server/accounts/passwords.ts';
import { openDb } from '../server/db/index.ts';
import { migrate } from '../server/db/migrate.ts';
import { seedIfEmpty } from '../server/demo/seed.ts';
import { demoSitesConfig } from '../server/platform/demo-sites.ts';
import { signIn, visitor } from './bench-signin-client.ts';
import type { FloodOptions } from './bench-signin-flood.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const rounds = Number(process.env.SIGNIN_ROUNDS ?? 5);
const floodAddresses = Number(process.env.FLOOD_ADDRESSES ?? 30);
const warmupMs = Number(process.env.FLOOD_WARMUP_MS ?? 3000);
/** FLOOD_PAUSE=1: a flooder told 503 waits its Retry-After (isolates the hash line from a plain request flood). */
const floodPauses = process.env.FLOOD_PAUSE === '1';
/** A shopper still refused after this long gives up (the run reports it instead of waiting for ever). */
const GIVE_UP_MS = 120_000;
const SHOPPER = { email: 'shopper@example.com', password: 'Тихий салон 2026!' };

/** The checkout whose production build is measured (its own dist/), this one by default. */
const serverRoot = process.env.SIGNIN_SERVER_ROOT ?? root;
if (!existsSync(join(serverRoot, 'dist/server/main.js'))) {
  console.error('no build: run `npm run build` first');
  process.exit(1);
}

const dir = mkdtempSync(join(tmpdir(), 'bench-signin-'));
const db = await openDb({ dataDir: dir });
await migrate(db);
await seedIfEmpty(db, demoSitesConfig);
await db.query(`INSERT INTO users (email, name, password_hash, email_confirmed_at) VALUES ($1, 'Покупатель', $2, now())`, [
  SHOPPER.email,
  await hashPassword(SHOPPER.password),
]);
await db.close();

const port = 3960 + Math.floor(Math.random() * 30);
const server: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
  cwd: serverRoot,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    TRUST_PROXY: 'true',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => {
  server.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
};
process.on('exit', () => server.kill('SIGTERM'));
const base = `http://localhost:${port}`;

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

/** The shopper's sign-in: seconds until signed in (retrying after each 503's Retry-After), and the 503s met. */
async function shopperSignIn(): Promise<{ seconds: number; busy: number }> {
  const ip = '198.51.100.77';
  const started = performance.now();
  let busy = 0;
  for (;;) {
    const v = await visitor(base, ip);
    const t0 = performance.now();
    const { status, retryAfter } = await signIn(base, v, ip, SHOPPER.email, SHOPPER.password);
    if (status === 200) return { seconds: (performance.now() - started) / 1000, busy };
    if (status !== 503) throw new Error(`the shopper's sign-in was answered ${status}`);
    if (performance.now() - started > GIVE_UP_MS) throw new Error(`the shopper gave up after ${busy + 1} × 503 in ${GIVE_UP_MS / 1000} s`);
    busy++;
    // The form says "wait a few seconds": the person waits what Retry-After says, counted in the time.
    await new Promise((r) => setTimeout(r, Math.max(0, retryAfter * 1000 - (performance.now() - t0))));
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

try {
  await waitFor(`${base}/readyz`);
  // Alone.
  await shopperSignIn(); // warm-up: JIT, caches, the comparison hash of unknown e-mails
  const alone: number[] = [];
  for (let i = 0; i < rounds; i++) alone.push((await shopperSignIn()).seconds);

  // Under the flood: each address loops wrong passwords (a new e-mail each time) until told to stop. The loops run in
  // a worker thread of their own: in this thread, thirty busy loops would delay the shopper's own requests and the
  // figure would measure the benchmark, not the server.
  const flood = new Worker(new URL('./bench-signin-flood.ts', import.meta.url), {
    workerData: { base, addresses: floodAddresses, pauses: floodPauses } satisfies FloodOptions,
  });
  const answers = new Promise<Map<number, number>>((resolve, reject) => {
    flood.once('message', (counts: Array<[number, number]>) => resolve(new Map(counts)));
    flood.once('error', reject);
  });
  await new Promise((r) => setTimeout(r, warmupMs));
  const flooded: number[] = [];
  let busy = 0;
  for (let i = 0; i < rounds; i++) {
    const r = await shopperSignIn();
    flooded.push(r.seconds);
    busy += r.busy;
  }
  flood.postMessage('stop');
  const answered = await answers;
  await flood.terminate();

  const a = median(alone);
  const f = median(flooded);
  console.log(
    `\nsign-in of one shopper, ${rounds} rounds each, ${floodAddresses} flooding addresses (loopback, production server, PGlite)`,
  );
  console.log('| | median s | worst s |');
  console.log('|---|---|---|');
  console.log(`| alone | ${a.toFixed(2)} | ${Math.max(...alone).toFixed(2)} |`);
  console.log(`| under the flood | ${f.toFixed(2)} | ${Math.max(...flooded).toFixed(2)} |`);
  console.log(`ratio flood/alone (median): ${(f / a).toFixed(1)}; the shopper met ${busy} × 503 (retried after Retry-After)`);
  console.log(
    `the flood was answered: ${[...answered.entries()]
      .sort(([x], [y]) => x - y)
      .map(([s, n]) => `${s === -1 ? 'network error' : s}: ${n}`)
      .join(', ')}`,
  );
} finally {
  stop();
}

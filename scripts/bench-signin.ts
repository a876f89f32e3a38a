/**
 * npm run bench -- signin: a shopper's sign-in alone, then under a flood of failed sign-ins from many addresses
 * (issue 18, item 5: 30 addresses took a shopper's sign-in from 1.4 s to 34 s). The production server
 * (dist/server/main.js, TRUST_PROXY so X-Forwarded-For names each client) on a PGlite of its own holding one
 * shopper's account. The shopper signs in SIGNIN_ROUNDS times alone, then as many times while FLOOD_ADDRESSES
 * loops post wrong passwords as fast as they are answered; a shopper told 503 waits its Retry-After and tries again,
 * as the form tells a person to. Prints the median and worst time to a successful sign-in, the ratio flood/alone,
 * and what the flood was answered.
 *   SIGNIN_ROUNDS (default 5), FLOOD_ADDRESSES (default 30), FLOOD_WARMUP_MS (default 3000), FLOOD_PAUSE=1
 * Loopback only; every loop stops by itself when the measurement ends.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashPassword } from '../server/accounts/passwords.ts';
import { openDb } from '../server/db/index.ts';
import { migrate } from '../server/db/migrate.ts';
import { seedIfEmpty } from '../server/demo/seed.ts';
import { demoSitesConfig } from '../server/platform/demo-sites.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const rounds = Number(process.env.SIGNIN_ROUNDS ?? 5);
const floodAddresses = Number(process.env.FLOOD_ADDRESSES ?? 30);
const warmupMs = Number(process.env.FLOOD_WARMUP_MS ?? 3000);
/** FLOOD_PAUSE=1: a flooder told 503 waits its Retry-After (isolates the hash line from a plain request flood). */
const floodPauses = process.env.FLOOD_PAUSE === '1';
/** A shopper still refused after this long gives up (the run reports it instead of waiting for ever). */
const GIVE_UP_MS = 120_000;
const SHOPPER = { email: 'shopper@example.com', password: 'Тихий салон 2026!' };

if (!existsSync(join(root, 'dist/server/main.js'))) {
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
  cwd: root,
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

/** A visitor of the sign-in page: its session cookie and site token. */
async function visitor(ip: string): Promise<{ cookie: string; token: string }> {
  const res = await fetch(`${base}/auth`, { headers: { 'x-forwarded-for': ip } });
  const html = await res.text();
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  const token = /"token":"([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error('no site token on /auth');
  return { cookie, token };
}

/** One sign-in as the hydrated form posts it: the action's status (200 signed in, 401, 429, 503) and Retry-After. */
async function signIn(v: { cookie: string; token: string }, ip: string, email: string, password: string) {
  const res = await fetch(`${base}/_data/auth?_action=auth`, {
    method: 'POST',
    headers: { cookie: v.cookie, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
    body: new URLSearchParams({ _form: 'auth:sign-in', email, password, token: v.token }),
  });
  const body = (await res.json()) as { redirect?: string; results?: { auth?: { status: number } } };
  const status = body.redirect ? 200 : (body.results?.auth?.status ?? res.status);
  return { status, retryAfter: Number(res.headers.get('retry-after') ?? 1) };
}

/** The shopper's sign-in: seconds until signed in (retrying after each 503's Retry-After), and the 503s met. */
async function shopperSignIn(): Promise<{ seconds: number; busy: number }> {
  const ip = '198.51.100.77';
  const started = performance.now();
  let busy = 0;
  for (;;) {
    const v = await visitor(ip);
    const t0 = performance.now();
    const { status, retryAfter } = await signIn(v, ip, SHOPPER.email, SHOPPER.password);
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

  // Under the flood: each address loops wrong passwords (a new e-mail each time) until told to stop.
  let flooding = true;
  const answers = new Map<number, number>();
  let attempt = 0;
  const loops = Array.from({ length: floodAddresses }, async (_, i) => {
    const ip = `203.0.113.${i + 1}`;
    const v = await visitor(ip);
    while (flooding) {
      const { status, retryAfter } = await signIn(v, ip, `victim-${++attempt}@example.com`, 'wrong password').catch(() => ({
        status: -1,
        retryAfter: 1,
      }));
      answers.set(status, (answers.get(status) ?? 0) + 1);
      if (floodPauses && status === 503) await new Promise((r) => setTimeout(r, retryAfter * 1000));
    }
  });
  await new Promise((r) => setTimeout(r, warmupMs));
  const flooded: number[] = [];
  let busy = 0;
  for (let i = 0; i < rounds; i++) {
    const r = await shopperSignIn();
    flooded.push(r.seconds);
    busy += r.busy;
  }
  flooding = false;
  await Promise.all(loops);

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
    `the flood was answered: ${[...answers.entries()]
      .sort(([x], [y]) => x - y)
      .map(([s, n]) => `${s === -1 ? 'network error' : s}: ${n}`)
      .join(', ')}`,
  );
} finally {
  stop();
}

/**
 * The fault lane's harness (test/faults/README.md):
 *  - a PostgreSQL cluster of the test's own (initdb into a temporary folder, its own port), so restarting or
 *    freezing it touches no other test file's database. The binaries come from PG_TEST_BIN and, when the lane
 *    runs as root, the commands run as PG_TEST_RUNAS (both set by scripts/test-postgres.sh);
 *  - the production server as a child process (node server/main.ts with DATABASE_URL), killable with -9;
 *  - a load of cart writes — the cart action as a hydrated page posts it (POST /_data/cart?_action=cart) —
 *    whose every outcome is recorded, and the check that no acknowledged write was lost or doubled.
 */

import { type ChildProcessWithoutNullStreams, execFile, spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sign } from '@fastify/cookie';
import type { Test } from 'tap';
import { Agent, request } from 'undici';
import { SESSION_COOKIE } from '../../server/http/request-context.ts';
import { childEnv, childLoader } from '../helpers/child-env.ts';
import { eachLine } from '../helpers/lines.ts';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The `skip` option of the fault tests: they need the PostgreSQL lane's binaries. */
export const faultLane =
  process.env.TEST_DATABASE_URL && process.env.PG_TEST_BIN
    ? false
    : 'PostgreSQL fault lane only (scripts/test-postgres.sh sets PG_TEST_BIN)';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Cluster {
  url: string;
  /** pg_ctl stop: 'fast' ends sessions cleanly, 'immediate' like a crash. */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** SIGSTOP to the postmaster and every server process (new connections and open ones both hang). */
  freeze(): void;
  thaw(): void;
}

/** A throwaway cluster; resumed and stopped, and its folder removed, at the end of the test whatever happens. */
export async function startCluster(t: Test): Promise<Cluster> {
  const bin = process.env.PG_TEST_BIN!;
  const runAs = process.env.PG_TEST_RUNAS;
  const dir = mkdtempSync(join(tmpdir(), 'tihoavto-faults-'));
  const data = join(dir, 'data');
  const port = 56000 + Math.floor(Math.random() * 900);
  const as = (cmd: string, args: string[]) => (runAs ? run('runuser', ['-u', runAs, '--', cmd, ...args]) : run(cmd, args));
  if (runAs) {
    chmodSync(dir, 0o777);
    await run('chown', [runAs, dir]);
  }
  await as(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = async () => void (await as(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'pg.log'), '-w', '-o', options, 'start']));
  const stop = async (mode: string) => void (await as(join(bin, 'pg_ctl'), ['-D', data, '-m', mode, '-w', 'stop']));
  const processes = () => {
    const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = readdirSync('/proc')
      .filter((p) => /^\d+$/.test(p))
      .filter((p) => {
        try {
          // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces, so read after the last ')'.
          const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
        } catch {
          return false;
        }
      })
      .map(Number);
    return { postmaster, children };
  };
  let frozen: number[] = [];
  const thaw = () => {
    for (const pid of frozen.reverse()) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // gone
      }
    }
    frozen = [];
  };
  t.teardown(async () => {
    thaw();
    await stop('immediate').catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  });
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    freeze() {
      const { postmaster, children } = processes();
      // The postmaster first, so it forks no new process meanwhile.
      for (const pid of [postmaster, ...children]) {
        process.kill(pid, 'SIGSTOP');
        frozen.push(pid);
      }
    },
    thaw,
  };
}

export const SECRET = 'fault-lane-secret-fault-lane-secret-0123';
/** Short limits, so a frozen database costs seconds, not the defaults. */
export const SERVER_LIMITS = { DB_CONNECT_TIMEOUT_MS: '1000', DB_STATEMENT_TIMEOUT_MS: '1000', READYZ_TIMEOUT_MS: '1000' };

export interface Server {
  url: string;
  child: ChildProcessWithoutNullStreams;
  logs: string[];
  alive(): boolean;
  exited: Promise<number | null>;
}

/** node server/main.ts on the cluster (migrations, demo data on first start), listening on 127.0.0.1:0. */
export async function startServer(t: Test, databaseUrl: string): Promise<Server> {
  const child = spawn(process.execPath, [...childLoader(), 'server/main.ts'], {
    cwd: ROOT,
    env: childEnv({
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: SECRET,
      LOG_LEVEL: 'info',
      ...SERVER_LIMITS,
    }),
  });
  const logs: string[] = [];
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      exitCode = code;
      resolve(code);
    }),
  );
  t.teardown(() => void child.kill('SIGKILL'));
  const url = await new Promise<string>((resolve, reject) => {
    eachLine(child.stdout, (line) => {
      logs.push(line);
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (m) resolve(m[1]!);
    });
    child.stderr.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
    void exited.then((code) => reject(new Error(`the server exited (${code}) before listening:\n${logs.join('\n')}`)));
  });
  return { url, child, logs, exited, alive: () => exitCode === undefined };
}

export interface Visitor {
  sessionId: string;
  cookie: string;
  token: string;
}

/** A visitor the server accepts: the session cookie signed and the site token derived with the server's secret. */
export function visitor(): Visitor {
  const sessionId = randomBytes(24).toString('base64url');
  return {
    sessionId,
    cookie: `${SESSION_COOKIE}=${sign(sessionId, SECRET)}`,
    token: createHmac('sha256', SECRET)
      .update('site-token:' + sessionId)
      .digest('base64url'),
  };
}

const agent = new Agent({ connections: null, headersTimeout: 15_000, bodyTimeout: 15_000 });

/**
 * An answer — its HTTP status, or for an action the status its envelope gives the route's result (a refused change
 * answers HTTP 200 with 4xx inside) — or 'network' when the connection failed (the server was killed); its duration.
 */
export interface Outcome {
  status: number | 'network';
  ms: number;
  retryAfter?: string;
  /** The change was made: status 200 in the envelope and `data.ok` true (an action's answer only). */
  acked?: boolean;
}

type Sent = { statusCode: number; headers: Record<string, unknown>; text: string };

/** The outcome of one request (`read` adds what its body says); a failed connection is 'network'. */
async function timed(send: () => Promise<Sent>, read: (text: string, status: number) => Partial<Outcome> = () => ({})): Promise<Outcome> {
  const started = performance.now();
  try {
    const res = await send();
    const retryAfter = res.headers['retry-after'];
    return {
      status: res.statusCode,
      ms: performance.now() - started,
      ...(typeof retryAfter === 'string' ? { retryAfter } : {}),
      ...read(res.text, res.statusCode),
    };
  } catch {
    return { status: 'network', ms: performance.now() - started };
  }
}

const send = async (url: string, options: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string }): Promise<Sent> => {
  const res = await request(url, { ...options, dispatcher: agent });
  return { statusCode: res.statusCode, headers: res.headers, text: await res.body.text() };
};

/** GET path. */
export function call(base: string, path: string): Promise<Outcome> {
  return timed(() => send(base + path, { method: 'GET', headers: { host: 'localhost' } }));
}

/**
 * Submits fields to the action of `route` (a page path: '/cart') as the hydrated page's fetcher does: POST
 * /_data{route}?_action=<route id>, urlencoded, with the visitor's cookie and token.
 */
export function submit(base: string, route: string, v: Visitor, fields: Record<string, string | number>): Promise<Outcome> {
  const id = route.split('/').filter(Boolean).pop() ?? 'home';
  const body = new URLSearchParams(Object.entries(fields).map(([k, value]) => [k, String(value)]));
  body.set('token', v.token);
  const headers = { host: 'localhost', cookie: v.cookie, 'content-type': 'application/x-www-form-urlencoded' };
  return timed(
    () => send(`${base}/_data${route}?_action=${id}`, { method: 'POST', headers, body: body.toString() }),
    (text, status) => {
      if (status !== 200) return { acked: false };
      let result: { data?: { ok?: unknown }; status?: number } | undefined;
      try {
        result = JSON.parse(text).results?.[id];
      } catch {
        return { acked: false }; // not the envelope: an unexpected answer, not a lost connection
      }
      return { status: result?.status ?? status, acked: result?.status === 200 && result.data?.ok === true };
    },
  );
}

/** One cart write of the load: a visitor adds 1 of a product it has never added. */
interface Write {
  /** Which loop of the load wrote it. */
  worker: number;
  v: Visitor;
  productId: number;
  outcome: Outcome;
}

/**
 * Cart writes from `workers` loops until stopped, each loop a visitor adding 1 of each sold product in turn
 * (a new visitor when it has added them all), so every (visitor, product) is written at most once. `target`
 * says where the load goes (the server may be replaced by a restarted one).
 */
export function cartLoad(target: () => string, productIds: number[], workers = 6) {
  const writes: Write[] = [];
  let running = true;
  const loops = Array.from({ length: workers }, async (_, worker) => {
    let v = visitor();
    let next = 0;
    while (running) {
      if (next === productIds.length) [v, next] = [visitor(), 0];
      const productId = productIds[next++]!;
      const outcome = await submit(target(), '/cart', v, { intent: 'item', productId, quantity: 1 });
      writes.push({ worker, v, productId, outcome });
      // A refused or failed write: back off a little, like a client honouring Retry-After (shortened).
      if (!outcome.acked) await sleep(50);
    }
  });
  return {
    writes,
    async stop() {
      running = false;
      await Promise.all(loops);
      return writes;
    },
  };
}

/** The cart quantity of every (visitor, product) the load wrote, read straight from the database. */
export async function quantities(
  query: (sql: string, params: unknown[]) => Promise<Array<{ session_id: string; product_id: number; quantity: number }>>,
  writes: Write[],
) {
  const sessions = [...new Set(writes.map((w) => w.v.sessionId))];
  const rows = await query(
    `SELECT c.session_id, ci.product_id, ci.quantity FROM carts c JOIN cart_items ci ON ci.cart_id = c.id WHERE c.session_id = ANY($1)`,
    [sessions],
  );
  return new Map(rows.map((r) => [`${r.session_id}/${r.product_id}`, r.quantity]));
}

/**
 * The invariant after a fault: every acknowledged write (status 200 in the envelope, ok) is in the database exactly
 * once; a write that failed (503, or no answer from a killed server) is there at most once — it may have committed
 * before its answer was lost, but is never applied twice; nothing else is there; every answer was an acknowledged
 * write or 503 with Retry-After (no answer at all only when the server itself was killed).
 */
export async function checkWrites(
  t: Test,
  writes: Write[],
  query: Parameters<typeof quantities>[0],
  options: { serverKilled?: boolean } = {},
) {
  const stored = await quantities(query, writes);
  const acked = writes.filter((w) => w.outcome.acked);
  const failed = writes.filter((w) => !w.outcome.acked);
  const lost = acked.filter((w) => stored.get(`${w.v.sessionId}/${w.productId}`) !== 1);
  const doubled = failed.filter((w) => (stored.get(`${w.v.sessionId}/${w.productId}`) ?? 0) > 1);
  const written = new Set(writes.map((w) => `${w.v.sessionId}/${w.productId}`));
  const strays = [...stored.keys()].filter((k) => !written.has(k));
  const unexpected = writes.filter(
    (w) => !w.outcome.acked && w.outcome.status !== 503 && !(options.serverKilled && w.outcome.status === 'network'),
  );
  const no503RetryAfter = writes.filter((w) => w.outcome.status === 503 && !w.outcome.retryAfter);
  const counts: Record<string, number> = {};
  for (const w of writes) {
    const key = w.outcome.acked ? 'ok' : String(w.outcome.status);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  t.ok(acked.length > 0, `writes: ${JSON.stringify(counts)}`);
  t.same(lost.length, 0, 'no acknowledged write lost or doubled');
  t.same(doubled.length, 0, 'no failed write applied twice');
  t.same(strays, [], 'nothing written that was not asked for');
  t.same(
    unexpected.map((w) => w.outcome.status),
    [],
    options.serverKilled
      ? 'every answer was an acknowledged write or 503 (or none: the server was killed)'
      : 'every answer was an acknowledged write or 503',
  );
  t.same(no503RetryAfter.length, 0, 'every 503 says when to retry');
  return counts;
}

/** Polls fn every 100 ms until it is true; resolves with the milliseconds it took (Infinity after limitMs). */
export async function until(fn: () => Promise<boolean>, limitMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if (await fn()) return performance.now() - started;
    await sleep(100);
  }
  return Infinity;
}

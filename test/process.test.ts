/**
 * The production process as an operator runs it: node server/main.ts on an on-disk PGlite directory.
 * First start migrates and loads the demo data; a restart reopens it; SIGTERM finishes the request in
 * flight, then closes the database and exits 0. (Needs the client build: npm test makes it first.)
 */

import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { childEnv, childLoader } from './helpers/child-env.ts';
import { eachLine } from './helpers/lines.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

interface Running {
  child: ChildProcessWithoutNullStreams;
  port: number;
  logs: string[];
  waitForLog(pattern: RegExp): Promise<void>;
  exited: Promise<number | null>;
}

function startServer(dataDir: string): Promise<Running> {
  const child = spawn(process.execPath, [...childLoader(), 'server/main.ts'], {
    cwd: root,
    env: childEnv({ NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', DATABASE_URL: '' }),
  });
  const logs: string[] = [];
  const waiters: Array<{ pattern: RegExp; resolve: () => void }> = [];
  eachLine(child.stdout, (line) => {
    logs.push(line);
    for (const w of [...waiters]) if (w.pattern.test(line)) waiters.splice(waiters.indexOf(w), 1), w.resolve();
  });
  child.stderr.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitForLog = (pattern: RegExp) =>
    logs.some((l) => pattern.test(l)) ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ pattern, resolve }));
  return waitForLog(/storefront listening/).then(() => {
    const line = logs.find((l) => /Server listening at http:\/\/127\.0\.0\.1:\d+/.test(l))!;
    const port = Number(/127\.0\.0\.1:(\d+)/.exec(line)![1]);
    return { child, port, logs, waitForLog, exited };
  });
}

t.test('first start loads the demo data, a restart reuses it, SIGTERM drains and exits 0', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tihoavto-process-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));

  const first = await startServer(dataDir);
  t.teardown(() => first.child.kill('SIGKILL'));
  t.ok(
    first.logs.some((l) => l.includes('demo catalogue loaded')),
    'demo data loaded on first start',
  );
  t.ok(
    first.logs.every((l) => !l.trim() || l.startsWith('{')),
    'logs are JSON lines',
  );
  const home = await fetch(`http://localhost:${first.port}/`);
  t.equal(home.status, 200);
  t.match(await home.text(), /Виброизоляция/);

  // A request in flight: headers sent, body not yet complete.
  const socket = connect(first.port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const body = JSON.stringify({ domain: 'tihoavto.ru' });
  socket.write(
    `POST /api/compare HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n` +
      body.slice(0, 5),
  );
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString()));
  const socketClosed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  // The server has the request (it logs it once routed) before the stop begins: otherwise a busy machine could
  // deliver SIGTERM first, and a request that arrives while closing is rightly refused with 503.
  await first.waitForLog(/"url":"\/api\/compare"/);

  first.child.kill('SIGTERM');
  await first.waitForLog(/shutting down/);
  await t.rejects(fetch(`http://localhost:${first.port}/healthz`), 'no new connections once shutting down');
  socket.write(body.slice(5));
  await socketClosed;
  // The spec's read-only call needs no token: the handler ran to the end while the server was stopping.
  t.match(answer, /^HTTP\/1\.1 200 /, 'the request in flight was answered');
  t.match(answer, /\{"totalItems":0\}$/, 'with its full answer');
  t.equal(await first.exited, 0, 'clean exit');
  t.ok(
    first.logs.some((l) => l.includes('"msg":"stopped"')),
    'database closed before exit',
  );

  const second = await startServer(dataDir);
  t.teardown(() => second.child.kill('SIGKILL'));
  t.notOk(
    second.logs.some((l) => l.includes('demo catalogue loaded')),
    'the existing catalogue is kept',
  );
  t.notOk(
    second.logs.some((l) => l.includes('migrations applied')),
    'no migration runs twice',
  );
  const res = await fetch(`http://localhost:${second.port}/readyz`);
  t.same(await res.json(), { status: 'ok', database: 'pglite' });
  second.child.kill('SIGTERM');
  t.equal(await second.exited, 0);
});

/**
 * The process logger: no credential in any line; a client that disconnects is info, not an error; a warning
 * when requests come through a proxy the app does not trust.
 */

import { once } from 'node:events';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { setTimeout } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import t, { type Test } from 'tap';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/platform/config.ts';
import { createLogger, isClientAbort, redactUrl, StorefrontLogController } from '../server/platform/logger.ts';
import { createTestDb } from './helpers/db.ts';

t.test('the site token never reaches the logs', async (t) => {
  t.equal(redactUrl('/api/shop/cart?token=abc&domain=x'), '/api/shop/cart?token=[redacted]&domain=x');
  t.equal(redactUrl('/api/site/city?search=a&TOKEN=abc'), '/api/site/city?search=a&TOKEN=[redacted]');
  t.equal(redactUrl('/about?tokenish=1'), '/about?tokenish=1');

  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const { db, drop } = await createTestDb();
  const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test' }), db, logger: createLogger('info', sink) });
  t.teardown(async () => {
    await app.fastify.close();
    await drop();
  });
  const res = await app.fastify.inject({
    url: '/api/shop/categories?token=s3cret-token-value&domain=tihoavto.ru',
    headers: { host: 'localhost' },
  });
  t.equal(res.statusCode, 403);
  const logged = lines.map((l) => JSON.parse(l));
  const incoming = logged.find((l) => l.msg === 'incoming request');
  t.equal(incoming.req.url, '/api/shop/categories?token=[redacted]&domain=tihoavto.ru');
  t.match(incoming.reqId, /^[0-9a-f-]{36}$/, 'lines carry the request id');
  t.notOk(
    lines.some((l) => l.includes('s3cret-token-value')),
    'the token is in no line',
  );
});

/** A logger whose lines are collected as parsed objects. */
function collectingLogger(level = 'info') {
  const lines: Array<Record<string, any>> = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: createLogger(level, sink) };
}

async function until(t: Test, what: string, test: () => boolean, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!test()) {
    if (Date.now() - start > timeoutMs) return void t.fail(`timed out waiting for ${what}`);
    await setTimeout(20);
  }
}

t.test('a client that disconnects mid-answer is logged at info, never as an error', async (t) => {
  const { lines, logger } = collectingLogger();
  const { db, drop } = await createTestDb();
  // Every query takes a while, so the client can leave while the page's loaders run; or every query fails.
  let delayMs = 0;
  let failing = false;
  let queried: (() => void) | undefined;
  const slowDb = {
    ...db,
    query: async (sql: string, params?: unknown[]) => {
      if (failing) throw new Error('database down');
      queried?.();
      if (delayMs) await setTimeout(delayMs);
      return db.query(sql, params);
    },
  } as typeof db;
  // No mail worker: its outbox checks would query too, and only the pages' queries may say a page is loading.
  const app = await buildApp({ config: loadConfig({ NODE_ENV: 'production', MAIL_WORKER: '0' }), db: slowDb, logger });
  t.teardown(async () => {
    await app.fastify.close();
    await drop();
  });
  await app.fastify.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.fastify.server.address() as AddressInfo;

  for (const path of ['/', '/vibroizolyaciya', '/search?q=vibro']) {
    const before = lines.length;
    delayMs = 300;
    const serverSide = once(app.fastify.server, 'connection') as Promise<[Socket]>;
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    await once(socket, 'connect');
    const [connection] = await serverSide;
    const seenClosed = new Promise((closed) => connection.once('close', closed)); // (once() would throw the reset)
    // The tab closes (a TCP reset) once the page is reading the database: before or after the renderer starts
    // listening for a disconnect, depending on which query came first — both must end as a client abort.
    const reading = new Promise<void>((resolve) => {
      queried = () => {
        queried = undefined;
        resolve();
      };
    });
    socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    await Promise.race([reading, setTimeout(30_000)]);
    t.equal(queried, undefined, `${path}: the page read the database`);
    socket.resetAndDestroy();
    // Once the server has seen the connection close, the page's other queries need not be slow: however many it
    // runs, it ends as a client abort (a loaded machine took longer than the wait over 300 ms each).
    await seenClosed;
    delayMs = 0;
    const aborted = () => lines.slice(before).find((l) => l.clientAborted === true);
    await until(t, `the aborted answer to ${path}`, () => aborted() !== undefined, 30_000);
    t.strictSame(
      lines
        .slice(before)
        .filter((l) => l.level >= 40)
        .map((l) => l.msg),
      [],
      `${path}: no warning or error line`,
    );
    t.equal(aborted()?.level, 30, `${path}: the client's leaving logged at info (${aborted()?.msg})`);
  }

  // A real failure while the client waits is still an error.
  delayMs = 0;
  failing = true;
  const before = lines.length;
  app.services.invalidateCaches();
  const res = await app.fastify.inject({ url: '/vibroizolyaciya', headers: { host: 'localhost' } });
  t.equal(res.statusCode, 500);
  const failed = lines.slice(before).find((l) => l.err?.message === 'database down');
  t.equal(failed?.level, 50, `a server fault is an error line (${failed?.msg})`);
  t.notOk(failed?.clientAborted);
});

t.test("Fastify's own lines: a connection reset or premature close is info, other errors keep their level", async (t) => {
  const { lines, logger } = collectingLogger();
  const controller = new StorefrontLogController();
  const request = { raw: { socket: { destroyed: true } }, log: logger } as unknown as FastifyRequest;
  const reply = { log: logger, elapsedTime: 1, statusCode: 200 } as unknown as FastifyReply;
  const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
  const premature = Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
  controller.requestCompleted(reset, request, reply);
  controller.streamError(reset, request, reply);
  controller.streamError(premature, request, reply);
  t.strictSame(
    lines.map((l) => [l.level, l.clientAborted]),
    [
      [30, true],
      [30, true],
      [30, true],
    ],
  );
  lines.length = 0;
  const connected = { raw: { socket: { destroyed: false } }, log: logger } as unknown as FastifyRequest;
  controller.requestCompleted(new Error('boom'), connected, reply);
  controller.streamError(new Error('bad stream'), connected, reply);
  t.strictSame(
    lines.map((l) => l.level),
    [50, 40],
    'an error and a warning as Fastify logs them',
  );

  t.ok(isClientAbort(new DOMException('This operation was aborted', 'AbortError'), request), 'an abort after the client left');
  t.notOk(isClientAbort(new DOMException('This operation was aborted', 'AbortError'), connected), 'an abort with the client still there');
  t.notOk(isClientAbort(new Error('database down'), request), 'any other error is not a client abort');
});

t.test('requests through a proxy the app does not trust: one warning', async (t) => {
  for (const [trustProxy, expected] of [
    ['', 1],
    ['true', 0],
  ] as const) {
    const { lines, logger } = collectingLogger();
    const { db, drop } = await createTestDb();
    const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', TRUST_PROXY: trustProxy }), db, logger });
    t.teardown(async () => {
      await app.fastify.close();
      await drop();
    });
    await app.fastify.inject({ url: '/healthz', headers: { host: 'localhost' } });
    for (let i = 0; i < 3; i++) {
      await app.fastify.inject({ url: '/healthz', headers: { host: 'localhost', 'x-forwarded-for': `203.0.113.${i}` } });
    }
    const warnings = lines.filter((l) => l.level === 40 && /TRUST_PROXY/.test(l.msg));
    t.equal(warnings.length, expected, `TRUST_PROXY=${JSON.stringify(trustProxy)}: ${expected} warning(s)`);
  }
});

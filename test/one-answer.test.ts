/**
 * One answer per request (issue 18): an action refused for a missing or wrong site token is answered once — the
 * client's 403 — and the log holds no "Reply was already sent" and no 500. Every route with an action, through the
 * hydrated page's POST /_data and the plain form post, with no token, a wrong one and the right one.
 */
import { Writable } from 'node:stream';
import t from 'tap';
import { buildApp } from '../server/app.ts';
import { SESSION_COOKIE } from '../server/http/request-context.ts';
import { loadServerRoutes } from '../server/pages/helpers/server-routes.ts';
import { loadConfig } from '../server/platform/config.ts';
import { createLogger } from '../server/platform/logger.ts';
import { newSessionId } from '../server/sessions/index.ts';
import { pageRoutes } from '../shared/routes.ts';
import { createTestDb } from './helpers/db.ts';

interface LogLine {
  level: number;
  msg?: string;
  res?: { statusCode?: number };
  err?: { message?: string };
}

const lines: LogLine[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

const { db, drop } = await createTestDb();
const config = loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'test-secret-test-secret-test-secret!' });
const { fastify, services } = await buildApp({ config, db, logger: createLogger('info', sink) });
t.teardown(async () => {
  await fastify.close();
  await drop();
});

/** A concrete address for each route that has an action (":id" → 1, ":success" → success …). */
const modules = await loadServerRoutes();
const actionPaths = pageRoutes
  .filter((r) => typeof modules.get(r.id)?.action === 'function')
  .map((r) => ({ id: r.id, path: '/' + ('path' in r ? r.path.replace(/:success/, 'success').replace(/:\w+/g, '1') : '') }));

t.ok(actionPaths.length >= 10, `${actionPaths.length} routes with an action`);

const sessionId = newSessionId();
const cookie = `${SESSION_COOKIE}=${fastify.signCookie(sessionId)}`;
const rightToken = services.sessions.tokenFor(sessionId);

for (const { id, path } of actionPaths) {
  t.test(`${id} (${path}): one answer with no token, a wrong token and the right one`, async (t) => {
    for (const [label, token] of [
      ['no token', null],
      ['a wrong token', 'x'.repeat(43)],
      ['the right token', rightToken],
    ] as const) {
      for (const js of [true, false]) {
        const before = lines.length;
        const body = new URLSearchParams({ ...(token ? { token } : {}) });
        const res = await fastify.inject({
          method: 'POST',
          url: js ? `/_data${path}?_action=${id}` : path,
          payload: body.toString(),
          headers: { host: 'localhost', cookie, 'content-type': 'application/x-www-form-urlencoded' },
        });
        // The answer and its log lines are complete once inject resolves; a second send would log on the same tick.
        await new Promise((resolve) => setImmediate(resolve));
        const logged = lines.slice(before);
        const what = `${js ? 'POST /_data' : 'form post'} with ${label}`;
        if (token !== rightToken) t.equal(res.statusCode, 403, `${what}: 403`);
        t.not(res.statusCode, 500, `${what}: not a 500`);
        t.notOk(
          logged.find((l) => /already sent/i.test(l.msg ?? '') || /already sent/i.test(l.err?.message ?? '')),
          `${what}: no "Reply was already sent"`,
        );
        t.notOk(
          logged.find((l) => l.res?.statusCode === 500 || l.level >= 50),
          `${what}: no 500 and no error logged`,
        );
      }
    }
  });
}

/**
 * The concurrency lane's tools (test/concurrency/README.md): several apps — pods — on one PostgreSQL test
 * database, each listening on 127.0.0.1 with its own connection pool; visitors whose cookie and token every
 * pod accepts; real HTTP requests; and hammer(), which starts n calls at once.
 */
import type { Test } from 'tap';
import { Agent, request } from 'undici';
import { type App, buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { type Db, openDb } from '../../server/db/index.ts';
import { SESSION_COOKIE } from '../../server/http/request-context.ts';
import { newSessionId } from '../../server/services/sessions.ts';
import { type CountingDb, createTestDb, usingPostgres } from '../helpers/db.ts';

/** The `skip` option of every test in the lane: races need a server that runs transactions side by side. */
export const postgresOnly = usingPostgres() ? false : 'PostgreSQL lane only (scripts/test-postgres.sh): PGlite runs one query at a time';

/** Starts fn(0) … fn(n − 1) together (none is awaited before the last has started) and resolves with every result, in order. */
export function hammer<T>(n: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: n }, (_, i) => fn(i)));
}

export interface Visitor {
  sessionId: string;
  cookie: string;
  token: string;
}

export interface Answer {
  status: number;
  body: any;
  headers?: Record<string, string | string[] | undefined>;
}

export interface Pod {
  url: string;
  app: App;
  db: Db;
}

export interface Pods {
  pods: Pod[];
  /** A connection of the test's own to the shared database, for assertions. */
  db: CountingDb;
  /** A new visitor (no session row until it has state); every pod accepts its cookie and token. */
  visitor(): Visitor;
  /** POST a JSON body to pod `i % pods.length` as the visitor, with its token; the answer's status and JSON. */
  post(i: number, v: Visitor, path: string, body?: Record<string, unknown>, headers?: Record<string, string>): Promise<Answer>;
  /**
   * Submits a form to a route's action on pod `i % pods.length` as the hydrated page's fetcher does (POST
   * /_data{path}?_action=<route id>, the visitor's token in the form): the HTTP status and headers, and the JSON
   * envelope (the action's own status is in `body.results[routeId].status`).
   */
  submit(i: number, v: Visitor, path: string, fields: Record<string, string>, headers?: Record<string, string>): Promise<Answer>;
}

/** An agent without a connection limit, so n parallel requests are n sockets, not a queue. */
const agent = new Agent({ connections: null, pipelining: 1 });

/**
 * `count` apps on one fresh seeded database (a copy of the lane's template), each with a pool of `poolSize`
 * connections, listening on 127.0.0.1:0; all closed and the database dropped at the end of the test.
 */
export async function startPods(t: Test, count: number, env: Record<string, string> = {}, poolSize = 10): Promise<Pods> {
  const { db, drop, url } = await createTestDb();
  const config = loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'concurrency-secret-concurrency-secret', ...env });
  const pods: Pod[] = [];
  t.teardown(async () => {
    for (const pod of pods) {
      await pod.app.fastify.close();
      await pod.db.close();
    }
    await drop();
  });
  for (let i = 0; i < count; i++) {
    const podDb = await openDb({ databaseUrl: url, poolSize });
    const app = await buildApp({ config, db: podDb });
    pods.push({ url: await app.fastify.listen({ host: '127.0.0.1', port: 0 }), app, db: podDb });
  }
  return {
    pods,
    db,
    visitor() {
      const sessionId = newSessionId();
      return {
        sessionId,
        cookie: `${SESSION_COOKIE}=${pods[0]!.app.fastify.signCookie(sessionId)}`,
        token: pods[0]!.app.services.sessions.tokenFor(sessionId),
      };
    },
    async post(i, v, path, body = {}, headers = {}) {
      const pod = pods[i % pods.length]!;
      const res = await request(pod.url + path, {
        method: 'POST',
        dispatcher: agent,
        headers: { host: 'localhost', cookie: v.cookie, 'x-csrf-token': v.token, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      const text = await res.body.text();
      return { status: res.statusCode, body: text ? JSON.parse(text) : null };
    },
    async submit(i, v, path, fields, headers = {}) {
      const pod = pods[i % pods.length]!;
      const action = path.split('/').filter(Boolean).pop() ?? 'home';
      const res = await request(`${pod.url}/_data${path}?_action=${encodeURIComponent(action)}`, {
        method: 'POST',
        dispatcher: agent,
        headers: { host: 'localhost', cookie: v.cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams({ ...fields, token: v.token }).toString(),
      });
      const text = await res.body.text();
      return { status: res.statusCode, headers: res.headers, body: text ? JSON.parse(text) : null };
    },
  };
}

/** How many answers had each status: { 200: 20, 409: 20 }. */
export function statuses(answers: Answer[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const a of answers) out[a.status] = (out[a.status] ?? 0) + 1;
  return out;
}

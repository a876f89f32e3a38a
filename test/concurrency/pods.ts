/**
 * The concurrency lane's tools (test/concurrency/README.md): several apps — pods — on one PostgreSQL test
 * database, each listening on 127.0.0.1 with its own connection pool; visitors whose cookie and token every
 * pod accepts; real HTTP requests; and hammer(), which starts n calls at once.
 */
import type { Test } from 'tap';
import { Agent, request } from 'undici';
import { type App, buildApp } from '../../server/app.ts';
import { type Db, openDb } from '../../server/db/index.ts';
import { SESSION_COOKIE } from '../../server/http/request-context.ts';
import { loadConfig } from '../../server/platform/config.ts';
import { newSessionId } from '../../server/sessions/sessions.ts';
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

/** An action's answer: the HTTP status and JSON, and the route's own result inside the data envelope when there is one. */
export interface ActionAnswer extends Answer {
  result?: { data?: any; status?: number };
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
   * Submits form fields to the action of `route` (a page path: '/cart', '/compare') on pod `i % pods.length` as the
   * hydrated page's fetcher does: POST /_data{route}?_action=<route id>, urlencoded, with the visitor's token.
   */
  submit(
    i: number,
    v: Visitor,
    route: string,
    fields: Record<string, string | number>,
    headers?: Record<string, string>,
  ): Promise<ActionAnswer>;
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
    async submit(i, v, route, fields, headers = {}) {
      const pod = pods[i % pods.length]!;
      const id = route.split('/').filter(Boolean).pop() ?? 'home';
      const body = new URLSearchParams(Object.entries(fields).map(([k, value]) => [k, String(value)]));
      body.set('token', v.token);
      const res = await request(`${pod.url}/_data${route}?_action=${id}`, {
        method: 'POST',
        dispatcher: agent,
        headers: { host: 'localhost', cookie: v.cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: body.toString(),
      });
      const text = await res.body.text();
      const json = text ? JSON.parse(text) : null;
      return { status: res.statusCode, headers: res.headers, body: json, result: json?.results?.[id] };
    },
  };
}

/**
 * How an action answer ended: 'ok' when the change was made (HTTP 200, status 200 in the envelope, `data.ok`
 * true); else the status the envelope gives the route's result (a refused change: 409 …); else the HTTP status.
 */
export function actionOutcome(a: ActionAnswer): 'ok' | number {
  if (a.status !== 200 || !a.result) return a.status;
  return a.result.status === 200 && a.result.data?.ok === true ? 'ok' : (a.result.status ?? a.status);
}

/** How many action answers ended each way: { ok: 20, 409: 10 }. */
export function outcomes(answers: ActionAnswer[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of answers) {
    const key = String(actionOutcome(a));
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

/** How many answers had each status: { 200: 20, 409: 20 }. */
export function statuses(answers: Answer[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const a of answers) out[a.status] = (out[a.status] ?? 0) + 1;
  return out;
}

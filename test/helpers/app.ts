/**
 * A real app on a real database for one tap test file, with helpers to act as a visitor.
 * Requests go through fastify.inject (real routing, hooks, parsers and serialisers; no socket).
 */

import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Test } from 'tap';
import { type App, buildApp } from '../../server/app.ts';
import { SESSION_COOKIE } from '../../server/http/request-context.ts';
import { type Config, loadConfig } from '../../server/platform/config.ts';
import { newSessionId } from '../../server/sessions/sessions.ts';
import { type CountingDb, createTestDb } from './db.ts';

export interface Visitor {
  sessionId: string;
  cookie: string;
  token: string;
}

export interface TestApp extends App {
  db: CountingDb;
  config: Config;
  /** A visitor with a session cookie and its site token (no session row until it has state). */
  visitor(): Visitor;
  /** fastify.inject with a Host (default localhost) and, when given, the visitor's cookie. */
  request(options: InjectOptions & { host?: string; as?: Visitor }): Promise<LightMyRequestResponse>;
  /**
   * Submits a form to a route's action as the browser would: `js` — as the hydrated page's fetcher does
   * (POST /_data{path}?_action=…, answered with a JSON envelope); otherwise a plain form post (POST {path}, answered
   * with a 303). The visitor's token is added unless `token` is given (null: none); `ip` is the visitor's address.
   */
  submit(options: {
    path: string;
    fields: Record<string, string | number>;
    as: Visitor;
    js: boolean;
    host?: string;
    token?: string | null;
    ip?: string;
    headers?: Record<string, string>;
  }): Promise<LightMyRequestResponse>;
}

export async function startTestApp(t: Test, env: Record<string, string> = {}): Promise<TestApp> {
  const { db, drop } = await createTestDb();
  const config = loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'test-secret-test-secret-test-secret!', ...env });
  const app = await buildApp({ config, db });
  t.teardown(async () => {
    await app.fastify.close();
    await drop();
  });
  return {
    ...app,
    db,
    config,
    visitor() {
      const sessionId = newSessionId();
      return {
        sessionId,
        cookie: `${SESSION_COOKIE}=${app.fastify.signCookie(sessionId)}`,
        token: app.services.sessions.tokenFor(sessionId),
      };
    },
    request({ host, as, headers, ...options }) {
      return app.fastify.inject({
        ...options,
        headers: { host: host ?? 'localhost', ...(as ? { cookie: as.cookie } : {}), ...headers },
      });
    },
    submit({ path, fields, as, js, host, token, ip, headers }) {
      const body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]));
      const given = token === undefined ? as.token : token;
      if (given !== null) body.set('token', given);
      const [pathname, search] = path.split('?');
      const query = new URLSearchParams(search);
      query.set('_action', pathname!.split('/').filter(Boolean).pop() ?? 'home');
      return app.fastify.inject({
        method: 'POST',
        url: js ? `/_data${pathname}?${query}` : path,
        payload: body.toString(),
        ...(ip ? { remoteAddress: ip } : {}),
        headers: { host: host ?? 'localhost', cookie: as.cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers },
      });
    },
  };
}

/** The cookies an answer sets, by name (value only). */
export function setCookies(res: LightMyRequestResponse): Record<string, string> {
  const raw = res.headers['set-cookie'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return Object.fromEntries(list.map((c) => c.split(';')[0]!.split(/=(.*)/s).slice(0, 2) as [string, string]));
}

/** Inserts a user and, optionally, signs the visitor's session in as that user. */
export async function createUser(app: TestApp, opts: { email?: string; name?: string; signIn?: Visitor } = {}): Promise<number> {
  const [user] = await app.db.query<{ id: number }>('INSERT INTO users (email, name) VALUES ($1, $2) RETURNING id', [
    opts.email ?? `u${Math.random().toString(36).slice(2)}@example.com`,
    opts.name ?? 'Покупатель',
  ]);
  if (opts.signIn) {
    await app.db.query('INSERT INTO sessions (id, user_id) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET user_id = $2', [
      opts.signIn.sessionId,
      user!.id,
    ]);
  }
  return user!.id;
}

/** Inserts an order for a session (and user), with one line. */
export async function createOrder(
  app: TestApp,
  opts: { sessionId?: string; userId?: number; site?: string; total?: number },
): Promise<number> {
  if (opts.sessionId) await app.db.query('INSERT INTO sessions (id) VALUES ($1) ON CONFLICT DO NOTHING', [opts.sessionId]);
  const [order] = await app.db.query<{ id: number }>(
    `INSERT INTO orders (session_id, user_id, site, currency, total) VALUES ($1, $2, $3, 'RUB', $4) RETURNING id`,
    [opts.sessionId ?? null, opts.userId ?? null, opts.site ?? 'ru', opts.total ?? 7910],
  );
  const [product] = await app.db.query<{ id: number }>(`SELECT id FROM products ORDER BY id LIMIT 1`);
  await app.db.query(
    `INSERT INTO order_items (order_id, product_id, title, price, quantity) VALUES ($1, $2, 'Вибро Стандарт 2.2', 380, 2)`,
    [order!.id, product!.id],
  );
  return order!.id;
}

/** The hydration data a page embeds (window.__staticRouterHydrationData = …). */
export function hydrationData(html: string): { loaderData: Record<string, any>; errors: Record<string, any> | null } {
  const m = /window\.__staticRouterHydrationData=(\{.*?\});<\/script>/s.exec(html);
  if (!m) throw new Error('no hydration data in the page');
  return JSON.parse(m[1]!);
}

/** An order page's address after the result word: the order's public number, "NNNN-NNNN" (never its database id). */
export const ORDER_NUMBER = /^\d{4}-\d{4}$/;

/** The public number of order `id`: what its pages are addressed by (/cart/success/{number}, /history/{number}). */
export async function orderNumber(app: TestApp, id: number): Promise<string> {
  const [row] = await app.db.query<{ number: string }>('SELECT number FROM orders WHERE id = $1', [id]);
  if (!row) throw new Error(`no order ${id}`);
  return row.number;
}

/**
 * The order a place-order redirect (or a result page's address) names: /[lang/]cart/{success|fail}/NNNN-NNNN, with
 * the order's database id for the services and SQL that key by it. Throws when the address names no order by number.
 */
export async function orderAt(app: TestApp, path: string | undefined | null): Promise<{ id: number; number: string }> {
  const number = /\/cart\/(?:success|fail)\/(\d{4}-\d{4})$/.exec(String(path ?? ''))?.[1];
  if (!number) throw new Error(`not an order's address: ${path}`);
  const [row] = await app.db.query<{ id: number }>('SELECT id FROM orders WHERE number = $1', [number]);
  if (!row) throw new Error(`no order numbered ${number}`);
  return { id: row.id, number };
}

/** A well-formed order number that no order has (an unknown order's address). */
export async function unusedOrderNumber(app: TestApp): Promise<string> {
  for (let i = 0; ; i++) {
    const number = `${String(1000 + ((i * 7919) % 9000)).padStart(4, '0')}-${String(9999 - i).padStart(4, '0')}`;
    if ((await app.db.query('SELECT 1 FROM orders WHERE number = $1', [number])).length === 0) return number;
  }
}

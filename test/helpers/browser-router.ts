/**
 * The browser's router (client/app-routes.tsx, client/data-strategy.ts) in a test, its `fetch` answered by the real
 * app through fastify.inject: what the hydrated page does, without a browser. `calls` lists the addresses it fetched,
 * `requests` the same with their methods ("POST /_data/cart?_action=cart").
 */
import { createMemoryRouter } from 'react-router-dom';
import type { Test } from 'tap';
import { appRoutes } from '../../client/app-routes.tsx';
import { clientAction, clientLoader, createDataStrategy } from '../../client/data-strategy.ts';
import type { TestApp, Visitor } from './app.ts';

export function browserRouter(t: Test, app: TestApp, opts: { initialEntry: string; basename?: string; as?: Visitor }) {
  const basename = opts.basename ?? '/';
  const calls: string[] = [];
  const requests: string[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (input: string | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push(url);
    requests.push(`${method} ${url}`);
    const res = await app.request({
      method: method as 'GET' | 'POST',
      url,
      as: opts.as,
      headers: init?.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
      payload: init?.body ? String(init.body) : undefined,
    });
    return new Response(res.body, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type']) } });
  }) as typeof fetch;
  t.teardown(() => {
    globalThis.fetch = realFetch;
  });
  const router = createMemoryRouter(
    appRoutes(() => ({ loader: clientLoader, action: clientAction })),
    { basename, initialEntries: [opts.initialEntry], dataStrategy: createDataStrategy(basename) },
  );
  t.teardown(() => router.dispose());
  return { router, calls, requests };
}

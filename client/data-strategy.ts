/**
 * Client navigations load route data from the server in ONE request for all the routes that need it:
 * GET /_data{path}?{search}&_routes=a,b → { redirect } | { results: { [routeId]: { data } | { error } } }.
 * The server runs the same loaders and guards as for a full page (server/render/renderer.tsx, `data`).
 */
import { data, redirect, type DataStrategyFunction, type DataStrategyResult } from 'react-router-dom';

export interface DataEnvelope {
  /** A full document path, basename included ("/en/auth?next=…"), as an HTTP Location would be. */
  redirect?: string;
  /** Set when the redirect leaves this document (another language, another site): a full page load. */
  reloadDocument?: boolean;
  results?: Record<string, { data: unknown } | { error: { status: number; statusText?: string; data: unknown } } | { error: { message: string } }>;
}

export const DATA_PREFIX = '/_data';

export function dataUrl(url: URL, routeIds: string[]): string {
  const params = new URLSearchParams(url.search);
  params.set('_routes', routeIds.join(','));
  return `${DATA_PREFIX}${url.pathname}?${params.toString()}`;
}

/**
 * The router path of a redirect target the server gave as a full document path ("/en/auth?next=…" under the
 * "/en" basename → "/auth?next=…"), or null when the target lies outside this router's basename.
 * The router prepends its basename to a redirect itself: passing the full path would give "/en/en/auth".
 */
export function routerPath(location: string, basename: string): string | null {
  if (!location.startsWith('/') || location.startsWith('//')) return null;
  if (basename === '/') return location;
  if (location === basename) return '/';
  const rest = location.slice(basename.length);
  if (!location.startsWith(basename) || !/^[/?#]/.test(rest)) return null;
  return rest.startsWith('/') ? rest : '/' + rest;
}

/** The data strategy of a browser router with this basename ('/' or '/en'). */
export function createDataStrategy(basename: string): DataStrategyFunction {
  return async ({ request, matches }) => {
    const toLoad = matches.filter((m) => m.shouldCallHandler()).map((m) => m.route.id);
    // Nothing to load (e.g. a gallery hash step, see client/gallery.ts galleryAware): no request at all.
    // Once shouldCallHandler() was asked, resolve() runs every handler, so this must return before them.
    if (toLoad.length === 0) return {};
    let envelope: Promise<DataEnvelope> | undefined;
    const load = () =>
      (envelope ??= fetch(dataUrl(new URL(request.url), toLoad), { signal: request.signal, headers: { accept: 'application/json' } }).then(
        async (res) => {
          if (!res.ok) throw new Response(await res.text(), { status: res.status });
          return (await res.json()) as DataEnvelope;
        },
      ));

    const results = await Promise.all(
      matches.map((m) =>
        m.resolve(async () => {
          const answer = await load();
          if (answer.redirect) {
            const inRouter = routerPath(answer.redirect, basename);
            if (answer.reloadDocument || inRouter === null) {
              window.location.assign(answer.redirect);
              return new Promise(() => {}); // the page is leaving
            }
            throw redirect(inRouter);
          }
          const result = answer.results?.[m.route.id];
          if (!result) return null;
          if ('data' in result) return result.data;
          if ('status' in result.error) throw data(result.error.data, { status: result.error.status, statusText: result.error.statusText });
          throw new Error(result.error.message);
        }),
      ),
    );
    // Only the routes that loaded report a result; the others keep the data they have.
    const loaded = new Set(toLoad);
    return Object.fromEntries(
      matches.flatMap((m, i) => (loaded.has(m.route.id) ? [[m.route.id, results[i]!] as const] : [])),
    ) as Record<string, DataStrategyResult>;
  };
}

/** Every route gets this loader in the browser; the data strategy above replaces how it runs. */
export const clientLoader = () => null;

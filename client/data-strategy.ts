/**
 * Client navigations load route data from the server in ONE request for all the routes that need it:
 * GET /_data{path}?{search}&_routes=a,b → { redirect } | { results: { [routeId]: { data } | { error } } }.
 * A submission (<Form>, fetcher) calls its route's action the same way:
 * POST /_data{path}?{search}&_action=<routeId>, the form's fields urlencoded → the same envelope.
 * The server runs the same loaders, actions and guards as for a full page (server/render/renderer.tsx).
 */
import { type DataStrategyFunction, type DataStrategyResult, data, redirect } from 'react-router-dom';
import { DATA_ACTION_PARAM, DATA_PREFIX, DATA_ROUTES_PARAM, type DataEnvelope } from '../shared/contracts.ts';
import { routerPath } from '../shared/safe-path.ts';
import { isChunkLoadError, reloadOnce } from './robustness/chunk-reload.ts';
import { PRELOADED_DATA_TTL_MS } from './robustness/constants.ts';
import { isNewerBuildLive } from './robustness/update-check.ts';

export { routerPath };

export function dataUrl(url: URL, routeIds: string[]): string {
  const params = new URLSearchParams(url.search);
  params.set(DATA_ROUTES_PARAM, routeIds.join(','));
  return `${DATA_PREFIX}${url.pathname}?${params.toString()}`;
}

function fetchEnvelope(url: URL, routeIds: string[], signal?: AbortSignal): Promise<DataEnvelope> {
  return fetch(dataUrl(url, routeIds), { signal, headers: { accept: 'application/json' } }).then(readEnvelope);
}

async function readEnvelope(res: Response): Promise<DataEnvelope> {
  if (!res.ok) throw new Response(await res.text(), { status: res.status });
  return (await res.json()) as DataEnvelope;
}

/** A submission to the route's action: the form's fields urlencoded (the site token among them). */
async function postAction(request: Request, routeId: string): Promise<DataEnvelope> {
  const url = new URL(request.url);
  const params = new URLSearchParams(url.search);
  params.set(DATA_ACTION_PARAM, routeId);
  const body = new URLSearchParams();
  for (const [key, value] of await request.formData()) if (typeof value === 'string') body.append(key, value);
  const res = await fetch(`${DATA_PREFIX}${url.pathname}?${params.toString()}`, {
    method: 'POST',
    body,
    signal: request.signal,
    headers: { accept: 'application/json', 'x-csrf-token': body.get('token') ?? '' },
  });
  return readEnvelope(res);
}

/** Told what a route's action answered when it succeeded: (route id, the action's data). */
export type ActionResultListener = (routeId: string, data: unknown) => void;

const actionListeners = new Set<ActionResultListener>();

/**
 * Listens to every successful action answer, whichever form sent it (the e-commerce data layer reads the cart's
 * changes here, client/third-party/ecommerce.ts). Returns the function that stops listening.
 */
export function onActionResult(listener: ActionResultListener): () => void {
  actionListeners.add(listener);
  return () => actionListeners.delete(listener);
}

function tellActionListeners(routeId: string, answer: DataEnvelope): void {
  const result = answer.results?.[routeId];
  if (!result || !('data' in result) || (result.status ?? 200) >= 400) return;
  for (const listener of actionListeners) {
    // A listener's failure never breaks the form that was sent.
    try {
      listener(routeId, result.data);
    } catch (error) {
      console.error(error);
    }
  }
}

/**
 * Loader data fetched ahead of a navigation (client/robustness/preload.ts), by document path + search. The
 * next navigation to that address takes it if it is younger than PRELOADED_DATA_TTL_MS and covers the routes
 * the navigation loads; an entry is used once.
 */
const preloaded = new Map<string, { routeIds: Set<string>; envelope: Promise<DataEnvelope>; expires: number }>();

/** Fetches the data of these routes for a document path ("/en/vibroizolyaciya?page=2") ahead of time. */
export function preloadData(path: string, routeIds: string[]): Promise<void> {
  const url = new URL(path, window.location.href);
  const key = url.pathname + url.search;
  const known = preloaded.get(key);
  const done = () => {};
  if (known && known.expires > Date.now() && routeIds.every((id) => known.routeIds.has(id))) return known.envelope.then(done, done);
  const entry = { routeIds: new Set(routeIds), envelope: fetchEnvelope(url, routeIds), expires: Date.now() + PRELOADED_DATA_TTL_MS };
  preloaded.set(key, entry);
  return entry.envelope.then(done, () => {
    if (preloaded.get(key) === entry) preloaded.delete(key);
  });
}

/** Forgets every preloaded answer (something the visitor did may have changed what they would show). */
export function dropPreloadedData(): void {
  preloaded.clear();
}

function takePreloaded(url: URL, routeIds: string[]): Promise<DataEnvelope> | undefined {
  const key = url.pathname + url.search;
  const entry = preloaded.get(key);
  if (!entry) return undefined;
  preloaded.delete(key);
  if (entry.expires <= Date.now() || !routeIds.every((id) => entry.routeIds.has(id))) return undefined;
  return entry.envelope;
}

/** A promise that never settles: the document is being replaced, the router must not render anything. */
const leaving = () => new Promise<never>(() => {});

export interface DataStrategyOptions {
  /**
   * The document address (basename and hash included) of the navigation under way, or null when this
   * call is not a navigation (a revalidation, a submission's reload). Client/robustness uses it to turn
   * navigations into full page loads.
   */
  pendingNavigation?: () => string | null;
}

/** The data strategy of a browser router with this basename ('/' or '/en'). */
export function createDataStrategy(basename: string, options: DataStrategyOptions = {}): DataStrategyFunction {
  return async ({ request, matches, fetcherKey }) => {
    const url = new URL(request.url);
    const navigation = fetcherKey === null && request.method === 'GET' ? (options.pendingNavigation?.() ?? null) : null;
    // A newer build is live (spec §9): the new page comes with the new build's code, in a full load.
    if (navigation !== null && isNewerBuildLive()) {
      window.location.assign(navigation);
      return leaving();
    }

    const toLoad = matches.filter((m) => m.shouldCallHandler()).map((m) => m.route.id);
    // Nothing to load (e.g. a gallery hash step, see client/gallery.ts galleryAware): no request at all.
    // Once shouldCallHandler() was asked, resolve() runs every handler, so this must return before them.
    if (toLoad.length === 0) return {};
    let envelope: Promise<DataEnvelope> | undefined;
    const submission = request.method !== 'GET';
    const load = () =>
      (envelope ??= submission
        ? postAction(request, toLoad[0]!).then((answer) => {
            tellActionListeners(toLoad[0]!, answer);
            return answer;
          })
        : (takePreloaded(url, toLoad)?.catch(() => fetchEnvelope(url, toLoad, request.signal)) ??
          fetchEnvelope(url, toLoad, request.signal)));

    const results = await Promise.all(
      matches.map((m) =>
        m.resolve(async () => {
          const answer = await load();
          if (answer.redirect) {
            const inRouter = routerPath(answer.redirect, basename);
            if (answer.reloadDocument || inRouter === null) {
              window.location.assign(answer.redirect);
              return leaving();
            }
            throw redirect(inRouter);
          }
          const result = answer.results?.[m.route.id];
          if (!result) return null;
          if ('data' in result) return result.status && result.status >= 400 ? data(result.data, { status: result.status }) : result.data;
          if ('status' in result.error) throw data(result.error.data, { status: result.error.status, statusText: result.error.statusText });
          throw new Error(result.error.message);
        }),
      ),
    );
    // A page's code chunk did not load (spec §8): reload the page at the address it was going to, once per
    // path within the guard time; after that the error reaches the route's error boundary.
    const chunkFailed = results.some((r) => r.type === 'error' && isChunkLoadError(r.result));
    if (chunkFailed && fetcherKey === null && reloadOnce(navigation ?? url.pathname + url.search)) return leaving();
    // Only the routes that loaded report a result; the others keep the data they have.
    const loaded = new Set(toLoad);
    return Object.fromEntries(matches.flatMap((m, i) => (loaded.has(m.route.id) ? [[m.route.id, results[i]!] as const] : []))) as Record<
      string,
      DataStrategyResult
    >;
  };
}

/** Every route gets this loader and action in the browser; the data strategy above replaces how they run. */
export const clientLoader = () => null;
export const clientAction = () => null;

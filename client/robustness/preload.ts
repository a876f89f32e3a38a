/**
 * Route preloading for every in-app link, through listeners on the document (no component has to opt in):
 *   - a link that enters the viewport: its page's code chunk. Watching starts once the page has loaded and the
 *     browser is idle: a guess at the next page must not add long tasks to this one's start (hydration, first input);
 *   - a link the pointer rests on or the focus stays on (PRELOAD_INTENT_DELAY_MS): its chunk and its loader
 *     data, which the next navigation to that address takes instead of fetching (client/data-strategy.ts).
 * At most MAX_CONCURRENT_PRELOADS run at once (spec §9); intent goes before viewport in the queue. Nothing is
 * preloaded with save-data on, for the current page, or for links that leave this router (another language,
 * another site, files).
 */

import type { DataRouter } from 'react-router-dom';
import { type DataRouteMatch, matchRoutes } from 'react-router-dom';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../shared/sites.ts';
import { dropPreloadedData, preloadData, routerPath } from '../data-strategy.ts';
import { MAX_CONCURRENT_PRELOADS, PRELOAD_INTENT_DELAY_MS } from './constants.ts';
import { isSaveDataOn } from './network.ts';

type Task = () => Promise<unknown>;

/** A queue running at most `limit` tasks at once; `urgent` tasks go first. */
export function createPreloadQueue(limit: number) {
  const waiting: Task[] = [];
  let running = 0;
  const next = () => {
    while (running < limit && waiting.length > 0) {
      const task = waiting.shift()!;
      running++;
      void task()
        .catch(() => {})
        .finally(() => {
          running--;
          next();
        });
    }
  };
  return (task: Task, urgent: boolean) => {
    if (urgent) waiting.unshift(task);
    else waiting.push(task);
    next();
  };
}

/** The longest the viewport preloading waits for an idle moment after the page's load event. */
const IDLE_TIMEOUT_MS = 3000;

/** Calls `then` once the page has loaded and then the browser has an idle moment (or IDLE_TIMEOUT_MS has passed). */
function afterPageSettles(then: () => void): void {
  const idle = () =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(then, { timeout: IDLE_TIMEOUT_MS }) : setTimeout(then, 0);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

const OTHER_LANGUAGE_PREFIX = new RegExp(`^/(${LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE).join('|')})(/|$)`);

export function startPreloading(router: DataRouter): void {
  if (isSaveDataOn()) return;
  const basename = router.basename ?? '/';
  const enqueue = createPreloadQueue(MAX_CONCURRENT_PRELOADS);
  const chunksAsked = new Set<string>();

  /** The router matches of an in-app link's address, or null when the link leaves this router. */
  const target = (anchor: Element): { path: string; matches: DataRouteMatch[] } | null => {
    if (!(anchor instanceof HTMLAnchorElement)) return null; // an SVG <a> is no router link
    if (anchor.target && anchor.target !== '_self') return null;
    if (anchor.hasAttribute('download')) return null;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin) return null;
    if (/\.\w+$/.test(url.pathname) || url.pathname.startsWith('/api/')) return null; // files, the API
    if (routerPath(url.pathname, basename) === null || (basename === '/' && OTHER_LANGUAGE_PREFIX.test(url.pathname))) return null;
    const path = url.pathname + url.search;
    const current = router.state.location;
    if (path === current.pathname + current.search) return null; // the page we are on
    const matches = matchRoutes(router.routes, path, basename) as DataRouteMatch[] | null;
    return matches ? { path, matches } : null;
  };

  const preloadChunks = (matches: DataRouteMatch[]): Promise<unknown>[] =>
    matches.flatMap(({ route }) => {
      if (typeof route.lazy !== 'function' || chunksAsked.has(route.id)) return [];
      chunksAsked.add(route.id);
      // The same import the router runs later; a failure is forgotten so the navigation itself decides.
      return [(route.lazy as () => Promise<unknown>)().catch(() => chunksAsked.delete(route.id))];
    });

  /** The routes a navigation there would load: the ones not already showing the same address part. */
  const routesToLoad = (matches: DataRouteMatch[], search: string): string[] => {
    const shown = new Map(router.state.matches.map((m) => [m.route.id, m.pathname]));
    const searchChanged = search !== router.state.location.search;
    return matches
      .filter((m) => shown.get(m.route.id) !== m.pathname || (searchChanged && !m.route.shouldRevalidate))
      .map((m) => m.route.id);
  };

  const preloadLink = (anchor: Element, withData: boolean) => {
    const found = target(anchor);
    if (!found) return;
    enqueue(() => {
      const work = preloadChunks(found.matches);
      if (withData) {
        const ids = routesToLoad(found.matches, new URL(found.path, window.location.href).search);
        if (ids.length > 0) work.push(preloadData(found.path, ids));
      }
      return Promise.all(work);
    }, withData);
  };

  // Intent: the pointer rests on a link, or the focus stays on it. Pointer intent needs the pointer to move: a
  // page that renders or scrolls a link under a pointer standing still (after a click, say) is no intent.
  let intent: { anchor: Element; timer: ReturnType<typeof setTimeout> } | null = null;
  let pointed: Element | null = null;
  const cancelIntent = () => {
    if (intent) clearTimeout(intent.timer);
    intent = null;
  };
  const intendTo = (anchor: Element | null) => {
    cancelIntent();
    if (!anchor) return;
    const timer = setTimeout(() => {
      intent = null;
      preloadLink(anchor, true);
    }, PRELOAD_INTENT_DELAY_MS);
    intent = { anchor, timer };
  };
  const linkOf = (event: Event) => (event.target as Element | null)?.closest?.('a[href]') ?? null;
  let at = { x: NaN, y: NaN };
  document.addEventListener('mousemove', (event) => {
    if (event.clientX === at.x && event.clientY === at.y) return; // the page moved under the pointer, not the pointer
    at = { x: event.clientX, y: event.clientY };
    const anchor = linkOf(event);
    if (anchor === pointed) return;
    pointed = anchor;
    intendTo(anchor);
  });
  document.addEventListener('focusin', (event) => {
    const anchor = linkOf(event);
    if (anchor) intendTo(anchor);
  });
  document.addEventListener('focusout', (event) => {
    if (intent && intent.anchor === linkOf(event)) cancelIntent();
  });
  // A click follows the link (its navigation loads what it needs) or does something else — add to the cart,
  // say — after which preloaded pages may be out of date.
  document.addEventListener(
    'click',
    (event) => {
      cancelIntent();
      if (!(event.target as Element | null)?.closest?.('a[href]')) dropPreloadedData();
    },
    true,
  );
  document.addEventListener('submit', dropPreloadedData, true);

  // Viewport: each link's chunk once it shows; links added later (a new page, a menu) are picked up too.
  if (typeof IntersectionObserver !== 'function') return;
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      const found = target(entry.target);
      if (found?.matches.some(({ route }) => typeof route.lazy === 'function' && !chunksAsked.has(route.id))) {
        enqueue(() => Promise.all(preloadChunks(found.matches)), false);
      }
    }
  });
  const seen = new WeakSet<Element>();
  let scanQueued = false;
  const scan = () => {
    scanQueued = false;
    for (const anchor of document.querySelectorAll('a[href]')) {
      if (seen.has(anchor)) continue;
      seen.add(anchor);
      observer.observe(anchor);
    }
  };
  afterPageSettles(() => {
    scan();
    new MutationObserver(() => {
      if (scanQueued) return;
      scanQueued = true;
      queueMicrotask(scan);
    }).observe(document.body, { childList: true, subtree: true });
  });
}

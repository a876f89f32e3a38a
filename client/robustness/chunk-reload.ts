/**
 * Spec §8: when a code chunk fails to load (a deploy removed the old files, the network dropped), the page
 * reloads — at most once per path within RELOAD_GUARD_MS, so a chunk that keeps failing ends at the error
 * boundary instead of a reload loop.
 */
import { RELOAD_GUARD_MS, RELOAD_RECORD_KEY } from './constants.ts';

/** Errors Vite reported through its `vite:preloadError` event (a failed import or stylesheet of a chunk). */
const reportedByVite = new WeakSet<object>();

/** Listens for Vite's preload errors. Vite throws the error on after the event: the router still sees it. */
export function watchChunkErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    if (payload && typeof payload === 'object') reportedByVite.add(payload);
  });
}

/** What a page needs besides its code chunk failed to load (its strings: client/strings.ts). */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** A failed dynamic import (each browser words it differently) or a chunk's stylesheet that did not load. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (reportedByVite.has(error) || error instanceof ChunkLoadError) return true;
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message);
}

/**
 * Loads `href` (a document path) afresh unless this path was reloaded for the same reason less than
 * RELOAD_GUARD_MS ago. Returns whether the page is leaving. Without sessionStorage it never reloads:
 * no record, no loop protection.
 */
export function reloadOnce(href: string): boolean {
  const target = new URL(href, window.location.href);
  const path = target.pathname + target.search;
  const now = Date.now();
  try {
    const last = JSON.parse(window.sessionStorage.getItem(RELOAD_RECORD_KEY) ?? 'null') as { path?: unknown; at?: unknown } | null;
    if (last && last.path === path && typeof last.at === 'number' && now - last.at >= 0 && now - last.at < RELOAD_GUARD_MS) return false;
    window.sessionStorage.setItem(RELOAD_RECORD_KEY, JSON.stringify({ path, at: now }));
  } catch {
    return false;
  }
  const here = window.location.pathname + window.location.search;
  if (path === here) window.location.reload();
  else window.location.assign(target.href);
  return true;
}

/** The numbers of the client's robustness behaviours (spec §8, §9), in one place. */

/** The first check for a newer build runs this long after hydration… */
export const FIRST_UPDATE_CHECK_DELAY_MS = 1000;
/** …then once an hour (also the first delay on a very slow connection or with save-data on). */
export const UPDATE_CHECK_INTERVAL_MS = 3_600_000;
/** A page reloaded because a code chunk failed is not reloaded again for the same path within this time. */
export const RELOAD_GUARD_MS = 10_000;
/** sessionStorage key of the last such reload: `{ path, at }`. */
export const RELOAD_RECORD_KEY = 'tihoavto:chunk-reload';
/** Route preloads (chunk and data) running at once; the rest wait in a queue. */
export const MAX_CONCURRENT_PRELOADS = 4;
/** A pointer resting on (or focus staying on) a link this long counts as intent: its data is preloaded. */
export const PRELOAD_INTENT_DELAY_MS = 100;
/** Preloaded loader data is used by a navigation that starts within this time, at most once. */
export const PRELOADED_DATA_TTL_MS = 10_000;

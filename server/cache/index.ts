/** The public face of server/cache/: what the rest of the server imports from it. */

export { assemble, PageCache, type PageValues, type StoredPage } from './page-cache.ts';
export { cacheCounts, TtlCache } from './ttl-cache.ts';

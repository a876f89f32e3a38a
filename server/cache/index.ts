/** The public face of server/cache/: what the rest of the server imports from it. */
export { cacheCounts, TtlCache } from './ttl-cache.ts';

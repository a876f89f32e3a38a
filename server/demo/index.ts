/** The public face of server/demo/: what the rest of the server imports from it. */
export { seedContentIfEmpty } from './demo-content.ts';
export { seedIfEmpty } from './seed.ts';

/** The public face of server/demo/: what the rest of the server imports from it. */
export { seedContentIfEmpty } from './demo-content.ts';
export { DEMO_OWNER, DEMO_SHOPPER, seedDemoOwner, seedDemoShopper, seedIfEmpty } from './seed.ts';

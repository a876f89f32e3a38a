/** The public face of server/sites/: what the rest of the server imports from it. */
export { type RequestOrigin, SiteAddresses } from './site-address.ts';

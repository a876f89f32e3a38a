/** The public face of server/feeds/: what the rest of the server imports from it. */
export { CONTENT_SOURCE, contentNewsSource, contentPath } from './content-source.ts';
export { FeedService } from './service.ts';

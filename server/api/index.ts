/**
 * The /api scope: one encapsulated route plugin per domain (site, shop, compare), each declaring
 * the zod schemas of its bodies, queries and params once — the type provider validates them before the handler
 * runs (a 400 naming the field, server/http/errors.ts) and /api/openapi.json documents them.
 * The site token is checked first (403), before any input is looked at: every call that is not GET needs it
 * except the spec's two read-only POST calls, and so do the GET calls the spec lists with `token`.
 */
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../http/errors.ts';
import { checkSiteToken } from './common.ts';
import { compareRoutes } from './compare.ts';
import { openApiPlugin } from './openapi.ts';
import { paymentRoutes } from './payments.ts';
import { shopRoutes } from './shop.ts';
import { siteRoutes } from './site.ts';

export interface ApiPluginOptions {
  /** Serve the docs page (/api/docs): development only. */
  docsPage: boolean;
}

export const apiPlugin: FastifyPluginAsync<ApiPluginOptions> = async (api, options) => {
  // The API takes JSON (and urlencoded forms for sign-in/out and the no-JavaScript buttons); Fastify's default
  // text/plain parser would hand the handlers a bare string. Without it a text/plain body is a 415.
  api.removeContentTypeParser('text/plain');
  // preValidation: after the body is parsed (a token may travel in it), before the schemas are checked.
  api.addHook('preValidation', checkSiteToken(api.services));

  await api.register(openApiPlugin, { docsPage: options.docsPage });
  await api.register(siteRoutes);
  await api.register(shopRoutes);
  await api.register(compareRoutes);
  await api.register(paymentRoutes);

  // Any other /api/ address is a JSON 404, not the storefront's HTML "page not found" (GET /* would take it).
  api.get('/api/*', { schema: { hide: true } }, async (request) => {
    throw notFound(`No route for ${request.method} ${request.url.split('?')[0]}`);
  });
};

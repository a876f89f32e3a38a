/**
 * Page rendering as an encapsulated plugin around server/render/renderer.tsx: GET /_data/* (the loader data of
 * a client navigation, JSON), POST /_data/* (a route's action from the hydrated page), POST /* (a form posted
 * without JavaScript: the route's action, then a 303 — docs/decisions/021) and every other GET (the streamed page),
 * each answer stating its language.
 * Registered inside the storefront scope, after the request context and i18n plugins it relies on.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { PageAssets } from '../render/assets.ts';
import { createRenderer } from '../render/renderer.tsx';
import { loadServerRoutes } from '../render/server-routes.ts';

export interface PagesPluginOptions {
  assets: PageAssets;
  renderTimeoutMs: number;
  /** Hide internal error messages from pages and answers. */
  production: boolean;
  /** Vite serves the client (CSP admits its WebSocket). */
  dev: boolean;
}

export const pagesPlugin: FastifyPluginAsync<PagesPluginOptions> = async (app, options) => {
  const renderer = createRenderer({ services: app.services, serverRoutes: await loadServerRoutes(), ...options });
  // Pages and their data are in the request's language (API answers are language-neutral JSON: none there).
  app.addHook('onRequest', async (request, reply) => {
    reply.header('content-language', request.siteLanguage);
  });
  app.get('/_data/*', (request, reply) => renderer.data(request, reply));
  app.post('/_data/*', (request, reply) => renderer.action(request, reply));
  app.post('/*', async (request, reply) => {
    await renderer.formPost(request, reply);
    return reply;
  });
  // Returning the reply tells Fastify the answer is (being) sent: the page streams after the handler returns.
  app.get('/*', async (request, reply) => {
    await renderer.page(request, reply);
    return reply;
  });
};

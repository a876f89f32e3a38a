/**
 * Shop reads of the spec (§7): the category menu and the visitor's cart, in both shapes the spec names
 * (GET /api/shop/cart → data.cart; POST /api/cart {domain} → the bare list, no token needed: it only reads).
 */

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_LANGUAGE } from '../../shared/sites.ts';
import { cartAnswer, domain, FORM_OR_JSON, jsonBody, siteFor, siteToken, tokenQuery } from './common.ts';

export const shopRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const tags = ['shop'];

  app.get(
    '/api/shop/categories',
    { config: { token: 'required' }, schema: { tags, summary: 'The category menu: data.categories', querystring: tokenQuery } },
    // The same per-site cache as the page shell: no database round trip. The spec's shape: Russian titles, no `lang`.
    async (request) => {
      const shell = await services.publicShell(siteFor(services, request, request.query.domain, 'query'), DEFAULT_LANGUAGE);
      return { data: { categories: shell.categories.map(({ lang: _, ...category }) => category) } };
    },
  );

  app.get(
    '/api/shop/cart',
    {
      config: { token: 'required' },
      schema: {
        tags,
        summary: "The visitor's cart: data.cart, total (Σ actual_price × quantity), currency, count",
        querystring: tokenQuery,
      },
    },
    async (request) => cartAnswer(services, request, siteFor(services, request, request.query.domain, 'query')),
  );

  // Spec: POST /api/cart {domain} answers the list of cart entries itself. A read: the token is checked only
  // when one is sent (the spec's call sends none).
  app.post(
    '/api/cart',
    {
      config: { token: 'optional' },
      schema: {
        tags,
        summary: "The visitor's cart entries, as a bare list (spec §7)",
        consumes: FORM_OR_JSON,
        body: jsonBody(z.object({ domain, token: siteToken.optional() })),
      },
    },
    async (request) => {
      const site = siteFor(services, request, request.body.domain, 'body');
      return services.cart.entries(request.sessionId, site.id, site.priceList);
    },
  );
};

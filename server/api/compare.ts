/**
 * The compare list: the spec's counter call (§7 POST /api/compare {domain} → { totalItems }, a read: no token
 * needed). Changes to the list are the /compare route's action (server/pages/compare.ts, decision 021).
 */

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { domain, FORM_OR_JSON, jsonBody, siteFor, siteToken } from './common.ts';

export const compareRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const tags = ['compare'];

  app.post(
    '/api/compare',
    {
      config: { token: 'optional' },
      schema: {
        tags,
        summary: 'The number of products in the compare list: { totalItems } (spec §7)',
        consumes: FORM_OR_JSON,
        body: jsonBody(z.object({ domain, token: siteToken.optional() })),
      },
    },
    async (request) => {
      siteFor(services, request, request.body.domain, 'body');
      return { totalItems: await services.compare.count(request.sessionId) };
    },
  );
};

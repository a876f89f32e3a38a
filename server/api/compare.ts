/**
 * The compare list: the spec's counter call (§7 POST /api/compare {domain} → { totalItems }, a read: no token
 * needed) and, in their own section below, the changes the page's buttons make today.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { safeLocalPath } from '../../shared/safe-path.ts';
import { conflict, notFound } from '../http/errors.ts';
import { MAX_COMPARE_ITEMS } from '../services/compare.ts';
import { domain, FORM_OR_JSON, isFormPost, jsonBody, localTarget, nextPath, productId, siteFor, siteToken } from './common.ts';

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

  // ── Compare list changes ── TO BE REPLACED by React Router actions (issue 8, point 3): delete from here to
  // the end of the plugin then. Add or remove one product, or clear the list; answers the new totalItems, a
  // form post goes back to `next`. The site token is required (CSRF).
  const compareChangeBody = z.object({
    productId,
    mode: z.enum(['add', 'remove']).default('add'),
    token: siteToken.optional(),
    next: nextPath,
  });
  const compareAnswer = async (request: FastifyRequest, reply: FastifyReply, next: string | undefined) => {
    if (isFormPost(request)) return reply.redirect(safeLocalPath(next) ?? localTarget(request, '/compare'), 303);
    return { data: { totalItems: await services.compare.count(request.sessionId) } };
  };

  app.post(
    '/api/compare/items',
    { schema: { tags, summary: 'Add a product to the compare list, or remove it', consumes: FORM_OR_JSON, body: jsonBody(compareChangeBody) } },
    async (request, reply) => {
      const { body } = request;
      if (body.mode === 'remove') {
        await services.compare.remove(request.sessionId, body.productId);
      } else {
        const refused = await services.compare.add(request.sessionId, body.productId);
        if (refused === 'not_found') throw notFound(`Product ${body.productId} does not exist`);
        if (refused === 'full') throw conflict('compare_full', `The compare list holds at most ${MAX_COMPARE_ITEMS} products`);
      }
      return compareAnswer(request, reply, body.next);
    },
  );

  app.post(
    '/api/compare/clear',
    {
      schema: {
        tags,
        summary: 'Empty the compare list',
        consumes: FORM_OR_JSON,
        body: jsonBody(z.object({ token: siteToken.optional(), next: nextPath })),
      },
    },
    async (request, reply) => {
      await services.compare.clear(request.sessionId);
      return compareAnswer(request, reply, request.body.next);
    },
  );
  // ── end of the compare list changes ──
};

/**
 * Cart changes (not in the spec, which leaves checkout calls unshown): add a product, set or remove a line,
 * add a whole kit. JSON for the page's scripts; a form post (the page without JavaScript) is sent back to
 * `next` or the cart. Prices always come from the database. The site token is required (CSRF).
 *
 * ── TO BE REPLACED by React Router actions (issue 8, point 3): this whole file goes then. ──
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_QUANTITY } from '../../shared/cart.ts';
import { safeLocalPath } from '../../shared/safe-path.ts';
import { conflict, notFound } from '../http/errors.ts';
import { cartAnswer, domain, FORM_OR_JSON, isFormPost, jsonBody, localTarget, nextPath, productId, siteFor, siteToken, tokenQuery } from './common.ts';

const cartChangeBody = z
  .object({
    productId,
    quantity: z.coerce.number({ error: 'must be a whole number' }).int().min(0).max(MAX_QUANTITY).default(1),
    mode: z.enum(['add', 'set']).default('add').describe('add: sums (capped at the maximum); set: replaces (0 removes the line)'),
    domain,
    token: siteToken.optional(),
    next: nextPath,
  })
  .refine((b) => b.mode === 'set' || b.quantity > 0, { message: 'must be at least 1 when adding', path: ['quantity'] });

// The whole kit in one call: every line added in one statement, or nothing when the site does not sell all
// of them (409 kit_not_sold).
const cartKitBody = z.object({
  slug: z.string({ error: 'must be a kit slug' }).regex(/^[a-z0-9][a-z0-9-]{0,119}$/, 'must be a kit slug'),
  domain,
  token: siteToken.optional(),
  next: nextPath,
});

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const tags = ['cart'];

  app.post(
    '/api/cart/items',
    { schema: { tags, summary: 'Add a product to the cart, or set its quantity', consumes: FORM_OR_JSON, body: jsonBody(cartChangeBody) } },
    async (request, reply) => {
      const { body } = request;
      const site = siteFor(services, request, body.domain, 'body');
      const refused = await services.cart.change(request.sessionId, site, body.productId, body.quantity, body.mode);
      if (refused) throw notFound(`Product ${body.productId} is not sold on this site`);
      if (isFormPost(request)) return reply.redirect(safeLocalPath(body.next) ?? localTarget(request, '/cart'), 303);
      return cartAnswer(services, request, site);
    },
  );

  app.post(
    '/api/cart/kit',
    { schema: { tags, summary: "Add every line of a ready kit to the cart (409 when the site does not sell all)", consumes: FORM_OR_JSON, body: jsonBody(cartKitBody) } },
    async (request, reply) => {
      const { body } = request;
      const site = siteFor(services, request, body.domain, 'body');
      const kit = await services.kits.find(body.slug, site);
      if (!kit) throw notFound(`Kit "${body.slug}" does not exist`);
      const refused = kit.purchasable ? await services.cart.addKit(request.sessionId, site, kit.id) : 'not_sold';
      if (refused) throw conflict('kit_not_sold', `Kit "${body.slug}" is not sold on this site: it holds products this site does not sell`);
      if (isFormPost(request)) return reply.redirect(safeLocalPath(body.next) ?? localTarget(request, '/cart'), 303);
      return cartAnswer(services, request, site);
    },
  );

  app.delete(
    '/api/cart/items/:productId',
    { schema: { tags, summary: 'Remove a line from the cart', params: z.object({ productId }), querystring: tokenQuery } },
    async (request) => {
      const site = siteFor(services, request, request.query.domain, 'query');
      await services.cart.remove(request.sessionId, site.id, request.params.productId);
      return cartAnswer(services, request, site);
    },
  );
};

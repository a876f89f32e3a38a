/**
 * The OpenAPI description of the API, generated from the routes' own zod schemas (@fastify/swagger with the
 * type provider's transform): GET /api/openapi.json. In development also a docs page at /api/docs
 * (@fastify/swagger-ui, a development dependency: imported only then, never required in production).
 * Registered (with fastify-plugin) in the /api scope before its routes, so it sees every one of them.
 */

import fastifySwagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { tokenRule } from './common.ts';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

export const openApiPlugin = fp<{ docsPage: boolean }>(
  async (api, { docsPage }) => {
    await api.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'ТихоАвто storefront API',
          version: '1',
          description:
            'The calls of the storefront (spec §7) and the shop calls beyond it. Errors: `{ statusCode, error, message, issues? }`, ' +
            'where `issues[].field` names the bad input ("body.search"). The site token comes from the page data or the readable ' +
            '`_token` cookie; it travels as `token` (query or body) or the X-CSRF-Token header.',
        },
        components: { securitySchemes: { siteToken: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' } } },
      },
      // The zod schemas become JSON Schema; the route's token rule becomes its security requirement.
      transform: (document) => {
        const out = jsonSchemaTransform(document);
        const rule = tokenRule(String(document.route.method), document.route.config as { token?: never } | undefined);
        if (rule !== 'none') Object.assign(out.schema, { security: rule === 'required' ? [{ siteToken: [] }] : [{}, { siteToken: [] }] });
        return out;
      },
    });
    if (docsPage) {
      const { default: swaggerUi } = await import('@fastify/swagger-ui');
      // staticCSP: the UI's own policy replaces the API's "default-src 'none'" on its pages.
      await api.register(swaggerUi, { routePrefix: DOCS_PATH, staticCSP: true });
    }
    api.get(OPENAPI_PATH, { schema: { hide: true } }, async () => api.swagger());
  },
  { name: 'tihoavto-openapi', fastify: '5.x' },
);

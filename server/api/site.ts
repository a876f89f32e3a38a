/**
 * Site calls of the spec (§7): search, city autocomplete, widgets, the visitor's IP — and the region lookup
 * of the region overlay (§4, decision 006). Same paths, parameters and answer shapes as the original backend.
 */

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../shared/sites.ts';
import { WIDGET_CODES } from '../content/index.ts';
import type { City } from '../geo/index.ts';
import { sendCachedJson } from '../http/compression.ts';
import { jsonBody, requestOrigin, searchText, siteFor, tokenQuery } from './common.ts';

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const tags = ['site'];

  app.post(
    '/api/site/search',
    {
      schema: {
        tags,
        summary: 'Product search (title words, then SKU): data.results, at most ten',
        querystring: tokenQuery.extend({
          language: z
            .enum(LANGUAGES)
            .default(DEFAULT_LANGUAGE)
            .describe("The page's language: its translated names are searched and answered"),
        }),
        body: jsonBody(z.object({ search: searchText.describe('What the shopper typed') })),
      },
    },
    async (request, reply) => {
      siteFor(services, request, request.query.domain, 'query');
      const results = await services.catalog.search(request.body.search, 10, request.query.language);
      return sendCachedJson(request, reply, results, (results) => ({ data: { results } }));
    },
  );

  app.get(
    '/api/site/city',
    {
      config: { token: 'required' },
      schema: {
        tags,
        summary: "City autocomplete: data.results with each city's site address (null without one)",
        querystring: tokenQuery.extend({ search: searchText.describe('The start of a city name') }),
      },
    },
    async (request) => {
      const site = siteFor(services, request, request.query.domain, 'query');
      // A city's url is where the browser goes when it is picked: only configured sites, else none.
      const results = (await services.cities.search(request.query.search, site.id)).map((c) => ({
        ...c,
        url: services.addresses.isAllowed(c.url) ? c.url : null,
      }));
      return { data: { results } };
    },
  );

  /**
   * The region overlay (spec §4): the visitor's location from their IP, and where 'Все верно' leads — the
   * first city of that name with a site address, else the default business domain. `sites` maps every
   * configured host to its origin for this request: the only places a picked city may lead to.
   */
  app.get(
    '/api/site/region',
    {
      config: { token: 'required' },
      schema: { tags, summary: "The visitor's detected region and the site address to go to", querystring: tokenQuery },
    },
    async (request, reply) => {
      const site = siteFor(services, request, request.query.domain, 'query');
      const origin = requestOrigin(request);
      const lookup = await services.location.lookup(request.ip);
      if (lookup.status === 'failed') request.log.warn({ reason: lookup.reason }, 'location lookup failed');
      let address: string | null = null;
      if (lookup.status === 'found') {
        const city = lookup.location.city ? await cityNamed(lookup.location.city, site.id) : undefined;
        address = services.addresses.resolve(city?.url, origin) ?? services.addresses.defaultAddress(origin);
      }
      // Personal (it depends on the visitor's IP): never stored by a shared cache.
      reply.header('cache-control', 'private, no-store');
      return {
        data: {
          status: lookup.status,
          location: lookup.status === 'found' ? lookup.location : null,
          address,
          sites: services.addresses.originsFor(origin),
        },
      };
    },
  );

  /** The first city titled exactly so (case and ё/е aside), the request's site's own first. */
  const cityNamed = async (title: string, siteId: string): Promise<City | undefined> => {
    const key = (s: string) => s.trim().toLowerCase().replaceAll('ё', 'е');
    const wanted = key(title);
    if (!wanted || wanted.length > 200 || wanted.includes('\u0000')) return undefined;
    return (await services.cities.search(title, siteId)).find((c) => key(c.title) === wanted);
  };

  app.get(
    '/api/site/widget',
    {
      config: { token: 'required' },
      schema: {
        tags,
        summary: "A widget's sanitised HTML: data.widget.content.html",
        querystring: tokenQuery.extend({ code: z.enum(WIDGET_CODES).describe('Which widget') }),
      },
    },
    async (request) => {
      const site = siteFor(services, request, request.query.domain, 'query');
      const widgets = (await services.publicShell(site, DEFAULT_LANGUAGE)).widgets;
      return { data: { widget: { code: request.query.code, content: { html: widgets[request.query.code] } } } };
    },
  );

  // Spec: GET /api/location answers the visitor's IP (behind a proxy only when TRUST_PROXY allows it).
  app.get('/api/location', { schema: { tags, summary: "The visitor's IP address: { data: ip }" } }, async (request) => ({
    data: request.ip,
  }));
};

/**
 * The search-engine and marketplace files of each site (server/feeds/): /robots.txt, /sitemap.xml and its paged
 * files, /yml.xml (Yandex Market) and /rss.xml (news). Registered in the storefront scope, where the request knows
 * its site; every document comes from the per-site cache of services.feeds, compressed by @fastify/compress.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { DEFAULT_LANGUAGE } from '../../shared/sites.ts';
import { notFound } from './errors.ts';

/** Crawlers may keep a copy for ten minutes; the server's own cache is invalidated when prices or content change. */
const CACHE_CONTROL = 'public, max-age=600';

function send(reply: FastifyReply, type: string, body: string) {
  return reply.header('cache-control', CACHE_CONTROL).type(type).send(body);
}

export const feedsPlugin: FastifyPluginAsync = async (app) => {
  const { feeds } = app.services;
  app.get('/robots.txt', async (request, reply) => send(reply, 'text/plain; charset=utf-8', feeds.robots(request.site)));
  app.get('/sitemap.xml', async (request, reply) => {
    const body = await feeds.sitemapIndex(request.site);
    if (body === null) throw notFound('This site has no sitemap');
    return send(reply, 'application/xml; charset=utf-8', body);
  });
  app.get<{ Params: { file: string } }>('/sitemap-:file', async (request, reply) => {
    const body = await feeds.sitemapFile(request.site, `sitemap-${request.params.file}`);
    if (body === null) throw notFound(`No sitemap file ${request.url.split('?')[0]}`);
    return send(reply, 'application/xml; charset=utf-8', body);
  });
  app.get('/yml.xml', async (request, reply) => send(reply, 'application/xml; charset=utf-8', await feeds.yml(request.site)));
  // The same catalogue in another of the site's languages (decision 048); the prefix is the request's language.
  app.get('/:language/yml.xml', async (request, reply) => {
    if (request.siteLanguage === DEFAULT_LANGUAGE) throw notFound(`No file ${request.url.split('?')[0]}`);
    return send(reply, 'application/xml; charset=utf-8', await feeds.yml(request.site, request.siteLanguage));
  });
  app.get('/rss.xml', async (request, reply) => send(reply, 'application/rss+xml; charset=utf-8', await feeds.rss(request.site)));
};

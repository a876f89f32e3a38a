/**
 * /manifest.webmanifest of a site, in the language its prefix names (/en/manifest.webmanifest): the brand, the
 * shop's name as the page titles write it, the start page of that language and the icons (shared/web-app.ts).
 * Registered in the storefront scope, where the request knows its site and language.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { siteBrand } from '../../shared/public-site.ts';
import { MANIFEST_PATH, webAppManifest } from '../../shared/web-app.ts';
import { notFound } from './errors.ts';

/** Browsers fetch the manifest again on their own schedule; an hour keeps a rename from lingering long. */
const CACHE_CONTROL = 'public, max-age=3600';

function send(request: FastifyRequest, reply: FastifyReply) {
  const manifest = webAppManifest({
    brand: siteBrand(request.site, request.siteLanguage),
    name: request.t('meta.titleSuffix'),
    language: request.siteLanguage,
    basename: request.basename,
  });
  return reply.header('cache-control', CACHE_CONTROL).type('application/manifest+json; charset=utf-8').send(JSON.stringify(manifest));
}

export const webAppPlugin: FastifyPluginAsync = async (app) => {
  app.get(MANIFEST_PATH, async (request, reply) => send(request, reply));
  // The language prefix was read by the request context: it must be one this site offers (basename set), else 404.
  app.get<{ Params: { prefix: string } }>(`/:prefix${MANIFEST_PATH}`, async (request, reply) => {
    if (request.basename !== `/${request.params.prefix}`) throw notFound(`No manifest at ${request.url.split('?')[0]}`);
    return send(request, reply);
  });
};

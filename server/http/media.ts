/**
 * Product photos uploaded in the back office (migration 032), served from the database so every pod answers for every
 * upload: /media/<hash>-<W>x<H>.webp (the largest rendition, W × H) and /media/<hash>-<W>x<H>-<width>.webp (one of
 * RENDITION_WIDTHS below it; shared/image-renditions.ts). The hash is the SHA-256 of the uploaded bytes, so an address never changes what it shows: cached for a year,
 * immutable, with the address itself as the ETag. Registered beside public/'s files, outside the storefront's page
 * hooks (no site, language or session is resolved for a picture); anything else under /media is a plain 404.
 */
import type { FastifyPluginAsync } from 'fastify';
import { RENDITION_WIDTHS } from '../../shared/image-renditions.ts';

const MEDIA_FILE = /^([0-9a-f]{64})-([1-9]\d{0,3})x([1-9]\d{0,4})(?:-(\d{2,4}))?\.webp$/;
const WIDTHS = new Set<number>(RENDITION_WIDTHS);

export const mediaPlugin: FastifyPluginAsync = async (app) => {
  app.get('/media/:file', async (request, reply) => {
    const match = MEDIA_FILE.exec((request.params as { file: string }).file);
    const width = match?.[4] === undefined ? undefined : Number(match[4]);
    if (!match || (width !== undefined && !WIDTHS.has(width))) return reply.callNotFound();
    const etag = `"${match[1]}-${match[2]}x${match[3]}${width === undefined ? '' : `-${width}`}"`;
    const headers = { 'cache-control': 'public, max-age=31536000, immutable', etag };
    // The same address is always the same bytes: a browser holding them needs no second copy (nor a database read).
    const held = request.headers['if-none-match'];
    if (held?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.code(304).headers(headers).send();
    const rendition = await app.services.productImages.rendition(match[1]!, { width: Number(match[2]), height: Number(match[3]) }, width);
    if (!rendition) return reply.callNotFound();
    return reply.headers(headers).type('image/webp').send(rendition.data);
  });
};

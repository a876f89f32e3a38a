/**
 * The JSON answer while the database is away (server/db/errors.ts isDatabaseUnavailable): 503 with
 * Retry-After, for /api and /_data. Pages get the static 503 page (server/render/renderer.tsx). Logged as a
 * warning, not an error: nothing is wrong with the request, and an outage would otherwise flood the error log.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS } from '../db/errors.ts';

export function sendDatabaseUnavailable(request: FastifyRequest, reply: FastifyReply, err: unknown): FastifyReply {
  request.log.warn({ err }, 'database unavailable');
  return reply
    .code(503)
    .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
    .header('cache-control', 'no-store')
    .send({ statusCode: 503, error: 'database_unavailable', message: 'The shop is briefly unavailable; try again in a few seconds' });
}

/**
 * The database as a Fastify plugin: decorates the instance with `db`. The caller opened it and closes it
 * (server/main.ts on shutdown, tests after their last request), so the plugin does not close it on onClose.
 */
import fp from 'fastify-plugin';
import type { Db } from '../db/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

export const databasePlugin = fp<{ db: Db }>(
  async (fastify, { db }) => {
    fastify.decorate('db', db);
  },
  { name: 'tihoavto-db', fastify: '5.x' },
);

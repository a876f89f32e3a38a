/** The services as a Fastify plugin: createServices() (the one place they are built) → `fastify.services`. */
import fp from 'fastify-plugin';
import type { Config } from '../platform/config.ts';
import { createServices, type Services } from '../services/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export interface ServicesPluginOptions {
  config: Pick<Config, 'sites' | 'shellCacheTtlMs' | 'addressSuggest'> & Partial<Pick<Config, 'payments' | 'orders' | 'pageCacheTtlMs'>>;
  sessionSecret: string;
}

export const servicesPlugin = fp<ServicesPluginOptions>(
  async (fastify, { config, sessionSecret }) => {
    fastify.decorate(
      'services',
      createServices(fastify.db, {
        sites: config.sites,
        sessionSecret,
        shellCacheTtlMs: config.shellCacheTtlMs,
        pageCacheTtlMs: config.pageCacheTtlMs,
        addressSuggest: config.addressSuggest,
        payments: config.payments,
        orders: config.orders,
        log: fastify.log,
      }),
    );
  },
  { name: 'tihoavto-services', fastify: '5.x', dependencies: ['tihoavto-db'] },
);

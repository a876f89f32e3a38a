/**
 * Prometheus metrics, served on a port of their own (METRICS_PORT, bound to METRICS_HOST: loopback by default),
 * never on the public one: the storefront's GET /metrics is an ordinary "page not found". Unset METRICS_PORT:
 * nothing is collected at all.
 * What is measured (fastify-metrics over prom-client, one registry per app):
 *  - http_request_duration_seconds{method, route, status_code}: `route` is the route pattern, never the raw URL;
 *    pages and their /_data requests (one catch-all route each) are labelled by the page's route id
 *    ("page:product", "data:category"), so the label set is bounded by the route table;
 *  - storefront_db_connections{state} (PostgreSQL pool: total, idle, waiting) or storefront_db_in_flight (PGlite);
 *  - storefront_cache_lookups_total{cache, result}: hits, stale serves, misses of the named caches (ttl-cache.ts);
 *  - prom-client's process and Node metrics, event-loop delay included (nodejs_eventloop_lag_*).
 *  - storefront_mail_* (sent, retried, failed by kind; queued): added to `metricsRegistry` by server/http/mail.ts.
 */
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import fastifyMetricsModule from 'fastify-metrics';
import client from 'prom-client';
import { matchRoutes } from 'react-router-dom';
import { routeTree } from '../../shared/routes.ts';
import { cacheCounts } from '../cache/index.ts';
import type { Db } from '../db/index.ts';
import type { Config } from '../platform/config.ts';

export const METRICS_PATH = '/metrics';

// The package is CommonJS with an ES-style `default` export.
const fastifyMetrics = (fastifyMetricsModule as unknown as { default?: typeof fastifyMetricsModule }).default ?? fastifyMetricsModule;

// Matched only for a label: loaders never run here.
const pageRoutes = routeTree();

/** The `route` label: Fastify's route pattern, or for the catch-all page and data routes the page's route id. */
export function routeLabel(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern !== '/*' && pattern !== '/_data/*') return pattern ?? 'unmatched';
  const path = pattern === '/*' ? request.url : request.url.slice('/_data'.length) || '/';
  const pathname = path.split('?')[0]!;
  let id = 'unmatched';
  try {
    id = matchRoutes(pageRoutes, pathname, request.basename ?? '/')?.at(-1)?.route.id ?? 'unmatched';
  } catch {
    // a malformed path: keep 'unmatched'
  }
  return (pattern === '/*' ? 'page:' : 'data:') + id;
}

export async function registerMetrics(app: FastifyInstance, options: { config: Config; db: Db }): Promise<void> {
  const where = options.config.metrics;
  if (!where) return;
  const registry = new client.Registry();

  await app.register(fastifyMetrics, {
    promClient: client,
    endpoint: null, // served below, on the metrics port only
    defaultMetrics: { enabled: true, register: registry },
    routeMetrics: {
      enabled: { histogram: true, summary: false },
      // HEAD and OPTIONS as usual; the storefront's probes would only add noise.
      routeBlacklist: ['/healthz', '/readyz'],
      overrides: {
        labels: { getRouteLabel: routeLabel },
        histogram: { registers: [registry], buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] },
        summary: { registers: [registry] },
      },
    },
  });

  const { db } = options;
  // biome-ignore lint/correctness/noUnusedInstantiation: a prom-client metric registers itself in `registers`; it is read through `collect`
  new client.Gauge({
    name: db.kind === 'postgres' ? 'storefront_db_connections' : 'storefront_db_in_flight',
    help:
      db.kind === 'postgres'
        ? 'PostgreSQL pool connections: total, idle, and requests waiting for one'
        : 'PGlite calls in flight (it runs one at a time: the rest queue)',
    labelNames: db.kind === 'postgres' ? ['state'] : [],
    registers: [registry],
    collect() {
      const stats = db.stats?.();
      if (stats?.kind === 'postgres') {
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      } else if (stats?.kind === 'pglite') {
        this.set(stats.inFlight);
      }
    },
  });
  // biome-ignore lint/correctness/noUnusedInstantiation: registered in `registers`, read through `collect`
  new client.Counter({
    name: 'storefront_cache_lookups_total',
    help: 'Lookups of the in-process caches: hit (fresh), stale (served while refreshing), miss (waited for a load)',
    labelNames: ['cache', 'result'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [cache, counts] of cacheCounts()) {
        this.inc({ cache, result: 'hit' }, counts.hits);
        this.inc({ cache, result: 'stale' }, counts.stale);
        this.inc({ cache, result: 'miss' }, counts.misses);
      }
    },
  });

  // A server of its own: only /metrics, on the metrics port; started and stopped with the app.
  const server = Fastify({ logger: false });
  server.get(METRICS_PATH, async (_request, reply) => {
    reply.type(registry.contentType).header('cache-control', 'no-store');
    return registry.metrics();
  });
  app.decorate('metricsServer', server);
  app.decorate('metricsRegistry', registry);
  app.addHook('onReady', async () => {
    await server.listen({ port: where.port, host: where.host });
  });
  app.addHook('onClose', async () => {
    await server.close();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics port's server (METRICS_PORT set), e.g. for its bound address. */
    metricsServer?: FastifyInstance;
    /** The metrics registry (METRICS_PORT set): later plugins add their metrics to it (server/http/mail.ts). */
    metricsRegistry?: client.Registry;
  }
}

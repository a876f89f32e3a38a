/** The baseline of npm run bench: @fastify/static serving a saved copy of the home page. */

import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
await app.register(fastifyStatic, { root: process.env.STATIC_DIR! });
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));

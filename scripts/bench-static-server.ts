/**
 * The static baseline of npm run bench: @fastify/static serving the files the bench saved (each page as the shop
 * answered it). preCompressed: a request accepting brotli or gzip gets the saved `.br`/`.gz` copy — the very bytes
 * the shop sent — with the content type of the plain file, so both answer the same bytes in the same encoding.
 */

import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
await app.register(fastifyStatic, { root: process.env.STATIC_DIR!, preCompressed: true });
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));

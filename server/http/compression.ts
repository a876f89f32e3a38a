/**
 * Compressed answers, in the encoding the browser prefers among brotli and gzip:
 *  - JSON and other buffered or piped answers above 1 KB: @fastify/compress (registerCompression);
 *  - hashed build files: the .br/.gz copies the build writes, sent as they are by @fastify/static (app.ts);
 *  - the streamed page: htmlDestination(), a zlib stream React pipes into. React calls flush() on its destination
 *    after each chunk it writes, so the shell still leaves at once and each later piece follows as it is ready
 *    (@fastify/compress would pipe the page through zlib unflushed and hold the shell back);
 *  - JSON answers built from a cached value (a kept search answer): sendCachedJson(), serialised and compressed once per
 *    value and encoding, not per request.
 */
import { PassThrough, type Writable } from 'node:stream';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** In order of preference when the browser accepts both equally. */
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

/**
 * Brotli quality for answers compressed per request (the build uses 11): on a 28 KB page 5 costs as little time as
 * @fastify/compress's default 4 (≈ 0.4 ms) and is 10 % smaller, below gzip's best; 11 would take 20 ms.
 */
export const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

/** Answers smaller than this are sent uncompressed (as @fastify/compress does). */
const COMPRESS_THRESHOLD = 1024;

/** Registers @fastify/compress; it must come before the routes it compresses (it hooks each route as it is added). */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: [...ENCODINGS],
    threshold: COMPRESS_THRESHOLD,
    brotliOptions: BROTLI_OPTIONS,
    // No client of ours compresses request bodies; inflating them would only let a small body grow past bodyLimit's intent.
    globalDecompression: false,
  });
}

/** The encoding to answer in, from Accept-Encoding (q-values honoured; "*" counts as gzip, as @fastify/compress does). */
export function acceptedEncoding(request: FastifyRequest): Encoding | undefined {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string' || header === '') return undefined;
  return (negotiate(header.toLowerCase().replace(/\*/g, 'gzip'), [...ENCODINGS]) as Encoding | null) ?? undefined;
}

/** Whether the browser takes gzip at all (a cached page is stored ready to be sent as gzip, decision 052). */
export function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string' || header === '') return false;
  return negotiate(header.toLowerCase().replace(/\*/g, 'gzip'), ['gzip']) === 'gzip';
}

/**
 * Where React's page stream goes: a brotli or gzip stream (Content-Encoding set) when the browser accepts one, else
 * a plain pass-through. Call it when the stream is about to be sent (headers still open); pass the result to reply.send.
 */
export function htmlDestination(request: FastifyRequest, reply: FastifyReply): Writable {
  addVaryAcceptEncoding(reply);
  const encoding = acceptedEncoding(request);
  if (!encoding) return new PassThrough();
  reply.header('content-encoding', encoding);
  return encoding === 'br' ? createBrotliCompress(BROTLI_OPTIONS) : createGzip();
}

/** Appends Accept-Encoding to Vary (caches must keep one copy per encoding), keeping what is there. */
function addVaryAcceptEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const tokens = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  if (tokens.some((t) => t === '*' || t.toLowerCase() === 'accept-encoding')) return;
  reply.header('vary', [...tokens, 'Accept-Encoding'].join(', '));
}

/** A JSON answer's bytes: serialised once, each encoding compressed the first time a browser asks for it. */
interface EncodedJson {
  json: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** By the cached value they encode: the bytes go when the cache lets the value go. */
const encodedAnswers = new WeakMap<object, EncodedJson>();
let compressionsRun = 0;

/** How many compressions sendCachedJson has run since the process started (a test shows they are not per request). */
export function cachedJsonCompressions(): number {
  return compressionsRun;
}

/**
 * Sends `build(value)` as JSON, where `value` is an object a cache keeps and hands out again. That is, the same object
 * for as long as it is fresh, such as a kept search answer. Its serialisation and its brotli and gzip forms are made
 * once and reused by every later answer with the same object. A search answer compressed per request took a quarter
 * of the API's time (CPU profile under autocannon). `build` must depend on `value` alone.
 */
export function sendCachedJson<V extends object>(
  request: FastifyRequest,
  reply: FastifyReply,
  value: V,
  build: (value: V) => unknown,
): FastifyReply {
  let encoded = encodedAnswers.get(value);
  if (!encoded) {
    encoded = { json: Buffer.from(JSON.stringify(build(value))) };
    encodedAnswers.set(value, encoded);
  }
  reply.header('content-type', 'application/json; charset=utf-8');
  addVaryAcceptEncoding(reply);
  const encoding = encoded.json.length >= COMPRESS_THRESHOLD ? acceptedEncoding(request) : undefined;
  if (!encoding) return reply.send(encoded.json);
  if (!encoded[encoding]) {
    encoded[encoding] = encoding === 'br' ? brotliCompressSync(encoded.json, BROTLI_OPTIONS) : gzipSync(encoded.json);
    compressionsRun++;
  }
  // @fastify/compress leaves an answer that already has a Content-Encoding as it is.
  return reply.header('content-encoding', encoding).send(encoded[encoding]);
}

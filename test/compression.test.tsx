/**
 * server/http/compression.ts: the encoding chosen from Accept-Encoding; the streamed page compressed yet still
 * streamed (the shell decodes on the client before the rest is rendered); JSON compressed by @fastify/compress
 * above 1 KB; compressed request bodies not inflated. Real Fastify on loopback sockets.
 */

import { type IncomingMessage, request } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress, createGunzip, gzipSync } from 'node:zlib';
import Fastify, { type FastifyRequest } from 'fastify';
import { type ReactNode, Suspense, use } from 'react';
import t, { type Test } from 'tap';
import { acceptedEncoding, htmlDestination, registerCompression } from '../server/http/compression.ts';
import { abortOnDisconnect, streamHtml } from '../server/render/stream.ts';

t.test('the encoding follows Accept-Encoding', async (t) => {
  const cases: Array<[string | undefined, string | undefined]> = [
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['BR', 'br'],
    ['*', 'gzip'],
    ['identity', undefined],
    ['deflate', undefined],
    ['br;q=0, gzip;q=0', undefined],
    ['', undefined],
    [undefined, undefined],
  ];
  for (const [header, expected] of cases) {
    const fake = { headers: header === undefined ? {} : { 'accept-encoding': header } } as FastifyRequest;
    t.equal(acceptedEncoding(fake), expected, `${JSON.stringify(header)} → ${expected}`);
  }
});

function Later({ promise }: { promise: Promise<string> }): ReactNode {
  return <p>{use(promise)}</p>;
}

/** An app with compression registered as in app.ts, a streamed page whose second half waits for `promise`, and JSON. */
async function appWith(promise: Promise<string>) {
  const app = Fastify();
  await registerCompression(app);
  app.get('/', async (request, reply) => {
    reply.type('text/html; charset=utf-8');
    await streamHtml(
      request,
      reply,
      <html lang="ru">
        <head>
          <title>t</title>
        </head>
        <body>
          <Suspense fallback={<p>загрузка</p>}>
            <Later promise={promise} />
          </Suspense>
        </body>
      </html>,
      {
        nonce: 'n',
        bootstrapModules: [],
        bootstrapScriptContent: '',
        waitForAll: false,
        controller: abortOnDisconnect(reply),
        timeoutMs: 60_000,
        destination: () => htmlDestination(request, reply),
      },
    );
    return reply;
  });
  app.get('/json', async (request) => ({
    items: Array.from({ length: Number((request.query as { n: string }).n) }, (_, i) => ({ id: i, title: 'товар ' + i })),
  }));
  app.post('/echo', async (request) => request.body);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as { port: number }).port };
}

/** A GET whose answer must start within 5 s; the request is dropped on teardown (the server then aborts its render). */
function open(t: Test, port: number, path: string, headers: Record<string, string>): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      req.setTimeout(0);
      resolve(res);
    });
    req.setTimeout(5000, () => req.destroy(new Error('no answer within 5 s')));
    req.on('error', reject);
    req.end();
    t.teardown(() => void req.destroy());
  });
}

for (const encoding of ['br', 'gzip'] as const) {
  t.test(`the page in ${encoding}: the shell reaches the browser before the rest is rendered`, async (t) => {
    let finish!: (v: string) => void;
    const { app, port } = await appWith(new Promise<string>((r) => (finish = r)));
    t.teardown(() => app.close());

    // Node sends the status line with the first body bytes: they come now only if the shell was flushed.
    const res = await open(t, port, '/', { 'accept-encoding': encoding });
    t.equal(res.headers['content-encoding'], encoding);
    t.match(res.headers.vary, /accept-encoding/i);
    t.notOk(res.headers['content-length'], 'streamed');
    let text = '';
    const ended = pipeline(res, encoding === 'br' ? createBrotliDecompress() : createGunzip(), async (decoded: AsyncIterable<Buffer>) => {
      for await (const chunk of decoded) text += chunk.toString();
    });

    // The rest cannot be rendered before finish() is called, so the shell decodes now only if it was flushed.
    const deadline = Date.now() + 5000;
    while (!text.includes('загрузка') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    t.match(text, /загрузка/, 'the shell with its fallback decoded while the page is still open');
    t.notMatch(text, /готово/);

    finish('готово');
    await ended;
    t.match(text, /готово/, 'then the rest');
    t.match(text, /<\/html>/);
  });
}

t.test('without an accepted encoding the page goes out plain, with Vary', async (t) => {
  const { app, port } = await appWith(Promise.resolve('готово'));
  t.teardown(() => app.close());
  const res = await open(t, port, '/', { 'accept-encoding': 'identity' });
  t.notOk(res.headers['content-encoding']);
  t.match(res.headers.vary, /accept-encoding/i);
  let text = '';
  for await (const chunk of res) text += chunk.toString();
  t.match(text, /готово/);
});

t.test('JSON is compressed above 1 KB, sent plain below', async (t) => {
  const { app } = await appWith(Promise.resolve(''));
  t.teardown(() => app.close());
  const large = await app.inject({ url: '/json?n=100', headers: { 'accept-encoding': 'br' } });
  t.equal(large.headers['content-encoding'], 'br');
  t.match(large.headers.vary, /accept-encoding/i);
  const small = await app.inject({ url: '/json?n=2', headers: { 'accept-encoding': 'br' } });
  t.notOk(small.headers['content-encoding']);
  t.same(small.json().items.length, 2);
});

t.test('a compressed request body is not inflated', async (t) => {
  const { app } = await appWith(Promise.resolve(''));
  t.teardown(() => app.close());
  const res = await app.inject({
    method: 'POST',
    url: '/echo',
    headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    payload: gzipSync(JSON.stringify({ a: 1 })),
  });
  t.equal(res.statusCode, 400, 'read as the (invalid) JSON it literally is');
});

/**
 * streamHtml, the last step of every page: shell-ready streaming, crawlers at all-ready, a static 500 page
 * when the shell fails, and aborts on timeout and on client disconnect. Real Fastify, real loopback sockets.
 */

import { once } from 'node:events';
import { connect } from 'node:net';
import Fastify from 'fastify';
import { type ReactNode, Suspense, use } from 'react';
import t from 'tap';
import { htmlDestination } from '../server/http/compression.ts';
import { abortOnDisconnect, streamHtml } from '../server/render/stream.ts';

const never = new Promise<string>(() => {});
function Forever(): ReactNode {
  return <p>{use(never)}</p>;
}
function Later({ promise }: { promise: Promise<string> }): ReactNode {
  return <p>{use(promise)}</p>;
}
function Broken(): ReactNode {
  throw new Error('shell exploded');
}

function page(body: ReactNode) {
  return (
    <html lang="ru">
      <head>
        <title>t</title>
      </head>
      <body>{body}</body>
    </html>
  );
}

async function appWith(tree: () => ReactNode, opts: { waitForAll?: boolean; timeoutMs?: number } = {}) {
  const app = Fastify();
  const state: { aborted?: boolean } = {};
  app.get('/', async (request, reply) => {
    const controller = abortOnDisconnect(reply);
    controller.signal.addEventListener('abort', () => (state.aborted = true));
    reply.type('text/html; charset=utf-8');
    await streamHtml(request, reply, tree(), {
      nonce: 'n0nce',
      bootstrapModules: ['/assets/entry.js'],
      bootstrapScriptContent: 'window.__BOOT__={};',
      waitForAll: opts.waitForAll ?? false,
      controller,
      timeoutMs: opts.timeoutMs ?? 10_000,
      destination: () => htmlDestination(request, reply),
    });
    return reply;
  });
  return { app, state };
}

t.test('the shell streams first; the rest follows when ready', async (t) => {
  let resolve!: (v: string) => void;
  const promise = new Promise<string>((r) => (resolve = r));
  const { app } = await appWith(() =>
    page(
      <Suspense fallback={<p>загрузка</p>}>
        <Later promise={promise} />
      </Suspense>,
    ),
  );
  t.teardown(() => app.close());
  setTimeout(() => resolve('готово'), 50);
  const res = await app.inject({ url: '/' });
  t.equal(res.statusCode, 200);
  t.match(res.body, /загрузка/, 'the fallback went out with the shell');
  t.match(res.body, /готово/, 'the content followed in the same answer');
  t.match(res.body, /<script nonce="n0nce"[^>]*>window.__BOOT__=\{\};<\/script>/, 'boot script carries the nonce');
  t.match(res.body, /<script type="module" src="\/assets\/entry.js" nonce="n0nce" async=""><\/script>/);
});

t.test('crawlers get the complete page at once, without streamed fallbacks', async (t) => {
  let resolve!: (v: string) => void;
  const promise = new Promise<string>((r) => (resolve = r));
  const { app } = await appWith(
    () =>
      page(
        <Suspense fallback={<p>загрузка</p>}>
          <Later promise={promise} />
        </Suspense>,
      ),
    { waitForAll: true },
  );
  t.teardown(() => app.close());
  setTimeout(() => resolve('готово'), 50);
  const res = await app.inject({ url: '/' });
  t.match(res.body, /<p>готово<\/p>/);
  t.notMatch(res.body, /загрузка/, 'no fallback was ever sent');
});

t.test('a failed shell answers the static 500 page', async (t) => {
  const { app } = await appWith(() => page(<Broken />));
  t.teardown(() => app.close());
  const res = await app.inject({ url: '/' });
  t.equal(res.statusCode, 500);
  t.match(res.headers['content-type'], /text\/html/);
  t.match(res.body, /Что-то пошло не так/);
  t.notMatch(res.body, /shell exploded/, 'no internals in the page');
  t.notMatch(res.body, /<script/, 'no scripts in the error page');
});

t.test('a render past the timeout is cut short and the answer completes', async (t) => {
  const { app, state } = await appWith(
    () =>
      page(
        <Suspense fallback={<p>загрузка</p>}>
          <Forever />
        </Suspense>,
      ),
    { timeoutMs: 100 },
  );
  t.teardown(() => app.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const res = await fetch(`http://127.0.0.1:${(app.server.address() as { port: number }).port}/`);
  t.equal(res.status, 200);
  const body = await res.text();
  t.match(body, /загрузка/);
  t.match(body, /<\/html>/, 'the document is closed');
  t.notOk(state.aborted, 'a complete answer is no disconnect');
});

t.test('a client that disconnects aborts the render', async (t) => {
  const { app, state } = await appWith(() =>
    page(
      <Suspense fallback={<p>загрузка</p>}>
        <Forever />
      </Suspense>,
    ),
  );
  t.teardown(() => app.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n');
  // Wait for the shell, then hang up while the rest is still pending.
  await new Promise<void>((resolve) => socket.once('data', () => resolve()));
  socket.destroy();
  for (let i = 0; i < 100 && !state.aborted; i++) await new Promise((r) => setTimeout(r, 10));
  t.equal(state.aborted, true, 'the abort fired');
});

t.test('a client gone before the page listens for it still aborts the render', async (t) => {
  const app = Fastify();
  let arrived!: () => void;
  const requestArrived = new Promise<void>((resolve) => (arrived = resolve));
  let aborted: boolean | undefined;
  app.get('/', async (request, reply) => {
    arrived();
    // The client leaves while the page still runs its hooks and reads the session (once() would throw the reset).
    await new Promise((closed) => request.raw.socket.once('close', closed));
    aborted = abortOnDisconnect(reply).signal.aborted;
    return reply.send('');
  });
  t.teardown(() => app.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const socket = connect((app.server.address() as { port: number }).port, '127.0.0.1');
  socket.on('error', () => {});
  await once(socket, 'connect');
  socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n');
  await requestArrived;
  socket.resetAndDestroy();
  for (let i = 0; i < 100 && aborted === undefined; i++) await new Promise((r) => setTimeout(r, 10));
  t.equal(aborted, true, 'the signal is aborted from the start: the close came before the page listened for it');
});

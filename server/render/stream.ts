/** The last step of every page: a React tree streamed into the reply (compressed when the browser accepts it). */
import type { Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { clientGone } from '../platform/logger.ts';
import { STATIC_500_PAGE } from './static-pages.ts';

/**
 * An AbortController that fires when the client goes away before the answer is complete — also when it went away
 * before this was called (while the request's hooks and session read ran): the close event is then past, and the
 * page would otherwise load and render for no one.
 */
export function abortOnDisconnect(reply: FastifyReply): AbortController {
  const controller = new AbortController();
  if (clientGone(reply.request)) controller.abort();
  else
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
  return controller;
}

/**
 * Streams a React tree into the reply: at shell-ready (at all-ready for crawlers), a static 500 page when the
 * shell fails, aborted when the client disconnects or after timeoutMs (React then sends what it has and leaves
 * the rest to the browser). Status and headers must be set before: they go out with the shell.
 */
export function streamHtml(
  request: FastifyRequest,
  reply: FastifyReply,
  tree: ReactNode,
  opts: {
    nonce: string;
    bootstrapModules: string[];
    bootstrapScriptContent: string;
    waitForAll: boolean;
    controller: AbortController;
    timeoutMs: number;
    /** Where the HTML goes (a compressing stream, say): called once, when the answer starts, headers still open. */
    destination: () => Writable;
    /** Told of any error while rendering (the answer is then not a page to keep). */
    onError?: () => void;
  },
): Promise<void> {
  return new Promise<void>((resolve) => {
    let settled = false;
    const finish = (send: () => void) => {
      if (settled) return;
      settled = true;
      send();
      resolve();
    };
    const { pipe, abort } = renderToPipeableStream(tree, {
      nonce: opts.nonce,
      bootstrapModules: opts.bootstrapModules,
      bootstrapScriptContent: opts.bootstrapScriptContent,
      onShellReady() {
        if (!opts.waitForAll) finish(() => reply.send(pipe(opts.destination())));
      },
      onAllReady() {
        if (opts.waitForAll) finish(() => reply.send(pipe(opts.destination())));
      },
      onShellError(error) {
        opts.onError?.();
        request.log.error({ err: error }, 'shell render failed');
        finish(() => {
          reply.code(500).type('text/html; charset=utf-8').send(STATIC_500_PAGE);
        });
      },
      onError(error) {
        opts.onError?.();
        if (!opts.controller.signal.aborted) request.log.error({ err: error }, 'render error');
      },
    });
    // A stream that takes too long is cut: React sends what it has and leaves the rest to the client.
    const timer = setTimeout(() => abort(new Error('render timeout')), opts.timeoutMs);
    reply.raw.once('close', () => clearTimeout(timer));
    opts.controller.signal.addEventListener('abort', () => abort(new Error('client disconnected')), { once: true });
  });
}

/**
 * Collects what React writes into `out` (before compression) and hands the whole page to `keep` once the answer is
 * complete — not cut by a disconnect or the render timeout, no render error — else calls `drop`.
 */
export function capture(
  out: Writable,
  reply: FastifyReply,
  controller: AbortController,
  failed: () => boolean,
  keep: (html: Buffer) => void,
  drop: () => void,
): void {
  const chunks: Buffer[] = [];
  const write = out.write.bind(out) as (chunk: unknown, ...rest: unknown[]) => boolean;
  out.write = ((chunk: unknown, ...rest: unknown[]) => {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array));
    return write(chunk, ...rest);
  }) as Writable['write'];
  let ended = false;
  // React ended the page before any disconnect or timeout cut it (a cut page also ends, as far as it got).
  out.once('finish', () => {
    ended = !controller.signal.aborted;
  });
  reply.raw.once('close', () => {
    if (ended && !failed() && reply.statusCode === 200) keep(Buffer.concat(chunks));
    else drop();
  });
}

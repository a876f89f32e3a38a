/** The last step of every page: a React tree streamed into the reply (compressed when the browser accepts it). */
import type { Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { STATIC_500_PAGE } from './static-pages.ts';

/** An AbortController that fires when the client goes away before the answer is complete. */
export function abortOnDisconnect(reply: FastifyReply): AbortController {
  const controller = new AbortController();
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
        request.log.error({ err: error }, 'shell render failed');
        finish(() => {
          reply.code(500).type('text/html; charset=utf-8').send(STATIC_500_PAGE);
        });
      },
      onError(error) {
        if (!opts.controller.signal.aborted) request.log.error({ err: error }, 'render error');
      },
    });
    // A stream that takes too long is cut: React sends what it has and leaves the rest to the client.
    const timer = setTimeout(() => abort(new Error('render timeout')), opts.timeoutMs);
    reply.raw.once('close', () => clearTimeout(timer));
    opts.controller.signal.addEventListener('abort', () => abort(new Error('client disconnected')), { once: true });
  });
}

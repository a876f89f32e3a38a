/**
 * A TCP proxy on 127.0.0.1 in front of a database server, to stage connection faults deterministically:
 *  - cut():   every open connection is dead without the client knowing — its next write is answered with a
 *             reset, like a pooled connection whose server restarted or whose network path failed over;
 *  - freeze() / thaw(): nothing is forwarded either way (open and new connections), like a stopped server.
 * New connections after cut() are forwarded normally.
 */

import type { AddressInfo } from 'node:net';
import { connect, createServer, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** Rewrites a postgres:// URL to go through the proxy. */
  url(target: string): string;
  cut(): void;
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const pairs = new Set<{ client: Socket; upstream: Socket; cut: boolean }>();
  let frozen = false;
  const held: Array<() => void> = [];

  const server = createServer((client) => {
    const upstream = connect(targetPort, targetHost);
    const pair = { client, upstream, cut: false };
    pairs.add(pair);
    const forward = (from: Socket, to: Socket) =>
      from.on('data', (chunk) => {
        if (pair.cut) {
          // The peer is gone: a write from the client is answered with a reset.
          if (from === client) client.resetAndDestroy();
          return;
        }
        const send = () => !pair.cut && !to.destroyed && to.write(chunk);
        if (frozen) held.push(send);
        else send();
      });
    forward(client, upstream);
    forward(upstream, client);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', () => !pair.cut && end()).on('close', () => !pair.cut && end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    url(target) {
      const u = new URL(target);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    cut() {
      for (const pair of pairs) {
        pair.cut = true;
        // The server side goes away quietly; the client side stays open until the client writes.
        pair.upstream.destroy();
      }
    },
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const send of held.splice(0)) send();
    },
    async close() {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The flood of npm run bench -- signin, in a worker thread of its own (scripts/bench-signin.ts): `addresses` loops,
 * each posting wrong passwords from its own address as fast as it is answered (or, with `pauses`, waiting each
 * 503's Retry-After), until the parent posts 'stop'; then it posts back how the flood was answered
 * ([status, count] pairs; -1 for a network error).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { signIn, visitor } from './bench-signin-client.ts';

export interface FloodOptions {
  base: string;
  addresses: number;
  pauses: boolean;
}

const { base, addresses, pauses } = workerData as FloodOptions;
let flooding = true;
parentPort!.once('message', () => {
  flooding = false;
});
const answers = new Map<number, number>();
let attempt = 0;
await Promise.all(
  Array.from({ length: addresses }, async (_, i) => {
    const ip = `203.0.113.${i + 1}`;
    const v = await visitor(base, ip);
    while (flooding) {
      const { status, retryAfter } = await signIn(base, v, ip, `victim-${++attempt}@example.com`, 'wrong password').catch(() => ({
        status: -1,
        retryAfter: 1,
      }));
      answers.set(status, (answers.get(status) ?? 0) + 1);
      if (pauses && status === 503) await new Promise((r) => setTimeout(r, retryAfter * 1000));
    }
  }),
);
parentPort!.postMessage([...answers.entries()]);

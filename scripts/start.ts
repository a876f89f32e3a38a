/**
 * `npm start`: build the client and the server when the build is missing or older than its sources, then become
 * the compiled server. process.execve replaces this process with `node dist/server/main.js` (same PID, no tsx,
 * no npx in between), so SIGTERM reaches the server directly. Production mode and a heap cap by default; both
 * can be overridden from the environment (NODE_ENV, NODE_OPTIONS=--max-old-space-size=…).
 */

import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The V8 old-space cap (MiB) the server runs with unless NODE_OPTIONS sets another; the Dockerfile sets the same. */
const DEFAULT_HEAP_MB = 512;

const root = fileURLToPath(new URL('..', import.meta.url));
const outputs = [join(root, 'dist/client/.vite/manifest.json'), join(root, 'dist/server/main.js')];
const sources = ['client', 'shared', 'server', 'vite.config.ts', 'package-lock.json'].map((p) => join(root, p));

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const stale = () => Math.max(...sources.map(newestMtime)) > Math.min(...outputs.map((f) => statSync(f).mtimeMs));

if (!outputs.every((f) => existsSync(f)) || stale()) {
  console.log('building the client and the server…');
  execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
}

if (typeof process.execve !== 'function') {
  console.error(`npm start needs Node.js 22.15 or later (this is ${process.version}): see "Requirements" in README.md`);
  process.exit(1);
}
// The user's NODE_OPTIONS come last: of two --max-old-space-size flags, the last one wins.
const nodeOptions = [`--max-old-space-size=${DEFAULT_HEAP_MB}`, process.env.NODE_OPTIONS].filter(Boolean).join(' ');
process.execve(process.execPath, [process.execPath, join(root, 'dist/server/main.js')], {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV || 'production',
  NODE_OPTIONS: nodeOptions,
});

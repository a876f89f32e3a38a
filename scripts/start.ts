/**
 * `npm start`: build the client when the build is missing or older than its sources, then serve it in
 * production mode. One process (no npx in between), so SIGTERM reaches the server directly.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const manifest = join(root, 'dist/client/.vite/manifest.json');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const sourcesChanged = () =>
  Math.max(newestMtime(join(root, 'client')), newestMtime(join(root, 'shared')), statSync(join(root, 'vite.config.ts')).mtimeMs) >
  statSync(manifest).mtimeMs;

if (!existsSync(manifest) || sourcesChanged()) {
  console.log('building the client…');
  execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
}

process.env.NODE_ENV ??= 'production';
await import('../server/main.ts');

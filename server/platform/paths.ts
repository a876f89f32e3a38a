/**
 * Where the server finds its files on disk, the same from the sources (tsx runs server/*.ts) and from the
 * compiled server (node runs dist/server/*.js, its chunks one folder deeper): the project root is the nearest
 * folder above this module that holds package.json — the repository, or /app in the image.
 */
import { existsSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

function projectRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json in ${from} or any folder above it`);
  }
}

const here = dirname(fileURLToPath(import.meta.url));
/** The project root, with a trailing separator. */
export const ROOT_DIR = projectRoot(here) + sep;
/** True when this code runs from the build (dist/server), false when from the sources. */
export const COMPILED = here.startsWith(ROOT_DIR + 'dist' + sep);
/** The client build: hashed files in assets/, Vite's manifest in .vite/. */
export const CLIENT_DIST = ROOT_DIR + 'dist/client/';
export const PUBLIC_DIR = ROOT_DIR + 'public/';
/** The SQL migrations: the build copies server/db/migrations/*.sql to dist/server/migrations (vite.config.ts). */
export const MIGRATIONS_DIR = COMPILED ? ROOT_DIR + 'dist/server/migrations/' : ROOT_DIR + 'server/db/migrations/';
/** The common-password list (server/accounts/passwords.ts): the build copies it to dist/server/data (vite.config.ts). */
export const COMMON_PASSWORDS_FILE = COMPILED
  ? ROOT_DIR + 'dist/server/data/common-passwords-100k.txt.gz'
  : ROOT_DIR + 'server/accounts/data/common-passwords-100k.txt.gz';

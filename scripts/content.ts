/**
 * The owner's content command (decision 027), against the configured database (DATABASE_URL or DATA_DIR):
 *
 *   npm run content -- import <folder> [--prune]   Markdown files with front matter → database (all or nothing;
 *                                                  --prune deletes entries that have no file)
 *   npm run content -- export <folder>             database → Markdown files (kind/slug.md, site/kind/slug.lang.md)
 *   npm run content -- reviews                     reviews waiting for moderation
 *   npm run content -- reviews publish|reject <id> moderate one review
 *
 * Pictures of the body are sized from public/ (or listed with their size under `images:` in front matter).
 */
import { join } from 'node:path';
import { ContentService } from '../server/content/content.ts';
import { probeImageSize, readContentFolder, writeContentFolder } from '../server/content/content-files.ts';
import { ContentError } from '../server/content/content-markdown.ts';
import { openDb } from '../server/db/index.ts';
import { migrate } from '../server/db/migrate.ts';
import { ReviewService } from '../server/forms/index.ts';
import { loadConfig } from '../server/platform/config.ts';

const USAGE = 'usage: content.ts import <folder> [--prune] | export <folder> | reviews [publish|reject <id>]';
const [command, ...rest] = process.argv.slice(2);
const fail = (message: string): never => {
  console.error(message);
  process.exit(2);
};
if (!command || !['import', 'export', 'reviews'].includes(command)) fail(USAGE);

const config = loadConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(db);
  const content = new ContentService(db);
  if (command === 'import') {
    const folder = rest.find((a) => !a.startsWith('--')) ?? fail(USAGE);
    const sources = readContentFolder(folder);
    const publicDir = join(import.meta.dirname, '..', 'public');
    const result = await content.saveAll(sources, { prune: rest.includes('--prune'), sizeOf: (src) => probeImageSize(publicDir, src) });
    console.log(`imported ${result.saved} entries${result.deleted ? `, deleted ${result.deleted}` : ''}`);
    // This process cannot clear a running server's caches: they expire (decision 029).
    console.log(`running servers list the change in their sitemap and RSS within ${(config.shellCacheTtlMs * 10) / 1000} s`);
  } else if (command === 'export') {
    const folder = rest[0] ?? fail(USAGE);
    console.log(`exported ${writeContentFolder(folder, await content.exportAll())} files to ${folder}`);
  } else {
    const reviews = new ReviewService(db);
    const [action, id] = rest;
    if (!action) {
      for (const r of await reviews.pending()) console.log(`#${r.id} [${r.site}] ${r.rating}/5 ${r.name}, ${r.city}: ${r.text}`);
    } else if ((action === 'publish' || action === 'reject') && /^\d{1,9}$/.test(id ?? '')) {
      const ok = await reviews.moderate(Number(id), action === 'publish' ? 'published' : 'rejected');
      if (!ok) fail(`no review #${id}`);
      console.log(`review #${id} ${action === 'publish' ? 'published' : 'rejected'}`);
    } else fail(USAGE);
  }
} catch (err) {
  // A bad file is the owner's to fix: its name and the problem, not a stack trace.
  if (err instanceof ContentError) fail(err.message);
  throw err;
} finally {
  await db.close();
}

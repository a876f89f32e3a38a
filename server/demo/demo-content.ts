/**
 * The demo content (issue 12): articles, news, info pages and FAQ written for this shop, loaded by the demo seed
 * (inside its transaction) and, on a database that already had a catalogue before content existed, on start-up
 * when the content table is empty. Saving goes through the same parser and renderer as the owner's CLI.
 */

import { ContentService, parseContentFile, saveContent } from '../content/index.ts';
import type { Db, Queryable } from '../db/index.ts';
import { SCHEMA_LOCK_KEY } from '../db/migrate.ts';
import { translatedContentFiles } from './content-translations/index.ts';
import { demoArticles, demoNews } from './demo-content-articles.ts';
import { demoFaq, demoPages } from './demo-content-pages.ts';
import { demoPolicyPages } from './demo-content-policy.ts';

/** Pages and FAQ entries carry no date of their own: a fixed one keeps re-seeding idempotent. */
const UNDATED = new Date('2026-01-15T09:00:00Z');

export const demoContentFiles: string[] = [
  ...demoArticles,
  ...demoNews,
  ...demoPages,
  ...demoPolicyPages,
  ...demoFaq,
  ...translatedContentFiles,
];

export async function seedDemoContent(tx: Queryable): Promise<void> {
  for (const [i, text] of demoContentFiles.entries()) await saveContent(tx, parseContentFile(text, `demo content #${i + 1}`, UNDATED));
}

/** On start-up: the demo content, only into an empty content table. Pods starting together load it once. */
export async function seedContentIfEmpty(db: Db): Promise<boolean> {
  return db.transaction(
    async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK_KEY]);
      if (!(await new ContentService(db).isEmpty(tx))) return false;
      await seedDemoContent(tx);
      return true;
    },
    { unbounded: true },
  );
}

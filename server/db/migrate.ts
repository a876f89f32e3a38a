/**
 * Applies server/db/migrations/*.sql in name order, each once. Pods may start together: everything, the
 * bookkeeping table included, happens in one transaction under an advisory lock (the seed takes it too).
 */
import { readdir, readFile } from 'node:fs/promises';
import type { Db } from './index.ts';
import { MIGRATIONS_DIR } from '../paths.ts';

/** The advisory lock of schema changes and demo data. */
export const SCHEMA_LOCK_KEY = 72430011;

export async function migrate(db: Db): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK_KEY]);
    await tx.query('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const done = new Set((await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await readFile(MIGRATIONS_DIR + file, 'utf8');
      // Split on statement ends; our migrations hold no function bodies with semicolons.
      for (const statement of sql.split(/;\s*(?:\n|$)/).map((s) => s.trim()).filter((s) => s && !/^(--[^\n]*\n?)+$/.test(s))) {
        await tx.query(statement);
      }
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
  });
  return applied;
}

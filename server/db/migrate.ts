/**
 * Applies server/db/migrations/*.sql in name order, each once. Pods may start together: everything, the
 * bookkeeping table included, happens in one transaction under an advisory lock (the seed takes it too).
 *
 * Each applied migration's checksum (SHA-256 of its text, line endings normalised) is recorded. A file edited
 * after it was applied is refused at start, naming the file, instead of being silently skipped: the database
 * would no longer match what the code says it is. Databases migrated before checksums were kept get them
 * recorded on their first start with this code.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MIGRATIONS_DIR } from '../platform/paths.ts';
import type { Db } from './index.ts';

/** The advisory lock of schema changes and demo data. */
export const SCHEMA_LOCK_KEY = 72430011;

/** An applied migration's file no longer matches what was applied. */
export class MigrationChecksumError extends Error {
  override name = 'MigrationChecksumError';
  constructor(readonly files: string[]) {
    super(
      `Migration ${files.join(', ')} changed after it was applied to this database. Applied migrations must not be edited: ` +
        'restore the file as it was and put the change in a new migration (server/db/migrations/NNN_name.sql).',
    );
  }
}

/** sha256 of a migration's text; CRLF and LF checkouts of one file agree. */
export function migrationChecksum(sql: string): string {
  return createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');
}

export async function migrate(db: Db, options: { dir?: string } = {}): Promise<string[]> {
  const dir = options.dir ?? MIGRATIONS_DIR;
  const files = (await readdir(dir)).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f)).sort();
  const sources = new Map(await Promise.all(files.map(async (f) => [f, await readFile(join(dir, f), 'utf8')] as const)));
  const applied: string[] = [];
  await db.transaction(
    async (tx) => {
      applied.length = 0; // the transaction may run again on a fresh connection
      await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK_KEY]);
      await tx.query('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
      await tx.query('ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text');
      const recorded = new Map(
        (await tx.query<{ name: string; checksum: string | null }>('SELECT name, checksum FROM schema_migrations')).map((r) => [
          r.name,
          r.checksum,
        ]),
      );
      const changed = files.filter((f) => recorded.get(f) && recorded.get(f) !== migrationChecksum(sources.get(f)!));
      if (changed.length) throw new MigrationChecksumError(changed);
      for (const file of files) {
        const sql = sources.get(file)!;
        if (recorded.has(file)) {
          // Applied before checksums were kept: the file as it is now is taken as what was applied.
          if (recorded.get(file) === null)
            await tx.query('UPDATE schema_migrations SET checksum = $2 WHERE name = $1', [file, migrationChecksum(sql)]);
          continue;
        }
        // Split on statement ends; our migrations hold no function bodies with semicolons.
        for (const statement of sql
          .split(/;\s*(?:\n|$)/)
          .map((s) => s.trim())
          .filter((s) => s && !/^(--[^\n]*\n?)+$/.test(s))) {
          await tx.query(statement);
        }
        await tx.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [file, migrationChecksum(sql)]);
        applied.push(file);
      }
    },
    // A migration may rebuild an index over a large table: no statement timeout.
    { unbounded: true },
  );
  return applied;
}

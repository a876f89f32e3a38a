/**
 * One database interface over two engines: embedded PGlite (the default, nothing to install) and a
 * PostgreSQL server through pg (DATABASE_URL, for pods that scale out). Both speak the same SQL.
 */
import { readFile } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs several statements separated by semicolons (migrations). */
  exec(sql: string): Promise<void>;
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a gzipped tarball (fast test fixtures, backups). */
  dumpDataDir?(): Promise<Blob>;
  /** Connection use, for /metrics: pg's pool (total, idle, waiting); PGlite: calls in flight (it runs one at a time). */
  stats?(): DbStats;
}

export type DbStats = { kind: 'postgres'; total: number; idle: number; waiting: number } | { kind: 'pglite'; inFlight: number };

export interface DbOptions {
  /** postgres://… selects PostgreSQL; unset selects PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data directory, or 'memory'. */
  dataDir?: string;
  /** PGlite only: start from a dumped data directory (a .tar.gz made by dumpDataDir), e.g. a test fixture. */
  loadDataDirFile?: string;
  /** PostgreSQL pool size per process. */
  poolSize?: number;
  /** Errors of idle pooled connections (a server restart): reported here, never thrown. */
  onPoolError?: (err: Error) => void;
}

export async function openDb(options: DbOptions): Promise<Db> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize ?? 10, options.onPoolError) : openPglite(options);
}

async function openPglite(options: DbOptions): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  // pg_trgm (trigram similarity: the catalogue search's typo tolerance, migration 003) is built into PGlite as
  // an extension that must be loaded with the database; CREATE EXTENSION then enables it.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const dataDir = options.dataDir && options.dataDir !== 'memory' ? options.dataDir : undefined;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const loadDataDir = options.loadDataDirFile ? new Blob([await readFile(options.loadDataDirFile)]) : undefined;
  const pg = await PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm } });
  let closed = false;
  let inFlight = 0;
  const counted = async <T>(call: () => Promise<T>): Promise<T> => {
    inFlight++;
    try {
      return await call();
    } finally {
      inFlight--;
    }
  };
  return {
    kind: 'pglite',
    query<T>(sql: string, params?: unknown[]) {
      return counted(async () => (await pg.query<T>(sql, params)).rows);
    },
    exec(sql: string) {
      return counted(async () => void (await pg.exec(sql)));
    },
    transaction(fn) {
      return counted(() => pg.transaction((tx) => fn({ query: async <T>(sql: string, params?: unknown[]) => (await tx.query<T>(sql, params)).rows })));
    },
    stats: () => ({ kind: 'pglite', inFlight }),
    async close() {
      if (closed) return;
      closed = true;
      await pg.close();
    },
    dumpDataDir: () => pg.dumpDataDir('gzip'),
  };
}

async function openPostgres(url: string, poolSize: number, onPoolError: DbOptions['onPoolError']): Promise<Db> {
  const { default: pg } = await import('pg');
  // int8 (counts, sums of integers) as JavaScript numbers: our counts stay far below 2^53.
  pg.types.setTypeParser(20, (v) => Number(v));
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', (err) => onPoolError?.(err));
  let closed = false;
  return {
    kind: 'postgres',
    async query<T>(sql: string, params?: unknown[]) {
      return (await pool.query(sql, params as unknown[])).rows as T[];
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({ query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params as unknown[])).rows as T[] });
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
    stats: () => ({ kind: 'postgres', total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

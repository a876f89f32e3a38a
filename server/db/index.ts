/**
 * One database interface over two engines: embedded PGlite (the default, nothing to install) and a
 * PostgreSQL server through pg (DATABASE_URL, for pods that scale out). Both speak the same SQL.
 *
 * On PostgreSQL every wait is bounded (docs/decisions/018-database-faults-and-invariants.md): connecting and
 * checking a connection out of the pool (connectTimeoutMs), each statement on the server (statement_timeout)
 * and on the client (the same plus a second, for a server that does not answer at all). A connection that
 * died under a query (a server restart, a failover) retires its pool — its idle siblings are as dead — and the
 * work runs again on a fresh connection when that cannot do anything twice: a read, or a transaction that had
 * not sent COMMIT. A single write is never sent twice: it may have committed before the connection died.
 *
 * A circuit breaker (docs/decisions/035-failing-fast.md) keeps a database that stopped answering from costing every
 * request its timeouts: the first call that met a client-side timeout or a lost connection opens it; while open, every
 * call is refused at once (DatabaseCircuitOpenError → 503 with Retry-After), reads already waiting are let go, and a
 * probe on a connection of its own (never the pool's: that may be full of stuck queries) closes it when the server
 * answers again. A call that waits longer than `stallMs` does not wait for its own timeout to find out: the probe
 * asks at once, and opens the circuit when it gets no answer either.
 */

import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Pool, PoolConfig } from 'pg';
import { DatabaseCircuitOpenError, DatabaseTimeoutError, isBrokenConnection, isDatabaseUnavailable } from './errors.ts';
import { preparedStatements } from './pglite-statements.ts';

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface TransactionOptions {
  /** Lift the statement timeouts inside this transaction (migrations, demo data, generated catalogues). */
  unbounded?: boolean;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs several statements separated by semicolons (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Runs fn in one transaction. On PostgreSQL fn may run a second time, on a fresh connection, when the first
   * one died before COMMIT (nothing of the first run was committed): keep fn free of effects outside the database.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** Resolves when the database answers a trivial query within timeoutMs; else rejects (DatabaseTimeoutError). */
  ping(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as an uncompressed tarball (the test fixture). */
  dumpDataDir?(): Promise<Blob>;
  /** Connection use, for /metrics: pg's pool (total, idle, waiting); PGlite: calls in flight (it runs one at a time). */
  stats?(): DbStats;
  /** PostgreSQL with a circuit breaker: its state and counters (for /readyz, logs and tests). */
  circuit?(): CircuitStatus;
}

export interface CircuitStatus {
  state: 'closed' | 'open';
  /** Times it opened. */
  trips: number;
  /** Calls refused without reaching the database while it was open (reads let go when it opened included). */
  refused: number;
  /** Calls handed to the pool (every query, exec, transaction and ping that was not refused). */
  attempted: number;
  /** Probes run while open. */
  probes: number;
  /** Probes run while closed because a call waited longer than stallMs. */
  stallProbes: number;
}

export interface CircuitBreakerOptions {
  /** Milliseconds between probes while the circuit is open (the first runs at once). */
  probeIntervalMs: number;
  /** Milliseconds a probe may take to connect and answer SELECT 1. */
  probeTimeoutMs: number;
  /**
   * A call still unanswered after this many milliseconds makes the breaker probe at once (unset: no such watch); a
   * probe that fails opens the circuit, so the first request after a freeze answers 503 within stallMs +
   * probeTimeoutMs instead of waiting out its statement timeout. A slow query on a database that answers the probe
   * leaves the circuit closed.
   */
  stallMs?: number;
  /** Told when the circuit opens (with the error that opened it) and closes. */
  onChange?: (state: 'open' | 'closed', cause?: unknown) => void;
}

export type DbStats = { kind: 'postgres'; total: number; idle: number; waiting: number } | { kind: 'pglite'; inFlight: number };

export interface DbOptions {
  /** postgres://… selects PostgreSQL; unset selects PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data directory, or 'memory'. */
  dataDir?: string;
  /** PGlite only: start from a dumped data directory (a tar made by dumpDataDir, uncompressed: a test file opens one in 0.6 s, a gzipped one in 1.0 s), e.g. a test fixture. */
  loadDataDirFile?: string;
  /** PostgreSQL pool size per process. */
  poolSize?: number;
  /** PostgreSQL: milliseconds to open a connection or wait for a free one in the pool. Unset: no limit (scripts). */
  connectTimeoutMs?: number;
  /** PostgreSQL: milliseconds a statement may run (the server cancels it; the client gives up 1 s later). Unset: no limit. */
  statementTimeoutMs?: number;
  /** Errors of idle pooled connections (a server restart): reported here, never thrown. */
  onPoolError?: (err: Error) => void;
  /** PostgreSQL: fail fast while the server does not answer (the server sets it; scripts and tests wait instead). */
  circuitBreaker?: CircuitBreakerOptions;
}

export async function openDb(options: DbOptions): Promise<Db> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPglite(options);
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
  const statements = preparedStatements(pg);
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
      return counted(() => statements.query<T>(sql, params, false));
    },
    exec(sql: string) {
      return counted(async () => void (await pg.exec(sql)));
    },
    // PGlite has no timeouts to lift: it runs in this process, one query at a time.
    transaction(fn) {
      return counted(() =>
        pg.transaction(() => fn({ query: <T>(sql: string, params?: unknown[]) => statements.query<T>(sql, params, true) })),
      );
    },
    stats: () => ({ kind: 'pglite', inFlight }),
    // A long query holds every other one here (PGlite runs one at a time): the ping has its own deadline too.
    ping: (timeoutMs) => withTimeout(pg.query('SELECT 1'), timeoutMs).then(() => undefined),
    async close() {
      if (closed) return;
      closed = true;
      await pg.close();
    },
    dumpDataDir: () => pg.dumpDataDir('none'),
  };
}

async function openPostgres(url: string, options: DbOptions): Promise<Db> {
  const { default: pg } = await import('pg');
  // int8 (counts, sums of integers) as JavaScript numbers: our counts stay far below 2^53.
  pg.types.setTypeParser(20, (v) => Number(v));
  const statementTimeoutMs = options.statementTimeoutMs;
  const poolConfig: PoolConfig = {
    connectionString: url,
    max: options.poolSize ?? 10,
    // Opening a connection, and waiting for a free one when all are busy: a frozen server fails fast.
    connectionTimeoutMillis: options.connectTimeoutMs,
    // The server cancels a statement that runs too long (57014) …
    statement_timeout: statementTimeoutMs,
    // … and the client stops waiting a second later, when the server cannot even do that (frozen, cut off).
    query_timeout: statementTimeoutMs && statementTimeoutMs + CLIENT_TIMEOUT_MARGIN_MS,
    // A transaction left open by a stalled process must not hold its row locks for ever.
    idle_in_transaction_session_timeout: statementTimeoutMs && IDLE_IN_TRANSACTION_MS,
    // A peer that vanished without closing (a failed-over host) is noticed on idle connections too.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
  const newPool = () => {
    const p = new pg.Pool(poolConfig);
    // An idle client's error (server restart) must not crash the process: the pool drops that client.
    p.on('error', (err) => options.onPoolError?.(err));
    return p;
  };
  let pool = newPool();
  const retiring = new Set<Promise<void>>();
  /**
   * A connection of `failed` died under a query: its idle siblings were opened to the same server and are most
   * likely dead too (a restart, a failover), so the pool is replaced — later work opens fresh connections — and
   * the old one ends once its busy connections come back.
   */
  const retire = (failed: Pool) => {
    if (failed !== pool || closed) return;
    pool = newPool();
    const ending = failed.end().catch(() => {});
    retiring.add(ending);
    void ending.then(() => retiring.delete(ending));
  };
  let closed = false;
  // A second attempt runs on the replaced pool; a third covers a server that went away again at once.
  const maxAttempts = 3;

  const db: Db = {
    kind: 'postgres',
    async query<T>(sql: string, params?: unknown[]) {
      for (let attempt = 1; ; attempt++) {
        const current = pool;
        try {
          return (await current.query(sql, params as unknown[])).rows as T[];
        } catch (err) {
          if (!isBrokenConnection(err)) throw err;
          retire(current);
          // A read runs again on a fresh connection. A write never does: it may have committed before the
          // connection died.
          if (attempt >= maxAttempts || !isReadOnly(sql)) throw err;
        }
      }
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction(fn, txOptions = {}) {
      for (let attempt = 1; ; attempt++) {
        const current = pool;
        const client = await current.connect();
        // A connection error between two statements is emitted on the client; unheard it would crash the
        // process. The next statement fails with it anyway.
        const ignore = () => {};
        client.on('error', ignore);
        let committing = false;
        let reusable = true;
        try {
          await client.query('BEGIN');
          const unbounded = txOptions.unbounded && statementTimeoutMs;
          if (unbounded) await client.query('SET LOCAL statement_timeout = 0');
          const result = await fn({
            query: async <T>(sql: string, params?: unknown[]) =>
              (await client.query({ text: sql, values: params as unknown[], ...(unbounded ? { query_timeout: NO_TIMEOUT_MS } : {}) }))
                .rows as T[],
          });
          committing = true;
          await client.query('COMMIT');
          return result;
        } catch (err) {
          reusable =
            connectionUsable(err) &&
            (await client.query('ROLLBACK').then(
              () => true,
              () => false,
            ));
          if (!isBrokenConnection(err)) throw err;
          retire(current);
          // Nothing of a transaction whose connection died before COMMIT was committed: it may run again.
          // After COMMIT was sent the outcome is unknown, so the error goes to the caller (503).
          if (attempt >= maxAttempts || committing) throw err;
        } finally {
          client.removeListener('error', ignore);
          // A connection that broke or timed out is dropped from the pool, never handed to the next request.
          client.release(reusable ? undefined : new Error('connection unusable'));
        }
      }
    },
    ping: (timeoutMs) => withTimeout(db.query('SELECT 1'), timeoutMs).then(() => undefined),
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([pool.end(), ...retiring]);
    },
    stats: () => ({ kind: 'postgres', total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
  if (!options.circuitBreaker) return db;
  const { probeTimeoutMs } = options.circuitBreaker;
  // The probe's own connection, opened and closed each time: the pool's may all be stuck in queries.
  const probe = async () => {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: probeTimeoutMs,
      query_timeout: probeTimeoutMs,
      statement_timeout: probeTimeoutMs,
    });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('SELECT 1');
    } finally {
      // Not awaited: ending a connection to a server that does not answer would wait for it.
      void client.end().catch(() => {});
    }
  };
  return withCircuitBreaker(db, probe, options.circuitBreaker);
}

/**
 * Whether an error says the server stopped answering: a client-side timeout (connect, pool checkout, query, ping)
 * or a connection lost or refused. A statement the server itself cancelled (57014) does not: the server answered.
 */
function stoppedAnswering(err: unknown): boolean {
  return isDatabaseUnavailable(err) && !(err instanceof DatabaseCircuitOpenError) && (err as { code?: unknown })?.code !== '57014';
}

/** `db` behind a circuit breaker whose background `probe` closes it again (see the top of this file). */
export function withCircuitBreaker(db: Db, probe: () => Promise<void>, options: CircuitBreakerOptions): Db {
  const status: CircuitStatus = { state: 'closed', trips: 0, refused: 0, attempted: 0, probes: 0, stallProbes: 0 };
  /** Reads in flight that may be let go when the circuit opens. */
  const waiting = new Set<(err: Error) => void>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const refusal = () => new DatabaseCircuitOpenError('the database is not answering; refused without waiting');

  const runProbe = async () => {
    timer = undefined;
    if (closed || status.state === 'closed') return;
    status.probes++;
    try {
      await probe();
      status.state = 'closed';
      options.onChange?.('closed');
    } catch {
      if (!closed) timer = setTimeout(runProbe, options.probeIntervalMs).unref();
    }
  };
  /** A probe asked because a call stalled (one at a time): its failure opens the circuit. */
  let stallProbe: Promise<void> | undefined;
  const onStall = (startedMs: number) => {
    if (stallProbe || closed || status.state === 'open') return;
    status.stallProbes++;
    stallProbe = probe().then(
      () => {
        stallProbe = undefined;
      },
      () => {
        stallProbe = undefined;
        open(new DatabaseTimeoutError(`a call waited ${Math.round(performance.now() - startedMs)} ms and the probe got no answer`));
      },
    );
  };
  const open = (cause: unknown) => {
    if (status.state === 'open' || closed) return;
    status.state = 'open';
    status.trips++;
    options.onChange?.('open', cause);
    for (const letGo of waiting) letGo(refusal());
    waiting.clear();
    void runProbe();
  };
  /**
   * Runs work unless the circuit is open; an error saying the server stopped answering opens it. A read (`abandon`)
   * is let go when the circuit opens while it waits: nothing of it can be lost, and its request answers 503 at once
   * instead of after its own timeout. Writes and transactions are waited for: their outcome must be known.
   */
  function guard<T>(work: () => Promise<T>, abandon: boolean): Promise<T> {
    if (status.state === 'open') {
      status.refused++;
      return Promise.reject(refusal());
    }
    status.attempted++;
    let letGo: ((err: Error) => void) | undefined;
    const startedMs = performance.now();
    const stall = options.stallMs === undefined ? undefined : setTimeout(() => onStall(startedMs), options.stallMs).unref();
    const running = work().then(
      (value) => {
        clearTimeout(stall);
        if (letGo) waiting.delete(letGo);
        return value;
      },
      (err: unknown) => {
        clearTimeout(stall);
        // Its own caller gets the error that opened the circuit, not the refusal.
        if (letGo) waiting.delete(letGo);
        if (stoppedAnswering(err)) open(err);
        throw err;
      },
    );
    if (!abandon) return running;
    return new Promise<T>((resolve, reject) => {
      letGo = (err: Error) => {
        status.refused++;
        reject(err);
      };
      waiting.add(letGo);
      running.then(resolve, reject);
    });
  }

  return {
    ...db,
    kind: db.kind,
    query: (sql, params) => guard(() => db.query(sql, params), isReadOnly(sql)),
    exec: (sql) => guard(() => db.exec(sql), false),
    transaction: (fn, txOptions) => guard(() => db.transaction(fn, txOptions), false),
    // /readyz's ping timing out is as good a sign as a request's: it opens the circuit too.
    ping: (timeoutMs) => guard(() => db.ping(timeoutMs), true),
    circuit: () => ({ ...status }),
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await db.close();
    },
  };
}

/** The client waits this much longer than statement_timeout, so the server's own cancel comes first when it can. */
const CLIENT_TIMEOUT_MARGIN_MS = 1000;
/** Open transactions idle longer than this (a stalled process) are ended by the server, freeing their locks. */
const IDLE_IN_TRANSACTION_MS = 60_000;
/** The longest timer Node keeps: a client-side timeout that never fires, for unbounded transactions. */
const NO_TIMEOUT_MS = 2 ** 31 - 1;

/** A statement that changes nothing, so running it twice is harmless: SELECT/WITH/VALUES/SHOW without a writing keyword. */
export function isReadOnly(sql: string): boolean {
  return (
    /^\s*(SELECT|WITH|VALUES|SHOW)\b/i.test(sql) && !/\b(INSERT|UPDATE|DELETE|MERGE|TRUNCATE|nextval|setval|pg_advisory\w*)\b/i.test(sql)
  );
}

/**
 * Whether the connection that raised err can take the next statement: yes after an error the server answered
 * within the session (a constraint, a cancelled statement) or one thrown by our code; no when it died, never
 * answered (a client timeout leaves the statement running) or the server ended the session (FATAL).
 */
function connectionUsable(err: unknown): boolean {
  if (!isDatabaseUnavailable(err)) return true;
  const e = err as { severity?: unknown };
  return e.severity === 'ERROR';
}

/** Rejects with DatabaseTimeoutError when the promise takes longer than ms (the work itself is not stopped). */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseTimeoutError(`the database did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

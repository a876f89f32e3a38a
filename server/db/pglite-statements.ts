/**
 * Named prepared statements for PGlite (docs/decisions/053-pglite-prepared-statements.md).
 *
 * PGlite's own `query` sends every call as an unnamed statement in six protocol round trips into the WebAssembly
 * backend (parse, describe, bind, describe, execute, sync), so each call parses and plans its SQL again: on the
 * cart page's header query that was 1.0 ms of planning for 0.4 ms of execution, and the round trips another 0.8 ms —
 * PGlite's calls were half of a personal page's CPU time. Here each distinct SQL text is parsed once into a named
 * statement; later calls send bind, describe, execute and sync in one buffer, and PostgreSQL's plan cache keeps the
 * plan (custom plans for the first five runs, then the generic plan when it costs no more).
 *
 * Values are serialised and rows parsed exactly as PGlite's `query` does (its serializers by the parameter types the
 * statement was described with, its parsers by the row's field types), so callers cannot tell the two apart. Locks:
 * a call outside a transaction holds PGlite's transaction mutex (no call may fall inside another's transaction) and
 * its query mutex; a call inside `transaction` already holds the first.
 */

import type { PGlite } from '@electric-sql/pglite';
import { parse as pgliteParse, protocol } from '@electric-sql/pglite';

/** Distinct SQL texts kept prepared; the least recently used one is closed beyond this. */
const MAX_STATEMENTS = 1000;

/** PostgreSQL's answers for a prepared statement that can no longer run as prepared (a table changed under it). */
const STALE_STATEMENT = new Set(['0A000', '26000']);

interface Statement {
  name: string;
  paramTypes: number[];
}

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export interface PreparedStatements {
  /** Runs `sql` with `params`; `inTransaction`: the caller is inside `pg.transaction` (its mutex already held). */
  query<T>(sql: string, params: unknown[] | undefined, inTransaction: boolean): Promise<T[]>;
  /** Statements currently prepared (for tests). */
  readonly size: number;
}

export function preparedStatements(pg: PGlite, maxStatements = MAX_STATEMENTS): PreparedStatements {
  const statements = new Map<string, Statement>();
  let counter = 0;
  /** Names of statements forgotten as stale, still open in the backend: closed by the next prepare. */
  const unclosed: string[] = [];

  const forget = (sql: string) => {
    const stale = statements.get(sql);
    if (stale) unclosed.push(stale.name);
    statements.delete(sql);
  };

  /** Closes named statements in the backend. Runs under the query mutex. */
  const close = (names: string[]) =>
    pg.execProtocol(concat([...names.map((name) => serialize.close({ type: 'S', name })), serialize.sync()]), { syncToFs: false });

  /** Parses `sql` into a new named statement and learns its parameter types. Runs under the query mutex. */
  async function prepare(sql: string): Promise<Statement> {
    const name = `s${++counter}`;
    const { messages } = await pg.execProtocol(
      concat([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const statement = { name, paramTypes: pgliteParse.parseDescribeStatementResults(messages) };
    statements.set(sql, statement);
    if (statements.size > maxStatements) {
      const [oldestSql, oldest] = statements.entries().next().value as [string, Statement];
      statements.delete(oldestSql);
      unclosed.push(oldest.name);
    }
    if (unclosed.length > 0) await close(unclosed.splice(0));
    return statement;
  }

  async function run<T>(sql: string, params: unknown[], inTransaction: boolean): Promise<T[]> {
    let statement = statements.get(sql);
    if (statement) {
      // Least recently used order: a hit moves to the end.
      statements.delete(sql);
      statements.set(sql, statement);
    } else {
      statement = await prepare(sql);
    }
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serializer = pg.serializers[statement.paramTypes[i]!];
      return serializer ? serializer(param) : String(param);
    });
    const { messages } = await pg.execProtocol(
      concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: !inTransaction },
    );
    return pgliteParse.parseResults(messages, pg.parsers)[0]!.rows as T[];
  }

  return {
    get size() {
      return statements.size;
    },
    async query<T>(sql: string, params: unknown[] = [], inTransaction: boolean): Promise<T[]> {
      const once = () => pg.runExclusive(() => run<T>(sql, params, inTransaction));
      const attempt = inTransaction ? once : () => pg._runExclusiveTransaction(once);
      try {
        return await attempt();
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (!code || !STALE_STATEMENT.has(code) || !statements.has(sql)) throw error;
        // The statement was planned against a table that has since changed (or was closed): prepare it afresh. Inside a
        // transaction the error has aborted it, so only a call on its own may run again.
        forget(sql);
        if (inTransaction) throw error;
        return attempt();
      }
    },
  };
}

/**
 * What a database error means for the request that met it, decided in one place:
 *  - isDatabaseUnavailable: the database is away (refused, terminated, restarting, frozen, timed out) — the
 *    answer is 503 with Retry-After, not 500: nothing is wrong with the request, it may be tried again;
 *  - isBrokenConnection: the connection died under the query (a restart killed it). The query did not finish,
 *    so a read, or a transaction that had not reached COMMIT, may run again on a fresh connection.
 * Errors come from pg (SQLSTATE codes, its own messages), from Node's sockets, and from server/db/index.ts.
 */

/** Seconds a client is told to wait (Retry-After) before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Raised by server/db/index.ts when the database gave no answer in time (a ping, a checkout). */
export class DatabaseTimeoutError extends Error {
  override name = 'DatabaseTimeoutError';
  readonly code = 'DB_TIMEOUT';
}

/**
 * Refused without asking the database: its circuit is open (server/db/index.ts) — a timeout or a lost connection
 * said it stopped answering, and the background probe has not seen it answer again yet.
 */
export class DatabaseCircuitOpenError extends Error {
  override name = 'DatabaseCircuitOpenError';
  readonly code = 'DB_CIRCUIT_OPEN';
}

/** Socket errors: the server is down, unreachable or dropped us. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs of an unavailable server: class 08 (connection exception), 57P01 admin_shutdown,
 * 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, shutting down, recovering), 53300
 * too_many_connections, 57014 query_canceled (statement_timeout: the server is too slow to answer).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/** pg's own messages for a connection that died, never came up, or stopped answering. */
const BROKEN_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
];
const TIMEOUT_MESSAGES = [
  'Query read timeout',
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
  'timeout expired',
];

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

const asErrorLike = (err: unknown): ErrorLike | null => (err && typeof err === 'object' ? (err as ErrorLike) : null);

/** The error and its causes (an AggregateError of a dual-stack connect, an Error with `cause`). */
function* chain(err: unknown): Generator<ErrorLike> {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length) {
    const e = asErrorLike(queue.shift());
    if (!e || seen.has(e)) continue;
    seen.add(e);
    yield e;
    queue.push(e.cause);
    if (Array.isArray(e.errors)) queue.push(...e.errors);
  }
}

const isSqlstate = (code: unknown): code is string => typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);

/** The connection died under the query (or before it): the query did not complete on the server. */
export function isBrokenConnection(err: unknown): boolean {
  for (const e of chain(err)) {
    const code = e.code;
    if (typeof code === 'string' && SOCKET_CODES.has(code) && code !== 'ECONNREFUSED') return true;
    if (isSqlstate(code) && (code.startsWith('08') || code === '57P01' || code === '57P02')) return true;
    if (typeof e.message === 'string' && BROKEN_MESSAGES.includes(e.message)) return true;
  }
  return false;
}

/** The database is away or too slow: answer 503 with Retry-After (see DATABASE_RETRY_AFTER_SECONDS). */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (isBrokenConnection(err)) return true;
  for (const e of chain(err)) {
    if (e instanceof DatabaseTimeoutError || e instanceof DatabaseCircuitOpenError) return true;
    const code = e.code;
    if (typeof code === 'string' && SOCKET_CODES.has(code)) return true;
    if (isSqlstate(code) && (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code))) return true;
    if (typeof e.message === 'string' && TIMEOUT_MESSAGES.includes(e.message)) return true;
  }
  return false;
}

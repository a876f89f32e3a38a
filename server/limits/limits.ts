/**
 * The one rate limiter (docs/decisions/030-one-limiter.md): a row per (policy, key) in `rate_limits`, claimed by one
 * INSERT … ON CONFLICT … DO UPDATE … RETURNING. PostgreSQL runs that statement on the row's latest version under its
 * row lock (a parallel claim of the same key waits for the first to commit, then sees its count), so parallel
 * requests on any number of pods can never get more uses than the policy allows. Kept in the database because the
 * limits must hold across pods. A claim made inside a caller's transaction (`q` = that transaction) counts only if
 * the transaction commits.
 */
import type { Queryable } from '../db/index.ts';
import { type BackoffPolicyName, POLICIES, type Policy, type PolicyName, policy } from './policies.ts';

export type Claim = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** The backoff delay in seconds, in SQL over a rate_limits row `t` (`free`, `cap`: placeholders of the free uses and the cap). */
const delay = (free: string, cap: string) =>
  `CASE WHEN t.hits < ${free} THEN 0 ELSE least(power(2, least(t.hits - ${free}, 30)), ${cap}::float8) END`;
/** The row's window (or forgetting time) is over: the use starts afresh. */
const EXPIRED = `t.window_start < now() - make_interval(secs => $3)`;

/**
 * $1 policy, $2 key, $3 window (or forget) seconds, $4 max (or free uses), $5 is a backoff, $6 cap, $7 hold (seconds).
 * A window counts every claim (the WHERE is always true for it) and admits while hits <= max. A backoff updates
 * the row only when this use is admitted: within the free uses, after the forget time, or once the delay since the
 * last use has passed; no row back means refused.
 */
const CLAIM = `
  INSERT INTO rate_limits AS t (policy, key, window_start, hits) VALUES ($1, $2, now(), 1)
  ON CONFLICT (policy, key) DO UPDATE SET
    hits = CASE WHEN ${EXPIRED} THEN 1 ELSE t.hits + 1 END,
    window_start = CASE
      WHEN $5::boolean THEN greatest(t.window_start, now() + make_interval(secs => $7))
      WHEN ${EXPIRED} THEN now()
      ELSE t.window_start END
  WHERE NOT $5::boolean OR t.hits < $4 OR ${EXPIRED} OR t.window_start + make_interval(secs => ${delay('$4', '$6')}) <= now()
  RETURNING hits, ceil(extract(epoch FROM t.window_start + make_interval(secs => $3) - now()))::int AS retry_after`;

/** How long a refused backoff key has left to wait (read after the atomic decision, for Retry-After only). */
const BACKOFF_WAIT = `
  SELECT ceil(extract(epoch FROM t.window_start + make_interval(secs => ${delay('$3', '$4')}) - now()))::int AS retry_after
    FROM rate_limits t WHERE t.policy = $1 AND t.key = $2`;

function params(name: PolicyName, p: Policy, key: string): unknown[] {
  const backoff = p.kind === 'backoff';
  return [name, key, p.seconds, p.max, backoff, backoff ? p.capSeconds : 0, backoff ? p.holdSeconds : 0];
}

/**
 * The seconds to announce, between 1 and the policy's longest wait. now() is the transaction's start: a claim whose
 * transaction began before a parallel one that (re)started the window reads its window_start a moment in its own
 * future, and would announce a second more than the window.
 */
function wait(seconds: number, longest: number): number {
  return Math.min(longest, Math.max(1, seconds));
}

/** Takes one use of `key` under the policy: allowed, or refused with the whole seconds (≥ 1) until a retry can succeed. */
async function claim(q: Queryable, name: PolicyName, key: string): Promise<Claim> {
  const p = policy(name);
  const [row] = await q.query<{ hits: number; retry_after: number }>(CLAIM, params(name, p, key));
  if (p.kind === 'window')
    return row!.hits <= p.max ? { allowed: true } : { allowed: false, retryAfterSeconds: wait(row!.retry_after, p.seconds) };
  if (row) return { allowed: true };
  const [left] = await q.query<{ retry_after: number }>(BACKOFF_WAIT, [name, key, p.max, p.capSeconds]);
  return { allowed: false, retryAfterSeconds: wait(left?.retry_after ?? 1, p.capSeconds + p.holdSeconds) };
}

/** Gives one use back (a sign-in that succeeded does not count against its address). */
async function release(q: Queryable, name: PolicyName, key: string): Promise<void> {
  policy(name);
  await q.query('UPDATE rate_limits SET hits = greatest(hits - 1, 0) WHERE policy = $1 AND key = $2', [name, key]);
}

/** Forgets the key: its next claim starts afresh (a sign-in that succeeded; a shopper sent to the payment provider). */
async function clear(q: Queryable, name: PolicyName, key: string): Promise<void> {
  policy(name);
  await q.query('DELETE FROM rate_limits WHERE policy = $1 AND key = $2', [name, key]);
}

/** A backoff's claimed use was answered now: the delay to the next use counts from here, not from the claim. */
async function settle(q: Queryable, name: BackoffPolicyName, key: string): Promise<void> {
  if (policy(name).kind !== 'backoff') throw new Error(`Rate-limit policy ${name} is not a backoff`);
  await q.query('UPDATE rate_limits SET window_start = now() WHERE policy = $1 AND key = $2', [name, key]);
}

const POLICY_SECONDS = Object.fromEntries(Object.entries(POLICIES).map(([n, p]) => [n, p.seconds])) as Record<PolicyName, number>;

/** Housekeeping: deletes rows whose window (or forget time) is over — they count nothing any more; rows of a policy no longer in the table after a day. */
async function purge(q: Queryable): Promise<number> {
  const names = Object.keys(POLICY_SECONDS);
  const rows = await q.query(
    `DELETE FROM rate_limits r
      WHERE r.window_start < now() - make_interval(secs => coalesce(
              (SELECT p.seconds FROM unnest($1::text[], $2::float8[]) AS p(name, seconds) WHERE p.name = r.policy), 86400))
      RETURNING r.key`,
    [names, names.map((n) => POLICY_SECONDS[n as PolicyName])],
  );
  return rows.length;
}

/** The rate limiter: `limits.claim(q, 'signin.address', key)` and friends. */
export const limits = { claim, release, clear, settle, purge } as const;

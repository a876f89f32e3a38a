/**
 * Password hashing and its waiting line (docs/decisions/026-accounts.md, 038-hash-queue.md).
 *
 * Hashes are scrypt at OWASP's recommended cost (N = 2^17, r = 8, p = 1: 128 MiB and ~0.3 s per hash), stored as
 * "scrypt$N$r$p$salt$hash" (salt and hash base64url): the parameters travel with each hash, so a hash made at an
 * older cost still verifies, and `needsRehash` tells sign-in to replace it. scrypt runs on libuv's thread pool and
 * needs 128 MiB outside the JavaScript heap each: at most HASH_CONCURRENCY run at once per process.
 *
 * The line behind them (HashQueue) is bounded, because a flood of failed sign-ins from many addresses otherwise
 * queues without end in front of a real shopper. Work that names its client (sign-in: the client's addressKey) gets:
 *  - one hash per client at a time: a client's second hash waits behind its first without taking a place in the
 *    line (a double-submitted form still gets its answer), at most HASH_BEHIND_PER_CLIENT of them;
 *  - a place in a line of at most HASH_QUEUE_LIMIT, ordered by how many hashes the client had, or was refused, lately
 *    (a count that halves every HASH_RECENT_SECONDS; fewest first, then arrival; a successful sign-in forgives its address's): a shopper's
 *    first sign-in goes before a flooder's hundredth, and a flooder that keeps coming back after refusals only sinks.
 *    A full line takes a newcomer only in place of a waiting entry that used more, which is refused instead;
 *  - at most HASH_WAIT_LIMIT_MS of waiting, and nothing run for a client that left (its AbortSignal).
 * A refusal is HashQueueBusy, answered 503 with Retry-After. Work without a client (registration, password change,
 * reset, deletion — each limited per address or account by server/limits/ before it hashes) waits in the same
 * line unbounded and is never refused, so those paths never fail for the line's sake.
 *
 * The rule for a new password is password-rule.ts.
 */

import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../shared/password-rules.ts';

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

export type ScryptCost = { N: number; r: number; p: number };

/** Today's cost (OWASP Password Storage Cheat Sheet: N = 2^17, r = 8, p = 1). */
export const PRODUCTION_SCRYPT_N = 2 ** 17;

/**
 * N for this process: PRODUCTION_SCRYPT_N, except in a process the tap suite runs (TAP=1) that names a cheaper one in
 * SCRYPT_TEST_N (a power of two from 2^10 to 2^16; test/setup/tap.env sets 2^12). A suite that signs in
 * hundreds of times then spends seconds, not minutes, in scrypt (docs/decisions/057-ci-time.md). Anything else — no
 * TAP, or a value out of range — gets today's cost, so a stray variable cannot weaken the shop's hashes.
 */
export function scryptN(env: NodeJS.ProcessEnv = process.env): number {
  const value = env.SCRYPT_TEST_N;
  if (env.TAP !== '1' || !value || !/^[0-9]{4,5}$/.test(value)) return PRODUCTION_SCRYPT_N;
  const n = Number(value);
  const powerOfTwo = n >= 2 ** 10 && n <= 2 ** 16 && (n & (n - 1)) === 0;
  return powerOfTwo ? n : PRODUCTION_SCRYPT_N;
}

/** The cost new hashes get, and that sign-in upgrades older hashes to. */
export const SCRYPT_COST: Readonly<ScryptCost> = { N: scryptN(), r: 8, p: 1 };

/** scrypts that may run at once in this process (each holds 128 · N · r bytes while it runs). */
export const HASH_CONCURRENCY = 2;
/** Client-named hashes that may wait for a slot (about four hash-times of waiting at most). */
export const HASH_QUEUE_LIMIT = 8;
/** A client's hashes that may wait behind its one in the line (a double submit, a second tab). */
export const HASH_BEHIND_PER_CLIENT = 2;
/** The longest a client-named hash waits for a slot before it is refused. */
export const HASH_WAIT_LIMIT_MS = 5_000;
/** The half-life of a client's count of hashes and refusals, which sets its place in the line. */
export const HASH_RECENT_SECONDS = 60;

/** A hash not run because the line is full, the wait was too long or the client has enough waiting: 503 + Retry-After. */
export class HashQueueBusy extends Error {
  override name = 'HashQueueBusy';
  constructor(
    readonly retryAfterSeconds: number,
    readonly why: 'full' | 'evicted' | 'timeout' | 'client',
  ) {
    super(`password hashing is busy (${why})`);
  }
}

export interface HashQueueOptions {
  concurrency: number;
  maxWaiting: number;
  maxBehindPerClient: number;
  maxWaitMs: number;
  recentSeconds: number;
}

type State = 'behind' | 'waiting' | 'running' | 'done';

interface Entry {
  readonly client: string | undefined;
  /** The client's hashes in the recent window when it joined the line: lower goes first. */
  readonly score: number;
  readonly seq: number;
  state: State;
  start(): void;
  /** Leaves the line unrun, failing with `error`. */
  drop(error: unknown): void;
}

/** The line of hashes: HASH_CONCURRENCY at a time, the rest bounded as the file's header says. */
export class HashQueue {
  private running = 0;
  private seq = 0;
  /** Entries that may start when a slot frees, in order (score, then arrival). */
  private readonly waiting: Entry[] = [];
  /** Each client's entries not yet finished: the first is waiting or running, the rest are behind it. */
  private readonly lines = new Map<string, Entry[]>();
  /** Each client's decaying count of hashes started and refusals, as of `at` (scoreOf). */
  private readonly recent = new Map<string, { score: number; at: number }>();
  /** A moving average of one hash's duration, for Retry-After. */
  private hashMs = 300;
  /** Hashes started (all), and what happened to client-named work that never ran: for tests and metrics. */
  readonly counts = { started: 0, refused: 0, evicted: 0, expired: 0, abandoned: 0 };

  constructor(readonly options: HashQueueOptions) {}

  /** Hashes waiting for a slot (not those behind their client's first). */
  get waitingCount(): number {
    return this.waiting.length;
  }

  get runningCount(): number {
    return this.running;
  }

  /** Hashes waiting behind their client's first (they hold no place in the line). */
  get behindCount(): number {
    let n = 0;
    for (const line of this.lines.values()) n += line.filter((e) => e.state === 'behind').length;
    return n;
  }

  /** Seconds until a retry may find room: the line ahead divided among the slots, at least 1. */
  retryAfterSeconds(): number {
    const rounds = (this.waiting.length + this.running) / this.options.concurrency;
    return Math.min(60, Math.max(1, Math.ceil((rounds * this.hashMs) / 1000)));
  }

  /** Whether run() with this client would be taken now (sign-in asks before it claims its rate limits). */
  admits(client: string): boolean {
    return this.refusal(client, this.scoreOf(client)) === null;
  }

  /**
   * A client's sign-in refused before it asked for a hash (server/http/signin-gate.ts): it counts against the client's
   * place in the line like a hash, so that hammering a full line lowers the hammerer, not the shopper who waits.
   */
  noteRefused(client: string): void {
    this.noteRecent(client);
  }

  /** The client's recent hashes are forgotten (a successful sign-in is not held against its address, as in the limiter). */
  forgive(client: string): void {
    this.recent.delete(client);
  }

  /** Runs fn when a slot is free, as the file's header says; `client` bounds it, `signal` drops it when the client leaves. */
  run<T>(fn: () => Promise<T>, opts: { client?: string; signal?: AbortSignal } = {}): Promise<T> {
    const { client, signal } = opts;
    if (signal?.aborted) return Promise.reject(signal.reason);
    const score = client === undefined ? 0 : this.scoreOf(client);
    if (client !== undefined) {
      const why = this.refusal(client, score);
      if (why) {
        this.counts.refused++;
        this.noteRecent(client);
        return Promise.reject(new HashQueueBusy(this.retryAfterSeconds(), why));
      }
    }
    return new Promise<T>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const onAbort = () => {
        this.counts.abandoned++;
        entry.drop(signal!.reason);
      };
      const settle = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const entry: Entry = {
        client,
        score,
        seq: ++this.seq,
        state: 'behind',
        start: () => {
          settle();
          entry.state = 'running';
          this.running++;
          this.counts.started++;
          if (client !== undefined) this.noteRecent(client);
          const began = performance.now();
          // The slot is given back before the caller hears the outcome: its next hash finds the line as it is.
          const over = () => {
            this.hashMs = 0.8 * this.hashMs + 0.2 * (performance.now() - began);
            this.running--;
            this.finish(entry);
          };
          fn().then(
            (value) => {
              over();
              resolve(value);
            },
            (error: unknown) => {
              over();
              reject(error);
            },
          );
        },
        drop: (error) => {
          if (entry.state !== 'waiting' && entry.state !== 'behind') return;
          settle();
          const at = this.waiting.indexOf(entry);
          if (at >= 0) this.waiting.splice(at, 1);
          this.finish(entry);
          reject(error);
        },
      };
      if (client !== undefined) {
        timer = setTimeout(() => {
          this.counts.expired++;
          entry.drop(new HashQueueBusy(this.retryAfterSeconds(), 'timeout'));
        }, this.options.maxWaitMs);
        timer.unref();
      }
      signal?.addEventListener('abort', onAbort, { once: true });
      if (client === undefined) return this.enqueue(entry);
      const line = this.lines.get(client);
      if (line) line.push(entry);
      else {
        this.lines.set(client, [entry]);
        this.enqueue(entry);
      }
    });
  }

  /** Why a client's new hash would be refused now, or null. */
  private refusal(client: string, score: number): HashQueueBusy['why'] | null {
    const line = this.lines.get(client);
    if (line) return line.length - 1 >= this.options.maxBehindPerClient ? 'client' : null;
    if (this.running < this.options.concurrency && this.waiting.length === 0) return null;
    if (this.waiting.length < this.options.maxWaiting) return null;
    return this.evictable(score) ? null : 'full';
  }

  /**
   * The waiting client-named entry whose client has used the most by now (refusals since it joined included; the latest
   * of equals), when that is more than `score`.
   */
  private evictable(score: number): Entry | undefined {
    let worst: Entry | undefined;
    let worstScore = score;
    for (let i = this.waiting.length - 1; i >= 0; i--) {
      const e = this.waiting[i]!;
      if (e.client === undefined) continue;
      const now = this.scoreOf(e.client);
      if (now > worstScore) {
        worst = e;
        worstScore = now;
      }
    }
    return worst;
  }

  private enqueue(entry: Entry): void {
    if (entry.client !== undefined && this.waiting.length >= this.options.maxWaiting) {
      const worst = this.evictable(entry.score);
      if (worst) {
        this.counts.evicted++;
        worst.drop(new HashQueueBusy(this.retryAfterSeconds(), 'evicted'));
      }
    }
    entry.state = 'waiting';
    // Ordered by score, then arrival: the first entry of a higher score (or of equal score, later) goes behind it.
    const at = this.waiting.findIndex((e) => e.score > entry.score || (e.score === entry.score && e.seq > entry.seq));
    if (at < 0) this.waiting.push(entry);
    else this.waiting.splice(at, 0, entry);
    this.pump();
  }

  private pump(): void {
    while (this.running < this.options.concurrency && this.waiting.length) this.waiting.shift()!.start();
  }

  /** The entry is over (run or dropped): the next of its client's line joins the line, a free slot is taken. */
  private finish(entry: Entry): void {
    const wasFirst = entry.state === 'running' || entry.state === 'waiting';
    entry.state = 'done';
    if (entry.client !== undefined) {
      const line = this.lines.get(entry.client)!;
      line.splice(line.indexOf(entry), 1);
      if (!line.length) this.lines.delete(entry.client);
      else if (wasFirst && line[0]!.state === 'behind') this.enqueue(line[0]!);
    }
    this.pump();
  }

  /**
   * The client's recent hashes and refusals, each counted less as it ages (halved every recentSeconds): a score that
   * decays rather than a window that resets, so an address that hammered for minutes does not start again level with a
   * shopper when a window ends.
   */
  private scoreOf(client: string): number {
    const r = this.recent.get(client);
    return r ? r.score * 0.5 ** ((performance.now() - r.at) / (this.options.recentSeconds * 1000)) : 0;
  }

  private noteRecent(client: string): void {
    const now = performance.now();
    this.recent.set(client, { score: this.scoreOf(client) + 1, at: now });
    // Forget clients whose score has faded below one once the map grows (an address flood must not grow memory without end).
    if (this.recent.size > 10_000) for (const key of this.recent.keys()) if (this.scoreOf(key) < 1) this.recent.delete(key);
  }
}

/** The process's one line of hashes. */
export const hashQueue = new HashQueue({
  concurrency: HASH_CONCURRENCY,
  maxWaiting: HASH_QUEUE_LIMIT,
  maxBehindPerClient: HASH_BEHIND_PER_CLIENT,
  maxWaitMs: HASH_WAIT_LIMIT_MS,
  recentSeconds: HASH_RECENT_SECONDS,
});

/** Who asks for a hash: a client's addressKey (bounded, see the header) and its request's signal. */
export interface HashRequester {
  client?: string;
  signal?: AbortSignal;
}

/** The memory a scrypt of this cost needs, with room to spare (Node refuses above `maxmem`, default 32 MiB). */
const maxmem = ({ N, r, p }: ScryptCost) => 128 * N * r + 128 * r * p + 32 * 1024 * 1024;

function scrypt(password: string, salt: Buffer, keylen: number, cost: ScryptCost, by: HashRequester = {}): Promise<Buffer> {
  return hashQueue.run(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCb(password.normalize('NFC'), salt, keylen, { ...cost, maxmem: maxmem(cost) }, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
    by,
  );
}

/** A new hash at today's cost (or `cost`, for tests of older hashes). */
export async function hashPassword(password: string, cost: ScryptCost = SCRYPT_COST): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** The cost a stored hash names, when it is one we would compute (a damaged row must not make us allocate gigabytes). */
function parse(stored: string): { cost: ScryptCost; salt: Buffer; hash: Buffer } | null {
  const [scheme, n, r, p, salt, hash, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash || rest.length) return null;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const powerOfTwo = Number.isInteger(cost.N) && cost.N >= 2 ** 10 && cost.N <= 2 ** 20 && (cost.N & (cost.N - 1)) === 0;
  if (!powerOfTwo || !Number.isInteger(cost.r) || cost.r < 1 || cost.r > 32 || !Number.isInteger(cost.p) || cost.p < 1 || cost.p > 4)
    return null;
  const expected = Buffer.from(hash, 'base64url');
  if (expected.length < 16 || expected.length > 64) return null;
  return { cost, salt: Buffer.from(salt, 'base64url'), hash: expected };
}

/** Whether the password matches the stored hash (compared in constant time). */
export async function verifyPassword(password: string, stored: string, by: HashRequester = {}): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const actual = await scrypt(password, parsed.salt, parsed.hash.length, parsed.cost, by);
  return timingSafeEqual(actual, parsed.hash);
}

/** A hash made at another cost than today's: sign-in replaces it once the password is known to be right. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.cost.N !== SCRYPT_COST.N || parsed.cost.r !== SCRYPT_COST.r || parsed.cost.p !== SCRYPT_COST.p;
}

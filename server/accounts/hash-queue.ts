/**
 * The waiting line of password hashes (docs/decisions/038-hash-queue.md): scrypt needs 128 MiB outside the
 * JavaScript heap and ~0.3 s of a libuv thread each, so at most HASH_CONCURRENCY run at once per process.
 *
 * The line behind them is bounded, because a flood of failed sign-ins from many addresses otherwise
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
 */

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

/**
 * A small in-process cache with stale-while-revalidate, for non-personal data of a site (categories,
 * widgets). Fresh for `ttlMs`; after that the stale value is served while one refresh runs in the
 * background; after `ttlMs + staleMs` a caller waits for a fresh value. A failed refresh keeps the stale value.
 * Per pod on purpose: this data is identical across pods and at most ttl + stale old.
 * `maxEntries` bounds the number of keys (per-visitor keys such as IP addresses): past it, the least recently
 * stored key is dropped. A load that fails with nothing stored leaves no entry behind.
 * A cache named with countedAs() counts its lookups (fresh hits, stale serves, misses) for /metrics.
 */
interface Entry<V> {
  value?: V;
  storedAt: number;
  pending?: Promise<V>;
}

/** Lookups of one named cache since the process started. A miss is a caller that waited for a load. */
export interface CacheCounts {
  hits: number;
  stale: number;
  misses: number;
}

// By name, summed over the caches of that name (one per app; tests build several).
const countsByName = new Map<string, CacheCounts>();

/** The lookup counts of every cache named with countedAs(). */
export function cacheCounts(): ReadonlyMap<string, Readonly<CacheCounts>> {
  return countsByName;
}

export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private counts: CacheCounts | undefined;

  constructor(
    private readonly ttlMs: number,
    private readonly staleMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxEntries = Infinity,
  ) {}

  /** Counts this cache's lookups under `name` (cacheCounts()). */
  countedAs(name: string): this {
    let counts = countsByName.get(name);
    if (!counts) {
      counts = { hits: 0, stale: 0, misses: 0 };
      countsByName.set(name, counts);
    }
    this.counts = counts;
    return this;
  }

  async get(key: string, load: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    const age = entry && entry.value !== undefined ? this.now() - entry.storedAt : Infinity;
    if (entry && entry.value !== undefined && age < this.ttlMs) {
      if (this.counts) this.counts.hits++;
      return entry.value;
    }
    if (entry && entry.value !== undefined && age < this.ttlMs + this.staleMs) {
      if (this.counts) this.counts.stale++;
      if (!entry.pending) this.refresh(key, load).catch(() => {});
      return entry.value;
    }
    if (this.counts) this.counts.misses++;
    return entry?.pending ?? this.refresh(key, load);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private refresh(key: string, load: () => Promise<V>): Promise<V> {
    const entry: Entry<V> = this.entries.get(key) ?? { storedAt: 0 };
    this.entries.set(key, entry);
    const pending = load().then(
      (value) => {
        entry.value = value;
        entry.storedAt = this.now();
        entry.pending = undefined;
        if (this.maxEntries !== Infinity && this.entries.get(key) === entry) {
          // Map order is insertion order: re-inserting marks the key as the newest, the first key is the oldest.
          this.entries.delete(key);
          this.entries.set(key, entry);
          for (const oldest of this.entries.keys()) {
            if (this.entries.size <= this.maxEntries) break;
            this.entries.delete(oldest);
          }
        }
        return value;
      },
      (err: unknown) => {
        entry.pending = undefined;
        if (entry.value === undefined && this.entries.get(key) === entry) this.entries.delete(key);
        throw err;
      },
    );
    entry.pending = pending;
    return pending;
  }
}

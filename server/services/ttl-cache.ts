/**
 * A small in-process cache with stale-while-revalidate, for non-personal data of a site (categories,
 * widgets). Fresh for `ttlMs`; after that the stale value is served while one refresh runs in the
 * background; after `ttlMs + staleMs` a caller waits for a fresh value. A failed refresh keeps the stale value.
 * Per pod on purpose: this data is identical across pods and at most ttl + stale old.
 */
interface Entry<V> {
  value?: V;
  storedAt: number;
  pending?: Promise<V>;
}

export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly staleMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string, load: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    const age = entry && entry.value !== undefined ? this.now() - entry.storedAt : Infinity;
    if (entry && entry.value !== undefined && age < this.ttlMs) return entry.value;
    if (entry && entry.value !== undefined && age < this.ttlMs + this.staleMs) {
      if (!entry.pending) this.refresh(key, load).catch(() => {});
      return entry.value;
    }
    return entry?.pending ?? this.refresh(key, load);
  }

  clear(): void {
    this.entries.clear();
  }

  private refresh(key: string, load: () => Promise<V>): Promise<V> {
    const entry: Entry<V> = this.entries.get(key) ?? { storedAt: 0 };
    this.entries.set(key, entry);
    const pending = load().then(
      (value) => {
        entry.value = value;
        entry.storedAt = this.now();
        entry.pending = undefined;
        return value;
      },
      (err: unknown) => {
        entry.pending = undefined;
        throw err;
      },
    );
    entry.pending = pending;
    return pending;
  }
}

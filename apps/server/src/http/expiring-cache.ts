/**
 * A per-process map whose entries are fresh for `ttlMs`, bounded by the total size of its values
 * (the oldest go first). Concurrent misses of one key share a single computation, and an entry
 * up to `ttlMs` past its freshness is still answered while one computation refreshes it in the
 * background: nobody waits on a popular key, and nothing answered is older than twice `ttlMs`.
 */
export interface ExpiringCache<V> {
  /** The value of `key`, or `compute()`'s (kept when `keep` allows it). */
  get(key: string, compute: () => Promise<V>): Promise<V>;
  /**
   * Forgets the entries whose key starts with `prefix` (but those `spare` keeps): the next get
   * computes.
   */
  deletePrefix(prefix: string, spare?: (key: string) => boolean): void;
}

export interface ExpiringCacheOptions<V> {
  ttlMs: number;
  /** the total of `sizeOf` over the entries kept at most */
  maxSize: number;
  sizeOf(value: V): number;
  /** whether a computed value may be kept (by default, all are) */
  keep?(value: V): boolean;
  now?(): number;
}

interface Entry<V> {
  value: V;
  size: number;
  freshUntil: number;
}

export function createExpiringCache<V>(options: ExpiringCacheOptions<V>): ExpiringCache<V> {
  const { ttlMs, maxSize, sizeOf, keep = () => true, now = Date.now } = options;
  // Map iteration follows insertion order and every entry lives as long: the first are the oldest.
  const entries = new Map<string, Entry<V>>();
  const pending = new Map<string, Promise<V>>();
  let total = 0;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    total -= entry.size;
  }

  function put(key: string, value: V) {
    const size = sizeOf(value);
    remove(key);
    if (size > maxSize) return;
    const time = now();
    for (const [oldKey, old] of entries) {
      if (total + size <= maxSize && old.freshUntil + ttlMs > time) break;
      remove(oldKey);
    }
    entries.set(key, { value, size, freshUntil: time + ttlMs });
    total += size;
  }

  function computeOnce(key: string, compute: () => Promise<V>): Promise<V> {
    const running = pending.get(key);
    if (running) return running;
    const computation = compute()
      .then((value) => {
        // A deletePrefix while computing dropped the key from `pending`: its result is stale.
        if (pending.get(key) === computation && keep(value)) put(key, value);
        return value;
      })
      .finally(() => {
        if (pending.get(key) === computation) pending.delete(key);
      });
    pending.set(key, computation);
    return computation;
  }

  return {
    get(key, compute) {
      const entry = entries.get(key);
      const time = now();
      if (entry && entry.freshUntil > time) return Promise.resolve(entry.value);
      if (entry && entry.freshUntil + ttlMs > time) {
        // A failed refresh leaves the entry to age out; the next get after that computes.
        computeOnce(key, compute).catch(() => {});
        return Promise.resolve(entry.value);
      }
      return computeOnce(key, compute);
    },
    deletePrefix(prefix, spare = () => false) {
      const stale = (key: string) => key.startsWith(prefix) && !spare(key);
      for (const key of entries.keys()) if (stale(key)) remove(key);
      for (const key of pending.keys()) if (stale(key)) pending.delete(key);
    },
  };
}

/**
 * A per-process map whose entries are fresh for `ttlMs`, bounded by the total size of its values
 * (the oldest go first). Concurrent misses of one key share a single computation, and an entry
 * up to `ttlMs` past its freshness is still answered while one computation refreshes it in the
 * background: nobody waits on a popular key, and nothing answered is older than twice `ttlMs`.
 *
 * A change can also outdate entries instead of dropping them (decision 0110): each computation
 * carries the version of the cache it started at, and `outdatePrefix` answers the version that
 * includes the change. A reader who asks for that version (the change's maker) never gets an
 * older value; others may for `outdatedForMs` after the change, then wait for a new one.
 */
export interface ExpiringCache<V> {
  /**
   * The value of `key`, or `compute()`'s (kept when `keep` allows it); `since`: a version (of
   * `outdatePrefix`) the value must include, when the reader made that change.
   */
  get(key: string, compute: () => Promise<V>, since?: number): Promise<V>;
  /**
   * Forgets the entries whose key starts with `prefix` (but those `spare` keeps): the next get
   * computes.
   */
  deletePrefix(prefix: string, spare?: (key: string) => boolean): void;
  /**
   * Marks the entries whose key starts with `prefix` (but those `spare` keeps) as older than a
   * change: answered for `outdatedForMs` more to readers who do not ask for it, then computed
   * again. Answers the version that includes the change.
   */
  outdatePrefix(prefix: string, spare?: (key: string) => boolean): number;
}

export interface ExpiringCacheOptions<V> {
  ttlMs: number;
  /** the total of `sizeOf` over the entries kept at most */
  maxSize: number;
  sizeOf(value: V): number;
  /** whether a computed value may be kept (by default, all are) */
  keep?(value: V): boolean;
  /** how long an outdated entry is still answered to readers who did not make the change */
  outdatedForMs?: number;
  now?(): number;
}

/** When a value's computation started, and whether a change has outdated it since. */
interface Origin {
  /** the cache's version when the computation started: it includes every change before */
  version: number;
  /** the time of the first change after it started */
  outdatedAt: number | null;
}

/**
 * Whether a value includes the change of version `since`: it started after it, or no change it
 * was concerned by came after it started.
 */
const includes = (origin: Origin, since: number) =>
  origin.version >= since || origin.outdatedAt === null;

/** The keys under `prefix`, but those `spare` keeps. */
const under =
  (prefix: string, spare: (key: string) => boolean = () => false) =>
  (key: string) =>
    key.startsWith(prefix) && !spare(key);

interface Entry<V> extends Origin {
  value: V;
  size: number;
  freshUntil: number;
}

interface Computation<V> extends Origin {
  promise: Promise<V>;
}

export function createExpiringCache<V>(options: ExpiringCacheOptions<V>): ExpiringCache<V> {
  const { ttlMs, maxSize, sizeOf, keep = () => true, outdatedForMs = 0, now = Date.now } = options;
  // Map iteration follows insertion order and every entry lives as long: the first are the oldest.
  const entries = new Map<string, Entry<V>>();
  const pending = new Map<string, Computation<V>>();
  let total = 0;
  let version = 0;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    total -= entry.size;
  }

  function put(key: string, value: V, origin: Origin) {
    const size = sizeOf(value);
    remove(key);
    if (size > maxSize) return;
    const time = now();
    for (const [oldKey, old] of entries) {
      if (total + size <= maxSize && old.freshUntil + ttlMs > time) break;
      remove(oldKey);
    }
    entries.set(key, {
      value,
      size,
      freshUntil: time + ttlMs,
      version: origin.version,
      outdatedAt: origin.outdatedAt,
    });
    total += size;
  }

  function computeOnce(key: string, compute: () => Promise<V>, since: number): Promise<V> {
    const running = pending.get(key);
    if (running && includes(running, since)) return running.promise;
    const computation: Computation<V> = {
      version,
      outdatedAt: null,
      promise: compute()
        .then((value) => {
          // A deletePrefix, or a newer computation, while computing: its result is not kept.
          if (pending.get(key) === computation && keep(value)) put(key, value, computation);
          return value;
        })
        .finally(() => {
          if (pending.get(key) === computation) pending.delete(key);
        }),
    };
    pending.set(key, computation);
    return computation.promise;
  }

  return {
    get(key, compute, since = 0) {
      const entry = entries.get(key);
      const time = now();
      if (entry && includes(entry, since)) {
        if (entry.outdatedAt !== null) {
          // Older than a change: answered for a moment, then computed while readers wait (by a
          // computation started after that change).
          if (entry.outdatedAt + outdatedForMs > time && entry.freshUntil > time) {
            return Promise.resolve(entry.value);
          }
          return computeOnce(key, compute, Math.max(since, entry.version + 1));
        }
        if (entry.freshUntil > time) return Promise.resolve(entry.value);
        if (entry.freshUntil + ttlMs > time) {
          // A failed refresh leaves the entry to age out; the next get after that computes.
          computeOnce(key, compute, since).catch(() => {});
          return Promise.resolve(entry.value);
        }
      }
      return computeOnce(key, compute, since);
    },
    deletePrefix(prefix, spare) {
      const stale = under(prefix, spare);
      for (const key of entries.keys()) if (stale(key)) remove(key);
      for (const key of pending.keys()) if (stale(key)) pending.delete(key);
    },
    outdatePrefix(prefix, spare) {
      version += 1;
      const time = now();
      const outdated = under(prefix, spare);
      for (const [key, entry] of entries) if (outdated(key)) entry.outdatedAt ??= time;
      for (const [key, running] of pending) if (outdated(key)) running.outdatedAt ??= time;
      return version;
    },
  };
}

import { createExpiringCache } from "./expiring-cache.ts";

/**
 * A cached answer: its status, the headers it is sent with and its body, encoded once, in
 * pieces between which each reader's CSP nonce goes (one piece when it carries no nonce).
 */
export interface CachedAnswer {
  status: number;
  headers: Record<string, string>;
  pieces: Buffer[];
}

export function cachedAnswer(
  status: number,
  headers: Record<string, string>,
  body: string,
  nonce?: string,
): CachedAnswer {
  const texts = nonce ? body.split(nonce) : [body];
  return { status, headers, pieces: texts.map((text) => Buffer.from(text)) };
}

/** The body for one reader, with that reader's nonce. */
export function answerBody(answer: CachedAnswer, nonce = ""): Buffer {
  const [first, ...rest] = answer.pieces;
  if (rest.length === 0) return first ?? Buffer.alloc(0);
  const separator = Buffer.from(nonce);
  return Buffer.concat([first!, ...rest.flatMap((piece) => [separator, piece])]);
}

/**
 * A short-lived, per-process cache of public answers (catalogue calls, anonymous pages), keyed
 * per organiser (decision 0012). An entry is fresh for `ttlMs` and refreshed in the background
 * for as long again. A staff change made through this process drops the organiser's entries at
 * once; a customer's change (an add, a checkout) shows at once to the customer who made it and
 * to everyone else within `CUSTOMER_CHANGE_SHOWN_WITHIN_MS` (decision 0110). Other processes'
 * changes and expiring holds show within twice `ttlMs`.
 */
export interface PublicCache {
  /**
   * The cached answer for `key`, or `compute()`'s, which every concurrent caller of the key
   * shares; only 200 answers are kept. `reader`: the session token of who asks (`readerOf`).
   */
  get(
    organiserId: number,
    key: string,
    compute: () => Promise<CachedAnswer>,
    reader?: string | null,
  ): Promise<CachedAnswer>;
  /**
   * A value every request of the organiser may share whoever asks (a catalogue read, the
   * organiser's storefront settings), or `compute()`'s, kept and dropped like the answers. It is
   * frozen, deeply: its readers copy what they need to change.
   */
  shared<T>(
    organiserId: number,
    key: string,
    compute: () => Promise<T>,
    reader?: string | null,
  ): Promise<T>;
  /** Forgets every entry of the organiser (its catalogue, settings or pages changed). */
  invalidate(organiserId: number): void;
  /**
   * A customer's change (a cart, a registration, a review), made with the session `reader`,
   * outdates what it can make stale: the organiser's answers and shared reads, but not the
   * answers and values kept under `ORGANISER_SCOPE` (its settings, fields and catalogue's
   * structure, the data of routes that read nothing else), which only its staff change. The
   * reader's next reads include the change; other readers' within
   * `CUSTOMER_CHANGE_SHOWN_WITHIN_MS`. A change without a session drops them at once. On an
   * opening day every add and checkout lands here.
   */
  customerChanged(organiserId: number, reader: string | null): void;
}

/**
 * How long other readers may still be answered what a customer's change outdated (decision
 * 0110): places left are then at most this old, while an opening day's adds no longer make
 * every page read its availability again.
 */
export const CUSTOMER_CHANGE_SHOWN_WITHIN_MS = 250;

/** The start of the keys of shared values that only the organiser's staff change. */
export const ORGANISER_SCOPE = "organiser ";

export function createPublicCache(options: {
  ttlMs: number;
  /** bytes of cached bodies kept at most */
  maxSize?: number;
  now?: () => number;
}): PublicCache {
  const now = options.now ?? Date.now;
  const outdatedForMs = CUSTOMER_CHANGE_SHOWN_WITHIN_MS;
  const answers = createExpiringCache<CachedAnswer>({
    ttlMs: options.ttlMs,
    maxSize: options.maxSize ?? 32 * 1024 * 1024,
    sizeOf: (answer) => answer.pieces.reduce((total, piece) => total + piece.length, 0),
    keep: (answer) => answer.status === 200,
    outdatedForMs,
    now,
  });
  const values = createExpiringCache<SharedValue>({
    ttlMs: options.ttlMs,
    maxSize: options.maxSize ?? 32 * 1024 * 1024,
    sizeOf: (value) => value.size,
    outdatedForMs,
    now,
  });
  const changes = createReaderChanges(outdatedForMs, now);
  const drop = (prefix: string, spare?: (key: string) => boolean) => {
    answers.deletePrefix(prefix, spare);
    values.deletePrefix(prefix, spare);
  };
  return {
    get: (organiserId, key, compute, reader) =>
      answers.get(`${organiserId}:${key}`, compute, changes.of(organiserId, reader)?.answers),
    async shared<T>(
      organiserId: number,
      key: string,
      compute: () => Promise<T>,
      reader?: string | null,
    ) {
      const computeFrozen = async () => {
        const value = await compute();
        return { value: deepFreeze(value), size: JSON.stringify(value ?? null).length };
      };
      const since = changes.of(organiserId, reader)?.values;
      const shared = await values.get(`${organiserId}:${key}`, computeFrozen, since);
      return shared.value as T;
    },
    invalidate: (organiserId) => drop(`${organiserId}:`),
    customerChanged: (organiserId, reader) => {
      const prefix = `${organiserId}:`;
      const staffOnly = (key: string) => key.startsWith(`${prefix}${ORGANISER_SCOPE}`);
      if (reader === null) return drop(prefix, staffOnly);
      changes.record(organiserId, reader, {
        answers: answers.outdatePrefix(prefix, staffOnly),
        values: values.outdatePrefix(prefix, staffOnly),
      });
    },
  };
}

/** The versions of both caches that include a reader's last change. */
type Versions = { answers: number; values: number };

/**
 * Each reader's last change, for as long as others may still be answered without it: after
 * that no entry older than the change is answered to anyone.
 */
function createReaderChanges(keepMs: number, now: () => number) {
  // In the order of their changes (a new change moves its reader last): the first are the oldest.
  const changes = new Map<string, Versions & { at: number }>();
  const keyOf = (organiserId: number, reader: string) => `${organiserId}:${reader}`;
  return {
    of(organiserId: number, reader: string | null | undefined): Versions | undefined {
      if (!reader) return undefined;
      const change = changes.get(keyOf(organiserId, reader));
      return change && change.at + keepMs > now() ? change : undefined;
    },
    record(organiserId: number, reader: string, versions: Versions) {
      const time = now();
      for (const [key, change] of changes) {
        if (change.at + keepMs > time) break;
        changes.delete(key);
      }
      const key = keyOf(organiserId, reader);
      changes.delete(key);
      changes.set(key, { ...versions, at: time });
    },
  };
}

/** A shared value and the length of its JSON, which stands for its size. */
type SharedValue = { value: unknown; size: number };

function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  for (const child of Object.values(value)) deepFreeze(child);
  return Object.freeze(value);
}

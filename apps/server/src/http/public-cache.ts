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
 * for as long again; any successful change made through this process on the organiser's host
 * drops the organiser's entries at once, so a visitor always sees their own changes. Other
 * processes' changes and expiring holds show within twice `ttlMs`.
 */
export interface PublicCache {
  /**
   * The cached answer for `key`, or `compute()`'s, which every concurrent caller of the key
   * shares; only 200 answers are kept.
   */
  get(
    organiserId: number,
    key: string,
    compute: () => Promise<CachedAnswer>,
  ): Promise<CachedAnswer>;
  /**
   * A value every request of the organiser may share whoever asks (a catalogue read, the
   * organiser's storefront settings), or `compute()`'s, kept and dropped like the answers. It is
   * frozen, deeply: its readers copy what they need to change.
   */
  shared<T>(organiserId: number, key: string, compute: () => Promise<T>): Promise<T>;
  /** Forgets every entry of the organiser (its catalogue, settings or pages changed). */
  invalidate(organiserId: number): void;
  /**
   * Forgets what a customer's change (a cart, a registration, a review) can make stale: the
   * organiser's answers and shared reads, but not the answers and values kept under
   * `ORGANISER_SCOPE` (its settings, fields and catalogue's structure, the data of routes that
   * read nothing else), which only its staff change. On an opening day every add and checkout
   * lands here.
   */
  invalidateCustomerFacing(organiserId: number): void;
}

/** The start of the keys of shared values that only the organiser's staff change. */
export const ORGANISER_SCOPE = "organiser ";

export function createPublicCache(options: {
  ttlMs: number;
  /** bytes of cached bodies kept at most */
  maxSize?: number;
  now?: () => number;
}): PublicCache {
  const answers = createExpiringCache<CachedAnswer>({
    ttlMs: options.ttlMs,
    maxSize: options.maxSize ?? 32 * 1024 * 1024,
    sizeOf: (answer) => answer.pieces.reduce((total, piece) => total + piece.length, 0),
    keep: (answer) => answer.status === 200,
    now: options.now,
  });
  const values = createExpiringCache<SharedValue>({
    ttlMs: options.ttlMs,
    maxSize: options.maxSize ?? 32 * 1024 * 1024,
    sizeOf: (value) => value.size,
    now: options.now,
  });
  return {
    get: (organiserId, key, compute) => answers.get(`${organiserId}:${key}`, compute),
    async shared<T>(organiserId: number, key: string, compute: () => Promise<T>) {
      const shared = await values.get(`${organiserId}:${key}`, async () => {
        const value = await compute();
        return { value: deepFreeze(value), size: JSON.stringify(value ?? null).length };
      });
      return shared.value as T;
    },
    invalidate: (organiserId) => {
      answers.deletePrefix(`${organiserId}:`);
      values.deletePrefix(`${organiserId}:`);
    },
    invalidateCustomerFacing: (organiserId) => {
      const staffOnly = (key: string) => key.startsWith(`${organiserId}:${ORGANISER_SCOPE}`);
      answers.deletePrefix(`${organiserId}:`, staffOnly);
      values.deletePrefix(`${organiserId}:`, staffOnly);
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

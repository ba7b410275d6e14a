import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

/**
 * A random id of cuid2's shape (24 characters, a lower-case letter then letters and digits) for
 * the rows the seed writes in batches (availabilities and their dates, resource slots, ...): the
 * seed picks their cuids to match returned ids to rows. cuid2's own `createId` hashes each id,
 * about 0.25 ms apiece: over a thousand rows, that alone would spend much of the seed's budget.
 */
export function seedCuid(): string {
  const bytes = randomBytes(24);
  let id = ALPHABET[10 + (bytes[0]! % 26)]!;
  for (let index = 1; index < 24; index++) id += ALPHABET[bytes[index]! % 36];
  return id;
}

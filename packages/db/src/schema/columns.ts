import { randomBytes } from "node:crypto";
import { integer, text, timestamp } from "drizzle-orm/pg-core";

// Column builders are functions: a builder instance must never be shared between two tables.

// A tenant table uses `tenantId()` and `tenantCuid()` of tenancy.ts instead of `id()` and
// `cuid()`, and spreads `...tenantKey("<table>", t)` into its extra config: its keys then start
// with organiser_id (decision 0097). `id()` and `cuid()` are for the platform tables.

/** Internal integer key, used in payloads as the spec shows. */
export const id = () => integer().primaryKey().generatedAlwaysAsIdentity();

const CUID_ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

/**
 * A random id of cuid2's shape (24 characters, a lower-case letter then letters and digits),
 * drawn from 24 bytes of the CSPRNG (about 120 bits). cuid2's own `createId` hashes each id
 * (SHA-3 and big-number arithmetic): 0.1 to 0.25 ms apiece, a tenth of the server's time of an
 * add to cart and a checkout, which insert four rows.
 */
export function randomCuid(): string {
  const bytes = randomBytes(24);
  let id = CUID_ALPHABET[10 + (bytes[0]! % 26)]!;
  for (let index = 1; index < 24; index++) id += CUID_ALPHABET[bytes[index]! % 36];
  return id;
}

/** Opaque public key, used in URLs so that ids cannot be enumerated. */
export const cuid = () => text().notNull().unique().$defaultFn(randomCuid);

export const timestamptz = () => timestamp({ withTimezone: true, mode: "date" });

export const createdAt = () => timestamptz().notNull().defaultNow();

export const updatedAt = () =>
  timestamptz()
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Integer minor units of the organiser's currency. */
export const money = () => integer();

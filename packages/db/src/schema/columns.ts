import { createId } from "@paralleldrive/cuid2";
import { integer, text, timestamp } from "drizzle-orm/pg-core";

// Column builders are functions: a builder instance must never be shared between two tables.

/** Internal integer key, used in payloads as the spec shows. */
export const id = () => integer().primaryKey().generatedAlwaysAsIdentity();

/** Opaque public key, used in URLs so that ids cannot be enumerated. */
export const cuid = () =>
  text()
    .notNull()
    .unique()
    .$defaultFn(() => createId());

export const timestamptz = () => timestamp({ withTimezone: true, mode: "date" });

export const createdAt = () => timestamptz().notNull().defaultNow();

export const updatedAt = () =>
  timestamptz()
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Integer minor units of the organiser's currency. */
export const money = () => integer();

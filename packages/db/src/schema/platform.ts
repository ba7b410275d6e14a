import { jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { updatedAt } from "./columns.ts";

/** Facts about the database itself, e.g. `demo_seed` once the demo data was written. */
export const platformMeta = pgTable("platform_meta", {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: updatedAt(),
});

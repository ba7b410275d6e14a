import {
  type AnyPgColumn,
  foreignKey,
  integer,
  primaryKey,
  text,
  unique,
} from "drizzle-orm/pg-core";
import { randomCuid } from "./columns.ts";
import { organisers } from "./organisers.ts";

// A tenant table is distributable by organiser_id (decision 0097): organiser_id is part of its
// primary key and of every unique constraint, and its foreign keys to other tenant tables carry
// organiser_id. apps/server/test/sharding-readiness.test.ts checks the migrated catalogue.

/** The tenant column: deleting an organiser is the deliberate purge of all of its data. */
export const organiserId = () =>
  integer()
    .notNull()
    .references(() => organisers.id, { onDelete: "cascade" });

/** Internal integer key of a tenant table; `tenantKey` makes (organiser_id, id) the primary key. */
export const tenantId = () => integer().notNull().generatedAlwaysAsIdentity();

/** Opaque public key of a tenant table, unique per organiser through `tenantKey`. */
export const tenantCuid = () => text().notNull().$defaultFn(randomCuid);

type TenantColumns = { organiserId: AnyPgColumn; id: AnyPgColumn };

/**
 * The keys of a tenant table with `tenantId` and `tenantCuid` (spread them into the table's
 * extra config): primary key (organiser_id, id), the target of every composite foreign key, so
 * that a row can only reference a row of its own organiser; and unique (organiser_id, cuid).
 */
export const tenantKey = (table: string, t: TenantColumns & { cuid: AnyPgColumn }) => [
  primaryKey({ name: `${table}_pkey`, columns: [t.organiserId, t.id] }),
  unique(`${table}_cuid_unique`).on(t.organiserId, t.cuid),
];

/**
 * Composite foreign key `(organiser_id, column) -> target(organiser_id, id)`. No "set null": it
 * would null organiser_id too, so nullable references keep the default "no action".
 */
export const tenantForeignKey = (
  name: string,
  from: { organiserId: AnyPgColumn; column: AnyPgColumn },
  target: TenantColumns,
  onDelete: "cascade" | "no action" = "no action",
) =>
  foreignKey({
    name,
    columns: [from.organiserId, from.column],
    foreignColumns: [target.organiserId, target.id],
  }).onDelete(onDelete);

import { type AnyPgColumn, foreignKey, integer, unique } from "drizzle-orm/pg-core";
import { organisers } from "./organisers.ts";

/** The tenant column: deleting an organiser is the deliberate purge of all of its data. */
export const organiserId = () =>
  integer()
    .notNull()
    .references(() => organisers.id, { onDelete: "cascade" });

type TenantColumns = { organiserId: AnyPgColumn; id: AnyPgColumn };

/**
 * `unique(organiser_id, id)`: the target of every composite foreign key, so that a row can only
 * reference a row of its own organiser.
 */
export const tenantKey = (table: string, t: TenantColumns) =>
  unique(`${table}_organiser_id_id_unique`).on(t.organiserId, t.id);

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

import { type AnyColumn, type SQL, sql } from "@booking/db/orm";
import { validationError } from "../../http/app-error.ts";

/**
 * The ids of a list's items in a new order given by cuid: every item exactly once, otherwise a
 * MISMATCH on `cuids` (a stale page, another collaborator's change meanwhile).
 */
export function orderedIds(items: Array<{ id: number; cuid: string }>, cuids: string[]): number[] {
  const ids = new Map(items.map((item) => [item.cuid, item.id]));
  const complete =
    cuids.length === items.length &&
    new Set(cuids).size === cuids.length &&
    cuids.every((cuid) => ids.has(cuid));
  if (!complete) throw validationError({ cuids: "MISMATCH" });
  return cuids.map((cuid) => ids.get(cuid)!);
}

/**
 * The place (0, 1, 2…) of each row in `ids`, for an UPDATE's SET:
 * `set({ order: positionIn(table.id, ids) }).where(inArray(table.id, ids))`.
 */
export function positionIn(idColumn: AnyColumn, ids: number[]): SQL<number> {
  const cases = ids.map((id, index) => sql`when ${id} then ${index}::int`);
  return sql<number>`case ${idColumn} ${sql.join(cases, sql` `)} end`;
}

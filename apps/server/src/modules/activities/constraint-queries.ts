import { activityRegistrationConstraints, queryPrepared, type TenantTx } from "@booking/db";
import { and, eq, inArray, max } from "@booking/db/orm";
import { positionIn } from "./ordering.ts";

export type StoredConstraint = typeof activityRegistrationConstraints.$inferSelect;
export type ConstraintValues = Pick<StoredConstraint, "label" | "type" | "payload" | "optional">;

const table = activityRegistrationConstraints;
const ofActivity = (organiserId: number, activityId: number) =>
  and(eq(table.organiserId, organiserId), eq(table.activityId, activityId));

/**
 * The constraints of some activities ($2) of an organiser ($1), each activity's in its order,
 * every column as drizzle names them. A named prepared statement: every add and checkout reads
 * it (decision 0090), by the activities' key.
 */
const CONSTRAINTS_OF_ACTIVITIES = `select id, cuid, organiser_id as "organiserId",
       activity_id as "activityId", label, type, payload, "order", optional,
       created_at as "createdAt", updated_at as "updatedAt"
  from activity_registration_constraints
 where organiser_id = $1 and activity_id = any($2::int[])
 order by activity_id, "order", id`;

/** The constraints of these activities, each activity's in its order. */
export async function listConstraints(
  tx: TenantTx,
  organiserId: number,
  activityIds: number[],
): Promise<StoredConstraint[]> {
  if (activityIds.length === 0) return [];
  return queryPrepared<StoredConstraint>(
    tx,
    "activity_constraints_of_activities",
    CONSTRAINTS_OF_ACTIVITIES,
    [organiserId, activityIds],
  );
}

export async function findConstraint(
  tx: TenantTx,
  organiserId: number,
  activityId: number,
  cuid: string,
): Promise<StoredConstraint | null> {
  const [row] = await tx
    .select()
    .from(table)
    .where(and(ofActivity(organiserId, activityId), eq(table.cuid, cuid)))
    .limit(1);
  return row ?? null;
}

export async function nextConstraintOrder(tx: TenantTx, organiserId: number, activityId: number) {
  const [row] = await tx
    .select({ last: max(table.order) })
    .from(table)
    .where(ofActivity(organiserId, activityId));
  return (row?.last ?? -1) + 1;
}

export async function insertConstraint(
  tx: TenantTx,
  values: typeof table.$inferInsert,
): Promise<StoredConstraint> {
  const [row] = await tx.insert(table).values(values).returning();
  return row!;
}

export async function updateConstraint(
  tx: TenantTx,
  id: number,
  values: ConstraintValues,
): Promise<StoredConstraint> {
  const [row] = await tx.update(table).set(values).where(eq(table.id, id)).returning();
  return row!;
}

export async function deleteConstraint(tx: TenantTx, id: number): Promise<void> {
  await tx.delete(table).where(eq(table.id, id));
}

export async function reorderConstraints(tx: TenantTx, organiserId: number, ids: number[]) {
  await tx
    .update(table)
    .set({ order: positionIn(table.id, ids) })
    .where(and(eq(table.organiserId, organiserId), inArray(table.id, ids)));
}

import { activityRegistrationConstraints, type TenantTx } from "@booking/db";
import { and, asc, eq, inArray, max } from "@booking/db/orm";
import { positionIn } from "./ordering.ts";

export type StoredConstraint = typeof activityRegistrationConstraints.$inferSelect;
export type ConstraintValues = Pick<StoredConstraint, "label" | "type" | "payload" | "optional">;

const table = activityRegistrationConstraints;
const ofActivity = (organiserId: number, activityId: number) =>
  and(eq(table.organiserId, organiserId), eq(table.activityId, activityId));

/** The constraints of these activities, each activity's in its order. */
export async function listConstraints(
  tx: TenantTx,
  organiserId: number,
  activityIds: number[],
): Promise<StoredConstraint[]> {
  if (activityIds.length === 0) return [];
  return tx
    .select()
    .from(table)
    .where(and(eq(table.organiserId, organiserId), inArray(table.activityId, activityIds)))
    .orderBy(asc(table.activityId), asc(table.order), asc(table.id));
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

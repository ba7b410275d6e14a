import {
  activities,
  registrationRequests,
  registrationRequestTiers,
  type TenantTx,
} from "@booking/db";
import { and, asc, eq, inArray, max } from "@booking/db/orm";
import { positionIn } from "../activities/ordering.ts";

export type RequestTier = typeof registrationRequestTiers.$inferSelect;
export type RequestTierValues = Pick<
  RequestTier,
  "name" | "registrations" | "minimumAvailabilities" | "maximumAvailabilities"
>;

const ofActivity = (organiserId: number, activityId: number) =>
  and(
    eq(registrationRequestTiers.organiserId, organiserId),
    eq(registrationRequestTiers.activityId, activityId),
  );

/** The tiers of some activities, each activity's in their order. */
export async function listTiers(
  tx: TenantTx,
  organiserId: number,
  activityIds: number[],
): Promise<RequestTier[]> {
  if (activityIds.length === 0) return [];
  return tx
    .select()
    .from(registrationRequestTiers)
    .where(
      and(
        eq(registrationRequestTiers.organiserId, organiserId),
        inArray(registrationRequestTiers.activityId, activityIds),
      ),
    )
    .orderBy(asc(registrationRequestTiers.position), asc(registrationRequestTiers.id));
}

export async function findTier(
  tx: TenantTx,
  organiserId: number,
  activityId: number,
  cuid: string,
): Promise<RequestTier | null> {
  const [row] = await tx
    .select()
    .from(registrationRequestTiers)
    .where(and(ofActivity(organiserId, activityId), eq(registrationRequestTiers.cuid, cuid)))
    .limit(1);
  return row ?? null;
}

export async function nextTierPosition(tx: TenantTx, organiserId: number, activityId: number) {
  const [row] = await tx
    .select({ last: max(registrationRequestTiers.position) })
    .from(registrationRequestTiers)
    .where(ofActivity(organiserId, activityId));
  return (row?.last ?? -1) + 1;
}

export async function insertTier(
  tx: TenantTx,
  values: typeof registrationRequestTiers.$inferInsert,
): Promise<RequestTier> {
  const [row] = await tx.insert(registrationRequestTiers).values(values).returning();
  return row!;
}

export async function updateTier(
  tx: TenantTx,
  id: number,
  values: RequestTierValues,
): Promise<RequestTier> {
  const [row] = await tx
    .update(registrationRequestTiers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(registrationRequestTiers.id, id))
    .returning();
  return row!;
}

export async function deleteTier(tx: TenantTx, id: number): Promise<void> {
  await tx.delete(registrationRequestTiers).where(eq(registrationRequestTiers.id, id));
}

export async function reorderTiers(tx: TenantTx, organiserId: number, ids: number[]) {
  await tx
    .update(registrationRequestTiers)
    .set({ position: positionIn(registrationRequestTiers.id, ids) })
    .where(
      and(
        eq(registrationRequestTiers.organiserId, organiserId),
        inArray(registrationRequestTiers.id, ids),
      ),
    );
}

/** Whether some request was made through the tier (it then stays: they refer to it). */
export async function tierUsed(tx: TenantTx, organiserId: number, tierId: number) {
  const [row] = await tx
    .select({ id: registrationRequests.id })
    .from(registrationRequests)
    .where(
      and(
        eq(registrationRequests.organiserId, organiserId),
        eq(registrationRequests.tierId, tierId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A published activity of the organiser taking requests, by cuid (the storefront's view). */
export async function findRequestActivity(tx: TenantTx, organiserId: number, cuid: string) {
  const [row] = await tx
    .select({ id: activities.id, registrationFlow: activities.registrationFlow })
    .from(activities)
    .where(
      and(
        eq(activities.organiserId, organiserId),
        eq(activities.cuid, cuid),
        eq(activities.published, true),
      ),
    )
    .limit(1);
  return row ?? null;
}

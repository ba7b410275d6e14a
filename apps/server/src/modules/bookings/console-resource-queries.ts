import {
  availabilities,
  bookings,
  locations,
  resourceClosures,
  resourceReservations,
  resourceSlots,
  resources,
  type TenantTx,
} from "@booking/db";
import { and, asc, count, eq, gt, sql } from "@booking/db/orm";
import type { SlotPrice } from "@booking/domain";

// Reads and writes of the console's resource editor (decision 0065).

export type Resource = typeof resources.$inferSelect;
export type ResourceValues = Pick<
  typeof resources.$inferInsert,
  | "name"
  | "description"
  | "locationId"
  | "groupId"
  | "bookingConfigurationId"
  | "bookingDaysAhead"
  | "openingHours"
>;

export async function findResource(tx: TenantTx, organiserId: number, cuid: string) {
  const [row] = await tx
    .select()
    .from(resources)
    .where(and(eq(resources.organiserId, organiserId), eq(resources.cuid, cuid)));
  return row ?? null;
}

export async function findLocationByCuid(tx: TenantTx, organiserId: number, cuid: string) {
  const [row] = await tx
    .select({ id: locations.id, cuid: locations.cuid, title: locations.title })
    .from(locations)
    .where(and(eq(locations.organiserId, organiserId), eq(locations.cuid, cuid)));
  return row ?? null;
}

export async function findLocationById(tx: TenantTx, organiserId: number, id: number) {
  const [row] = await tx
    .select({ cuid: locations.cuid, title: locations.title })
    .from(locations)
    .where(and(eq(locations.organiserId, organiserId), eq(locations.id, id)));
  return row ?? null;
}

export async function insertResource(tx: TenantTx, organiserId: number, values: ResourceValues) {
  const [row] = await tx
    .insert(resources)
    .values({ organiserId, ...values })
    .returning();
  return row!;
}

export async function updateResource(tx: TenantTx, id: number, values: ResourceValues) {
  const [row] = await tx
    .update(resources)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(resources.id, id))
    .returning();
  return row!;
}

export async function deleteResource(tx: TenantTx, id: number): Promise<void> {
  await tx.delete(resources).where(eq(resources.id, id));
}

/** Bookings (past or to come), activity sessions or cart holds on the resource: it stays. */
export async function resourceInUse(tx: TenantTx, organiserId: number, id: number) {
  const [row] = await tx
    .execute<{ used: boolean }>(sql`
    select exists(
      select 1 from ${bookings}
      where ${bookings.organiserId} = ${organiserId} and ${bookings.resourceId} = ${id}
    ) or exists(
      select 1 from ${availabilities}
      where ${availabilities.organiserId} = ${organiserId} and ${availabilities.resourceId} = ${id}
    ) or exists(
      select 1 from ${resourceReservations}
      where ${resourceReservations.organiserId} = ${organiserId}
        and ${resourceReservations.resourceId} = ${id}
    ) as used`)
    .then((result) => result.rows);
  return row?.used ?? false;
}

/** Replaces the resource's slots starting after `after` by `slots`. */
export async function replaceUpcomingSlots(
  tx: TenantTx,
  resource: { organiserId: number; id: number },
  after: Date,
  slots: { start_at: Date; prices: SlotPrice[] }[],
): Promise<void> {
  await tx
    .delete(resourceSlots)
    .where(
      and(
        eq(resourceSlots.organiserId, resource.organiserId),
        eq(resourceSlots.resourceId, resource.id),
        gt(resourceSlots.startAt, after),
      ),
    );
  // Chunks keep each statement under PostgreSQL's 65,535 parameters.
  for (let index = 0; index < slots.length; index += 2000) {
    await tx.insert(resourceSlots).values(
      slots.slice(index, index + 2000).map((slot) => ({
        organiserId: resource.organiserId,
        resourceId: resource.id,
        startAt: slot.start_at,
        prices: slot.prices,
      })),
    );
  }
}

export async function upcomingSlotCount(tx: TenantTx, resource: Resource, after: Date) {
  const [row] = await tx
    .select({ n: count() })
    .from(resourceSlots)
    .where(
      and(
        eq(resourceSlots.organiserId, resource.organiserId),
        eq(resourceSlots.resourceId, resource.id),
        gt(resourceSlots.startAt, after),
      ),
    );
  return row?.n ?? 0;
}

export function currentClosures(tx: TenantTx, resource: Resource, now: Date) {
  return tx
    .select({
      id: resourceClosures.id,
      cuid: resourceClosures.cuid,
      startAt: resourceClosures.startAt,
      endAt: resourceClosures.endAt,
    })
    .from(resourceClosures)
    .where(
      and(
        eq(resourceClosures.organiserId, resource.organiserId),
        eq(resourceClosures.resourceId, resource.id),
        gt(resourceClosures.endAt, now),
      ),
    )
    .orderBy(asc(resourceClosures.startAt));
}

export async function insertClosure(
  tx: TenantTx,
  resource: Resource,
  period: { startAt: Date; endAt: Date },
) {
  const [row] = await tx
    .insert(resourceClosures)
    .values({ organiserId: resource.organiserId, resourceId: resource.id, ...period })
    .returning();
  return row!;
}

/** Deletes one closure of the resource; false when it has none by that cuid. */
export async function deleteClosure(tx: TenantTx, resource: Resource, cuid: string) {
  const rows = await tx
    .delete(resourceClosures)
    .where(
      and(
        eq(resourceClosures.organiserId, resource.organiserId),
        eq(resourceClosures.resourceId, resource.id),
        eq(resourceClosures.cuid, cuid),
      ),
    )
    .returning();
  return rows[0] ?? null;
}

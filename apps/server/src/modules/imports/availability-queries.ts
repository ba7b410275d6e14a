import type { TenantTx } from "@booking/db";
import { availabilities, availabilityDates, locations } from "@booking/db";
import { and, asc, eq, inArray } from "@booking/db/orm";
import type { ExistingAvailability } from "@booking/domain";

/** The organiser's locations, by which a file names them. */
export async function findLocationNames(
  tx: TenantTx,
  organiserId: number,
): Promise<{ id: number; title: string }[]> {
  return tx
    .select({ id: locations.id, title: locations.title })
    .from(locations)
    .where(eq(locations.organiserId, organiserId))
    .orderBy(locations.id);
}

/** The organiser's availabilities a file names by external id, with their dates. */
export async function findImportedAvailabilities(
  tx: TenantTx,
  organiserId: number,
  externalIds: string[],
): Promise<ExistingAvailability[]> {
  if (externalIds.length === 0) return [];
  const rows = await tx
    .select({
      id: availabilities.id,
      externalId: availabilities.externalId,
      activityId: availabilities.activityId,
      capacity: availabilities.capacity,
      price: availabilities.price,
      locationId: availabilities.locationId,
    })
    .from(availabilities)
    .where(
      and(
        eq(availabilities.organiserId, organiserId),
        inArray(availabilities.externalId, externalIds),
      ),
    );
  if (rows.length === 0) return [];
  const dates = await tx
    .select({
      availabilityId: availabilityDates.availabilityId,
      startAt: availabilityDates.startAt,
      endAt: availabilityDates.endAt,
    })
    .from(availabilityDates)
    .where(
      and(
        eq(availabilityDates.organiserId, organiserId),
        inArray(
          availabilityDates.availabilityId,
          rows.map((row) => row.id),
        ),
      ),
    )
    .orderBy(asc(availabilityDates.startAt));
  return rows.map((row) => ({
    ...row,
    externalId: row.externalId!,
    dates: dates
      .filter((date) => date.availabilityId === row.id)
      .map((date) => ({ startAt: date.startAt.toISOString(), endAt: date.endAt.toISOString() })),
  }));
}

export async function setAvailabilityExternalId(
  tx: TenantTx,
  organiserId: number,
  id: number,
  externalId: string,
): Promise<void> {
  await tx
    .update(availabilities)
    .set({ externalId })
    .where(and(eq(availabilities.organiserId, organiserId), eq(availabilities.id, id)));
}

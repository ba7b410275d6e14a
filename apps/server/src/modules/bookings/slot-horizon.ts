import { type Database, resourceSlots, resources, type TenantTx, withTenant } from "@booking/db";
import { and, asc, eq, max, sql } from "@booking/db/orm";
import { localDay, openingHoursSlots } from "@booking/domain";
import { replaceUpcomingSlots } from "./console-resource-queries.ts";
import { DEFAULT_SLOT_HORIZON_DAYS } from "./console-resource-service.ts";

// The daily extension of resources' slots to their horizon (docs/decisions/0072): saving a
// resource's hours makes its slots up to `booking_days_ahead` days (or 90) ahead of that day
// (decision 0065); as days pass, this job makes the days that came within reach, so a court stays
// bookable without staff saving it again.

/** The resources whose weekly hours were saved in the console (the others' slots are made otherwise). */
function resourcesWithHours(tx: TenantTx, organiserId: number) {
  return tx
    .select({ id: resources.id })
    .from(resources)
    .where(
      and(
        eq(resources.organiserId, organiserId),
        sql`jsonb_array_length(${resources.openingHours}) > 0`,
      ),
    )
    .orderBy(asc(resources.id));
}

/**
 * Locks the resource (a concurrent run or a console save waits here) and reads its hours,
 * horizon and last slot's start.
 */
async function lockResource(tx: TenantTx, organiserId: number, id: number) {
  const [row] = await tx
    .select()
    .from(resources)
    .where(and(eq(resources.organiserId, organiserId), eq(resources.id, id)))
    .for("update");
  if (!row) return null;
  const [last] = await tx
    .select({ startAt: max(resourceSlots.startAt) })
    .from(resourceSlots)
    .where(and(eq(resourceSlots.organiserId, organiserId), eq(resourceSlots.resourceId, id)));
  return { resource: row, lastStart: last?.startAt ?? null };
}

/**
 * Makes the slots of one resource that its horizon reaches at `now` and that come after its last
 * slot. The hours make slots on a fixed grid, so those after the last are exactly the missing
 * ones; under the resource's row lock a rerun or a concurrent run finds them made and adds none.
 * Answers how many were made.
 */
async function extendResource(
  tx: TenantTx,
  organiser: { id: number; timezone: string },
  id: number,
  now: Date,
): Promise<number> {
  const locked = await lockResource(tx, organiser.id, id);
  if (!locked || locked.resource.openingHours.length === 0) return 0;
  const { resource, lastStart } = locked;
  const after = lastStart && lastStart > now ? lastStart : now;
  // From today to the horizon, as saving the hours makes them (decision 0065), past the last.
  const slots = openingHoursSlots({
    hours: resource.openingHours,
    fromDay: localDay(now, organiser.timezone),
    days: (resource.bookingDaysAhead ?? DEFAULT_SLOT_HORIZON_DAYS) + 1,
    timeZone: organiser.timezone,
    after,
  });
  // Nothing starts after `after` (the last slot, or now): this only inserts.
  if (slots.length > 0) await replaceUpcomingSlots(tx, resource, after, slots);
  return slots.length;
}

/**
 * Extends every organiser's resources' slots to their horizon at `now`, each resource in a
 * transaction of its own. Answers how many slots were made.
 */
export async function extendResourceSlots(
  db: Database,
  organisers: { id: number; timezone: string }[],
  now: Date,
): Promise<number> {
  let made = 0;
  for (const organiser of organisers) {
    const rows = await withTenant(db, organiser.id, (tx) => resourcesWithHours(tx, organiser.id));
    for (const { id } of rows) {
      made += await withTenant(db, organiser.id, (tx) => extendResource(tx, organiser, id, now));
    }
  }
  return made;
}

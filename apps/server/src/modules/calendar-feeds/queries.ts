import {
  activities,
  availabilities,
  availabilityAutomaticCancellations,
  availabilityCalendarEntries,
  locations,
  type TenantTx,
} from "@booking/db";
import { and, asc, eq, isNotNull, sql } from "@booking/db/orm";

export type FeedAvailability = {
  id: number;
  cuid: string;
  calendarVersion: number;
  title: string;
  location: string | null;
  /** cancelled by its automatic cancellation (too few participants) */
  cancelled: boolean;
};

export async function findFeedAvailability(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
): Promise<FeedAvailability | null> {
  const [row] = await tx
    .select({
      id: availabilities.id,
      cuid: availabilities.cuid,
      calendarVersion: availabilities.calendarVersion,
      title: activities.title,
      location: locations.title,
      // Closed once its automatic cancellation ran: the job closes only what it cancels.
      cancelled: sql<boolean>`coalesce(${availabilities.status} = 'CLOSED'
        and ${availabilityAutomaticCancellations.executedAt} is not null, false)`,
    })
    .from(availabilities)
    .innerJoin(
      activities,
      and(
        eq(activities.organiserId, availabilities.organiserId),
        eq(activities.id, availabilities.activityId),
      ),
    )
    .leftJoin(
      locations,
      and(
        eq(locations.organiserId, availabilities.organiserId),
        eq(locations.id, availabilities.locationId),
      ),
    )
    .leftJoin(
      availabilityAutomaticCancellations,
      and(
        eq(availabilityAutomaticCancellations.organiserId, availabilities.organiserId),
        eq(availabilityAutomaticCancellations.availabilityId, availabilities.id),
        isNotNull(availabilityAutomaticCancellations.executedAt),
      ),
    )
    .where(and(eq(availabilities.organiserId, organiserId), eq(availabilities.cuid, cuid)))
    .limit(1);
  return row ?? null;
}

/** Staff regenerating the feed's address: the former one stops verifying. */
export async function bumpCalendarVersion(tx: TenantTx, organiserId: number, id: number) {
  const [row] = await tx
    .update(availabilities)
    .set({ calendarVersion: sql`${availabilities.calendarVersion} + 1` })
    .where(and(eq(availabilities.organiserId, organiserId), eq(availabilities.id, id)))
    .returning({ calendarVersion: availabilities.calendarVersion });
  return row!.calendarVersion;
}

/**
 * Brings the published entries in line with the availability's dates in two statements, each
 * idempotent (two readers at once bump a change once: the conditions are checked again on the
 * locked row): a new date is added; a date whose times or cancellation changed gets its sequence
 * bumped; a removed date is kept, cancelled, with its sequence bumped.
 */
export async function reconcileEntries(
  tx: TenantTx,
  organiserId: number,
  availability: Pick<FeedAvailability, "id" | "cancelled">,
): Promise<void> {
  await tx.execute(sql`
    insert into availability_calendar_entries
      (organiser_id, availability_id, date_cuid, start_at, end_at, cancelled)
    select d.organiser_id, d.availability_id, d.cuid, d.start_at, d.end_at, ${availability.cancelled}
      from availability_dates d
     where d.organiser_id = ${organiserId} and d.availability_id = ${availability.id}
    on conflict (organiser_id, availability_id, date_cuid) do update
       set start_at = excluded.start_at, end_at = excluded.end_at, cancelled = excluded.cancelled,
           sequence = availability_calendar_entries.sequence + 1, updated_at = now()
     where (availability_calendar_entries.start_at, availability_calendar_entries.end_at,
            availability_calendar_entries.cancelled)
           is distinct from (excluded.start_at, excluded.end_at, excluded.cancelled)`);
  await tx.execute(sql`
    update availability_calendar_entries e
       set cancelled = true, sequence = e.sequence + 1, updated_at = now()
     where e.organiser_id = ${organiserId} and e.availability_id = ${availability.id}
       and not e.cancelled
       and not exists (select 1 from availability_dates d
                        where d.organiser_id = e.organiser_id
                          and d.availability_id = e.availability_id and d.cuid = e.date_cuid)`);
}

export async function listEntries(tx: TenantTx, organiserId: number, availabilityId: number) {
  return tx
    .select()
    .from(availabilityCalendarEntries)
    .where(
      and(
        eq(availabilityCalendarEntries.organiserId, organiserId),
        eq(availabilityCalendarEntries.availabilityId, availabilityId),
      ),
    )
    .orderBy(asc(availabilityCalendarEntries.startAt), asc(availabilityCalendarEntries.dateCuid));
}

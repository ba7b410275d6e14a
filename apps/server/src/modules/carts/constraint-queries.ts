import {
  availabilities,
  availabilityDates,
  calendarPeriods,
  participants,
  registrationDates,
  registrations,
  type TenantTx,
} from "@booking/db";
import { and, asc, eq, inArray } from "@booking/db/orm";
import { refersTo } from "./queries.ts";

/** One date of a confirmed registration, with what the registration constraints count. */
export type ConfirmedDateRow = {
  registrationId: number;
  participantId: number;
  activityId: number;
  locationId: number | null;
  startAt: Date;
};

/**
 * The dates of the participants' confirmed (not cancelled) registrations of these activities: what
 * the registration constraints count beside the cart's.
 */
export async function listConfirmedDates(
  tx: TenantTx,
  organiserId: number,
  participantIds: number[],
  activityIds: number[],
): Promise<ConfirmedDateRow[]> {
  if (participantIds.length === 0 || activityIds.length === 0) return [];
  return tx
    .select({
      registrationId: registrations.id,
      participantId: registrations.participantId,
      activityId: availabilities.activityId,
      locationId: availabilities.locationId,
      startAt: availabilityDates.startAt,
    })
    .from(registrations)
    .innerJoin(
      availabilities,
      refersTo(availabilities, registrations, registrations.availabilityId),
    )
    .innerJoin(
      registrationDates,
      refersTo(registrations, registrationDates, registrationDates.registrationId),
    )
    .innerJoin(
      availabilityDates,
      refersTo(availabilityDates, registrationDates, registrationDates.availabilityDateId),
    )
    .where(
      and(
        eq(registrations.organiserId, organiserId),
        eq(registrations.cancelled, false),
        inArray(registrations.participantId, participantIds),
        inArray(availabilities.activityId, activityIds),
      ),
    );
}

/** The location of each availability (null: none). */
export async function findAvailabilityLocations(
  tx: TenantTx,
  organiserId: number,
  availabilityIds: number[],
): Promise<Map<number, number | null>> {
  if (availabilityIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: availabilities.id, locationId: availabilities.locationId })
    .from(availabilities)
    .where(
      and(eq(availabilities.organiserId, organiserId), inArray(availabilities.id, availabilityIds)),
    );
  return new Map(rows.map((row) => [row.id, row.locationId]));
}

/** The start of each date. */
export async function findDateStarts(
  tx: TenantTx,
  organiserId: number,
  dateIds: number[],
): Promise<Map<number, Date>> {
  if (dateIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: availabilityDates.id, startAt: availabilityDates.startAt })
    .from(availabilityDates)
    .where(
      and(eq(availabilityDates.organiserId, organiserId), inArray(availabilityDates.id, dateIds)),
    );
  return new Map(rows.map((row) => [row.id, row.startAt]));
}

/** The organiser's calendar periods (school holidays…), for the `same.period` scope. */
export async function listCalendarPeriods(tx: TenantTx, organiserId: number) {
  return tx
    .select({
      id: calendarPeriods.id,
      start: calendarPeriods.startDate,
      end: calendarPeriods.endDate,
    })
    .from(calendarPeriods)
    .where(eq(calendarPeriods.organiserId, organiserId));
}

/**
 * Locks the participants' rows until the transaction ends, in id order, so that two checkouts
 * counting one participant's registrations run one after the other. NO KEY UPDATE: the inserts
 * referring to a participant (cart items, registrations) take KEY SHARE and do not wait for it.
 */
export async function lockParticipants(
  tx: TenantTx,
  organiserId: number,
  ids: number[],
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .select({ id: participants.id })
    .from(participants)
    .where(and(eq(participants.organiserId, organiserId), inArray(participants.id, ids)))
    .orderBy(asc(participants.id))
    .for("no key update");
}

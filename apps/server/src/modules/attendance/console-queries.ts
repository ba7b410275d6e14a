import type { AttendanceStatus } from "@booking/db";
import {
  activities,
  availabilities,
  availabilityDates,
  customers,
  locations,
  participants,
  registrationDates,
  registrations,
  type TenantTx,
} from "@booking/db";
import { and, asc, eq, gte, lt, sql } from "@booking/db/orm";
import { refersTo } from "../carts/queries.ts";

// The statements of attendance taken in the console (docs/decisions/0024-console-registrations.md).
// A session is an availability date; its participants are the live (not cancelled) registrations
// holding it.

const counts = {
  registered: sql<number>`count(r.id)::int`,
  present: sql<number>`count(r.id) filter (where rd.attendance = 'PRESENT')::int`,
  absent: sql<number>`count(r.id) filter (where rd.attendance = 'ABSENT')::int`,
  excused: sql<number>`count(r.id) filter (where rd.attendance = 'EXCUSED')::int`,
};

export type SessionRow = {
  date: { id: number; cuid: string; startAt: Date; endAt: Date; availabilityId: number };
  availability: { cuid: string };
  activity: { cuid: string; title: string };
  location: string | null;
  counts: { registered: number; present: number; absent: number; excused: number };
  recordsTimes: boolean;
};

/** The organiser's dates starting in [from, to), by start, with their attendance counts. */
export async function listSessions(
  tx: TenantTx,
  organiserId: number,
  where: { from: Date; to: Date } | { dateId: number },
): Promise<SessionRow[]> {
  const rows = await tx
    .select({
      date: {
        id: availabilityDates.id,
        cuid: availabilityDates.cuid,
        startAt: availabilityDates.startAt,
        endAt: availabilityDates.endAt,
        availabilityId: availabilityDates.availabilityId,
      },
      availability: { cuid: availabilities.cuid },
      activity: { cuid: activities.cuid, title: activities.title },
      location: locations.title,
      counts: sql<SessionRow["counts"]>`(
        select json_build_object('registered', ${counts.registered}, 'present', ${counts.present},
                                 'absent', ${counts.absent}, 'excused', ${counts.excused})
          from registration_dates rd
          join registrations r on r.organiser_id = rd.organiser_id and r.id = rd.registration_id
         where rd.organiser_id = ${availabilityDates.organiserId}
           and rd.availability_date_id = ${availabilityDates.id} and not r.cancelled)`,
      // The activity's attendance billing asks for arrival and departure times.
      recordsTimes: sql<boolean>`exists (
        select 1 from attendance_billing_configurations c
         where c.organiser_id = ${activities.organiserId} and c.activity_id = ${activities.id}
           and c.records_times)`,
    })
    .from(availabilityDates)
    .innerJoin(
      availabilities,
      refersTo(availabilities, availabilityDates, availabilityDates.availabilityId),
    )
    .innerJoin(activities, refersTo(activities, availabilities, availabilities.activityId))
    .leftJoin(locations, refersTo(locations, availabilities, availabilities.locationId))
    .where(
      and(
        eq(availabilityDates.organiserId, organiserId),
        "dateId" in where
          ? eq(availabilityDates.id, where.dateId)
          : and(
              gte(availabilityDates.startAt, where.from),
              lt(availabilityDates.startAt, where.to),
            ),
      ),
    )
    .orderBy(asc(availabilityDates.startAt), asc(activities.title), asc(availabilityDates.id));
  return rows;
}

/** The date of this cuid on the availability of this cuid, with its neighbours' cuids. */
export async function findSessionDate(
  tx: TenantTx,
  organiserId: number,
  availabilityCuid: string,
  dateCuid: string,
) {
  const [availability] = await tx
    .select({ id: availabilities.id })
    .from(availabilities)
    .where(
      and(eq(availabilities.organiserId, organiserId), eq(availabilities.cuid, availabilityCuid)),
    );
  if (!availability) return { availability: null, date: null };
  const dates = await tx
    .select({ id: availabilityDates.id, cuid: availabilityDates.cuid })
    .from(availabilityDates)
    .where(
      and(
        eq(availabilityDates.organiserId, organiserId),
        eq(availabilityDates.availabilityId, availability.id),
      ),
    )
    .orderBy(asc(availabilityDates.startAt), asc(availabilityDates.id));
  const index = dates.findIndex((date) => date.cuid === dateCuid);
  if (index < 0) return { availability, date: null };
  return {
    availability,
    date: {
      id: dates[index]!.id,
      previous: dates[index - 1]?.cuid ?? null,
      next: dates[index + 1]?.cuid ?? null,
    },
  };
}

/** The live registrations of a date with their participant, customer and attendance. */
export async function listSheetEntries(tx: TenantTx, organiserId: number, dateId: number) {
  return tx
    .select({
      registration: { id: registrations.id, cuid: registrations.cuid },
      participant: {
        id: participants.id,
        cuid: participants.cuid,
        firstname: participants.firstname,
        lastname: participants.lastname,
        birthdate: participants.birthdate,
      },
      customer: {
        cuid: customers.cuid,
        firstname: customers.firstname,
        lastname: customers.lastname,
        email: customers.email,
        phone: customers.phone,
      },
      attendance: registrationDates.attendance,
      recordedAt: registrationDates.attendanceRecordedAt,
      arrivedAt: registrationDates.arrivedAt,
      departedAt: registrationDates.departedAt,
    })
    .from(registrationDates)
    .innerJoin(
      registrations,
      refersTo(registrations, registrationDates, registrationDates.registrationId),
    )
    .innerJoin(participants, refersTo(participants, registrations, registrations.participantId))
    .innerJoin(customers, refersTo(customers, registrations, registrations.customerId))
    .where(
      and(
        eq(registrationDates.organiserId, organiserId),
        eq(registrationDates.availabilityDateId, dateId),
        eq(registrations.cancelled, false),
      ),
    )
    .orderBy(asc(participants.firstname), asc(participants.lastname), asc(registrations.id));
}

/** What a registration's date records: its attendance mark and, where billed by time, its times. */
export type AttendanceRecord = {
  attendance: AttendanceStatus | null;
  arrivedAt: Date | null;
  departedAt: Date | null;
};

/** Records the attendance of one registration on a date. */
export async function setAttendance(
  tx: TenantTx,
  organiserId: number,
  dateId: number,
  registrationId: number,
  record: AttendanceRecord,
  now: Date,
): Promise<void> {
  await tx
    .update(registrationDates)
    .set({ ...record, attendanceRecordedAt: record.attendance === null ? null : now })
    .where(
      and(
        eq(registrationDates.organiserId, organiserId),
        eq(registrationDates.availabilityDateId, dateId),
        eq(registrationDates.registrationId, registrationId),
      ),
    );
}

import type {
  AttendanceDayView,
  AttendanceSessionView,
  AttendanceSheetView,
  attendanceDayQuery,
  recordAttendanceBody,
} from "@booking/contracts";
import {
  addDaysToDay,
  attendanceTimesRefusal,
  dayRangeInZone,
  fullName,
  localDay,
} from "@booking/domain";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { badgesOfParticipants } from "../badge-lists/queries.ts";
import { badgeRef } from "../badge-lists/service.ts";
import {
  type AttendanceRecord,
  findSessionDate,
  listSessions,
  listSheetEntries,
  type SessionRow,
  setAttendance,
} from "./console-queries.ts";

// Attendance taken on the day (issue 6 item 5; docs/decisions/0024-console-registrations.md):
// each registration's date carries PRESENT, ABSENT or EXCUSED (or nothing yet) and when it was
// recorded (and, where the activity bills the time present, arrival and departure: decision
// 0064); the sessions of a day are listed first so that a phone opens on today's.

function sessionView(row: SessionRow): AttendanceSessionView {
  return {
    availability: {
      cuid: row.availability.cuid,
      activity: row.activity,
      location: row.location,
    },
    date: {
      cuid: row.date.cuid,
      start_at: row.date.startAt.toISOString(),
      end_at: row.date.endAt.toISOString(),
    },
    counts: row.counts,
    records_times: row.recordsTimes,
  };
}

/** GET /api/admin/attendance?day=: the sessions of a day (today by default), by start. */
export async function attendanceDay(
  context: ConsoleContext,
  query: z.output<typeof attendanceDayQuery>,
): Promise<AttendanceDayView> {
  const { timezone } = context.organiser;
  const day = query.day ?? localDay(new Date(), timezone);
  const { start, end } = dayRangeInZone(day, timezone);
  const rows = await listSessions(context.db, context.organiser.id, { from: start, to: end });
  return {
    day,
    previous_day: addDaysToDay(day, -1),
    next_day: addDaysToDay(day, 1),
    sessions: rows.map(sessionView),
  };
}

/** The date of the availability, else 404 AVAILABILITY_NOT_FOUND / AVAILABILITY_DATE_NOT_FOUND. */
async function requireSession(context: ConsoleContext, availabilityCuid: string, dateCuid: string) {
  const found = await findSessionDate(context.db, context.organiser.id, availabilityCuid, dateCuid);
  if (!found.availability) throw new AppError("AVAILABILITY_NOT_FOUND");
  if (!found.date) throw new AppError("AVAILABILITY_DATE_NOT_FOUND");
  return found.date;
}

async function sheet(
  context: ConsoleContext,
  date: { id: number; previous: string | null; next: string | null },
): Promise<AttendanceSheetView> {
  const { db, organiser } = context;
  const [session] = await listSessions(db, organiser.id, { dateId: date.id });
  if (!session) throw new Error(`date ${date.id} vanished`);
  const entries = await listSheetEntries(db, organiser.id, date.id);
  const badges = await badgesOfParticipants(
    db,
    organiser.id,
    entries.map((entry) => entry.participant.id),
  );
  return {
    ...sessionView(session),
    previous_date: date.previous,
    next_date: date.next,
    entries: entries.map((entry) => ({
      registration: entry.registration.cuid,
      participant: {
        cuid: entry.participant.cuid,
        fullname: fullName(entry.participant.firstname, entry.participant.lastname),
        birthdate: entry.participant.birthdate,
      },
      customer: {
        cuid: entry.customer.cuid,
        fullname: fullName(entry.customer.firstname, entry.customer.lastname),
        email: entry.customer.email,
        phone: entry.customer.phone,
      },
      badges: (badges.get(entry.participant.id) ?? []).map(badgeRef),
      attendance: entry.attendance,
      recorded_at: entry.recordedAt?.toISOString() ?? null,
      arrived_at: entry.arrivedAt?.toISOString() ?? null,
      departed_at: entry.departedAt?.toISOString() ?? null,
    })),
  };
}

/** GET /api/admin/availabilities/:cuid/dates/:date/attendance */
export async function attendanceSheet(
  context: ConsoleContext,
  availabilityCuid: string,
  dateCuid: string,
): Promise<AttendanceSheetView> {
  return sheet(context, await requireSession(context, availabilityCuid, dateCuid));
}

type SheetEntry = Awaited<ReturnType<typeof listSheetEntries>>[number];
type EntryInput = z.output<typeof recordAttendanceBody>["entries"][number];

const timeOf = (value: string | null | undefined, current: Date | null) =>
  value === undefined ? current : value === null ? null : new Date(value);

/**
 * What an entry records after `input`: a mark left out stays, a time left out stays; a time
 * recorded makes an unmarked entry PRESENT, and an entry that is not PRESENT keeps no times.
 * Times only where the billing records them (else 400 NOT_ALLOWED), within the session's day
 * and the departure after the arrival (`attendanceTimesRefusal`).
 */
function nextRecord(
  session: SessionRow,
  entry: SheetEntry,
  input: EntryInput,
  field: string,
): AttendanceRecord {
  const timed = input.arrived_at !== undefined || input.departed_at !== undefined;
  if (timed && !session.recordsTimes)
    throw validationError({ [`${field}.arrived_at`]: "NOT_ALLOWED" });
  const arrivedAt = timeOf(input.arrived_at, entry.arrivedAt);
  const departedAt = timeOf(input.departed_at, entry.departedAt);
  const attendance =
    input.attendance !== undefined
      ? input.attendance
      : timed && (arrivedAt !== null || departedAt !== null)
        ? "PRESENT"
        : entry.attendance;
  if (attendance !== "PRESENT") return { attendance, arrivedAt: null, departedAt: null };
  const refusal = attendanceTimesRefusal(
    { startAt: session.date.startAt, endAt: session.date.endAt },
    { arrivedAt, departedAt },
  );
  if (refusal === "DEPARTURE_BEFORE_ARRIVAL") {
    throw validationError({ [`${field}.departed_at`]: "TO_BEFORE_FROM" });
  }
  if (refusal === "OUTSIDE_SESSION_DAY") {
    throw validationError({
      [`${field}.${arrivedAt !== null && input.arrived_at !== undefined ? "arrived_at" : "departed_at"}`]:
        "INVALID_DATE",
    });
  }
  return { attendance, arrivedAt, departedAt };
}

const sameTime = (a: Date | null, b: Date | null) =>
  (a?.getTime() ?? null) === (b?.getTime() ?? null);

function recordView(record: AttendanceRecord) {
  return {
    attendance: record.attendance,
    arrived_at: record.arrivedAt?.toISOString() ?? null,
    departed_at: record.departedAt?.toISOString() ?? null,
  };
}

/**
 * PUT /api/admin/availabilities/:cuid/dates/:date/attendance: marks some of the date's live
 * registrations (404 REGISTRATION_NOT_FOUND for one that is not), null clearing the mark, with
 * their arrival and departure where the activity's billing records them; what changes is
 * audited on the date.
 */
export async function recordAttendance(
  context: ConsoleContext,
  availabilityCuid: string,
  dateCuid: string,
  input: z.output<typeof recordAttendanceBody>,
): Promise<AttendanceSheetView> {
  const { db, organiser } = context;
  const date = await requireSession(context, availabilityCuid, dateCuid);
  const [session] = await listSessions(db, organiser.id, { dateId: date.id });
  if (!session) throw new Error(`date ${date.id} vanished`);
  const entries = await listSheetEntries(db, organiser.id, date.id);
  const byCuid = new Map(entries.map((entry) => [entry.registration.cuid, entry]));
  const before: Record<string, ReturnType<typeof recordView>> = {};
  const after: Record<string, ReturnType<typeof recordView>> = {};
  const changes: Array<{ registrationId: number; record: AttendanceRecord }> = [];
  for (const [index, item] of input.entries.entries()) {
    const entry = byCuid.get(item.registration);
    if (!entry) throw new AppError("REGISTRATION_NOT_FOUND");
    const record = nextRecord(session, entry, item, `entries.${index}`);
    if (
      record.attendance === entry.attendance &&
      sameTime(record.arrivedAt, entry.arrivedAt) &&
      sameTime(record.departedAt, entry.departedAt)
    ) {
      continue;
    }
    before[item.registration] = recordView(entry);
    after[item.registration] = recordView(record);
    changes.push({ registrationId: entry.registration.id, record });
  }
  const now = new Date();
  for (const { registrationId, record } of changes) {
    await setAttendance(db, organiser.id, date.id, registrationId, record, now);
  }
  if (changes.length > 0) {
    await context.audit({
      action: "attendance.recorded",
      entity: "availability_date",
      entityId: dateCuid,
      before,
      after,
    });
  }
  return sheet(context, date);
}

import type {
  AttendanceDayView,
  AttendanceSessionView,
  AttendanceSheetView,
  AttendanceStatusValue,
  attendanceDayQuery,
  recordAttendanceBody,
} from "@booking/contracts";
import { addDaysToDay, dayRangeInZone, fullName, localDay } from "@booking/domain";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import {
  findSessionDate,
  listSessions,
  listSheetEntries,
  type SessionRow,
  setAttendance,
} from "./console-queries.ts";

// Attendance taken on the day (issue 6 item 5; docs/decisions/0024-console-registrations.md):
// each registration's date carries PRESENT, ABSENT or EXCUSED (or nothing yet) and when it was
// recorded; the sessions of a day are listed first so that a phone opens on today's.

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
      attendance: entry.attendance,
      recorded_at: entry.recordedAt?.toISOString() ?? null,
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

/**
 * PUT /api/admin/availabilities/:cuid/dates/:date/attendance: marks some of the date's live
 * registrations (404 REGISTRATION_NOT_FOUND for one that is not), null clearing the mark; the
 * marks that change are audited on the date.
 */
export async function recordAttendance(
  context: ConsoleContext,
  availabilityCuid: string,
  dateCuid: string,
  input: z.output<typeof recordAttendanceBody>,
): Promise<AttendanceSheetView> {
  const { db, organiser } = context;
  const date = await requireSession(context, availabilityCuid, dateCuid);
  const entries = await listSheetEntries(db, organiser.id, date.id);
  const byCuid = new Map(entries.map((entry) => [entry.registration.cuid, entry]));
  const before: Record<string, AttendanceStatusValue | null> = {};
  const after: Record<string, AttendanceStatusValue | null> = {};
  const changed = new Map<AttendanceStatusValue | null, number[]>();
  for (const { registration, attendance } of input.entries) {
    const entry = byCuid.get(registration);
    if (!entry) throw new AppError("REGISTRATION_NOT_FOUND");
    if (entry.attendance === attendance) continue;
    before[registration] = entry.attendance;
    after[registration] = attendance;
    changed.set(attendance, [...(changed.get(attendance) ?? []), entry.registration.id]);
  }
  const now = new Date();
  for (const [attendance, ids] of changed) {
    await setAttendance(db, organiser.id, date.id, ids, attendance, now);
  }
  if (Object.keys(after).length > 0) {
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

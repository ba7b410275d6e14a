import { z } from "zod";
import { isCalendarDay } from "../page-elements/filters.ts";
import { cuidValue } from "./catalogue-fields.ts";
import { ATTENDANCE_STATUSES, adminCustomerRef, adminParticipantRef } from "./registrations.ts";

// Attendance taken on the day (issue 6 item 5): the sessions of a day, and one session's sheet
// of participants marked present, absent or excused. Decision: docs/decisions/0024.

/** GET /api/admin/attendance?day=YYYY-MM-DD (today in the organiser's time zone by default). */
export const attendanceDayQuery = z.object({
  day: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.string("INVALID_TYPE").trim().refine(isCalendarDay, "INVALID_DATE").optional(),
  ),
});

const activityRef = z.object({ cuid: z.string(), title: z.string() });
const sessionDate = z.object({ cuid: z.string(), start_at: z.string(), end_at: z.string() });

export const attendanceCounts = z.object({
  registered: z.int(),
  present: z.int(),
  absent: z.int(),
  excused: z.int(),
});

export const attendanceSessionView = z.object({
  availability: z.object({
    cuid: z.string(),
    activity: activityRef,
    location: z.string().nullable(),
  }),
  date: sessionDate,
  counts: attendanceCounts,
});
export type AttendanceSessionView = z.infer<typeof attendanceSessionView>;

export const attendanceDayView = z.object({
  day: z.string(),
  previous_day: z.string(),
  next_day: z.string(),
  sessions: z.array(attendanceSessionView),
});
export type AttendanceDayView = z.infer<typeof attendanceDayView>;

export const attendanceEntryView = z.object({
  registration: z.string(),
  participant: adminParticipantRef,
  customer: adminCustomerRef,
  attendance: z.enum(ATTENDANCE_STATUSES).nullable(),
  recorded_at: z.string().nullable(),
});
export type AttendanceEntryView = z.infer<typeof attendanceEntryView>;

/** GET /api/admin/availabilities/:cuid/dates/:date/attendance */
export const attendanceSheetView = attendanceSessionView.extend({
  /** the availability's dates before and after this one, to step through a term */
  previous_date: z.string().nullable(),
  next_date: z.string().nullable(),
  entries: z.array(attendanceEntryView),
});
export type AttendanceSheetView = z.infer<typeof attendanceSheetView>;

export const attendanceDateParams = z.object({ cuid: cuidValue, date: cuidValue });

/**
 * PUT /api/admin/availabilities/:cuid/dates/:date/attendance: marks registrations of that date
 * (null clears the mark).
 */
export const recordAttendanceBody = z.object({
  entries: z
    .array(
      z.object({
        registration: cuidValue,
        attendance: z.enum(ATTENDANCE_STATUSES).nullable(),
      }),
    )
    .min(1, "REQUIRED")
    .max(500, "TOO_BIG"),
});
export type RecordAttendanceBody = z.input<typeof recordAttendanceBody>;

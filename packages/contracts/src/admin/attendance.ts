import { ATTENDANCE_PRICINGS, ATTENDANCE_UNIT_DURATIONS } from "@booking/domain";
import { z } from "zod";
import { requiredText } from "../common.ts";
import { isCalendarDay } from "../page-elements/filters.ts";
import { badgeRef } from "./badge-lists.ts";
import { cuidValue, moneyAmount, richText } from "./catalogue-fields.ts";
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
  /** the activity's attendance billing records arrival and departure times */
  records_times: z.boolean(),
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
  /** the participant's badges (allergies, swimming level…; decision 0088) */
  badges: z.array(badgeRef),
  attendance: z.enum(ATTENDANCE_STATUSES).nullable(),
  recorded_at: z.string().nullable(),
  arrived_at: z.string().nullable(),
  departed_at: z.string().nullable(),
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

/** An instant with its offset ("2026-10-14T16:05:00+02:00"), or null to clear it. */
const recordedTime = z.iso.datetime({ offset: true, error: "INVALID_DATE" }).nullable().optional();

/**
 * PUT /api/admin/availabilities/:cuid/dates/:date/attendance: marks registrations of that date
 * (null clears the mark) and, where the activity's billing records them, their arrival and
 * departure (null clears; left out: unchanged). A time recorded makes the entry PRESENT.
 */
export const recordAttendanceBody = z.object({
  entries: z
    .array(
      z.object({
        registration: cuidValue,
        attendance: z.enum(ATTENDANCE_STATUSES).nullable().optional(),
        arrived_at: recordedTime,
        departed_at: recordedTime,
      }),
    )
    .min(1, "REQUIRED")
    .max(500, "TOO_BIG"),
});
export type RecordAttendanceBody = z.input<typeof recordAttendanceBody>;

// --- Attendance billing (issue 15 §4; docs/decisions/0064-attendance-billing.md) ----------------

/** PUT /api/admin/activities/:cuid/attendance-billing: the activity's billing, created or replaced. */
export const attendanceBillingBody = z.object({
  title: requiredText(200),
  description: richText.default(""),
  pricing: z.enum(ATTENDANCE_PRICINGS, { error: "INVALID_CHOICE" }),
  /** seconds one unit amount pays for; used by DURATION pricing */
  unit_duration: z
    .union(
      ATTENDANCE_UNIT_DURATIONS.map((value) => z.literal(value)),
      { error: "INVALID_CHOICE" },
    )
    .default(3600),
  unit_amount: moneyAmount,
  records_times: z.boolean("INVALID_TYPE").default(false),
});
export type AttendanceBillingBody = z.input<typeof attendanceBillingBody>;

export const attendanceBillingView = z.object({
  cuid: z.string(),
  title: z.string(),
  description: z.string(),
  billing_cycle_type: z.literal("MONTHLY"),
  pricing: z.enum(ATTENDANCE_PRICINGS),
  unit_duration: z.int(),
  unit_amount: z.int(),
  records_times: z.boolean(),
  /** months already issued, the latest first */
  issued_months: z.array(z.string()),
  /** ended months since the configuration began that were not issued yet, the oldest first */
  months_to_issue: z.array(z.string()),
});
export type AttendanceBillingView = z.infer<typeof attendanceBillingView>;
export const attendanceBillingResponse = z.object({
  attendance_billing: attendanceBillingView.nullable(),
});
export type AttendanceBillingResponse = z.infer<typeof attendanceBillingResponse>;

/** `month` is "YYYY-MM", checked once the activity is found (its 404 first, then 400 INVALID_DATE). */
export const attendanceCycleParams = z.object({ cuid: cuidValue, month: cuidValue });

const cycleItemView = z.object({
  /** null until the cycle is issued */
  cuid: z.string().nullable(),
  date: sessionDate,
  participant: z.object({ cuid: z.string(), fullname: z.string() }),
  attendance: z.enum(ATTENDANCE_STATUSES),
  arrived_at: z.string(),
  departed_at: z.string(),
  duration: z.int(),
  amount: z.int(),
});

const cycleChargeView = z.object({
  cuid: z.string().nullable(),
  reference: z.string().nullable(),
  customer: z.object({ cuid: z.string(), fullname: z.string(), email: z.string() }),
  total_duration: z.int(),
  total_amount: z.int(),
  paid_amount: z.int(),
  items: z.array(cycleItemView),
});
export type AttendanceCycleChargeView = z.infer<typeof cycleChargeView>;

/**
 * GET /api/admin/activities/:cuid/attendance-billing/cycles/:month: before issue, a preview
 * computed from the attendance sheets; after, the charges as issued (and adjusted).
 */
export const attendanceCycleView = z.object({
  month: z.string(),
  previous_month: z.string(),
  next_month: z.string(),
  start_at: z.string(),
  end_at: z.string(),
  /** only an ended cycle can be issued */
  ended: z.boolean(),
  issued_at: z.string().nullable(),
  /** false when the end-of-month job issued it */
  issued_by_hand: z.boolean(),
  charges: z.array(cycleChargeView),
  totals: z.object({ duration: z.int(), amount: z.int(), paid: z.int() }),
});
export type AttendanceCycleView = z.infer<typeof attendanceCycleView>;

export const attendanceChargeItemParams = z.object({ cuid: cuidValue, item: cuidValue });

/**
 * PATCH /api/admin/attendance-charges/:cuid/items/:item: an issued item's amount, with why. The
 * charge's total follows; it may not fall below what was already paid.
 */
export const adjustAttendanceItemBody = z.object({
  amount: moneyAmount,
  note: requiredText(500),
});
export type AdjustAttendanceItemBody = z.input<typeof adjustAttendanceItemBody>;

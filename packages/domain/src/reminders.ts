import { daysBetween, localDay } from "./zoned-time.ts";

/**
 * Payment reminders (issue 16 §2; docs/decisions/0077-payment-reminders.md): what customers
 * still owe — an order, an attendance charge, a booking share — is reminded on the organiser's
 * schedule, counted in days after its due day, then marked overdue. Pure rules only.
 */

/** What can be owed (the console's outstanding list's kinds). */
export const REMINDER_ITEM_TYPES = ["CART", "ATTENDANCE_CHARGE", "BOOKING_PARTICIPATION"] as const;
export type ReminderItemType = (typeof REMINDER_ITEM_TYPES)[number];

/** At most this many scheduled reminders, each at most this many days after the due day. */
export const MAX_REMINDER_STEPS = 6;
export const MAX_REMINDER_OFFSET_DAYS = 365;
/** A reminder by hand is refused this soon after the item's previous one (two clicks, one e-mail). */
export const MANUAL_REMINDER_THROTTLE_MINUTES = 10;

export interface ReminderSchedule {
  enabled: boolean;
  /** days after the due day of each reminder, strictly increasing, each ≥ 1 */
  offsets_days: number[];
  /** days after the due day an item still owed is marked overdue; null: never */
  overdue_after_days: number | null;
}

/** Until the organiser sets one: 7 days after the due day, then 14 days later, overdue at 30. */
export const DEFAULT_REMINDER_SCHEDULE: ReminderSchedule = {
  enabled: false,
  offsets_days: [7, 21],
  overdue_after_days: 30,
};

/** Why a schedule is refused, or null: offsets 1..365 strictly increasing, overdue after the last. */
export function scheduleProblem(schedule: ReminderSchedule): string | null {
  const offsets = schedule.offsets_days;
  if (offsets.length > MAX_REMINDER_STEPS) return "TOO_MANY_STEPS";
  for (const [index, offset] of offsets.entries()) {
    if (!Number.isInteger(offset) || offset < 1 || offset > MAX_REMINDER_OFFSET_DAYS) {
      return "OFFSET_OUT_OF_RANGE";
    }
    if (index > 0 && offset <= offsets[index - 1]!) return "OFFSETS_NOT_INCREASING";
  }
  const overdue = schedule.overdue_after_days;
  if (overdue !== null) {
    if (!Number.isInteger(overdue) || overdue < 0 || overdue > MAX_REMINDER_OFFSET_DAYS) {
      return "OFFSET_OUT_OF_RANGE";
    }
    if (offsets.length > 0 && overdue < offsets[offsets.length - 1]!) {
      return "OVERDUE_BEFORE_LAST_REMINDER";
    }
  }
  return null;
}

/**
 * The due day (YYYY-MM-DD in the organiser's time zone) of an owed item: its invoice's due date
 * when it has one, else the payment deadline its transfer instructions show (`paymentDueDay`,
 * given as `deadlineDay`).
 */
export function reminderDueDay(
  invoiceDueAt: Date | null,
  deadlineDay: string,
  timeZone: string,
): string {
  return invoiceDueAt ? localDay(invoiceDueAt, timeZone) : deadlineDay;
}

/** Whole days from the due day to today (0 on the due day, negative before it). */
export function daysOverdue(dueDay: string, now: Date, timeZone: string): number {
  return daysBetween(dueDay, localDay(now, timeZone));
}

/**
 * The step the schedule sends now for an item whose last reminder was `lastStep` (0: none), or
 * null. Only the latest step whose day has come: workers down for a week send one reminder,
 * not the ones they missed. A step sent by hand counts: the schedule goes on after it.
 */
export function dueReminderStep(
  schedule: ReminderSchedule,
  dueDay: string,
  lastStep: number,
  now: Date,
  timeZone: string,
): number | null {
  if (!schedule.enabled) return null;
  const late = daysOverdue(dueDay, now, timeZone);
  let step: number | null = null;
  for (const [index, offset] of schedule.offsets_days.entries()) {
    if (offset <= late) step = index + 1;
  }
  return step !== null && step > lastStep ? step : null;
}

/** Whether the schedule marks the item overdue now. */
export function isMarkedOverdue(
  schedule: ReminderSchedule,
  dueDay: string,
  now: Date,
  timeZone: string,
): boolean {
  return (
    schedule.enabled &&
    schedule.overdue_after_days !== null &&
    daysOverdue(dueDay, now, timeZone) >= schedule.overdue_after_days
  );
}

/** Whether a reminder by hand must wait: the previous one of the item was sent too recently. */
export function manualReminderThrottled(lastSentAt: Date | null, now: Date): boolean {
  return (
    lastSentAt !== null &&
    now.getTime() - lastSentAt.getTime() < MANUAL_REMINDER_THROTTLE_MINUTES * 60_000
  );
}

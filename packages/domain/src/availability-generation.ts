/**
 * Availability dates generated from a weekly schedule, and an availability's dates copied to
 * another period (organiser console: "every Wednesday 14:00–16:00 from September to June,
 * skipping holidays"; "duplicate an availability to another period").
 *
 * Dates keep their local wall-clock times in the organiser's time zone across DST changes: a
 * Wednesday 14:00 in Europe/Brussels is 14:00+02:00 in September and 14:00+01:00 in November.
 * Wall-clock times a DST change skips or repeats resolve like {@link zonedInstant}:
 * - a time in the spring gap moves forward by the length of the gap (02:30 on 2027-03-28 in
 *   Brussels becomes 03:30+02:00);
 * - a time that happens twice in autumn takes the earlier instant, still in summer time (02:30 on
 *   2026-10-25 is 02:30+02:00, not 02:30+01:00);
 * - a period whose end then falls at or before its start (a slot inside the gap, 02:30–03:00)
 *   ends its wall-clock length after its resolved start (03:30–04:00+02:00).
 *
 * {@link generateScheduleDates} checks the schedule and answers error codes by field path, never
 * throwing for user input:
 * - `timezone` INVALID_TIMEZONE: not a zone Intl knows;
 * - `from`, `to` INVALID_DATE: not a calendar day YYYY-MM-DD; `to` TO_BEFORE_FROM; `to`
 *   SCHEDULE_TOO_LONG: more than {@link MAX_SCHEDULE_DAYS} days from `from` to `to` inclusive;
 * - `weekdays` REQUIRED when empty; `weekdays.{i}` INVALID_WEEKDAY: not an integer 1 (Monday)
 *   to 7 (Sunday); repeated weekdays count once;
 * - `slots` REQUIRED when empty; `slots.{i}.start`, `slots.{i}.end` INVALID_TIME: not "HH:MM"
 *   from 00:00 to 23:59 ("24:00" is also a valid end, the next midnight); `slots.{i}.end`
 *   END_NOT_AFTER_START; `slots.{i}` SLOTS_OVERLAP on every slot sharing time with another one
 *   (slots are half-open: 14:00–16:00 and 16:00–18:00 do not overlap);
 * - `skip.{i}.from`, `skip.{i}.to` INVALID_DATE; `skip.{i}.to` TO_BEFORE_FROM. Skipped ranges
 *   are inclusive and may reach outside the schedule;
 * - once the above are valid, `dates` NO_DATES when no day matches, TOO_MANY_DATES when more
 *   than {@link MAX_GENERATED_DATES} dates would be generated.
 */

import { type Instant, instantTime } from "./instants.ts";
import {
  addDaysToDay,
  assertTimeZone,
  daysBetween,
  formatInZone,
  isoWeekdayOfDay,
  localDateTime,
  localDay,
  parseDay,
  type WallTime,
  zonedInstant,
} from "./zoned-time.ts";

/** Most dates one schedule may generate. */
export const MAX_GENERATED_DATES = 500;

/** Most local days from a schedule's `from` to its `to`, inclusive: two years, a leap day included. */
export const MAX_SCHEDULE_DAYS = 731;

/** Local wall-clock times "HH:MM"; `end` may be "24:00". */
export type ScheduleSlot = { start: string; end: string };

/** Local days "YYYY-MM-DD", both included. */
export type CalendarDayRange = { from: string; to: string };

export type AvailabilitySchedule = CalendarDayRange & {
  /** IANA time zone of the organiser, e.g. "Europe/Brussels". */
  timezone: string;
  /** ISO weekdays: Monday 1 … Sunday 7. */
  weekdays: readonly number[];
  slots: readonly ScheduleSlot[];
  /** Holidays: days in these ranges get no dates. */
  skip?: readonly CalendarDayRange[];
};

/** A date as ISO 8601 with the local offset: "2026-10-28T14:00:00+01:00". */
export type GeneratedDate = { start_at: string; end_at: string };

export type ScheduleErrorCode =
  | "INVALID_TIMEZONE"
  | "INVALID_DATE"
  | "TO_BEFORE_FROM"
  | "SCHEDULE_TOO_LONG"
  | "REQUIRED"
  | "INVALID_WEEKDAY"
  | "INVALID_TIME"
  | "END_NOT_AFTER_START"
  | "SLOTS_OVERLAP"
  | "NO_DATES"
  | "TOO_MANY_DATES";

export type ScheduleGeneration =
  | { ok: true; dates: GeneratedDate[] }
  | { ok: false; fields: Record<string, ScheduleErrorCode> };

type FieldErrors = Record<string, ScheduleErrorCode>;

const MINUTES_PER_DAY = 24 * 60;
const TIME = /^(\d{2}):(\d{2})$/;

/** Minutes after midnight of "HH:MM" (00:00–23:59, and 24:00 when `allowMidnightEnd`), or null. */
function parseTime(text: unknown, allowMidnightEnd: boolean): number | null {
  const match = typeof text === "string" ? TIME.exec(text) : null;
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59) return null;
  const total = hours * 60 + minutes;
  return total < MINUTES_PER_DAY || (allowMidnightEnd && total === MINUTES_PER_DAY) ? total : null;
}

function isDay(text: unknown): text is string {
  try {
    parseDay(text as string);
    return true;
  } catch {
    return false;
  }
}

function isTimeZone(timeZone: unknown): boolean {
  try {
    assertTimeZone(timeZone as string);
    return true;
  } catch {
    return false;
  }
}

/** Checks a day range, setting `{prefix}from` / `{prefix}to` errors; true when valid. */
function checkRange(range: CalendarDayRange, prefix: string, errors: FieldErrors): boolean {
  const fromValid = isDay(range.from);
  const toValid = isDay(range.to);
  if (!fromValid) errors[`${prefix}from`] = "INVALID_DATE";
  if (!toValid) errors[`${prefix}to`] = "INVALID_DATE";
  if (!fromValid || !toValid) return false;
  if (range.to < range.from) {
    errors[`${prefix}to`] = "TO_BEFORE_FROM";
    return false;
  }
  return true;
}

type SlotMinutes = { start: number; end: number };

/** The slots as minutes, sorted by start, or null after setting their errors. */
function checkSlots(slots: readonly ScheduleSlot[], errors: FieldErrors): SlotMinutes[] | null {
  if (slots.length === 0) {
    errors.slots = "REQUIRED";
    return null;
  }
  let valid = true;
  const parsed: (SlotMinutes & { index: number })[] = [];
  slots.forEach((slot, index) => {
    const start = parseTime(slot.start, false);
    const end = parseTime(slot.end, true);
    if (start === null) errors[`slots.${index}.start`] = "INVALID_TIME";
    if (end === null) errors[`slots.${index}.end`] = "INVALID_TIME";
    if (start !== null && end !== null && end <= start) {
      errors[`slots.${index}.end`] = "END_NOT_AFTER_START";
    }
    if (start === null || end === null || end <= start) valid = false;
    else parsed.push({ start, end, index });
  });
  parsed.sort((a, b) => a.start - b.start);
  // A slot overlaps an earlier-starting one when it starts before the latest end so far, and a
  // later-starting one when the next slot starts before it ends.
  let latestEnd = -1;
  parsed.forEach((slot, position) => {
    const next = parsed[position + 1];
    if (slot.start < latestEnd || (next !== undefined && next.start < slot.end)) {
      errors[`slots.${slot.index}`] = "SLOTS_OVERLAP";
      valid = false;
    }
    latestEnd = Math.max(latestEnd, slot.end);
  });
  return valid ? parsed : null;
}

function checkWeekdays(weekdays: readonly number[], errors: FieldErrors): Set<number> | null {
  if (weekdays.length === 0) {
    errors.weekdays = "REQUIRED";
    return null;
  }
  let valid = true;
  weekdays.forEach((weekday, index) => {
    if (!Number.isInteger(weekday) || weekday < 1 || weekday > 7) {
      errors[`weekdays.${index}`] = "INVALID_WEEKDAY";
      valid = false;
    }
  });
  return valid ? new Set(weekdays) : null;
}

/** The local days of the schedule on its weekdays and outside the skipped ranges. */
function scheduledDays(
  range: CalendarDayRange,
  weekdays: ReadonlySet<number>,
  skip: readonly CalendarDayRange[],
): string[] {
  const days: string[] = [];
  // "YYYY-MM-DD" strings order like the days they name.
  for (let day = range.from; day <= range.to; day = addDaysToDay(day, 1)) {
    const skipped = skip.some((holiday) => holiday.from <= day && day <= holiday.to);
    if (!skipped && weekdays.has(isoWeekdayOfDay(day))) days.push(day);
  }
  return days;
}

function wallTime(minutes: number): WallTime {
  return { hour: Math.floor(minutes / 60), minute: minutes % 60 };
}

/**
 * The instants of a period given as local wall-clock times: start at `start` on `startDay`, end
 * `endDayOffset` days later at `end`. When the DST rule puts the end at or before the start (a
 * period inside the spring gap), the end is the start plus the period's wall-clock length.
 */
function localPeriod(
  startDay: string,
  start: WallTime,
  endDayOffset: number,
  end: WallTime,
  timeZone: string,
): { start: Date; end: Date } {
  const startAt = zonedInstant(startDay, start, timeZone);
  let endAt = zonedInstant(addDaysToDay(startDay, endDayOffset), end, timeZone);
  if (endAt.getTime() <= startAt.getTime()) {
    const seconds = (time: WallTime) => time.hour * 3600 + time.minute * 60 + (time.second ?? 0);
    const wallLength = endDayOffset * 86_400 + seconds(end) - seconds(start);
    endAt = new Date(startAt.getTime() + Math.max(wallLength, 0) * 1000);
  }
  return { start: startAt, end: endAt };
}

function formatPeriod(period: { start: Date; end: Date }, timeZone: string): GeneratedDate {
  return {
    start_at: formatInZone(period.start, timeZone),
    end_at: formatInZone(period.end, timeZone),
  };
}

/** A schedule's weekly part, without its period: what a date configuration names. */
export type WeeklyPattern = { weekdays: readonly number[]; slots: readonly ScheduleSlot[] };

/**
 * The error codes of a weekly pattern's fields, as {@link generateScheduleDates} answers them
 * (`weekdays`, `weekdays.{i}`, `slots`, `slots.{i}.start`…); empty when it is valid.
 */
export function checkWeeklyPattern(pattern: WeeklyPattern): Record<string, ScheduleErrorCode> {
  const errors: FieldErrors = {};
  checkWeekdays(pattern.weekdays, errors);
  checkSlots(pattern.slots, errors);
  return errors;
}

/**
 * The dates of `schedule` (see the module comment), sorted by start then end, or the error codes
 * of its fields.
 */
export function generateScheduleDates(schedule: AvailabilitySchedule): ScheduleGeneration {
  const errors: FieldErrors = {};
  if (!isTimeZone(schedule.timezone)) errors.timezone = "INVALID_TIMEZONE";
  const rangeValid = checkRange(schedule, "", errors);
  if (rangeValid && daysBetween(schedule.from, schedule.to) + 1 > MAX_SCHEDULE_DAYS) {
    errors.to = "SCHEDULE_TOO_LONG";
  }
  const weekdays = checkWeekdays(schedule.weekdays, errors);
  const slots = checkSlots(schedule.slots, errors);
  const skip = schedule.skip ?? [];
  for (const [index, range] of skip.entries()) checkRange(range, `skip.${index}.`, errors);
  if (Object.keys(errors).length > 0 || weekdays === null || slots === null) {
    return { ok: false, fields: errors };
  }

  const days = scheduledDays(schedule, weekdays, skip);
  if (days.length === 0) return { ok: false, fields: { dates: "NO_DATES" } };
  if (days.length * slots.length > MAX_GENERATED_DATES) {
    return { ok: false, fields: { dates: "TOO_MANY_DATES" } };
  }
  const periods = days.flatMap((day) =>
    slots.map((slot) =>
      localPeriod(day, wallTime(slot.start), 0, wallTime(slot.end), schedule.timezone),
    ),
  );
  // Slots are sorted within a day; only the spring gap can move one onto the next one's start.
  periods.sort(
    (a, b) => a.start.getTime() - b.start.getTime() || a.end.getTime() - b.end.getTime(),
  );
  return { ok: true, dates: periods.map((period) => formatPeriod(period, schedule.timezone)) };
}

/**
 * The dates of an availability copied to another period: every date moves by the same number of
 * local calendar days, the one that takes the earliest start's local day to `newFirstDay`, and
 * keeps its local start and end times in `timeZone` (a date moved across a DST change stays
 * 14:00–16:00). Index i of the result is the copy of `dates[i]`. Throws RangeError on an invalid
 * zone, instant or day: callers check `newFirstDay` as a calendar date first.
 */
export function shiftDatesToPeriod(
  dates: readonly { start_at: Instant; end_at: Instant }[],
  timeZone: string,
  newFirstDay: string,
): GeneratedDate[] {
  assertTimeZone(timeZone);
  parseDay(newFirstDay);
  if (dates.length === 0) return [];
  const earliest = dates.reduce((first, date) =>
    instantTime(date.start_at) < instantTime(first.start_at) ? date : first,
  );
  const shift = daysBetween(localDay(earliest.start_at, timeZone), newFirstDay);
  return dates.map((date) => {
    const startDay = localDay(date.start_at, timeZone);
    const endDayOffset = daysBetween(startDay, localDay(date.end_at, timeZone));
    const period = localPeriod(
      addDaysToDay(startDay, shift),
      localDateTime(date.start_at, timeZone),
      endDayOffset,
      localDateTime(date.end_at, timeZone),
      timeZone,
    );
    return formatPeriod(period, timeZone);
  });
}

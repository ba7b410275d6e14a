import { addDays, type CalendarDate, weekday, zoned } from "./time.ts";
import type { Slot } from "./types.ts";

// Every instant is built from a local date and wall-clock time in the organiser's zone (`zoned`),
// so that a weekly class stays at 17:00 local time across daylight-saving changes.

/** `count` consecutive days from `first`, each from `from` to `to` (HH:MM, local time). */
export function consecutiveDays(
  first: CalendarDate,
  count: number,
  from: string,
  to: string,
  timeZone: string,
): Slot[] {
  return Array.from({ length: count }, (_, day) => {
    const date = addDays(first, day);
    return { startAt: zoned(date, from, timeZone), endAt: zoned(date, to, timeZone) };
  });
}

/** `count` sessions a week apart from `first`. */
export function weekly(
  first: CalendarDate,
  count: number,
  from: string,
  to: string,
  timeZone: string,
): Slot[] {
  return Array.from({ length: count }, (_, week) => {
    const date = addDays(first, week * 7);
    return { startAt: zoned(date, from, timeZone), endAt: zoned(date, to, timeZone) };
  });
}

/** Sessions a week apart from `first` up to `last` (included). */
export function weeklyUntil(
  first: CalendarDate,
  last: CalendarDate,
  from: string,
  to: string,
  timeZone: string,
): Slot[] {
  const slots: Slot[] = [];
  for (let date = first; date <= last; date = addDays(date, 7)) {
    slots.push({ startAt: zoned(date, from, timeZone), endAt: zoned(date, to, timeZone) });
  }
  return slots;
}

/** The weekdays (Monday to Friday) from `first` to `last`, without `closed` days. */
export function workingDays(
  first: CalendarDate,
  last: CalendarDate,
  closed: ReadonlySet<CalendarDate> = new Set(),
): CalendarDate[] {
  const days: CalendarDate[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) {
    if (weekday(date) <= 5 && !closed.has(date)) days.push(date);
  }
  return days;
}

/** One slot per day of `days`, from `from` to `to` local time. */
export function daySlots(days: CalendarDate[], from: string, to: string, timeZone: string): Slot[] {
  return days.map((date) => ({
    startAt: zoned(date, from, timeZone),
    endAt: zoned(date, to, timeZone),
  }));
}

/** Start times every `stepMinutes` from `from` while a slot of `stepMinutes` ends by `to`. */
export function dailyStartTimes(from: string, to: string, stepMinutes = 60): string[] {
  const minutes = (time: string) => {
    const [hours, mins] = time.split(":").map(Number) as [number, number];
    return hours * 60 + mins;
  };
  const times: string[] = [];
  for (let start = minutes(from); start + stepMinutes <= minutes(to); start += stepMinutes) {
    times.push(
      `${String(Math.floor(start / 60)).padStart(2, "0")}:${String(start % 60).padStart(2, "0")}`,
    );
  }
  return times;
}

export const HOUR_SECONDS = 3_600;
export const DAY_SECONDS = 86_400;
export const YEAR_SECONDS = 365 * DAY_SECONDS;

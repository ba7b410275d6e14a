import { addDays, type CalendarDate, zoned } from "./time.ts";
import type { Slot } from "./types.ts";

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

export const DAY_SECONDS = 86_400;
export const YEAR_SECONDS = 365 * DAY_SECONDS;

import { isCalendarDay } from "@booking/contracts/page-elements/render-rules";
import { isoWeekdayOfDay, parseDay } from "@booking/domain";

/**
 * Arithmetic on calendar days "YYYY-MM-DD" (no time zone: a day is a date on the organiser's
 * calendar). The month grid, the date filters and the schedules' week navigation use them.
 */

export type CalendarDay = string;

/** storefront.md §9: "calendar spans 100 years either side". */
export const CALENDAR_SPAN_YEARS = 100;

/** How far back a birthdate goes: a participant is at most this many years old. */
export const BIRTH_YEARS_SPAN = 100;

/** The years a birthdate can be in, from `today`'s year back 100 years, newest first. */
export function birthYears(today: CalendarDay): number[] {
  const { year } = parseDay(today);
  return Array.from({ length: BIRTH_YEARS_SPAN + 1 }, (_, index) => year - index);
}

export function formatDay(year: number, month: number, day: number): CalendarDay {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** A valid "YYYY-MM-DD" day (the contracts' rule, null-safe). */
export function isDay(value: string | null | undefined): value is CalendarDay {
  return typeof value === "string" && isCalendarDay(value);
}

function toUtc(day: CalendarDay): Date {
  const { year, month, day: date } = parseDay(day);
  const value = new Date(0);
  value.setUTCFullYear(year, month - 1, date);
  return value;
}

function fromUtc(value: Date): CalendarDay {
  return formatDay(value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate());
}

export function addDays(day: CalendarDay, amount: number): CalendarDay {
  const value = toUtc(day);
  value.setUTCDate(value.getUTCDate() + amount);
  return fromUtc(value);
}

/** The same day `amount` months later, clamped to the month's last day (31 Jan + 1 → 28/29 Feb). */
export function addMonths(day: CalendarDay, amount: number): CalendarDay {
  const { year, month, day: date } = parseDay(day);
  const index = year * 12 + (month - 1) + amount;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  return formatDay(targetYear, targetMonth, Math.min(date, daysInMonth(targetYear, targetMonth)));
}

export function daysInMonth(year: number, month: number): number {
  const value = new Date(0);
  value.setUTCFullYear(year, month, 0);
  return value.getUTCDate();
}

/** The Monday of the week holding `day` (storefront.md §9: weeks start on Monday). */
export function startOfWeek(day: CalendarDay): CalendarDay {
  return addDays(day, 1 - isoWeekdayOfDay(day));
}

export function clampDay(day: CalendarDay, min: CalendarDay, max: CalendarDay): CalendarDay {
  if (day < min) return min;
  if (day > max) return max;
  return day;
}

/** The seven days Monday..Sunday of the week starting on `monday`. */
export function weekDays(monday: CalendarDay): CalendarDay[] {
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/**
 * The weeks shown by a month grid: from the Monday on or before the 1st to the Sunday on or after
 * the last day, as rows of seven days.
 */
export function monthWeeks(year: number, month: number): CalendarDay[][] {
  const first = formatDay(year, month, 1);
  const last = formatDay(year, month, daysInMonth(year, month));
  const weeks: CalendarDay[][] = [];
  for (let monday = startOfWeek(first); monday <= last; monday = addDays(monday, 7)) {
    weeks.push(weekDays(monday));
  }
  return weeks;
}

/** A calendar day at noon UTC: a safe instant to format a date label without a time zone shift. */
export function dayAsUtcNoon(day: CalendarDay): Date {
  const value = toUtc(day);
  value.setUTCHours(12);
  return value;
}

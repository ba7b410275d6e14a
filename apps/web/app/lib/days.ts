import { isoWeekdayOfDay, parseDay } from "@booking/domain/zoned-time";

/**
 * Calendar arithmetic on local days "YYYY-MM-DD" and months "YYYY-MM" (no time zone involved:
 * the organiser's zone only matters when a day becomes instants, see dayRangeInZone).
 */

const pad = (value: number, length = 2) => String(value).padStart(length, "0");

function fromUtc(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** The day as "YYYY-MM-DD" when `value` is a real calendar day, null otherwise. */
export function validDay(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    parseDay(value);
    return value;
  } catch {
    return null;
  }
}

/** `day` moved by `amount` days. */
export function shiftDay(day: string, amount: number): string {
  const { year, month, day: date } = parseDay(day);
  return fromUtc(new Date(Date.UTC(year, month - 1, date + amount)));
}

/** The month "YYYY-MM" of a day. */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}

/** `month` ("YYYY-MM") moved by `amount` months. */
export function shiftMonth(month: string, amount: number): string {
  const { year, month: number } = parseDay(`${month}-01`);
  return fromUtc(new Date(Date.UTC(year, number - 1 + amount, 1))).slice(0, 7);
}

/** The weeks of a month, Monday first (spec §9): 7 cells per week, null outside the month. */
export function monthWeeks(month: string): Array<Array<string | null>> {
  const { year, month: number } = parseDay(`${month}-01`);
  const length = new Date(Date.UTC(year, number, 0)).getUTCDate();
  const cells: Array<string | null> = Array.from(
    { length: isoWeekdayOfDay(`${month}-01`) - 1 },
    () => null,
  );
  for (let date = 1; date <= length; date++) cells.push(`${month}-${pad(date)}`);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: Array<Array<string | null>> = [];
  for (let index = 0; index < cells.length; index += 7) weeks.push(cells.slice(index, index + 7));
  return weeks;
}

/** Monday to Sunday of one week (used to name the weekday columns). */
export const A_MONDAY_WEEK = [
  "2024-01-01",
  "2024-01-02",
  "2024-01-03",
  "2024-01-04",
  "2024-01-05",
  "2024-01-06",
  "2024-01-07",
];

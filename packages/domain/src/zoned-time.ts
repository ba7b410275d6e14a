/**
 * Calendar helpers in an IANA time zone (the organiser's `timezone`), used by the weekday and date
 * filters and the schedules (storefront.md §2 "Filters", §9 "Week starts Monday; weekday 1 to 7
 * with Sunday as 7").
 *
 * Local days are half-open ranges of instants `[start, end)`. A local day is usually 24 hours
 * long, but 23 hours on the spring DST change (Europe/Brussels 2026-03-29) and 25 hours on the
 * autumn one (2026-10-25). When local midnight does not exist (America/Santiago on 2026-09-06
 * jumps from 00:00 to 01:00) the day starts at the first local instant of that date.
 *
 * Unknown time zones throw RangeError (from Intl). Instants follow the convention of
 * `instants.ts`: `Date` or ISO 8601 strings with an offset; results are plain `Date`s.
 */

import { TZDate, tz, tzOffset } from "@date-fns/tz";
import { addDays, startOfDay } from "date-fns";
import { type Instant, instantTime, nowTime, toInstant } from "./instants.ts";

/** ISO weekday: Monday 1 … Sunday 7. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export const ISO_WEEKDAYS: readonly IsoWeekday[] = Object.freeze([1, 2, 3, 4, 5, 6, 7]);

/** Bounds of a local day: `start` is its first instant, `end` the first instant of the next day. */
export type DayRange = { start: Date; end: Date };

const checkedZones = new Set<string>();

/** Throws RangeError unless `timeZone` is an IANA zone Intl knows ("Europe/Brussels", "UTC"). */
export function assertTimeZone(timeZone: string): void {
  if (checkedZones.has(timeZone)) return;
  if (typeof timeZone !== "string" || timeZone.length === 0) {
    throw new RangeError(`Invalid time zone: ${String(timeZone)}`);
  }
  // Intl throws for an unknown zone, where TZDate would silently give an invalid date.
  new Intl.DateTimeFormat("en", { timeZone });
  checkedZones.add(timeZone);
}

/** Wall-clock fields of an instant in a zone (month 1–12, hour 0–23). */
export type LocalDateTime = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

/** The local calendar date and wall-clock time of `at` in `timeZone`. */
export function localDateTime(at: Instant, timeZone: string): LocalDateTime {
  assertTimeZone(timeZone);
  const local = new TZDate(toInstant(at).getTime(), timeZone);
  return {
    year: local.getFullYear(),
    month: local.getMonth() + 1,
    day: local.getDate(),
    hour: local.getHours(),
    minute: local.getMinutes(),
    second: local.getSeconds(),
  };
}

/** ISO weekday (Monday 1 … Sunday 7) of the local date of `at` in `timeZone`. */
export function isoWeekday(at: Instant, timeZone: string): IsoWeekday {
  assertTimeZone(timeZone);
  const day = new TZDate(toInstant(at).getTime(), timeZone).getDay();
  return (day === 0 ? 7 : day) as IsoWeekday;
}

/** ISO weekday of a calendar day "YYYY-MM-DD" (no time zone involved). */
export function isoWeekdayOfDay(day: string): IsoWeekday {
  const { year, month, day: date } = parseDay(day);
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay();
  return (weekday === 0 ? 7 : weekday) as IsoWeekday;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses a strict calendar day "YYYY-MM-DD"; throws RangeError otherwise (2026-02-30 too). */
export function parseDay(day: string): { year: number; month: number; day: number } {
  const match = typeof day === "string" ? DAY.exec(day) : null;
  if (match) {
    const year = Number(match[1]);
    const month = Number(match[2]);
    const date = Number(match[3]);
    const check = new Date(Date.UTC(year, month - 1, date));
    if (
      month >= 1 &&
      month <= 12 &&
      check.getUTCMonth() === month - 1 &&
      check.getUTCDate() === date
    ) {
      return { year, month, day: date };
    }
  }
  throw new RangeError(`Invalid day (expected YYYY-MM-DD): ${String(day)}`);
}

/** The local calendar day "YYYY-MM-DD" of `at` in `timeZone`. */
export function localDay(at: Instant, timeZone: string): string {
  const { year, month, day } = localDateTime(at, timeZone);
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * The instants bounding the local day `day` ("YYYY-MM-DD") in `timeZone`: `[start, end)`, where
 * `end` is the start of the next local day. 23 hours long on a spring DST day, 25 on an autumn one.
 */
export function dayRangeInZone(day: string, timeZone: string): DayRange {
  const { year, month, day: date } = parseDay(day);
  assertTimeZone(timeZone);
  const inZone = tz(timeZone);
  // TZDate resolves a non-existent local midnight forwards; startOfDay then normalises it.
  const start = startOfDay(new TZDate(year, month - 1, date, 12, timeZone), { in: inZone });
  const end = startOfDay(addDays(start, 1, { in: inZone }), { in: inZone });
  return { start: new Date(start.getTime()), end: new Date(end.getTime()) };
}

/** The first instant of the local day containing `now` in `timeZone`. */
export function startOfTodayInZone(now: Date, timeZone: string): Date {
  nowTime(now);
  assertTimeZone(timeZone);
  return new Date(startOfDay(now, { in: tz(timeZone) }).getTime());
}

/** Whole calendar days from local day `from` to local day `to` ("YYYY-MM-DD"); may be negative. */
export function daysBetween(from: string, to: string): number {
  const a = parseDay(from);
  const b = parseDay(to);
  return Math.round(
    (Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000,
  );
}

/** Midnight UTC of a calendar day "YYYY-MM-DD", years below 100 included (unlike Date.UTC). */
function utcMidnight(day: string): Date {
  const { year, month, day: date } = parseDay(day);
  const midnight = new Date(0);
  midnight.setUTCFullYear(year, month - 1, date);
  return midnight;
}

function formatUtcDay(at: Date): string {
  return `${String(at.getUTCFullYear()).padStart(4, "0")}-${String(at.getUTCMonth() + 1).padStart(2, "0")}-${String(at.getUTCDate()).padStart(2, "0")}`;
}

/** The calendar day `days` days after `day` ("YYYY-MM-DD"); `days` may be negative. */
export function addDaysToDay(day: string, days: number): string {
  if (!Number.isInteger(days)) throw new RangeError(`Invalid number of days: ${days}`);
  const midnight = utcMidnight(day);
  midnight.setUTCDate(midnight.getUTCDate() + days);
  return formatUtcDay(midnight);
}

/** Offset of `timeZone` from UTC at `at`, in milliseconds (east positive: +3 600 000 for CET). */
function zoneOffsetMs(at: number, timeZone: string): number {
  return Math.round(tzOffset(timeZone, new Date(at)) * 60_000);
}

const DAY_MS = 86_400_000;

/** A wall-clock time; hours past 23 run into the next days (24:00 is the next midnight). */
export type WallTime = { hour: number; minute: number; second?: number };

/**
 * The instant at which the clocks of `timeZone` show `time` on local day `day`.
 *
 * A wall-clock time the DST change skips (02:30 on the spring day in Europe/Brussels) moves
 * forward by the length of the gap: 03:30 summer time. One that happens twice (02:30 on the
 * autumn day) is the earlier instant, still in summer time (+02:00). This is the "compatible"
 * rule of RFC 5545 and Temporal. Throws RangeError on an invalid day, time or zone.
 */
export function zonedInstant(day: string, time: WallTime, timeZone: string): Date {
  assertTimeZone(timeZone);
  const { hour, minute, second = 0 } = time;
  if (![hour, minute, second].every(Number.isInteger)) {
    throw new RangeError(`Invalid wall-clock time: ${hour}:${minute}:${second}`);
  }
  const wall = utcMidnight(day);
  wall.setUTCHours(hour, minute, second);
  const wallMs = wall.getTime();
  // The offsets in force a day before and a day after; a DST change between them makes them differ.
  const before = zoneOffsetMs(wallMs - DAY_MS, timeZone);
  const after = zoneOffsetMs(wallMs + DAY_MS, timeZone);
  const matching = [wallMs - before, wallMs - after].filter(
    (candidate) => zoneOffsetMs(candidate, timeZone) === wallMs - candidate,
  );
  // No match: the time is in the gap, and the offset before it lands past the gap.
  return new Date(matching.length > 0 ? Math.min(...matching) : wallMs - before);
}

function formatOffset(offsetMs: number): string {
  const sign = offsetMs < 0 ? "-" : "+";
  const seconds = Math.abs(offsetMs) / 1000;
  const hh = String(Math.floor(seconds / 3600)).padStart(2, "0");
  const mm = String(Math.floor((seconds % 3600) / 60)).padStart(2, "0");
  // Only local mean times before ~1900 have offsets in seconds (Brussels 1850: +00:17:30).
  const ss = seconds % 60 === 0 ? "" : `:${String(seconds % 60).padStart(2, "0")}`;
  return `${sign}${hh}:${mm}${ss}`;
}

/**
 * ISO 8601 of `at` as the wall clock of `timeZone` shows it, with that offset:
 * "2026-10-28T14:00:00+01:00" (milliseconds only when not zero; "+00:00" rather than "Z").
 */
export function formatInZone(at: Instant, timeZone: string): string {
  assertTimeZone(timeZone);
  const time = instantTime(at);
  const offset = zoneOffsetMs(time, timeZone);
  const wall = new Date(time + offset);
  const clock = [wall.getUTCHours(), wall.getUTCMinutes(), wall.getUTCSeconds()]
    .map((part) => String(part).padStart(2, "0"))
    .join(":");
  const millis = wall.getUTCMilliseconds();
  const fraction = millis === 0 ? "" : `.${String(millis).padStart(3, "0")}`;
  return `${formatUtcDay(wall)}T${clock}${fraction}${formatOffset(offset)}`;
}

/**
 * Geometry of the hourly schedule (storefront.md §9 "Schedule rows: hours from earliest to latest
 * item, clamped by start_hour and end_hour (defaults 0 and 24); 12 grid units per hour").
 *
 * Positions are wall-clock times in the organiser's time zone, measured from the local midnight
 * of the item's start day: a column is one local day whose rows are labelled by local hours.
 * So on the spring DST day (Europe/Brussels 2026-03-29) an item 01:30–03:30 covers two rows
 * although it lasts one hour, and on the autumn day (2026-10-25) an item from 02:30 CEST to
 * 02:30 CET has no wall-clock length and gets the minimum of one grid unit. An item running past
 * midnight is cut at the end of its start day (24:00).
 *
 * Instants follow `instants.ts`: `Date`s or ISO 8601 strings with an offset.
 */

import { type Instant, instantTime } from "./instants.ts";
import { daysBetween, localDateTime, localDay } from "./zoned-time.ts";

/** Grid units per hour: one unit is 5 minutes. */
export const GRID_UNITS_PER_HOUR = 12;
export const MINUTES_PER_GRID_UNIT = 60 / GRID_UNITS_PER_HOUR;
export const DEFAULT_SCHEDULE_START_HOUR = 0;
export const DEFAULT_SCHEDULE_END_HOUR = 24;

const SECONDS_PER_DAY = 86_400;
const SECONDS_PER_UNIT = MINUTES_PER_GRID_UNIT * 60;

export type ScheduleItem = { start_at: Instant; end_at: Instant };

/** Section settings; a missing or null hour takes its default (0 and 24). */
export type ScheduleHourBounds = {
  start_hour?: number | null;
  end_hour?: number | null;
};

/**
 * Hour rows of the schedule: `[startHour, endHour)`, one row per hour in `hours`
 * (`endHour - startHour` rows of {@link GRID_UNITS_PER_HOUR} units each).
 */
export type ScheduleHourRange = {
  startHour: number;
  endHour: number;
  hours: number[];
};

/** Wall-clock seconds of an item's start and end from the local midnight of its start day. */
function wallClockSeconds(item: ScheduleItem, timeZone: string): { start: number; end: number } {
  const start = localDateTime(item.start_at, timeZone);
  const startSeconds = start.hour * 3600 + start.minute * 60 + start.second;
  if (instantTime(item.end_at) <= instantTime(item.start_at)) {
    return { start: startSeconds, end: startSeconds };
  }
  const end = localDateTime(item.end_at, timeZone);
  const days = daysBetween(localDay(item.start_at, timeZone), localDay(item.end_at, timeZone));
  const endSeconds = days * SECONDS_PER_DAY + end.hour * 3600 + end.minute * 60 + end.second;
  // Max: the autumn DST hour can put a later instant at an earlier wall-clock time.
  return {
    start: startSeconds,
    end: Math.min(Math.max(endSeconds, startSeconds), SECONDS_PER_DAY),
  };
}

function checkHour(name: string, hour: number): number {
  if (!Number.isInteger(hour) || hour < 0 || hour > 24) {
    throw new RangeError(`${name} must be an integer from 0 to 24: ${hour}`);
  }
  return hour;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

/**
 * The hour rows of a schedule in `timeZone`: from the earliest item's start hour (rounded down)
 * to the latest item's end hour (rounded up; every item covers at least its start hour), each
 * bound then clamped into `[start_hour, end_hour]`. Without items the rows are
 * `[start_hour, end_hour)`. When every item lies outside the bounds the range is empty
 * (`startHour === endHour`). Throws RangeError when an hour is not an integer 0–24 or
 * start_hour > end_hour.
 */
export function scheduleHourRange(
  items: readonly ScheduleItem[],
  bounds: ScheduleHourBounds,
  timeZone: string,
): ScheduleHourRange {
  const minHour = checkHour("start_hour", bounds.start_hour ?? DEFAULT_SCHEDULE_START_HOUR);
  const maxHour = checkHour("end_hour", bounds.end_hour ?? DEFAULT_SCHEDULE_END_HOUR);
  if (minHour > maxHour) {
    throw new RangeError(`start_hour ${minHour} is after end_hour ${maxHour}`);
  }
  let earliest = minHour;
  let latest = maxHour;
  if (items.length > 0) {
    earliest = DEFAULT_SCHEDULE_END_HOUR;
    latest = DEFAULT_SCHEDULE_START_HOUR;
    for (const item of items) {
      const { start, end } = wallClockSeconds(item, timeZone);
      const startHour = Math.floor(start / 3600);
      earliest = Math.min(earliest, startHour);
      latest = Math.max(latest, Math.ceil(end / 3600), Math.min(startHour + 1, 24));
    }
  }
  const startHour = clamp(earliest, minHour, maxHour);
  const endHour = clamp(latest, startHour, maxHour);
  const hours = Array.from({ length: endHour - startHour }, (_, index) => startHour + index);
  return { startHour, endHour, hours };
}

/** CSS grid lines of an item: 1-based, `rowEnd` exclusive (`grid-row: rowStart / rowEnd`). */
export type GridRowSpan = { rowStart: number; rowEnd: number };

/**
 * The grid rows of an item starting at `startAt` and ending at `endAt`, in a schedule whose rows
 * cover `range` (see {@link scheduleHourRange}) with {@link GRID_UNITS_PER_HOUR} units per hour.
 * The start is rounded down and the end up to a 5-minute unit; an item covers at least one unit;
 * the span is clamped to the range. Null when the item lies entirely outside the range.
 * Line 1 is the range's start hour: an item at 23:30–00:30 in a 0–24 range is lines 283 / 289.
 */
export function gridRowSpan(
  startAt: Instant,
  endAt: Instant,
  range: { startHour: number; endHour: number },
  timeZone: string,
): GridRowSpan | null {
  const firstHour = checkHour("startHour", range.startHour);
  const lastHour = checkHour("endHour", range.endHour);
  if (firstHour > lastHour) {
    throw new RangeError(`startHour ${firstHour} is after endHour ${lastHour}`);
  }
  const { start, end } = wallClockSeconds({ start_at: startAt, end_at: endAt }, timeZone);
  const startUnit = Math.floor(start / SECONDS_PER_UNIT);
  const endUnit = Math.max(Math.ceil(end / SECONDS_PER_UNIT), startUnit + 1);
  const offset = firstHour * GRID_UNITS_PER_HOUR;
  const units = (lastHour - firstHour) * GRID_UNITS_PER_HOUR;
  const from = clamp(startUnit - offset, 0, units);
  const to = clamp(endUnit - offset, 0, units);
  if (to <= from) return null;
  return { rowStart: from + 1, rowEnd: to + 1 };
}

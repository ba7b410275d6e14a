/**
 * The console's home (issue 6 item 8): the week it shows and how full each session is. Weeks run
 * Monday to Sunday in the organiser's time zone (storefront.md §9 "Week starts Monday"), so a
 * week with a DST change is 167 or 169 hours long.
 */

import type { Instant } from "./instants.ts";
import { addDaysToDay, dayRangeInZone, isoWeekdayOfDay, localDay } from "./zoned-time.ts";

/** A local calendar week: its Monday and Sunday, and the instants `[start, end)` it covers. */
export type ZonedWeek = { monday: string; sunday: string; start: Date; end: Date };

/** The Monday-to-Sunday week of `now` in `timeZone`. Throws RangeError for an unknown zone. */
export function weekInZone(now: Instant, timeZone: string): ZonedWeek {
  const today = localDay(now, timeZone);
  const monday = addDaysToDay(today, 1 - isoWeekdayOfDay(today));
  const sunday = addDaysToDay(monday, 6);
  return {
    monday,
    sunday,
    start: dayRangeInZone(monday, timeZone).start,
    end: dayRangeInZone(sunday, timeZone).end,
  };
}

/**
 * How full a session is: registered / capacity, above 1 when places were added beyond it (a
 * registration made by hand). null for an unlimited capacity; a capacity of 0 is full.
 */
export function fillRate(count: { registered: number; capacity: number | null }): number | null {
  if (count.capacity === null) return null;
  if (count.capacity <= 0) return 1;
  return count.registered / count.capacity;
}

/**
 * Places taken over places offered across sessions with a capacity (unlimited ones say nothing
 * about how full a week is); null when none has one.
 */
export function overallFillRate(
  counts: readonly { registered: number; capacity: number | null }[],
): number | null {
  let registered = 0;
  let capacity = 0;
  let limited = 0;
  for (const count of counts) {
    if (count.capacity === null) continue;
    limited += 1;
    registered += count.registered;
    capacity += count.capacity;
  }
  if (limited === 0) return null;
  return capacity === 0 ? 1 : registered / capacity;
}

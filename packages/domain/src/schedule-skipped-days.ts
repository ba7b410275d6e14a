/**
 * The days a weekly schedule leaves out for its holidays, for the console's preview ("3 dates
 * skipped: 28 Oct, 4 Nov, 23 Dec"): the days {@link generateScheduleDates} would have given dates
 * had they not been skipped.
 */

import type { AvailabilitySchedule } from "./availability-generation.ts";
import { addDaysToDay, isoWeekdayOfDay } from "./zoned-time.ts";

/**
 * The local days from `from` to `to` that fall on one of the schedule's weekdays and inside one
 * of its `skip` ranges, in order, each once. Meant for a schedule that generated its dates (its
 * days and weekdays valid).
 */
export function skippedScheduleDays(
  schedule: Pick<AvailabilitySchedule, "from" | "to" | "weekdays" | "skip">,
): string[] {
  const weekdays = new Set(schedule.weekdays);
  const skip = schedule.skip ?? [];
  const days: string[] = [];
  if (skip.length === 0) return days;
  // "YYYY-MM-DD" strings order like the days they name.
  for (let day = schedule.from; day <= schedule.to; day = addDaysToDay(day, 1)) {
    if (!weekdays.has(isoWeekdayOfDay(day))) continue;
    if (skip.some((range) => range.from <= day && day <= range.to)) days.push(day);
  }
  return days;
}

/**
 * An availability copied to another period (organiser console "duplicate an availability to
 * another period"): its dates move with {@link shiftDatesToPeriod}, and its registration window
 * moves by the same number of local days at the same local times, so the copy of a term whose
 * registrations opened 80 days before its start at 09:00 opens them 80 days before its own start
 * at 09:00 too, whatever DST change lies between.
 */

import { type GeneratedDate, shiftDatesToPeriod } from "./availability-generation.ts";
import { type Instant, instantTime } from "./instants.ts";
import { addDaysToDay, daysBetween, localDay } from "./zoned-time.ts";

export type DuplicableAvailability = {
  dates: readonly { start_at: Instant; end_at: Instant }[];
  registrations_start_at: Instant | null;
  registrations_end_at: Instant | null;
};

export type ShiftedAvailability = {
  /** Index i is the copy of `dates[i]`. */
  dates: GeneratedDate[];
  registrations_start_at: string | null;
  registrations_end_at: string | null;
};

/**
 * The copy of `availability` whose earliest date starts on the local day `newFirstDay` in
 * `timeZone`. Throws RangeError without dates (nothing fixes the shift), or on an invalid zone
 * or day.
 */
export function shiftAvailabilityToPeriod(
  availability: DuplicableAvailability,
  timeZone: string,
  newFirstDay: string,
): ShiftedAvailability {
  const { dates } = availability;
  if (dates.length === 0) throw new RangeError("An availability without dates has no period");
  const earliest = dates.reduce((first, date) =>
    instantTime(date.start_at) < instantTime(first.start_at) ? date : first,
  );
  const shift = daysBetween(localDay(earliest.start_at, timeZone), newFirstDay);
  const moveInstant = (at: Instant | null): string | null => {
    if (at === null) return null;
    const day = addDaysToDay(localDay(at, timeZone), shift);
    const [moved] = shiftDatesToPeriod([{ start_at: at, end_at: at }], timeZone, day);
    return moved!.start_at;
  };
  return {
    dates: shiftDatesToPeriod(dates, timeZone, newFirstDay),
    registrations_start_at: moveInstant(availability.registrations_start_at),
    registrations_end_at: moveInstant(availability.registrations_end_at),
  };
}

/**
 * How full an availability is, as the organiser console keeps it: FULL is never chosen by hand,
 * it follows the places. A date is FULL when its registrations reach its capacity; an
 * availability is FULL when every one of its dates is. CLOSED (set by the organiser) and OVERLAP
 * stay as they are. Cart holds do not count here: the storefront adds the live holds when it
 * shows a date (catalogue `shownDateStatus`), the stored status follows registrations only.
 */

import type { AvailabilityDateStatus, AvailabilityStatus, CapacityCount } from "./availability.ts";

/** Whether every place of a date (or availability) is taken: never when unlimited. */
export function placesAllTaken(count: CapacityCount): boolean {
  return count.capacity !== null && count.registered >= count.capacity;
}

/** The stored status of a date once its capacity or registrations changed. */
export function filledDateStatus(
  date: CapacityCount & { status: AvailabilityDateStatus },
): AvailabilityDateStatus {
  if (date.status !== "OPEN" && date.status !== "FULL") return date.status;
  return placesAllTaken(date) ? "FULL" : "OPEN";
}

/**
 * The stored status of an availability once its dates changed: CLOSED stays CLOSED, otherwise
 * FULL when it has dates and every one has all its places taken, OPEN else.
 */
export function filledAvailabilityStatus(
  status: AvailabilityStatus,
  dates: readonly CapacityCount[],
): AvailabilityStatus {
  if (status === "CLOSED") return "CLOSED";
  return dates.length > 0 && dates.every(placesAllTaken) ? "FULL" : "OPEN";
}

/** Places of a date taken now: its registrations and the live cart holds on it. */
export type TakenPlaces = { registered: number; held: number };

/**
 * The smallest capacity the dates can be given: the most places taken on any one of them
 * (registrations plus live holds), 0 without dates. A capacity below it would leave customers
 * with places that no longer exist.
 */
export function minimumCapacity(dates: readonly TakenPlaces[]): number {
  return dates.reduce((most, date) => Math.max(most, date.registered + date.held), 0);
}

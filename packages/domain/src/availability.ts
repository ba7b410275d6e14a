/**
 * Availability status rules of the storefront (storefront.md §4 "Availability status and add
 * form"): what replaces the add form, which badge a card shows and which capacity it shows.
 *
 * Time convention (see `instants.ts`): timestamps are `Date`s or ISO 8601 strings with an offset,
 * `now` is a `Date`, and "passed" means `<= now` ("in the future" means `> now`).
 */

import { hasPassed, type Instant, isInFuture, toInstant } from "./instants.ts";

/** Status of an availability. */
export const AVAILABILITY_STATUSES = ["OPEN", "CLOSED", "FULL"] as const;
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number];

/** Status of an availability date (a date may also overlap another registration). */
export const AVAILABILITY_DATE_STATUSES = ["OPEN", "CLOSED", "OVERLAP", "FULL"] as const;
export type AvailabilityDateStatus = (typeof AVAILABILITY_DATE_STATUSES)[number];

/** Statuses a card shows as a red badge. */
export type BadgeStatus = Exclude<AvailabilityDateStatus, "OPEN">;

/**
 * What the add-form rules need of an availability, flattened: the two last fields are the
 * activity's settings (`activity.settings.allow_registrations_after_start`, `…waiting_list`).
 */
export type AvailabilityWindow = {
  status: AvailabilityStatus;
  start_at: Instant;
  end_at: Instant;
  /** Registrations open at; null means already open. */
  registrations_start_at: Instant | null;
  /** Registrations close at; null means no closing other than the start / end rules. */
  registrations_end_at: Instant | null;
  /** Activity setting: registrations still accepted once the availability has started. */
  allow_registrations_after_start: boolean;
  /**
   * Activity setting: CLOSED and FULL availabilities offer to join a waiting list. Optional;
   * the spec always offers it, so a missing value means true.
   */
  waiting_list?: boolean;
};

/**
 * The add form (`open`) or the notice replacing it:
 * - `closed`: status CLOSED — closed notice, waiting-list join offered when `waitingList`;
 * - `full`: status FULL — full notice, waiting-list join offered when `waitingList`;
 * - `opening_scheduled`: registrations open at `opensAt` (in the future);
 * - `closing_passed`: the registrations end has passed (the spec's "closing-scheduled" notice);
 * - `started`: the start has passed and registrations after start are forbidden (closed notice);
 * - `ended`: the end has passed (closed notice).
 * `waitingList` is true unless the activity's `waiting_list` setting is false.
 */
export type AddFormState =
  | { kind: "open" }
  | { kind: "closed"; waitingList: boolean }
  | { kind: "full"; waitingList: boolean }
  | { kind: "opening_scheduled"; opensAt: Date }
  | { kind: "closing_passed" }
  | { kind: "started" }
  | { kind: "ended" };

export type AddFormStateKind = AddFormState["kind"];

/**
 * The add-form state of `availability` at `now`. When several rules apply, the first wins:
 *
 * 1. `ended` — end_at has passed;
 * 2. `started` — start_at has passed and allow_registrations_after_start is false;
 * 3. `closed` — status CLOSED;
 * 4. `full` — status FULL;
 * 5. `closing_passed` — registrations_end_at is set and has passed;
 * 6. `opening_scheduled` — registrations_start_at is set and in the future;
 * 7. `open`.
 *
 * Rationale: states after which registering can never become possible again (ended, started
 * without late registrations) come first, so no waiting list or future opening date is offered
 * for an availability that can no longer take anyone. Then the organiser's explicit status, then
 * the registration window; a window that has already closed beats one that has not opened yet
 * (only possible with inconsistent data, where the window never opens).
 */
export function addFormState(availability: AvailabilityWindow, now: Date): AddFormState {
  const waitingList = availability.waiting_list !== false;
  if (hasPassed(availability.end_at, now)) return { kind: "ended" };
  if (!availability.allow_registrations_after_start && hasPassed(availability.start_at, now)) {
    return { kind: "started" };
  }
  if (availability.status === "CLOSED") return { kind: "closed", waitingList };
  if (availability.status === "FULL") return { kind: "full", waitingList };
  if (
    availability.registrations_end_at !== null &&
    hasPassed(availability.registrations_end_at, now)
  ) {
    return { kind: "closing_passed" };
  }
  if (
    availability.registrations_start_at !== null &&
    isInFuture(availability.registrations_start_at, now)
  ) {
    return { kind: "opening_scheduled", opensAt: toInstant(availability.registrations_start_at) };
  }
  return { kind: "open" };
}

/** Places of one availability date (or of an availability): capacity null means unlimited. */
export type CapacityCount = {
  capacity: number | null;
  registered: number;
};

/** Free places of one date: capacity − registered, floored at 0; null when unlimited. */
export function remainingPlaces(count: CapacityCount): number | null {
  if (count.capacity === null) return null;
  return Math.max(0, count.capacity - count.registered);
}

/** Whether a date has room for one more registration: unlimited, or registered < capacity. */
export function hasFreePlaces(count: CapacityCount): boolean {
  return count.capacity === null || count.registered < count.capacity;
}

/**
 * The largest remaining places across `dates` (capacity − registered, floored at 0). Null when
 * any date is unlimited (capacity null) — and also for an empty list, where there is nothing to
 * count. Every date counts, whatever its status.
 */
export function remainingCapacity(dates: readonly CapacityCount[]): number | null {
  let largest: number | null = null;
  for (const date of dates) {
    const remaining = remainingPlaces(date);
    if (remaining === null) return null;
    largest = largest === null ? remaining : Math.max(largest, remaining);
  }
  return largest;
}

/** Why an availability cannot be booked: the notice its page shows instead of the add form. */
export type BookingReason = Exclude<AddFormStateKind, "open">;

/** A date as {@link bookingState} reads it: its status, start and places. */
export type BookingDate = CapacityCount & { status: AvailabilityDateStatus; start_at: Instant };

/** What {@link bookingState} reads of an availability: its window, own places and dates. */
export type BookingInput = AvailabilityWindow & CapacityCount & { dates: readonly BookingDate[] };

/**
 * The one answer to "can this availability be booked now, and what does every view say about
 * it" (docs/decisions/0030-one-booking-state.md). Cards, lists, schedules, the detail page, the
 * add form, the API and the server's add and checkout all read it; none re-derives a part.
 */
export interface BookingState {
  /** the stored status */
  status: AvailabilityStatus;
  /** a customer may add it to a cart now */
  bookable: boolean;
  /** why not, when not bookable: the kind of the notice replacing the add form */
  reason: BookingReason | null;
  /** when registrations open, while that is in the future (reason `opening_scheduled`) */
  registrationsOpenAt: Date | null;
  /**
   * The largest remaining places across the dates still to come (all dates once every one has
   * started; the availability's own places when it has no dates); null when unlimited.
   * Views show it only when bookable.
   */
  remaining: number | null;
  /** the red badge of every card: FULL when full, CLOSED for every other reason but opening */
  badge: BadgeStatus | null;
  /** a CLOSED or FULL availability offers its waiting list (activity setting, default on) */
  waitingList: boolean;
}

/**
 * Why an availability that passes the status and window rules still cannot be booked, from its
 * dates: no date can be picked (OPEN with free places, not started). `full` when a date still to
 * come is OPEN or FULL but has no room, `started` when every date has started, otherwise
 * `closed`. Without dates, the availability's own places decide.
 */
function placesReason(availability: BookingInput, now: Date): BookingReason | null {
  const { dates } = availability;
  if (dates.length === 0) return hasFreePlaces(availability) ? null : "full";
  const toCome = dates.filter((date) => !hasPassed(date.start_at, now));
  if (toCome.some((date) => date.status === "OPEN" && hasFreePlaces(date))) return null;
  if (toCome.length === 0) return "started";
  return toCome.some((date) => date.status === "OPEN" || date.status === "FULL")
    ? "full"
    : "closed";
}

export type BookingOptions = {
  /**
   * The places are already held (a cart item at checkout): only the status and window rules
   * apply, since the holds count in the dates' places (docs/decisions/0008-cart-holds.md).
   */
  placesHeld?: boolean;
};

/**
 * The full booking state of `availability` at `now`: the add-form rules of {@link addFormState}
 * (storefront.md §4, first matching rule wins), then its places ({@link placesReason}): an
 * availability OPEN in its window whose dates are all taken is full, whatever its stored status.
 */
export function bookingState(
  availability: BookingInput,
  now: Date,
  options: BookingOptions = {},
): BookingState {
  const form = addFormState(availability, now);
  const reason =
    form.kind !== "open" ? form.kind : options.placesHeld ? null : placesReason(availability, now);
  const toCome = availability.dates.filter((date) => !hasPassed(date.start_at, now));
  const counted =
    availability.dates.length === 0
      ? [availability]
      : toCome.length > 0
        ? toCome
        : availability.dates;
  return {
    status: availability.status,
    bookable: reason === null,
    reason,
    registrationsOpenAt: form.kind === "opening_scheduled" ? form.opensAt : null,
    remaining: remainingCapacity(counted),
    badge:
      reason === null || reason === "opening_scheduled"
        ? null
        : reason === "full"
          ? "FULL"
          : "CLOSED",
    waitingList: (reason === "closed" || reason === "full") && availability.waiting_list !== false,
  };
}

/** The badge of one date in a date list: its status when not OPEN, FULL when it has no room. */
export function dateBadge(date: BookingDate): BadgeStatus | null {
  if (date.status !== "OPEN") return date.status;
  return hasFreePlaces(date) ? null : "FULL";
}

import type { AvailabilityDateItem, AvailabilityView, BookingStateView } from "@booking/contracts";
import { type BookingDate, bookingState } from "@booking/domain";
import type { AvailabilityRecord, DateWithAvailability } from "./queries.ts";

/**
 * The booking state of an availability read by the catalogue, as the API answers it
 * (docs/decisions/0030-one-booking-state.md): computed once here, on the server's clock, by the
 * same rule the add and checkout calls apply, so that every view just renders it.
 */
function bookingView(
  availability: Omit<AvailabilityRecord, "dates">,
  dates: readonly BookingDate[],
  now: Date,
): BookingStateView {
  const state = bookingState(
    {
      ...availability,
      allow_registrations_after_start:
        availability.activity.settings.allow_registrations_after_start,
      dates,
    },
    now,
  );
  return {
    bookable: state.bookable,
    reason: state.reason,
    registrations_open_at: state.registrationsOpenAt?.toISOString() ?? null,
    remaining: state.remaining,
    badge: state.badge,
    waiting_list: state.waitingList,
  };
}

/** An availability with its booking state at `now`. */
export function withBooking(availability: AvailabilityRecord, now: Date): AvailabilityView {
  return { ...availability, booking: bookingView(availability, availability.dates, now) };
}

/** A date with its availability, whose booking state is that of booking this one date. */
export function dateWithBooking(item: DateWithAvailability, now: Date): AvailabilityDateItem {
  return {
    ...item,
    availability: { ...item.availability, booking: bookingView(item.availability, [item], now) },
  };
}

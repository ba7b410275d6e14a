import {
  type AgeLimits,
  ageEligibility,
  type BookingDate,
  type BookingOptions,
  type BookingState,
  bookingState,
  fullName,
  localDay,
} from "@booking/domain";
import { AppError } from "../../http/app-error.ts";
import type { AvailabilityForCart, DateWithHolds, OwnParticipant } from "./queries.ts";

/** A date as the booking state reads it: its live cart holds take places like registrations. */
export const bookingDate = (date: DateWithHolds): BookingDate => ({
  status: date.status,
  start_at: date.startAt,
  capacity: date.capacity,
  registered: date.registered + date.held,
});

/** The one booking state of an availability read by the carts' queries, at `now`. */
export function availabilityBookingState(
  availability: AvailabilityForCart,
  dates: readonly BookingDate[],
  now: Date,
  options: BookingOptions = {},
): BookingState {
  return bookingState(
    {
      status: availability.status,
      start_at: availability.startAt,
      end_at: availability.endAt,
      registrations_start_at: availability.registrationsStartAt,
      registrations_end_at: availability.registrationsEndAt,
      allow_registrations_after_start: availability.allowRegistrationsAfterStart,
      capacity: availability.capacity,
      registered: availability.registered,
      dates,
    },
    now,
    options,
  );
}

/**
 * The server's side of the one booking state (docs/decisions/0030-one-booking-state.md): an add
 * and a checkout refuse exactly what `bookingState` says cannot be booked, the rule every
 * storefront view renders. 409 AVAILABILITY_FULL when full, AVAILABILITY_NOT_OPEN for any other
 * reason.
 */
export function requireBookable(
  availability: AvailabilityForCart,
  dates: readonly BookingDate[],
  now: Date,
  options: BookingOptions = {},
): void {
  const state = availabilityBookingState(availability, dates, now, options);
  if (state.bookable) return;
  throw new AppError(state.reason === "full" ? "AVAILABILITY_FULL" : "AVAILABILITY_NOT_OPEN");
}

/**
 * The participant's age on the availability's first date is within its limits
 * (docs/decisions/0031-age-limits.md, `ageEligibility`), else 409 AGE_OUT_OF_RANGE, or
 * BIRTHDATE_REQUIRED when limits apply and the participant has no birthdate. The answer names
 * the participant, the range and the first day, and says it in `message`.
 */
export function requireEligibleAge(
  availability: Pick<AvailabilityForCart, "startAt" | "ageMinimum" | "ageMaximum">,
  participant: OwnParticipant & { id: number },
  timeZone: string,
): void {
  const limits = { minimum: availability.ageMinimum, maximum: availability.ageMaximum };
  const eligibility = ageEligibility(participant.birthdate, limits, availability.startAt, timeZone);
  if (eligibility === "eligible") return;
  const name = fullName(participant.firstname, participant.lastname);
  const firstDay = localDay(availability.startAt, timeZone);
  throw new AppError(
    eligibility === "birthdate_unknown" ? "BIRTHDATE_REQUIRED" : "AGE_OUT_OF_RANGE",
    undefined,
    {
      participant_id: participant.id,
      participant: name,
      age_minimum: limits.minimum,
      age_maximum: limits.maximum,
      first_day: firstDay,
      message:
        eligibility === "birthdate_unknown"
          ? `${name} has no birthdate: it is needed to check the ages ${rangeText(limits)}.`
          : `${name} must be ${rangeText(limits)} on the first day, ${firstDay}.`,
    },
  );
}

/** "9 to 14 years old", "at least 9 years old", "at most 14 years old". */
function rangeText(limits: AgeLimits): string {
  if (limits.minimum !== null && limits.maximum !== null) {
    return `${limits.minimum} to ${limits.maximum} years old`;
  }
  return limits.minimum !== null
    ? `at least ${limits.minimum} years old`
    : `at most ${limits.maximum} years old`;
}

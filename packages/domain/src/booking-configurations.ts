import { addDaysToDay, dayRangeInZone, isoWeekday, localDay } from "./zoned-time.ts";

/**
 * Booking configurations (issue 15 §3; docs/decisions/0071-booking-configurations.md): how
 * customers may book the resources that share one — who, how far ahead, until when they may
 * cancel from their account, and how many bookings a week.
 */

export type BookingConfigurationRules = {
  /** MEMBERS: only customers holding an active membership of one of the configuration's products */
  audience: "EVERYONE" | "MEMBERS";
  /** a booking starts at most this many days from now; null: no limit */
  days_ahead: number | null;
  /** customers may cancel until this many hours before the start; null: only staff cancel */
  cancellation_hours: number | null;
  /** at most this many bookings (held or confirmed) a customer starts in one week; null: no limit */
  max_per_week: number | null;
};

export type BookingConfigurationRefusal = "BOOKING_MEMBERS_ONLY" | "BOOKING_WEEKLY_LIMIT_REACHED";

/**
 * The horizon of a booking: the nearer of the resource's own (how far its slots are open) and its
 * configuration's (how far its customers may book); null when neither limits it.
 */
export function bookingDaysAhead(
  resourceDays: number | null,
  configuration: Pick<BookingConfigurationRules, "days_ahead"> | null,
): number | null {
  const limits = [resourceDays, configuration?.days_ahead ?? null].filter(
    (days): days is number => days !== null,
  );
  return limits.length === 0 ? null : Math.min(...limits);
}

/**
 * Why the customer may not book under `configuration`, or null: a MEMBERS configuration asks an
 * active membership; `weekBookings` (the customer's held and confirmed bookings starting in the
 * new booking's week, this one excluded) must stay below the weekly maximum.
 */
export function bookingConfigurationRefusal(
  configuration: BookingConfigurationRules | null,
  customer: { has_membership: boolean; week_bookings: number },
): BookingConfigurationRefusal | null {
  if (!configuration) return null;
  if (configuration.audience === "MEMBERS" && !customer.has_membership) {
    return "BOOKING_MEMBERS_ONLY";
  }
  if (configuration.max_per_week !== null && customer.week_bookings >= configuration.max_per_week) {
    return "BOOKING_WEEKLY_LIMIT_REACHED";
  }
  return null;
}

/** The local week (Monday 00:00 to the next Monday 00:00 in `timeZone`) containing `at`. */
export function bookingWeek(at: Date, timeZone: string): { start: Date; end: Date } {
  const day = localDay(at, timeZone);
  const monday = addDaysToDay(day, 1 - isoWeekday(at, timeZone));
  return {
    start: dayRangeInZone(monday, timeZone).start,
    end: dayRangeInZone(addDaysToDay(monday, 7), timeZone).start,
  };
}

export type BookingCancellation =
  | { allowed: true; deadline: Date }
  | {
      allowed: false;
      reason: "BOOKING_CANCELLATION_NOT_OFFERED" | "BOOKING_CANCELLATION_CLOSED";
      deadline: Date | null;
    };

/**
 * Whether the customer may still cancel a booking starting at `startAt` from their account: only
 * under a configuration that lets customers cancel, and until `cancellation_hours` before the
 * start (the deadline is answered either way, for the account to say why not).
 */
export function bookingCancellation(
  configuration: Pick<BookingConfigurationRules, "cancellation_hours"> | null,
  startAt: Date,
  now: Date,
): BookingCancellation {
  const hours = configuration?.cancellation_hours ?? null;
  if (hours === null) {
    return { allowed: false, reason: "BOOKING_CANCELLATION_NOT_OFFERED", deadline: null };
  }
  const deadline = new Date(startAt.getTime() - hours * 3_600_000);
  if (now.getTime() >= deadline.getTime()) {
    return { allowed: false, reason: "BOOKING_CANCELLATION_CLOSED", deadline };
  }
  return { allowed: true, deadline };
}

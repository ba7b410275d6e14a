/**
 * Rules of the account tabs that list what a customer has besides registrations
 * (platform-and-account.md §2.3, §3.5, §4, §6): registration requests, bookings, bundles,
 * memberships and attendance charges. Amounts are integer minor units, durations seconds.
 * Decision record: docs/decisions/0018-account-items.md.
 *
 * Time convention (see `instants.ts`): `now` is passed in; an instant `<= now` has passed.
 */

import { hasPassed, type Instant } from "./instants.ts";

// --- Registration requests -------------------------------------------------------------------

export const REGISTRATION_REQUEST_STATUSES = [
  "PENDING",
  "APPROVED",
  "REJECTED",
  "CANCELLED",
] as const;
export type RegistrationRequestStatus = (typeof REGISTRATION_REQUEST_STATUSES)[number];

/** The colours the account gives to statuses and badges. */
export type StatusTone = "blue" | "green" | "red" | "yellow" | "grey";

/** §4: PENDING blue, APPROVED green, REJECTED red, CANCELLED red. */
export function registrationRequestTone(status: RegistrationRequestStatus): StatusTone {
  switch (status) {
    case "PENDING":
      return "blue";
    case "APPROVED":
      return "green";
    case "REJECTED":
    case "CANCELLED":
      return "red";
  }
}

// --- Bookings --------------------------------------------------------------------------------

export const BOOKING_STATUSES = ["CONFIRMED", "CANCELLED"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** A booking in the request statuses' colours (§4): CONFIRMED green, CANCELLED red. */
export function bookingStatusTone(status: BookingStatus): StatusTone {
  return status === "CANCELLED" ? "red" : "green";
}

/** §4: only a PENDING request can be cancelled by the customer. */
export function canCancelRegistrationRequest(status: RegistrationRequestStatus): boolean {
  return status === "PENDING";
}

/**
 * What the customer still owes on a request: once APPROVED, its total less what was paid;
 * nothing while it waits for the organiser's answer, nor once rejected or cancelled.
 */
export function registrationRequestAmountDue(request: {
  status: RegistrationRequestStatus;
  total_amount: number;
  paid_amount: number;
}): number {
  if (request.status !== "APPROVED") return 0;
  return Math.max(0, request.total_amount - Math.max(0, request.paid_amount));
}

// --- Bookings ---------------------------------------------------------------------------------

export type BookingParticipationAmounts = {
  customer_id: number;
  total_amount: number;
  paid_amount: number;
};

/**
 * §6 "Bookings count only participations of the current customer": a booking shared by several
 * customers' participants shows each customer only their own participations, and its amounts
 * are theirs.
 */
export function customerParticipations<P extends { customer_id: number }>(
  participations: readonly P[],
  customerId: number,
): P[] {
  return participations.filter((participation) => participation.customer_id === customerId);
}

/** The customer's total and paid amounts of a booking (their participations only). */
export function bookingAmounts(
  participations: readonly BookingParticipationAmounts[],
  customerId: number,
): { total: number; paid: number } {
  let total = 0;
  let paid = 0;
  for (const participation of customerParticipations(participations, customerId)) {
    total += participation.total_amount;
    paid += participation.paid_amount;
  }
  return { total, paid };
}

// --- Bundles and memberships ------------------------------------------------------------------

/** Registrations left on a bundle: null when its capacity is unlimited, never below 0. */
export function bundleRemaining(bundle: { capacity: number | null; used: number }): number | null {
  if (bundle.capacity === null) return null;
  return Math.max(0, bundle.capacity - Math.max(0, bundle.used));
}

export type CustomerBundleState = "active" | "used_up" | "expired";

/** Expired once its expiry has passed, used up when no registration is left, else active. */
export function customerBundleState(
  bundle: { capacity: number | null; used: number; expires_at: Instant | null },
  now: Date,
): CustomerBundleState {
  if (bundle.expires_at !== null && hasPassed(bundle.expires_at, now)) return "expired";
  if (bundleRemaining(bundle) === 0) return "used_up";
  return "active";
}

export type MembershipState = "cancelled" | "upcoming" | "active" | "expired";

/**
 * A membership's state: cancelled (§4 "a cancelled badge shows when cancelled") whatever its
 * period, otherwise upcoming before its start, expired from its end, active in between.
 */
export function membershipState(
  membership: { cancelled: boolean; start_at: Instant; end_at: Instant },
  now: Date,
): MembershipState {
  if (membership.cancelled) return "cancelled";
  if (!hasPassed(membership.start_at, now)) return "upcoming";
  if (hasPassed(membership.end_at, now)) return "expired";
  return "active";
}

/** The colour of a membership's or a bundle's state badge. */
export function productStateTone(state: MembershipState | CustomerBundleState): StatusTone {
  switch (state) {
    case "cancelled":
      return "red";
    case "active":
      return "green";
    case "upcoming":
      return "blue";
    case "used_up":
    case "expired":
      return "grey";
  }
}

// --- Attendance charges -----------------------------------------------------------------------

/**
 * The amount of `duration` seconds of attendance when every started `unit.duration` seconds
 * costs `unit.amount` (a quarter hour begun is a quarter hour billed); nothing for no time.
 */
export function attendanceAmount(
  duration: number,
  unit: { duration: number; amount: number },
): number {
  if (!(duration > 0)) return 0;
  if (!(unit.duration > 0)) throw new RangeError("the billing unit must last more than 0 s");
  return Math.ceil(duration / unit.duration) * unit.amount;
}

/** The totals under an attendance charge's items table: the time attended and the amount. */
export function attendanceTotals(items: ReadonlyArray<{ duration: number; amount: number }>): {
  duration: number;
  amount: number;
} {
  let duration = 0;
  let amount = 0;
  for (const item of items) {
    duration += item.duration;
    amount += item.amount;
  }
  return { duration, amount };
}

/** Seconds as whole hours and the remaining minutes (rounded down): 5 400 s is 1 h 30. */
export function hoursAndMinutes(seconds: number): { hours: number; minutes: number } {
  const minutes = Math.max(0, Math.floor(seconds / 60));
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

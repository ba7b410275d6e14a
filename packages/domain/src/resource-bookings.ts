import { allocateLargestRemainder } from "./pricing/rounding.ts";

/**
 * Resource bookings (storefront.md §5 "Booking", §7 POST /api/carts/items `bookings`;
 * docs/decisions/0063-resource-bookings.md): which periods may be booked, what a booking costs,
 * and how a split booking's price is shared.
 */

/** One way to book a slot: its length (seconds) and price (minor units). */
export type SlotPrice = { duration: number; amount: number };

/** A bookable start time of a resource and its prices (the `resource_slots` model). */
export type BookableSlot = { start_at: Date; prices: readonly SlotPrice[] };

/** How a resource may be booked; null means no limit. */
export type ResourceBookingRules = {
  /** a booking starts at most this many days from now */
  days_ahead: number | null;
};

/** A period the resource is closed. */
export type ClosedPeriod = { start_at: Date; end_at: Date };

export type BookingPeriodRefusal =
  | "BOOKING_SLOT_NOT_FOUND"
  | "BOOKING_PRICE_MISMATCH"
  | "BOOKING_IN_PAST"
  | "BOOKING_TOO_FAR_AHEAD"
  | "BOOKING_RESOURCE_CLOSED";

const DAY_MS = 86_400_000;

/**
 * Why one period cannot be booked, or null when it can, with the price it costs:
 * - it must start at one of the resource's slots (its opening hours made into slots) — else
 *   BOOKING_SLOT_NOT_FOUND — and last exactly one of that slot's durations — else
 *   BOOKING_PRICE_MISMATCH (so the price is always the organiser's, never the client's);
 * - it must start in the future (BOOKING_IN_PAST), at most `days_ahead` days from now
 *   (BOOKING_TOO_FAR_AHEAD), and not overlap a closure (BOOKING_RESOURCE_CLOSED).
 * Whether another booking or hold overlaps it is the database's exclusion constraint, not this.
 */
export function bookingPeriodCheck(input: {
  start_at: Date;
  end_at: Date;
  slot: BookableSlot | null;
  rules: ResourceBookingRules;
  closures: readonly ClosedPeriod[];
  now: Date;
}): { refusal: BookingPeriodRefusal; price: null } | { refusal: null; price: SlotPrice } {
  const { start_at, end_at, slot, rules, closures, now } = input;
  if (!slot || slot.start_at.getTime() !== start_at.getTime()) {
    return { refusal: "BOOKING_SLOT_NOT_FOUND", price: null };
  }
  const duration = (end_at.getTime() - start_at.getTime()) / 1000;
  const price = slot.prices.find((candidate) => candidate.duration === duration);
  if (!price) return { refusal: "BOOKING_PRICE_MISMATCH", price: null };
  if (start_at.getTime() <= now.getTime()) return { refusal: "BOOKING_IN_PAST", price: null };
  if (rules.days_ahead !== null && start_at.getTime() > now.getTime() + rules.days_ahead * DAY_MS) {
    return { refusal: "BOOKING_TOO_FAR_AHEAD", price: null };
  }
  const closed = closures.some(
    (closure) =>
      closure.start_at.getTime() < end_at.getTime() &&
      closure.end_at.getTime() > start_at.getTime(),
  );
  if (closed) return { refusal: "BOOKING_RESOURCE_CLOSED", price: null };
  return { refusal: null, price };
}

/**
 * What each participant of a booking owes, in their order (the booker first): the whole price
 * on the booker unless the payment is split, then equal shares, the cents that do not divide
 * going to the first ones (largest remainder).
 */
export function bookingShares(total: number, participants: number, split: boolean): number[] {
  if (participants < 1) return [];
  if (!split) return [total, ...Array.from({ length: participants - 1 }, () => 0)];
  return allocateLargestRemainder(
    total,
    Array.from({ length: participants }, () => 1),
  );
}

/**
 * An e-mail shown to another customer when they look for a booking partner
 * (`GET /api/participants?scope=booking`): enough to tell two namesakes apart, not enough to
 * write to them — the first letter of the name and of the domain, and the domain's ending
 * ("jane.doe@example.com" → "j•••@e•••.com").
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "•••";
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf(".");
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const ending = dot > 0 ? domain.slice(dot) : "";
  return `${local[0]}•••@${host[0] ?? ""}•••${ending}`;
}

/** At least this many characters before a booking-partner search is run. */
export const BOOKING_PARTNER_SEARCH_MIN = 3;
/** At most this many answers to one booking-partner search. */
export const BOOKING_PARTNER_SEARCH_LIMIT = 10;

/** What a participant still owes of their share of a booking (never below 0). */
export function bookingShareAmountDue(share: { total: number; paid: number }): number {
  return Math.max(0, share.total - share.paid);
}

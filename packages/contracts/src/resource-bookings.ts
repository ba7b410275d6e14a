import { z } from "zod";

/**
 * Resource bookings on the storefront (storefront.md §5 "Booking", §7 POST /api/carts/items
 * `bookings`, GET /api/participants for the booking form; docs/decisions/0063-resource-bookings.md).
 */

const entityId = z.int("INVALID_TYPE").positive("INVALID_TYPE").max(2_147_483_647, "INVALID_TYPE");
const instant = z.iso.datetime({ offset: true, error: "INVALID_FORMAT" });

/** At most this many extra participants share one booking. */
export const MAX_BOOKING_PARTICIPANTS = 10;

/**
 * One booking of the add payload: the resource, its periods (each a slot's start and the end of
 * the chosen duration), the extra participants (any customer's, found through the participants
 * search) and whether they pay their share. The booker is `participant_id` (one of the
 * customer's), here or at the top of the payload.
 */
export const cartBookingInput = z.object({
  resource_id: entityId,
  participant_id: entityId.optional(),
  dates: z
    .array(z.object({ start_at: instant, end_at: instant }), { error: "REQUIRED" })
    .min(1, "REQUIRED")
    .max(10, "TOO_BIG"),
  participants: z
    .array(z.object({ id: entityId }))
    .max(MAX_BOOKING_PARTICIPANTS, "TOO_BIG")
    .default([]),
  payment_split: z.boolean("INVALID_TYPE").default(false),
});
export type CartBookingInput = z.output<typeof cartBookingInput>;

/** A BOOKING cart item's fields (storefront.md §3 Cart item: resource, booking_dates, participants). */
export const bookingItemFields = {
  /** the booked resource (null for other items) */
  resource: z.object({ id: z.int(), cuid: z.string(), name: z.string() }).nullable(),
  booking_dates: z.array(z.object({ start_at: z.string(), end_at: z.string() })),
  /** everyone taking part, the booker first, with what each pays */
  participants: z.array(z.object({ id: z.int(), fullname: z.string(), amount: z.int() })),
};

/**
 * GET /api/participants?scope=booking&search=: other customers' participants to book with. At
 * least 3 characters; at most 10 answers; rate limited. Each answer has only the participant's
 * id, full name and a masked e-mail of their customer.
 */
export const bookingPartnerView = z.object({
  id: z.int(),
  fullname: z.string(),
  customer: z.object({ email: z.string() }),
});
export const bookingPartnerList = z.object({ data: z.array(bookingPartnerView) });
export type BookingPartnerView = z.infer<typeof bookingPartnerView>;

/**
 * GET /api/bookings/{cuid}/cancellation and the answer of POST /api/bookings/{cuid}/cancel
 * (decision 0071): whether the customer may still cancel the booking from their account (the
 * booker, under a configuration that lets customers cancel, before its deadline), and if not why.
 */
export const bookingCancellationView = z.object({
  allowed: z.boolean(),
  reason: z
    .enum([
      "BOOKING_CANCELLATION_NOT_OFFERED",
      "BOOKING_CANCELLATION_CLOSED",
      "BOOKING_ALREADY_CANCELED",
    ])
    .nullable(),
  /** the last instant the customer may cancel; null when customers cannot cancel it */
  deadline: z.string().nullable(),
  /** what the cancellation refunds (or refunded) to the wallets: what was paid */
  refund_amount: z.int(),
});
export type BookingCancellationView = z.infer<typeof bookingCancellationView>;

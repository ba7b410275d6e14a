import type { BookingCancellationView } from "@booking/contracts";
import { bookingCancellation } from "@booking/domain";
import { AppError } from "../../http/app-error.ts";
import { nowOf } from "../../http/clock.ts";
import { requireCustomer, type ServiceContext } from "../../http/service-context.ts";
import { cancelBooking } from "./booking-cancellation.ts";
import { findResourceConfiguration } from "./booking-rules-queries.ts";
import { findBookingForChange } from "./console-booking-queries.ts";
import { findOwnBooking } from "./customer-cancellation-queries.ts";

// The customer cancels a booking from their account (issue 15 §3; decision 0071): the booker,
// under a configuration that lets customers cancel, until its deadline; what was paid goes back
// to each payer's wallet, as when staff cancel with a refund.

type OwnBooking = NonNullable<Awaited<ReturnType<typeof findOwnBooking>>>;

async function cancellationOf(
  context: ServiceContext,
  customerId: number,
  booking: OwnBooking,
  now: Date,
): Promise<BookingCancellationView> {
  const refund_amount = booking.paid;
  if (booking.canceledAt) {
    return { allowed: false, reason: "BOOKING_ALREADY_CANCELED", deadline: null, refund_amount };
  }
  const configuration = await findResourceConfiguration(
    context.db,
    context.organiser.id,
    booking.configurationId,
  );
  // Only the booker cancels: the partners' shares follow the booking.
  const rules = booking.bookerId === customerId ? (configuration?.rules ?? null) : null;
  const answer = bookingCancellation(rules, booking.firstStart, now);
  return {
    allowed: answer.allowed,
    reason: answer.allowed ? null : answer.reason,
    deadline: answer.deadline?.toISOString() ?? null,
    refund_amount,
  };
}

/** GET /api/bookings/{cuid}/cancellation: null when the booking is not the customer's. */
export async function ownBookingCancellation(
  context: ServiceContext,
  cuid: string,
): Promise<BookingCancellationView | null> {
  const { customerId } = requireCustomer(context);
  const booking = await findOwnBooking(context.db, context.organiser.id, customerId, cuid);
  return booking ? cancellationOf(context, customerId, booking, nowOf(context)) : null;
}

/**
 * POST /api/bookings/{cuid}/cancel: cancels it with the refund when allowed, else 409 with why
 * (BOOKING_CANCELLATION_NOT_OFFERED, BOOKING_CANCELLATION_CLOSED, BOOKING_ALREADY_CANCELED).
 * The booking row is locked first, so a cancel racing a staff cancel refunds once.
 */
export async function cancelOwnBooking(
  context: ServiceContext,
  cuid: string,
): Promise<BookingCancellationView | null> {
  const { customerId } = requireCustomer(context);
  const { db, organiser } = context;
  const locked = await findBookingForChange(db, organiser.id, cuid);
  const booking = locked && (await findOwnBooking(db, organiser.id, customerId, cuid));
  if (!locked || !booking) return null;
  const now = nowOf(context);
  const answer = await cancellationOf(context, customerId, booking, now);
  if (!answer.allowed) throw new AppError(answer.reason!);
  const { refunded } = await cancelBooking(
    db,
    organiser.id,
    locked.booking,
    locked.dates.map((date) => date.id),
    { refund: true, now },
  );
  return {
    allowed: false,
    reason: "BOOKING_ALREADY_CANCELED",
    deadline: null,
    refund_amount: refunded,
  };
}

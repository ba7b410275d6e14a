import {
  bookingDates,
  bookingParticipations,
  bookings,
  resourceReservations,
  type TenantTx,
} from "@booking/db";
import { and, eq } from "@booking/db/orm";
import { AppError } from "../../http/app-error.ts";
import { insertHolds, isOverlapViolation, rangeOf } from "../bookings/reservation-queries.ts";
import type { BookingPayload } from "../carts/booking-items.ts";

/**
 * Turns a checked-out BOOKING item into its booking (docs/decisions/0063-resource-bookings.md):
 * the booking, its dates, one participation per participant at their share — the booker's
 * with what the checkout paid, the others owing theirs, paid from their own account — and the
 * item's holds become the booking's periods in place (same rows, so the periods are never free
 * in between). A hold that is gone (its cart reopened after a failed payment and the hold was
 * swept) is taken again, unless someone else took the period: 409 BOOKING_SLOT_TAKEN.
 */
export async function convertBookingItem(
  tx: TenantTx,
  organiserId: number,
  item: { id: number; booking: BookingPayload },
  paid: number,
): Promise<void> {
  const { booking } = item;
  const [created] = await tx
    .insert(bookings)
    .values({ organiserId, resourceId: booking.resource.id, cartItemId: item.id })
    .returning({ id: bookings.id });
  const bookingId = created!.id;
  const dates = await tx
    .insert(bookingDates)
    .values(
      booking.dates.map((date) => ({
        organiserId,
        bookingId,
        startAt: new Date(date.start_at),
        endAt: new Date(date.end_at),
      })),
    )
    .returning({ id: bookingDates.id, startAt: bookingDates.startAt, endAt: bookingDates.endAt });
  await tx.insert(bookingParticipations).values(
    booking.participants.map((participant, index) => ({
      organiserId,
      bookingId,
      customerId: participant.customer_id,
      participantId: participant.id,
      totalAmount: participant.amount,
      paidAmount: index === 0 ? Math.min(paid, participant.amount) : 0,
    })),
  );
  for (const date of dates) {
    const moved = await tx
      .update(resourceReservations)
      .set({ cartItemId: null, bookingDateId: date.id })
      .where(
        and(
          eq(resourceReservations.organiserId, organiserId),
          eq(resourceReservations.cartItemId, item.id),
          eq(resourceReservations.period, rangeOf(date)),
        ),
      )
      .returning({ id: resourceReservations.id });
    if (moved.length > 0) continue;
    try {
      await insertHolds(
        tx,
        { organiserId, resourceId: booking.resource.id, bookingDateId: date.id },
        [date],
      );
    } catch (error) {
      if (isOverlapViolation(error)) throw new AppError("BOOKING_SLOT_TAKEN");
      throw error;
    }
  }
}

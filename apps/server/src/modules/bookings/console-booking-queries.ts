import {
  bookingDates,
  bookingParticipations,
  bookings,
  customers,
  participants,
  resourceReservations,
  type TenantTx,
} from "@booking/db";
import { and, eq, inArray, isNull } from "@booking/db/orm";
import { refersTo } from "../carts/queries.ts";
import { type Period, rangeOf } from "./reservation-queries.ts";

// Reads and writes of staff booking, moving and cancelling (decision 0065).

/** A live participant of a live customer of the organiser, by their cuids. */
export async function findCustomerParticipant(
  tx: TenantTx,
  organiserId: number,
  cuids: { customer: string; participant: string },
) {
  const [row] = await tx
    .select({ customerId: customers.id, participantId: participants.id })
    .from(participants)
    .innerJoin(customers, refersTo(customers, participants, participants.customerId))
    .where(
      and(
        eq(participants.organiserId, organiserId),
        eq(participants.cuid, cuids.participant),
        eq(customers.cuid, cuids.customer),
        isNull(participants.deletedAt),
        isNull(customers.anonymisedAt),
      ),
    );
  return row ?? null;
}

/** Creates a booking of one period for one participant, owing `amount`; returns it and its date. */
export async function insertStaffBooking(
  tx: TenantTx,
  values: {
    organiserId: number;
    resourceId: number;
    customerId: number;
    participantId: number;
    period: Period;
    amount: number;
  },
) {
  const { organiserId } = values;
  const [booking] = await tx
    .insert(bookings)
    .values({ organiserId, resourceId: values.resourceId })
    .returning();
  const [date] = await tx
    .insert(bookingDates)
    .values({ organiserId, bookingId: booking!.id, ...values.period })
    .returning();
  const [participation] = await tx
    .insert(bookingParticipations)
    .values({
      organiserId,
      bookingId: booking!.id,
      customerId: values.customerId,
      participantId: values.participantId,
      totalAmount: values.amount,
    })
    .returning({ id: bookingParticipations.id });
  return { booking: booking!, date: date!, participationId: participation!.id };
}

/** The organiser's booking by cuid, locked for the change, with its dates. */
export async function findBookingForChange(tx: TenantTx, organiserId: number, cuid: string) {
  const [booking] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.organiserId, organiserId), eq(bookings.cuid, cuid)))
    .for("update");
  if (!booking) return null;
  const dates = await tx
    .select()
    .from(bookingDates)
    .where(and(eq(bookingDates.organiserId, organiserId), eq(bookingDates.bookingId, booking.id)))
    .orderBy(bookingDates.startAt);
  return { booking, dates };
}

export function lockParticipations(tx: TenantTx, organiserId: number, bookingId: number) {
  return tx
    .select()
    .from(bookingParticipations)
    .where(
      and(
        eq(bookingParticipations.organiserId, organiserId),
        eq(bookingParticipations.bookingId, bookingId),
      ),
    )
    .for("update");
}

export async function setParticipationAmounts(
  tx: TenantTx,
  id: number,
  amounts: { totalAmount: number; paidAmount: number },
) {
  await tx.update(bookingParticipations).set(amounts).where(eq(bookingParticipations.id, id));
}

/** Marks the booking cancelled and frees its periods. */
export async function cancelBookingRows(
  tx: TenantTx,
  organiserId: number,
  booking: { id: number },
  dateIds: number[],
  now: Date,
) {
  if (dateIds.length > 0) {
    await tx
      .delete(resourceReservations)
      .where(
        and(
          eq(resourceReservations.organiserId, organiserId),
          inArray(resourceReservations.bookingDateId, dateIds),
        ),
      );
  }
  const [row] = await tx
    .update(bookings)
    .set({ canceledAt: now, updatedAt: now })
    .where(eq(bookings.id, booking.id))
    .returning();
  return row!;
}

/** Moves one booking date and its reservation (the exclusion constraint checks the new period). */
export async function moveBookingDate(
  tx: TenantTx,
  organiserId: number,
  dateId: number,
  period: Period,
) {
  await tx
    .update(resourceReservations)
    .set({ period: rangeOf(period) })
    .where(
      and(
        eq(resourceReservations.organiserId, organiserId),
        eq(resourceReservations.bookingDateId, dateId),
      ),
    );
  await tx.update(bookingDates).set(period).where(eq(bookingDates.id, dateId));
}

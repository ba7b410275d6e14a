import {
  bookingDates,
  bookingParticipations,
  bookings,
  resources,
  type TenantTx,
} from "@booking/db";
import { and, eq, sql } from "@booking/db/orm";

// The customer's own cancellation of a booking (decision 0071).

/**
 * The booking with this cuid that one of the customer's participants takes part in, with its
 * first start, whether the customer is its booker (their participant's
 * participation came first) and what was paid on it; null when it is not theirs.
 */
export async function findOwnBooking(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  cuid: string,
) {
  const [row] = await tx
    .select({
      id: bookings.id,
      canceledAt: bookings.canceledAt,
      configurationId: resources.bookingConfigurationId,
      firstStart: sql<Date>`(select min(${bookingDates.startAt}) from ${bookingDates}
        where ${bookingDates.organiserId} = ${bookings.organiserId}
          and ${bookingDates.bookingId} = ${bookings.id})`.mapWith(bookingDates.startAt),
      bookerId: sql<number>`(select ${bookingParticipations.customerId}
        from ${bookingParticipations}
        where ${bookingParticipations.organiserId} = ${bookings.organiserId}
          and ${bookingParticipations.bookingId} = ${bookings.id}
        order by ${bookingParticipations.id} limit 1)`.mapWith(Number),
      paid: sql<number>`(select coalesce(sum(${bookingParticipations.paidAmount}), 0)
        from ${bookingParticipations}
        where ${bookingParticipations.organiserId} = ${bookings.organiserId}
          and ${bookingParticipations.bookingId} = ${bookings.id})`.mapWith(Number),
      takesPart: sql<boolean>`exists (select 1 from ${bookingParticipations}
        where ${bookingParticipations.organiserId} = ${bookings.organiserId}
          and ${bookingParticipations.bookingId} = ${bookings.id}
          and ${bookingParticipations.customerId} = ${customerId})`,
    })
    .from(bookings)
    .innerJoin(
      resources,
      and(eq(resources.organiserId, bookings.organiserId), eq(resources.id, bookings.resourceId)),
    )
    .where(and(eq(bookings.organiserId, organiserId), eq(bookings.cuid, cuid)));
  return row?.takesPart ? row : null;
}

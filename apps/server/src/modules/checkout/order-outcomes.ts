import type { ProcessedCartView } from "@booking/contracts";
import { bookingParticipations, bookings, registrationRequests, type TenantTx } from "@booking/db";
import { and, eq, inArray, sql } from "@booking/db/orm";

type Outcomes = Pick<ProcessedCartView, "bookings" | "registration_requests">;

/**
 * What an order's BOOKING and REGISTRATION_REQUEST items became (decision 0079): each booking
 * with the customer's own share of it — nothing left to pay once the booking is cancelled — and
 * each request with its status. Items made before bookings and requests named their item have none.
 */
export async function orderItemOutcomes(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
  items: ReadonlyArray<{ id: number; type: string }>,
): Promise<Outcomes> {
  const ids = (type: string) => items.filter((item) => item.type === type).map((item) => item.id);
  const bookingItemIds = ids("BOOKING");
  const requestItemIds = ids("REGISTRATION_REQUEST");
  const bookingRows =
    bookingItemIds.length === 0
      ? []
      : await tx
          .select({
            itemId: sql<number>`${bookings.cartItemId}`.mapWith(Number),
            cuid: bookings.cuid,
            canceledAt: bookings.canceledAt,
            total: sql<number>`coalesce(sum(${bookingParticipations.totalAmount}), 0)`.mapWith(
              Number,
            ),
            paid: sql<number>`coalesce(sum(greatest(0, ${bookingParticipations.paidAmount})), 0)`.mapWith(
              Number,
            ),
            due: sql<number>`coalesce(sum(greatest(0, ${bookingParticipations.totalAmount} - greatest(0, ${bookingParticipations.paidAmount}))), 0)`.mapWith(
              Number,
            ),
          })
          .from(bookings)
          .leftJoin(
            bookingParticipations,
            and(
              eq(bookingParticipations.organiserId, bookings.organiserId),
              eq(bookingParticipations.bookingId, bookings.id),
              eq(bookingParticipations.customerId, customerId),
            ),
          )
          .where(
            and(
              eq(bookings.organiserId, organiserId),
              inArray(bookings.cartItemId, bookingItemIds),
            ),
          )
          .groupBy(bookings.organiserId, bookings.id);
  const requestRows =
    requestItemIds.length === 0
      ? []
      : await tx
          .select({
            itemId: sql<number>`${registrationRequests.cartItemId}`.mapWith(Number),
            cuid: registrationRequests.cuid,
            reference: registrationRequests.reference,
            status: registrationRequests.status,
          })
          .from(registrationRequests)
          .where(
            and(
              eq(registrationRequests.organiserId, organiserId),
              eq(registrationRequests.customerId, customerId),
              inArray(registrationRequests.cartItemId, requestItemIds),
            ),
          );
  return {
    bookings: bookingRows.map((row) => ({
      item_id: row.itemId,
      cuid: row.cuid,
      canceled_at: row.canceledAt ? row.canceledAt.toISOString() : null,
      share: {
        total_amount: row.total,
        paid_amount: row.paid,
        amount_due: row.canceledAt ? 0 : row.due,
      },
    })),
    registration_requests: requestRows.map((row) => ({
      item_id: row.itemId,
      cuid: row.cuid,
      reference: row.reference,
      status: row.status,
    })),
  };
}

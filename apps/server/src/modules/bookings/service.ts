import type { accountListQuery, BookingView } from "@booking/contracts";
import { bookingAmounts, bookingShareAmountDue, customerParticipations } from "@booking/domain";
import type { z } from "zod";
import type { ServiceContext } from "../../http/service-context.ts";
import {
  amountsView,
  bankTransferView,
  customerItemByCuid,
  customerListPage,
  iso,
  ownerImages,
  participantRef,
} from "../account-items/views.ts";
import { locationView } from "../catalogue/views.ts";
import { newPaymentReference } from "../checkout/payment-references.ts";
import {
  type BookingListRow,
  findCustomerBooking,
  giveShareReference,
  listBookingDates,
  listCustomerBookings,
  listCustomerParticipations,
  walletRefunds,
} from "./queries.ts";

// The customer's resource bookings in the account area (platform-and-account.md §2.3, §3.5, §6):
// a booking shows only the current customer's participations, and its amounts are theirs; a
// cancelled one stays, with its status and what was refunded to the wallet. Decision records:
// docs/decisions/0018-account-items.md, 0072-booking-lifecycle-leftovers.md.

async function bookingViews(
  context: ServiceContext,
  customerId: number,
  rows: BookingListRow[],
): Promise<BookingView[]> {
  const { db, organiser } = context;
  const ids = rows.map((row) => row.booking.id);
  const dates = await listBookingDates(db, organiser.id, ids);
  const participations = await listCustomerParticipations(db, organiser.id, customerId, ids);
  const refunds = await walletRefunds(
    db,
    organiser.id,
    customerId,
    participations.map((row) => row.participation.id),
  );
  const imagesOf = await ownerImages(
    context,
    "resource",
    rows.map((row) => row.resource.id),
  );
  return rows.map(({ booking, resource, location, firstStart, lastEnd }) => {
    // Only the customer's participations are read, and only theirs count (§6).
    const own = customerParticipations(
      participations
        .filter((row) => row.participation.bookingId === booking.id)
        .map(({ participation, participant }) => ({
          id: participation.id,
          cuid: participation.cuid,
          customer_id: participation.customerId,
          participant: { ...participantRef(participant), customer_id: participation.customerId },
          total_amount: participation.totalAmount,
          paid_amount: participation.paidAmount,
          reference: participation.reference,
        })),
      customerId,
    );
    const amounts = bookingAmounts(own, customerId);
    return {
      id: booking.id,
      cuid: booking.cuid,
      resource: {
        ...resource,
        images: imagesOf(resource.id),
        location: location ? locationView(location) : null,
      },
      dates: dates
        .filter((date) => date.bookingId === booking.id)
        .map((date) => ({
          id: date.id,
          cuid: date.cuid,
          start_at: iso(date.startAt),
          end_at: iso(date.endAt),
        })),
      start_at: iso(firstStart ?? booking.createdAt),
      end_at: iso(lastEnd ?? firstStart ?? booking.createdAt),
      participations: own.map(({ customer_id: _customer, ...participation }) => {
        const due = bookingShareAmountDue({
          total: participation.total_amount,
          paid: participation.paid_amount,
        });
        return {
          ...participation,
          amount_due: due,
          bank_transfer: participation.reference
            ? bankTransferView(organiser, due, participation.reference)
            : null,
        };
      }),
      ...amountsView({ totalAmount: amounts.total, paidAmount: amounts.paid }),
      status: booking.canceledAt ? ("CANCELLED" as const) : ("CONFIRMED" as const),
      canceled_at: booking.canceledAt ? iso(booking.canceledAt) : null,
      refunded_amount: own.reduce((sum, share) => sum + (refunds.get(share.id) ?? 0), 0),
      created_at: iso(booking.createdAt),
    };
  });
}

/** GET /api/bookings: one page of the bookings the customer's participants take part in. */
export function listBookings(context: ServiceContext, query: z.output<typeof accountListQuery>) {
  const now = new Date();
  return customerListPage(
    context,
    query,
    (db, organiserId, customerId, page) =>
      listCustomerBookings(db, organiserId, customerId, { ...page, now }),
    (rows, customerId) => bookingViews(context, customerId, rows),
  );
}

/**
 * The payment references of the customer's shares of a live booking that still owe money and have
 * none (decision 0072): given when the booking's page is first read, where the transfer to make
 * is shown, rather than at checkout for every player, so checkout does not hold the organiser's
 * reference sequence; shares made before references existed get theirs too.
 */
async function giveOwedSharesReferences(
  context: ServiceContext,
  bookingId: number,
  customerId: number,
) {
  const { db, organiser } = context;
  const shares = await listCustomerParticipations(db, organiser.id, customerId, [bookingId]);
  for (const { participation } of shares) {
    const due = bookingShareAmountDue({
      total: participation.totalAmount,
      paid: participation.paidAmount,
    });
    if (participation.reference !== null || due <= 0) continue;
    await giveShareReference(db, organiser.id, participation.id, () =>
      newPaymentReference(db, organiser),
    );
  }
}

/**
 * GET /api/bookings/{cuid}: null unless one of the customer's participants takes part. Its owed
 * shares get their payment reference first, for a bank transfer.
 */
export async function bookingByCuid(
  context: ServiceContext,
  cuid: string,
): Promise<BookingView | null> {
  return customerItemByCuid(context, cuid, findCustomerBooking, async (row, customerId) => {
    if (row.booking.canceledAt === null) {
      await giveOwedSharesReferences(context, row.booking.id, customerId);
    }
    const [view] = await bookingViews(context, customerId, [row]);
    return view!;
  });
}

import type { TenantTx } from "@booking/db";
import { creditWallet } from "../checkout/queries.ts";
import {
  cancelBookingRows,
  lockParticipations,
  setParticipationAmounts,
} from "./console-booking-queries.ts";

/**
 * Cancels a booking (locked by the caller) and frees its periods. With `refund`, what each
 * participant paid goes to their customer's wallet (REFUND, linked to the participation) and
 * nothing is owed; without, what was paid is kept and nothing more is owed (decision 0065). Staff
 * and the customer's own cancellation (decision 0071) both end here.
 */
export async function cancelBooking(
  tx: TenantTx,
  organiserId: number,
  booking: { id: number },
  dateIds: number[],
  options: { refund: boolean; now: Date },
) {
  const shares = await lockParticipations(tx, organiserId, booking.id);
  let refunded = 0;
  for (const share of shares) {
    if (options.refund && share.paidAmount > 0) {
      await creditWallet(tx, {
        organiserId,
        customerId: share.customerId,
        amount: share.paidAmount,
        reason: "REFUND",
        bookingParticipationId: share.id,
      });
      refunded += share.paidAmount;
    }
    const kept = options.refund ? 0 : share.paidAmount;
    await setParticipationAmounts(tx, share.id, { totalAmount: kept, paidAmount: kept });
  }
  const canceled = await cancelBookingRows(tx, organiserId, booking, dateIds, options.now);
  return { shares, refunded, canceled };
}

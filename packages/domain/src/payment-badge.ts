/**
 * The payment badge of a registration and of the items that are paid like one (bundles,
 * memberships, vouchers, registration requests): platform-and-account.md §4 "Payment badge".
 * Amounts are integer minor units.
 */

export type PaymentBadge =
  /** paid is at least the total, and the total is above 0 */
  | { kind: "complete" }
  /** the deposit is paid, the rest (`outstanding`) is not */
  | { kind: "deposited"; outstanding: number }
  /** below the deposit (or below the total when there is no deposit): `outstanding` still owed */
  | { kind: "outstanding"; outstanding: number };

export type PaymentAmounts = {
  total: number;
  paid: number;
  /**
   * The deposit asked, for the types that have one (registrations, requests); omitted, null or 0
   * for the types without a deposit, which are then outstanding until paid in full.
   */
  deposit?: number | null;
};

/**
 * The badge of `amounts`, or null when nothing is to be paid (total 0 or less):
 * - complete: paid ≥ total (> 0);
 * - deposited: a deposit above 0 is asked and deposit ≤ paid < total;
 * - outstanding: paid < deposit, or paid < total without a deposit.
 * `outstanding` is what is still owed on the total (total − paid), shown with the badge.
 */
export function paymentBadge({ total, paid, deposit }: PaymentAmounts): PaymentBadge | null {
  if (!(total > 0)) return null;
  if (paid >= total) return { kind: "complete" };
  const outstanding = total - Math.max(0, paid);
  if (deposit !== null && deposit !== undefined && deposit > 0 && paid >= deposit) {
    return { kind: "deposited", outstanding };
  }
  return { kind: "outstanding", outstanding };
}

/**
 * An order's badge (decision 0079): what the order itself still owes (`outstanding`: its parts'
 * amounts due — nothing for a cancelled one — and the fees) against its own total, which leaves
 * out the booking shares it holds, owed and paid on their bookings.
 */
export function orderPaymentBadge(order: {
  total: number;
  service_fees: number;
  booking_shares: number;
  outstanding: number;
}): PaymentBadge | null {
  const own = order.total + order.service_fees - order.booking_shares;
  return paymentBadge({ total: own, paid: own - Math.max(0, order.outstanding) });
}

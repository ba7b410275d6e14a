import { nowOf } from "../../http/clock.ts";
import type { ServiceContext } from "../../http/service-context.ts";
import type { PaymentOutcome, SettleOptions } from "../checkout/payment-service.ts";
import { creditWallet } from "../checkout/queries.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { findProviderPayment, type PaymentRow, setPaymentStatus } from "../payments/queries.ts";
import { reportedChange } from "../payments/service.ts";
import { creditDestination, destinationOfPayment, lockDestination } from "./destinations.ts";
import {
  lockAttendanceCharge,
  lockBookingParticipation,
  lockProcessedCart,
  lockRegistrationRequest,
} from "./queries.ts";

/**
 * The provider reported a change of an online BALANCE payment (its webhook, or the test page's
 * buttons, through `settleCartPayment`, which hands balance payments over here): the same
 * delivery rules as a checkout's (`reportedChange`: the provider's word only, paid and refunded
 * final, a replay changes nothing), but a paid balance is CREDITED — it never processes a cart.
 *
 * Locks, in the order of every cart change: what the payment pays (its cart, or the registration
 * request), then the payment; then, once paid, the cart's parts or the registration, and the
 * customer last (a credited overpayment). Concurrent deliveries run one after the other and the
 * second finds `paid`: exactly once.
 *
 * - failed, expired, canceled: recorded; nothing else changes (the customer may pay again).
 * - paid: marked paid, then credited up to what is still owed (`creditDestination`: a cart's
 *   parts by largest remainder, a registration with its cart, a request). What it no longer owed
 *   — paid meanwhile from the wallet or by transfer, a registration cancelled, a request
 *   rejected — goes to the customer's wallet (OVERPAYMENT), never lost nor refused.
 */
export async function settleBalancePayment(
  context: ServiceContext,
  provider: PaymentProvider,
  found: PaymentRow,
  options: SettleOptions,
): Promise<PaymentOutcome> {
  const { db, organiser, log } = context;
  const organiserId = organiser.id;
  if (found.cartId !== null) await lockProcessedCart(db, organiserId, found.cartId, null);
  if (found.registrationRequestId !== null) {
    await lockRegistrationRequest(db, organiserId, found.registrationRequestId, null);
  }
  if (found.attendanceChargeId !== null) {
    await lockAttendanceCharge(db, organiserId, found.attendanceChargeId, null);
  }
  if (found.bookingParticipationId !== null) {
    await lockBookingParticipation(db, organiserId, found.bookingParticipationId, null);
  }
  const { providerPaymentId } = found;
  const payment = await findProviderPayment(db, organiserId, provider.name, providerPaymentId, {
    lock: true,
  });
  if (!payment) throw new Error(`payment ${found.id} vanished`);
  const fetched = await reportedChange(context, provider, payment, options.beforeFetch);
  if (fetched === "unchanged" || fetched === "refused") return fetched;
  const target = destinationOfPayment(payment);
  const logged = { provider: provider.name, paymentId: payment.id, destination: target };

  if (fetched.status !== "paid") {
    await setPaymentStatus(db, organiserId, payment.id, fetched.status, null);
    log.info({ ...logged, status: fetched.status }, "balance payment closed without payment");
    return "closed";
  }
  await setPaymentStatus(db, organiserId, payment.id, "paid", nowOf(context));
  const destination = await lockDestination(context, target, null);
  if (!destination) throw new Error(`balance payment ${payment.id}: what it pays vanished`);
  const rest = await creditDestination(context, destination, payment.amount);
  if (rest > 0) {
    // Given back to the wallet (OVERPAYMENT), naming what it was meant for.
    await creditWallet(db, {
      organiserId,
      customerId: destination.customerId,
      amount: rest,
      reason: "OVERPAYMENT",
      cartId: destination.cartId,
      registrationId: destination.registrationId,
      registrationRequestId: destination.registrationRequestId,
      attendanceChargeId: destination.attendanceChargeId,
      bookingParticipationId: destination.bookingParticipationId,
    });
    log.warn(
      { ...logged, event: "balance_overpaid", amount: payment.amount, overpaid: rest },
      "balance payment beyond what was owed: the rest credited to the wallet",
    );
  }
  log.info({ ...logged, amount: payment.amount }, "balance payment paid and credited");
  return "processed";
}

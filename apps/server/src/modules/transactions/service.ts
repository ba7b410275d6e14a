import {
  type BalancePaymentView,
  type OnlinePaymentResponse,
  type onlinePaymentBody,
  RETURN_PAYMENT_PARAM,
  type WalletPaymentResponse,
  type walletPaymentBody,
} from "@booking/contracts";
import { walletPaymentRefusal } from "@booking/domain";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import { requireCustomer, type ServiceContext } from "../../http/service-context.ts";
import { findWalletAmount } from "../carts/queries.ts";
import { debitWallet } from "../checkout/queries.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { createProviderPayment } from "../payments/service.ts";
import {
  balanceView,
  creditDestination,
  destinationOfPayment,
  type LockedDestination,
  lockDestination,
  NOT_FOUND,
} from "./destinations.ts";
import { findCustomerBalancePayment, findOpenBalancePayment } from "./queries.ts";

// Paying what is still owed from the account (platform-and-account.md §2.3, §5, §7): from the
// wallet, or online through the provider of checkout. Decision record:
// docs/decisions/0019-account-payments.md. The provider's webhook credits an online payment in
// settle.ts.

type WalletPaymentInput = z.output<typeof walletPaymentBody>;
type OnlinePaymentInput = z.output<typeof onlinePaymentBody>;

/** The customer's own destination, locked, that can still be asked for money; else a 4xx. */
async function payableDestination(
  context: ServiceContext,
  destination: WalletPaymentInput["destination"],
  customerId: number,
): Promise<LockedDestination> {
  const locked = await lockDestination(context, destination, customerId);
  if (!locked) throw new AppError(NOT_FOUND[destination.type]);
  // A cancelled registration is settled by the organiser: nothing is taken for it.
  if (locked.cancelled) throw new AppError("REGISTRATION_CANCELLED");
  return locked;
}

/**
 * POST /api/transactions/wallet, in one transaction: the destination locked (with its cart first,
 * 404 when it is not the customer's), then the customer's row (the wallet), then the checks of
 * `walletPaymentRefusal` — nothing owed → 409 NOTHING_TO_PAY; above the wallet → 409
 * INSUFFICIENT_WALLET_AMOUNT on `amount`; above what is owed → 409 AMOUNT_ABOVE_DUE on `amount`
 * (both answers carry `wallet` and `amount_due`) — then the debit (a PAYMENT wallet movement
 * naming what it paid) and the credit. Two payments at once queue on these row locks, so the
 * second sees the first's wallet and balance: the wallet is never overdrawn, nothing overpaid.
 */
export async function payFromWallet(
  context: ServiceContext,
  input: WalletPaymentInput,
): Promise<WalletPaymentResponse> {
  const customer = requireCustomer(context);
  const { db, organiser, log } = context;
  const destination = await payableDestination(context, input.destination, customer.customerId);
  const wallet = await findWalletAmount(db, organiser.id, customer.customerId, { lock: true });
  const refusal = walletPaymentRefusal({ amount: input.amount, wallet, due: destination.due });
  if (refusal === "NOTHING_TO_PAY") throw new AppError("NOTHING_TO_PAY");
  if (refusal === "TOO_SMALL") throw validationError({ amount: "TOO_SMALL" });
  if (refusal) {
    throw new AppError(refusal, { amount: refusal }, { wallet, amount_due: destination.due });
  }
  const debited = await debitWallet(db, {
    organiserId: organiser.id,
    customerId: customer.customerId,
    amount: input.amount,
    reason: "PAYMENT",
    cartId: destination.cartId,
    registrationId: destination.registrationId,
    registrationRequestId: destination.registrationRequestId,
    attendanceChargeId: destination.attendanceChargeId,
    bookingParticipationId: destination.bookingParticipationId,
  });
  // The customer row is locked and was read just above: the balance cannot be short.
  if (!debited) throw new Error(`wallet of customer ${customer.customerId} short after its check`);
  await creditDestination(context, destination, input.amount);
  log.info(
    { event: "wallet_payment", destination: input.destination, amount: input.amount },
    "balance paid from the wallet",
  );
  const after = await lockDestination(context, input.destination, customer.customerId);
  return { wallet: { amount: wallet - input.amount }, destination: balanceView(after!) };
}

/** How the account reaches the online payment provider (modules/payments). */
export interface AccountPayments {
  /** the request's origin, for the provider's return and webhook URLs */
  origin: string;
  /** the provider of new payments (called only when one is needed) */
  provider(): PaymentProvider;
}

/**
 * The path (and query) of a return URL on the organiser's own host, without a previous
 * `payment` parameter; null for anything else (another host: no open redirect).
 */
export function returnPathOf(returnUrl: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(returnUrl, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  url.searchParams.delete(RETURN_PAYMENT_PARAM);
  return `${url.pathname}${url.search}`;
}

/**
 * POST /api/transactions/checkout: pays online everything the destination still owes, through
 * the provider of checkout, in one transaction:
 * - online payments off → 409 PAYMENT_METHOD_UNAVAILABLE (the account does not offer it);
 * - `customer_id` other than the logged-in customer → 404 CUSTOMER_NOT_FOUND;
 * - `return_url` not on this host → 400 VALIDATION_ERROR `{return_url: INVALID_FORMAT}`;
 * - the destination locked (404 when it is not the customer's; a cancelled registration → 409
 *   REGISTRATION_CANCELLED), `reference` other than its payment reference → 400
 *   `{reference: MISMATCH}` (a stale page), nothing owed → 409 NOTHING_TO_PAY;
 * - an open payment of the same destination, amount and return page (a second click) → its
 *   page again; else a new BALANCE payment of the amount owed, the provider sending the customer
 *   back to `return_url` with `?payment={cuid}`.
 * The provider's webhook then credits it once (settle.ts), never processing a cart again.
 */
export async function payOnline(
  context: ServiceContext,
  input: OnlinePaymentInput,
  payments: AccountPayments,
): Promise<OnlinePaymentResponse> {
  const customer = requireCustomer(context);
  const { db, organiser, log } = context;
  if (!organiser.settings.online_payments_activated) {
    throw new AppError("PAYMENT_METHOD_UNAVAILABLE");
  }
  if (input.customer_id !== customer.customerId) throw new AppError("CUSTOMER_NOT_FOUND");
  const returnPath = returnPathOf(input.return_url, payments.origin);
  if (returnPath === null) throw validationError({ return_url: "INVALID_FORMAT" });
  const destination = await payableDestination(context, input.destination, customer.customerId);
  if (destination.reference !== input.reference) throw validationError({ reference: "MISMATCH" });
  if (destination.due <= 0) throw new AppError("NOTHING_TO_PAY");

  const amount = destination.due;
  const open = await findOpenBalancePayment(db, organiser.id, destination, {
    amount,
    returnPath,
  });
  if (open) return { checkout_url: open.checkoutUrl, payment: { cuid: open.cuid, amount } };
  const payment = await createProviderPayment(context, {
    provider: payments.provider(),
    origin: payments.origin,
    amount,
    description: `${organiser.name} – ${destination.reference}`,
    redirectUrl: (cuid) => {
      const url = new URL(returnPath, payments.origin);
      url.searchParams.set(RETURN_PAYMENT_PARAM, cuid);
      return url.toString();
    },
    metadata: { destination: `${destination.type}:${destination.id}` },
    row: {
      purpose: "BALANCE",
      cartId: destination.cartId,
      registrationId: destination.registrationId,
      registrationRequestId: destination.registrationRequestId,
      attendanceChargeId: destination.attendanceChargeId,
      bookingParticipationId: destination.bookingParticipationId,
      returnPath,
    },
  });
  log.info(
    { event: "balance_payment_created", paymentId: payment.id, destination: input.destination },
    "online balance payment created",
  );
  return { checkout_url: payment.checkoutUrl, payment: { cuid: payment.cuid, amount } };
}

/**
 * GET /api/transactions/payments/{cuid}: where one of the customer's online balance payments
 * stands — the page the provider sends the customer back to follows it until it is confirmed.
 * Another customer's, a checkout's or an unknown payment → 404 PAYMENT_NOT_FOUND.
 */
export async function balancePayment(
  context: ServiceContext,
  cuid: string,
): Promise<BalancePaymentView> {
  const customer = requireCustomer(context);
  const payment = await findCustomerBalancePayment(
    context.db,
    context.organiser.id,
    customer.customerId,
    cuid,
  );
  if (!payment) throw new AppError("PAYMENT_NOT_FOUND");
  return {
    payment: {
      cuid: payment.cuid,
      status: payment.status,
      amount: payment.amount,
      currency: payment.currency,
      checkout_url: payment.status === "open" ? payment.checkoutUrl : null,
      destination: destinationOfPayment(payment),
    },
  };
}

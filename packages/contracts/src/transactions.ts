import { z } from "zod";
import { amountField, requiredText } from "./common.ts";

/**
 * Paying what is still owed from the account (platform-and-account.md §2.3, §5, §7): from the
 * wallet (POST /api/transactions/wallet) or online through the payment provider (POST
 * /api/transactions/checkout), on a processed cart, a registration or a registration request.
 * Money in integer minor units. Decision record: docs/decisions/0019-account-payments.md.
 */

const missingOrInvalid = {
  error: (issue: { input?: unknown }) => (issue.input === undefined ? "REQUIRED" : "INVALID_TYPE"),
};
const MAX_INT = 2_147_483_647;
const entityId = z.int(missingOrInvalid).positive("INVALID_TYPE").max(MAX_INT, "INVALID_TYPE");

/**
 * What a payment pays: a processed cart (order), one registration, a registration request, or an
 * attendance charge (decision 0064).
 */
export const PAYMENT_DESTINATION_TYPES = [
  "CART",
  "REGISTRATION",
  "REGISTRATION_REQUEST",
  "ATTENDANCE_CHARGE",
  "BOOKING_PARTICIPATION",
] as const;
export type PaymentDestinationType = (typeof PAYMENT_DESTINATION_TYPES)[number];

/** `destination` of both calls: the type and the id of what is paid, one of the customer's. */
export const paymentDestination = z.object({
  type: z.enum(PAYMENT_DESTINATION_TYPES, {
    error: (issue) => (issue.input === undefined ? "REQUIRED" : "INVALID_CHOICE"),
  }),
  id: entityId,
});
export type PaymentDestination = z.infer<typeof paymentDestination>;

/**
 * POST /api/transactions/wallet: `amount` (minor units, an integer above 0) taken from the
 * wallet for the destination. Above the wallet: 409 INSUFFICIENT_WALLET_AMOUNT on `amount`;
 * above what is owed: 409 AMOUNT_ABOVE_DUE on `amount`; nothing owed: 409 NOTHING_TO_PAY.
 */
export const walletPaymentBody = z.object({
  amount: amountField(1),
  destination: paymentDestination,
});
export type WalletPaymentBody = z.input<typeof walletPaymentBody>;

/** Where a destination stands with its payments. */
export const paymentBalanceView = z.object({
  type: z.enum(PAYMENT_DESTINATION_TYPES),
  id: z.int(),
  cuid: z.string(),
  reference: z.string(),
  total_amount: z.int(),
  paid_amount: z.int(),
  /** what is still owed (0 once paid, cancelled, or not approved for a request) */
  amount_due: z.int(),
});
export type PaymentBalanceView = z.infer<typeof paymentBalanceView>;

export const walletPaymentResponse = z.object({
  /** the wallet after the payment */
  wallet: z.object({ amount: z.int() }),
  destination: paymentBalanceView,
});
export type WalletPaymentResponse = z.infer<typeof walletPaymentResponse>;

/**
 * POST /api/transactions/checkout: pays online everything the destination still owes.
 * `customer_id` is the logged-in customer's id, `reference` the destination's payment
 * reference (a stale page paying something else is refused: MISMATCH), `return_url` the page of
 * the storefront the provider sends the customer back to (a path, or a URL on the same host),
 * where `?payment={cuid}` then says which payment to follow. Offered only while the organiser's
 * online payments are on (409 PAYMENT_METHOD_UNAVAILABLE otherwise).
 */
export const onlinePaymentBody = z.object({
  customer_id: entityId,
  reference: requiredText(64),
  destination: paymentDestination,
  return_url: requiredText(2000),
});
export type OnlinePaymentBody = z.input<typeof onlinePaymentBody>;

export const onlinePaymentResponse = z.object({
  /** the provider's hosted page the browser goes to */
  checkout_url: z.string(),
  payment: z.object({ cuid: z.string(), amount: z.int() }),
});
export type OnlinePaymentResponse = z.infer<typeof onlinePaymentResponse>;

/** The query parameter of the return page naming the payment it comes back from. */
export const RETURN_PAYMENT_PARAM = "payment";

export const balancePaymentParams = z.object({ cuid: z.string().min(1).max(64) });

/** GET /api/transactions/payments/{cuid}: an online balance payment of the customer. */
export const balancePaymentView = z.object({
  payment: z.object({
    cuid: z.string(),
    status: z.enum(["open", "paid", "failed", "expired", "canceled", "refunded"]),
    amount: z.int(),
    currency: z.string(),
    /** the provider's page while the payment is open */
    checkout_url: z.string().nullable(),
    destination: paymentDestination,
  }),
});
export type BalancePaymentView = z.infer<typeof balancePaymentView>;

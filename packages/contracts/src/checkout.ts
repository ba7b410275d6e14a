import { z } from "zod";
import { REGISTRATION_REQUEST_STATUS_VALUES } from "./account-items.ts";
import { cartItemView, cartPaymentState } from "./carts.ts";

/** A database id in a JSON body: a positive 32-bit integer. */
const entityId = z.int("INVALID_TYPE").positive("INVALID_TYPE").max(2_147_483_647, "INVALID_TYPE");

/**
 * How a cart is paid (storefront.md §4 Checkout). The web app's WALLET strategy (the wallet
 * covers everything) is sent to the server as DELAYED.
 */
export const PAYMENT_STRATEGIES = ["IMMEDIATE", "IMMEDIATE_DEPOSIT", "DELAYED"] as const;
export type PaymentStrategy = (typeof PAYMENT_STRATEGIES)[number];

/**
 * POST /api/carts/checkout (storefront.md §5 "Checkout form", §7). `terms` must be true (field
 * error TERMS_REQUIRED); `coupon`, when given, is attached as POST /api/carts/coupons does before
 * the cart is priced.
 */
export const checkoutBody = z.object({
  cart_id: entityId,
  coupon: z.string("INVALID_TYPE").trim().max(100, "TOO_LONG").nullable().optional(),
  payment_strategy: z.enum(PAYMENT_STRATEGIES, "INVALID_CHOICE"),
  terms: z.literal(true, "TERMS_REQUIRED"),
});
export type CheckoutBody = z.input<typeof checkoutBody>;

/**
 * What the browser does next: "success" → go to `next_action_url` (the success page);
 * "payment" (online payment) → navigate to `next_action_url`, the provider's hosted page.
 */
export const checkoutResponse = z.object({
  next_action: z.enum(["success", "payment"]),
  next_action_url: z.string(),
});
export type CheckoutResult = z.infer<typeof checkoutResponse>;

/** GET /api/carts/{cuid} */
export const processedCartParams = z.object({ cuid: z.string().min(1).max(64) });

const dateView = z.object({
  id: z.int(),
  cuid: z.string(),
  start_at: z.string(),
  end_at: z.string(),
});

/** A registration of the processed cart (platform-and-account.md §3.5 "Registration"). */
export const registrationView = z.object({
  id: z.int(),
  cuid: z.string(),
  reference: z.string(),
  participant: z.object({ id: z.int(), cuid: z.string(), fullname: z.string() }),
  total_amount: z.int(),
  deposit_amount: z.int(),
  paid_amount: z.int(),
  cancelled: z.boolean(),
  bundle_id: z.int().nullable(),
  dates: z.array(z.object({ date_id: z.int(), date: dateView })),
  options: z.array(z.object({ price_id: z.int(), content: z.string().nullable() })),
  questions: z.array(
    z.object({
      question_id: z.int(),
      content: z.union([z.string(), z.int(), z.array(z.int())]).nullable(),
    }),
  ),
  availability: z.object({
    id: z.int(),
    cuid: z.string(),
    start_at: z.string(),
    end_at: z.string(),
    activity: z.object({ id: z.int(), cuid: z.string(), title: z.string() }),
  }),
  created_at: z.string(),
});
export type RegistrationView = z.infer<typeof registrationView>;

const product = z.object({ id: z.int(), cuid: z.string(), title: z.string() });
const participantRef = z.object({ id: z.int(), cuid: z.string(), fullname: z.string() }).nullable();

export const customerBundleView = z.object({
  id: z.int(),
  cuid: z.string(),
  bundle: product,
  participant: participantRef,
  total_amount: z.int(),
  paid_amount: z.int(),
  capacity: z.int().nullable(),
  used: z.int(),
  expires_at: z.string().nullable(),
});
export const customerMembershipView = z.object({
  id: z.int(),
  cuid: z.string(),
  membership: product,
  participant: participantRef,
  total_amount: z.int(),
  paid_amount: z.int(),
  start_at: z.string(),
  end_at: z.string(),
});
export const customerVoucherView = z.object({
  id: z.int(),
  cuid: z.string(),
  voucher: product,
  code: z.string(),
  total_amount: z.int(),
  paid_amount: z.int(),
  expires_at: z.string().nullable(),
});

/**
 * Bank transfer instructions of a processed cart, null when nothing is left to transfer or bank
 * transfers are off: the organiser's account and the amount to transfer with the structured
 * reference, by the day it is due.
 */
export const bankTransferView = z.object({
  beneficiary: z.string(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  amount: z.int(),
  reference: z.string(),
  /** the last day to pay (YYYY-MM-DD, organiser's time zone): `paymentDueDay` of packages/domain */
  due_on: z.string(),
  /**
   * The text of the transfer's EPC QR code ("BCD…", `epcQrPayload` of packages/domain) that
   * banking apps scan; null when there can be none (not in euros, no IBAN).
   */
  epc_qr: z.string().nullable(),
});

/**
 * GET /api/carts/{cuid}: the customer's processed cart for the success page
 * (storefront.md "/checkout/{cart}/success"). Totals are the figures stored at processing.
 */
export const processedCartView = z.object({
  id: z.int(),
  cuid: z.string(),
  reference: z.string(),
  payment_strategy: z.enum(PAYMENT_STRATEGIES),
  processed_at: z.string(),
  items: z.array(cartItemView.omit({ expires_at: true, options: true, questions: true })),
  /** Sorted by the start of their first date. */
  registrations: z.array(registrationView),
  bundles: z.array(customerBundleView),
  memberships: z.array(customerMembershipView),
  vouchers: z.array(customerVoucherView),
  /**
   * What the order's BOOKING items became (decision 0079): the booking, whether it was cancelled,
   * and the customer's own share of it, which is owed and paid on the booking's page, not here.
   */
  bookings: z.array(
    z.object({
      item_id: z.int(),
      cuid: z.string(),
      canceled_at: z.string().nullable(),
      share: z.object({ total_amount: z.int(), paid_amount: z.int(), amount_due: z.int() }),
    }),
  ),
  /** What the order's REGISTRATION_REQUEST items became: the requests and their status. */
  registration_requests: z.array(
    z.object({
      item_id: z.int(),
      cuid: z.string(),
      reference: z.string(),
      status: z.enum(REGISTRATION_REQUEST_STATUS_VALUES),
    }),
  ),
  totals: z.object({
    total: z.int(),
    deposit: z.int(),
    wallet_used: z.int(),
    service_fees: z.int(),
    /** total − wallet_used + service_fees. */
    payable: z.int(),
    paid: z.int(),
    /**
     * What the order itself still owes: each registration, bundle, membership and voucher its
     * total less what was paid (nothing once cancelled), and the fees. Booking shares are not in
     * it: they are owed on their bookings (decision 0079).
     */
    outstanding: z.int(),
    /** The customer's booking shares the order's total holds, owed on the bookings' pages. */
    booking_shares: z.int(),
  }),
  bank_transfer: bankTransferView.nullable(),
});
export type ProcessedCartView = z.infer<typeof processedCartView>;
export const processedCartResponse = z.object({ cart: processedCartView });

/**
 * Where a cart stands with its online payment (docs/decisions/0011-online-payments.md):
 * GET /api/carts/{cuid}/payment (the success page polls it until the webhook lands; the checkout
 * page shows a payment in progress) and DELETE /api/carts/{cuid}/payment (the customer cancels
 * the payment in progress: the cart is open again). `payment` is the cart's latest payment
 * (`cartPaymentState`, as the cart's own `payment` shows it).
 */
export const cartPaymentView = z.object({
  cart: z.object({
    cuid: z.string(),
    state: z.enum(["open", "awaiting_payment", "processed"]),
  }),
  payment: cartPaymentState.nullable(),
});
export type CartPaymentView = z.infer<typeof cartPaymentView>;

import { z } from "zod";
import { LIMITS } from "./common.ts";
import { cartConstraintNote } from "./registration-constraints.ts";
import { chosenOptionsView, questionAnswersView } from "./registration-form.ts";
import { bookingItemFields, cartBookingInput } from "./resource-bookings.ts";

/** A database id in a JSON body: a positive 32-bit integer. */
const entityId = z.int("INVALID_TYPE").positive("INVALID_TYPE").max(2_147_483_647, "INVALID_TYPE");

/** Units of one registration; each unit is one cart item holding one place on each chosen date. */
export const MAX_REGISTRATION_QUANTITY = 20;

export const CART_ITEM_TYPES = [
  "REGISTRATION",
  "BUNDLE",
  "VOUCHER",
  "MEMBERSHIP",
  "REGISTRATION_REQUEST",
  "BOOKING",
] as const;
export type CartItemType = (typeof CART_ITEM_TYPES)[number];

const answer = z.string("INVALID_TYPE").max(LIMITS.longText, "TOO_LONG").nullable().default(null);

/**
 * A question's answer: text (TEXT, DATE), a choice id (CHOICES_SINGLE) or a list of choice ids
 * (CHOICES_MULTIPLE). Its fit with the question is checked against the activity's configuration
 * by `validateRegistrationQuestions` (packages/domain), which keys value errors
 * `registrations.{i}.questions.{question_id}`.
 */
const questionAnswer = z
  .union(
    [
      z.string().max(LIMITS.longText, "TOO_LONG"),
      z.number(),
      z.array(z.union([z.int(), z.string().max(20, "TOO_LONG")])).max(100, "TOO_BIG"),
    ],
    { error: "INVALID_TYPE" },
  )
  .nullable()
  .default(null);

/** Dates of a registration: at least one (missing or empty is availability_dates_required). */
const availabilityDatesInput = z
  .array(z.object({ date_id: entityId }), {
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? "AVAILABILITY_DATES_REQUIRED"
        : "INVALID_TYPE",
  })
  .min(1, "AVAILABILITY_DATES_REQUIRED")
  .max(400, "TOO_BIG");

/** A registration's chosen options, by price id, each with its answer. */
const registrationOptionsInput = z
  .array(z.object({ price_id: entityId, content: answer }))
  .max(100, "TOO_BIG")
  .default([]);

/** A registration's answers to the activity's questions. */
const registrationQuestionsInput = z
  .array(z.object({ question_id: entityId, content: questionAnswer }))
  .max(100, "TOO_BIG")
  .default([]);

const registrationQuantity = z
  .int("INVALID_TYPE")
  .min(1, "TOO_SMALL")
  .max(MAX_REGISTRATION_QUANTITY, "TOO_BIG")
  .default(1);

/** One registration of the add payload (storefront.md §3 "Registration payload", §5). */
export const cartRegistrationInput = z.object({
  availability_id: entityId,
  participant_id: entityId,
  quantity: registrationQuantity,
  options: registrationOptionsInput,
  questions: registrationQuestionsInput,
  // At least one date: missing or empty is the spec's availability_dates_required.
  availability_dates: availabilityDatesInput,
});
export type CartRegistrationInput = z.output<typeof cartRegistrationInput>;

/**
 * One registration request of the add payload (storefront.md §7): the sessions (availabilities of
 * one REQUEST activity, in the parent's order of preference) with the dates chosen on each —
 * none sent means every date of it still to come —, and the answers of the registration form.
 * The storefront sends it as many times as the tier's registrations count; the tier is the one
 * those two numbers fit (docs/decisions/0060-registration-request-tiers.md).
 */
export const cartRegistrationRequestInput = z.object({
  participant_id: entityId,
  availabilities: z
    .array(
      z.object({
        id: entityId,
        dates: z
          .array(z.object({ date_id: entityId }))
          .max(400, "TOO_BIG")
          .default([]),
      }),
      { error: "REQUIRED" },
    )
    .min(1, "REQUIRED")
    .max(50, "TOO_BIG"),
  options: registrationOptionsInput,
  questions: registrationQuestionsInput,
});
export type CartRegistrationRequestInput = z.output<typeof cartRegistrationRequestInput>;

/**
 * POST /api/carts/items (storefront.md §7). One bundle, membership or voucher entry per unit of
 * quantity; registration requests repeated as many times as their tier's registrations count.
 */
export const addCartItemsBody = z.object({
  /** The logged-in customer; when sent it must be that customer. */
  customer_id: entityId.optional(),
  participant_id: entityId.nullable().optional(),
  registrations: z.array(cartRegistrationInput).max(50, "TOO_BIG").default([]),
  bundles: z
    .array(z.object({ bundle_id: entityId, participant_id: entityId.nullable().default(null) }))
    .max(50, "TOO_BIG")
    .default([]),
  vouchers: z
    .array(z.object({ voucher_id: entityId }))
    .max(50, "TOO_BIG")
    .default([]),
  memberships: z
    .array(z.object({ membership_id: entityId, participant_id: entityId.nullable().default(null) }))
    .max(50, "TOO_BIG")
    .default([]),
  registrations_requests: z.array(cartRegistrationRequestInput).max(50, "TOO_BIG").default([]),
  bookings: z.array(cartBookingInput).max(10, "TOO_BIG").default([]),
});
export type AddCartItemsBody = z.input<typeof addCartItemsBody>;

/** DELETE /api/carts/items?item_id= */
export const deleteCartItemQuery = z.object({
  item_id: z.coerce.number().int().positive().max(2_147_483_647),
});

/**
 * POST /api/carts/items/estimate (storefront.md §7): the price of one registration before it is
 * added. Validated like a registration of the add call (own participant, open availability,
 * selectable dates, option price ids of the availability's activity); the answers of options
 * that ask one are not required yet. `cart_id`, when sent, must be the customer's open cart.
 */
export const estimateCartItemBody = z.object({
  cart_id: entityId.nullable().optional(),
  availability_id: entityId,
  participant_id: entityId,
  quantity: registrationQuantity,
  availability_dates: availabilityDatesInput,
  options: z
    .array(z.object({ price_id: entityId, content: answer.optional() }))
    .max(100, "TOO_BIG")
    .default([]),
});
export type EstimateCartItemBody = z.input<typeof estimateCartItemBody>;

/** The estimate's details (storefront.md §3 "Estimate"), minor units for the whole line. */
export const estimateDetails = z.object({
  base_price: z.int(),
  partial_registration_total_fee: z.int(),
  partial_registration_total_discount: z.int(),
  options_total: z.int(),
  bundle_total: z.int(),
  discounts_total: z.int(),
  volume_discounts_total: z.int(),
});
/** A discount given to the customer (decision 0100), shown as its own named line. */
export const customerDiscountLine = z.object({ name: z.string(), amount: z.int() });
export const estimateResponse = z.object({
  price: z.int(),
  deposit: z.int(),
  details: estimateDetails,
  /** the customer discount this line gets (already out of `price`), else null */
  customer_discount: customerDiscountLine.nullable(),
});
export type EstimateView = z.infer<typeof estimateResponse>;

/** POST /api/carts/coupons: the code is trimmed and compared case-insensitively. */
export const attachCouponBody = z.object({
  cart_id: entityId,
  coupon: z.string("INVALID_TYPE").trim().min(1, "REQUIRED").max(100, "TOO_LONG"),
});
export type AttachCouponBody = z.input<typeof attachCouponBody>;

/** DELETE /api/carts/coupons?cart_id= */
export const detachCouponQuery = z.object({
  cart_id: z.coerce.number().int().positive().max(2_147_483_647),
});

const titled = z.object({ id: z.int(), cuid: z.string(), title: z.string() });

/** What a REGISTRATION_REQUEST cart item asks for, as it was when added. */
export const registrationRequestItemView = z.object({
  tier: z.object({ cuid: z.string(), name: z.string(), registrations: z.int() }).nullable(),
  availabilities: z.array(
    z.object({ id: z.int(), cuid: z.string(), start_at: z.string(), end_at: z.string() }),
  ),
});
export type RegistrationRequestItemView = z.infer<typeof registrationRequestItemView>;

export const cartItemView = z.object({
  id: z.int(),
  cuid: z.string(),
  type: z.enum(CART_ITEM_TYPES),
  price: z.int(),
  deposit: z.int(),
  expires_at: z.string(),
  participant: z.object({ id: z.int(), cuid: z.string(), fullname: z.string() }).nullable(),
  availability: z
    .object({
      id: z.int(),
      cuid: z.string(),
      start_at: z.string(),
      end_at: z.string(),
      activity: z.object({ id: z.int(), cuid: z.string(), title: z.string() }),
    })
    .nullable(),
  availability_dates: z.array(
    z.object({
      date: z.object({ id: z.int(), cuid: z.string(), start_at: z.string(), end_at: z.string() }),
    }),
  ),
  bundle: titled.nullable(),
  voucher: titled.nullable(),
  membership: titled.nullable(),
  /**
   * A registration request's tier and the sessions asked for (null for other items). It holds no
   * place and costs nothing at checkout: the organiser sets its price when approving it.
   */
  request: registrationRequestItemView.nullable(),
  ...bookingItemFields,
  /** a registration's chosen options and answers (empty for other items) */
  options: chosenOptionsView,
  questions: questionAnswersView,
  created_at: z.string(),
});
export type CartItemView = z.infer<typeof cartItemView>;

/**
 * Totals of the LIVE items by `priceCart` (packages/domain, docs/decisions/0007-pricing.md):
 * the coupon, the customer's wallet and the organiser's customer service fees.
 * - subtotal: Σ item prices (after bundles and volume discounts); discounts_total: the coupon
 *   discount; bundle_total, volume_discounts_total: what customer bundles pay and the volume
 *   discount take off the registrations (both already out of the subtotal); customer_discounts:
 *   each discount given to the customer with what it takes off (out of the subtotal too,
 *   decision 0100), customer_discounts_total their sum;
 * - coupon: null without a coupon; else whether it applies, and why not (INACTIVE,
 *   MINIMUM_NOT_REACHED: the subtotal is below its min_total_amount);
 * - total = subtotal − discounts_total; wallet.use = min(wallet.balance, total);
 * - service_fees = amount + percentage % × (total − wallet.use), 0 when the total is 0;
 * - payable = max(0, total − wallet.use + service_fees);
 * - deposit = Σ item deposits (≤ total); deposit_payable = min(deposit, payable).
 */
export const cartTotals = z.object({
  subtotal: z.int(),
  bundle_total: z.int(),
  discounts_total: z.int(),
  volume_discounts_total: z.int(),
  customer_discounts: z.array(customerDiscountLine),
  customer_discounts_total: z.int(),
  coupon: z
    .object({
      applied: z.boolean(),
      title: z.string(),
      label: z.string(),
      discount: z.int(),
      reason: z.enum(["INACTIVE", "MINIMUM_NOT_REACHED"]).optional(),
    })
    .nullable(),
  total: z.int(),
  wallet: z.object({ balance: z.int(), use: z.int() }),
  service_fees: z.int(),
  payable: z.int(),
  deposit: z.int(),
  deposit_payable: z.int(),
  items_count: z.int(),
});
export type CartTotals = z.infer<typeof cartTotals>;

/**
 * A cart's latest online payment (docs/decisions/0011-online-payments.md), as the cart shows it
 * (`cartView.payment`) and GET/DELETE /api/carts/{cuid}/payment answer it: `checkout_url` (the
 * provider's page) only while it is open.
 */
export const cartPaymentState = z.object({
  status: z.enum(["open", "paid", "failed", "expired", "canceled", "refunded"]),
  amount: z.int(),
  currency: z.string(),
  checkout_url: z.string().nullable(),
  /** why a confirmed payment was refunded (places taken after the hold expired, or not awaited) */
  refund_reason: z.enum(["PLACES_TAKEN", "NOT_AWAITED"]).nullable(),
});
export type CartPaymentState = z.infer<typeof cartPaymentState>;

/**
 * A cart with its LIVE items only (expires_at in the future), ordered as the cart panel shows
 * them: non-registration items first, then registrations by their first date.
 */
export const cartView = z.object({
  id: z.int(),
  cuid: z.string(),
  reference: z.string().nullable(),
  coupon_id: z.int().nullable(),
  /** The attached coupon (storefront.md §3 Cart), whether it applies or not; see totals.coupon. */
  coupon: z
    .object({ id: z.int(), code: z.string(), title: z.string(), label: z.string() })
    .nullable(),
  items: z.array(cartItemView),
  /**
   * Sum of the live items' prices and deposits, and their number. An item's price is what it
   * costs in this cart before the coupon, wallet and fees (after the bundle paying for it and the
   * volume discount), so `total` is `totals.subtotal`.
   */
  total: z.int(),
  deposit: z.int(),
  count: z.int(),
  totals: cartTotals,
  processed_at: z.string().nullable(),
  /** an online payment of its checkout is in progress: the cart cannot change (decision 0011) */
  awaiting_payment: z.boolean(),
  /**
   * Its latest online payment (null when it never had one): the checkout page shows the payment
   * in progress (`awaiting_payment`, with its `checkout_url`) or, the cart open again after a
   * failed, expired or cancelled one, its retry notice — without asking /payment.
   */
  payment: cartPaymentState.nullable(),
  /** the activities' registration constraints the cart does not meet (decision 0062) */
  constraints: z.array(cartConstraintNote),
  created_at: z.string(),
});
export type CartView = z.infer<typeof cartView>;

/** GET /api/carts/current: null when the customer has no open cart. */
export const currentCartResponse = z.object({ cart: cartView.nullable() });
export type CurrentCartResponse = z.infer<typeof currentCartResponse>;
/**
 * POST /api/carts/items, DELETE /api/carts/items, POST and DELETE /api/carts/coupons: the cart
 * after the change.
 */
export const cartResponse = z.object({ cart: cartView });

/** The registration fields of the add payload, shared with PUT /api/registrations and the console. */
export { availabilityDatesInput, registrationOptionsInput, registrationQuestionsInput };

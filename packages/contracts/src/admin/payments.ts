import { z } from "zod";
import { amountField, LIMITS, listEnvelope, requiredText } from "../common.ts";
import { adminListQuery, checkListRange, listDay } from "./list-query.ts";

/**
 * The console's payments (issue 6 item 6): one list of the money received — online payments,
 * bank transfers and wallet uses —, the processed carts that still owe money, and refunds of
 * online payments through their provider. Money is in minor units of the organiser's currency.
 */

/** One of `values`, or not given (a blank query parameter is not given). */
export const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(values, "INVALID_CHOICE").optional(),
  );

/** A `sort` parameter whose default may be descending (newest first). */
const sortOf = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(values, "INVALID_CHOICE").default(fallback),
  );

export const PAYMENT_KINDS = ["ONLINE", "TRANSFER", "WALLET"] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/**
 * A payment's status by kind: an online payment's (open … refunded), a transfer's (RECEIVED,
 * CANCELLED), what a wallet use paid (CHECKOUT: at checkout, PAYMENT: a balance later).
 */
export const PAYMENT_LIST_STATUSES = [
  "open",
  "paid",
  "failed",
  "expired",
  "canceled",
  "refunded",
  "RECEIVED",
  "CANCELLED",
  "CHECKOUT",
  "PAYMENT",
] as const;
export type PaymentListStatus = (typeof PAYMENT_LIST_STATUSES)[number];

/**
 * GET /api/admin/payments: `type`, `status`, `from`/`to` (days of the organiser's time zone, both
 * included), `q` (payment reference, customer name or e-mail), `sort` by date or amount.
 */
export const paymentListQuery = adminListQuery
  .extend({
    type: optionalChoice(PAYMENT_KINDS),
    status: optionalChoice(PAYMENT_LIST_STATUSES),
    from: listDay,
    to: listDay,
    sort: sortOf(["date", "-date", "amount", "-amount"], "-date"),
  })
  .superRefine(checkListRange("from", "to"));
export type PaymentListQuery = z.input<typeof paymentListQuery>;

export const paymentCustomer = z.object({
  cuid: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
});
export type PaymentCustomer = z.infer<typeof paymentCustomer>;

export const adminPaymentView = z.object({
  type: z.enum(PAYMENT_KINDS),
  /** the online payment's, the transfer's or the wallet movement's cuid */
  cuid: z.string(),
  /** when the money came: paid (or created, unpaid), the day received, the wallet movement */
  date: z.string(),
  status: z.enum(PAYMENT_LIST_STATUSES),
  amount: z.int(),
  currency: z.string(),
  /** the payment reference of what it paid (a cart, or a registration request) */
  reference: z.string().nullable(),
  cart: z.object({ cuid: z.string() }).nullable(),
  customer: paymentCustomer.nullable(),
  /** online: the provider (test, mollie) */
  provider: z.string().nullable(),
  /**
   * online: what was refunded, when and why — by the organiser (ORGANISER, with their note), or
   * automatically (PLACES_TAKEN: the places went meanwhile; NOT_AWAITED: the cart no longer
   * awaited the payment)
   */
  refunded_amount: z.int().nullable(),
  refunded_at: z.string().nullable(),
  refund_reason: z.enum(["ORGANISER", "PLACES_TAKEN", "NOT_AWAITED"]).nullable(),
  refund_note: z.string().nullable(),
  /** transfer: recorded by hand, or matched from a bank statement line */
  source: z.enum(["HAND", "STATEMENT"]).nullable(),
  /** transfer: what went to the customer's wallet beyond what the cart owed */
  wallet_credit: z.int().nullable(),
  note: z.string().nullable(),
});
export type AdminPaymentView = z.infer<typeof adminPaymentView>;
export const adminPaymentList = listEnvelope(adminPaymentView);

/** What the outstanding list lists (decision 0072): orders, attendance charges, booking shares. */
export const OUTSTANDING_ITEM_TYPES = [
  "CART",
  "ATTENDANCE_CHARGE",
  "BOOKING_PARTICIPATION",
] as const;
export type OutstandingItemType = (typeof OUTSTANDING_ITEM_TYPES)[number];

/**
 * GET /api/admin/outstanding: `type` (one kind of debt), `q` (reference, customer name or
 * e-mail), `sort` by age or due.
 */
export const outstandingQuery = adminListQuery.extend({
  type: optionalChoice(OUTSTANDING_ITEM_TYPES),
  sort: sortOf(["age", "-age", "due", "-due"], "-age"),
});
export type OutstandingQuery = z.input<typeof outstandingQuery>;

/** A processed cart with what it still owes (the amount-due rule of the account area). */
export const outstandingCartView = z.object({
  cuid: z.string(),
  reference: z.string(),
  customer: paymentCustomer,
  processed_at: z.string(),
  /** whole days since it was processed */
  age_days: z.int(),
  payment_strategy: z.enum(["IMMEDIATE", "IMMEDIATE_DEPOSIT", "DELAYED"]),
  /** what it costs: its total and service fees */
  total_amount: z.int(),
  paid_amount: z.int(),
  amount_due: z.int(),
});
export type OutstandingCartView = z.infer<typeof outstandingCartView>;

/** Where an owed item stands with its payment reminders (decision 0077). */
export const outstandingReminderState = z.object({
  /** its due day (YYYY-MM-DD): its invoice's due date, else its transfer's payment deadline */
  due_on: z.string(),
  /** whole days since then; negative before it */
  days_overdue: z.int(),
  /** reminders sent so far */
  sent: z.int(),
  last_sent_at: z.string().nullable(),
  /** marked overdue by the reminder schedule */
  overdue: z.boolean(),
});
export type OutstandingReminderState = z.infer<typeof outstandingReminderState>;

/**
 * One thing a customer still owes: a processed order, an attendance charge or a booking share,
 * with what it is about (the charge's activity and month, the share's resource and first date).
 */
export const outstandingItemView = z.object({
  type: z.enum(OUTSTANDING_ITEM_TYPES),
  cuid: z.string(),
  /** its payment reference; null for a booking share whose page was never read (decision 0072) */
  reference: z.string().nullable(),
  customer: paymentCustomer,
  /** since when it is owed: the order processed, the charge issued, the booking made */
  since: z.string(),
  /** whole days since then */
  age_days: z.int(),
  /** an order's payment strategy; null otherwise */
  payment_strategy: z.enum(["IMMEDIATE", "IMMEDIATE_DEPOSIT", "DELAYED"]).nullable(),
  total_amount: z.int(),
  paid_amount: z.int(),
  amount_due: z.int(),
  /** the activity billed or the resource booked; null for an order */
  subject: z.object({ cuid: z.string(), label: z.string(), at: z.string().nullable() }).nullable(),
  reminders: outstandingReminderState.nullable(),
});
export type OutstandingItemView = z.infer<typeof outstandingItemView>;

export const outstandingList = listEnvelope(outstandingItemView).extend({
  /** over every item the filters keep, not just this page */
  totals: z.object({ items: z.int(), amount_due: z.int() }),
});
export type OutstandingList = z.infer<typeof outstandingList>;

/** POST /api/admin/payments/:cuid/refund: `amount` (default: all that was paid) and why. */
export const refundPaymentBody = z.object({
  amount: amountField(1).optional(),
  reason: requiredText(LIMITS.shortText),
});
export type RefundPaymentBody = z.input<typeof refundPaymentBody>;

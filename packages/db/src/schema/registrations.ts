import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { attendanceCharges } from "./attendance.ts";
import { availabilities, availabilityDates } from "./availabilities.ts";
import { bookingParticipations } from "./bookings.ts";
import { type CartItemPayload, cartItems, carts } from "./carts.ts";
import { createdAt, money, timestamptz } from "./columns.ts";
import { bundles, memberships, vouchers } from "./commerce.ts";
import { customers, participants } from "./customers.ts";
import { organisers } from "./organisers.ts";
import { registrationRequests } from "./registration-requests.ts";
import { organiserId, tenantCuid, tenantForeignKey, tenantId, tenantKey } from "./tenancy.ts";

// What checkout (apps/server/src/modules/checkout) makes of a processed cart: each live item
// becomes one row here, pointing back at its cart item (unique), so a cart is converted once.
// Decision record: docs/decisions/0010-checkout.md.

/**
 * A bundle of a customer: `capacity` registrations (null = unlimited), `used` so far. Bought
 * through a cart (`cart_id`, `cart_item_id`), or given by a redeemed voucher (`customer_voucher_id`,
 * unique: a voucher gives its bundle once; docs/decisions/0017-voucher-redemption.md).
 */
export const customerBundles = pgTable(
  "customer_bundles",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    customerId: integer().notNull(),
    participantId: integer(),
    bundleId: integer().notNull(),
    cartId: integer(),
    cartItemId: integer(),
    customerVoucherId: integer(),
    totalAmount: money().notNull(),
    paidAmount: money().notNull().default(0),
    capacity: integer(),
    used: integer().notNull().default(0),
    expiresAt: timestamptz(),
    /** Refunded by the organiser (decision 0087): it pays no more registrations. */
    refundedAt: timestamptz(),
    /** What the refund gave back to the customer's wallet (at most what was paid). */
    refundedAmount: money(),
    createdAt: createdAt(),
  },
  (t) => [
    ...tenantKey("customer_bundles", t),
    check(
      "customer_bundles_refund",
      sql`(${t.refundedAt} is null) = (${t.refundedAmount} is null) and (${t.refundedAmount} is null or (${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.paidAmount}))`,
    ),
    unique("customer_bundles_organiser_id_cart_item_id_unique").on(t.organiserId, t.cartItemId),
    unique("customer_bundles_organiser_id_customer_voucher_id_unique").on(
      t.organiserId,
      t.customerVoucherId,
    ),
    tenantForeignKey(
      "customer_bundles_customer_fk",
      { organiserId: t.organiserId, column: t.customerId },
      customers,
    ),
    tenantForeignKey(
      "customer_bundles_participant_fk",
      { organiserId: t.organiserId, column: t.participantId },
      participants,
    ),
    tenantForeignKey(
      "customer_bundles_bundle_fk",
      { organiserId: t.organiserId, column: t.bundleId },
      bundles,
    ),
    tenantForeignKey(
      "customer_bundles_cart_fk",
      { organiserId: t.organiserId, column: t.cartId },
      carts,
    ),
    tenantForeignKey(
      "customer_bundles_cart_item_fk",
      { organiserId: t.organiserId, column: t.cartItemId },
      cartItems,
    ),
    tenantForeignKey(
      "customer_bundles_customer_voucher_fk",
      { organiserId: t.organiserId, column: t.customerVoucherId },
      customerVouchers,
    ),
    index("customer_bundles_organiser_id_customer_id_idx").on(t.organiserId, t.customerId),
    index("customer_bundles_organiser_id_cart_id_idx").on(t.organiserId, t.cartId),
    index("customer_bundles_organiser_id_bundle_id_idx").on(t.organiserId, t.bundleId),
    index("customer_bundles_organiser_id_participant_id_idx").on(t.organiserId, t.participantId),
    check(
      "customer_bundles_amounts",
      sql`${t.totalAmount} >= 0 and ${t.paidAmount} >= 0 and ${t.used} >= 0 and (${t.capacity} is null or ${t.used} <= ${t.capacity})`,
    ),
    // Bought (its cart and item) or given by a voucher.
    check(
      "customer_bundles_origin",
      sql`(${t.cartId} is not null and ${t.cartItemId} is not null) or ${t.customerVoucherId} is not null`,
    ),
  ],
);

/**
 * A participant's place on an availability, bought through a cart: one row per place (a cart
 * item of type REGISTRATION), with the dates it holds in `registration_dates`.
 */
export const registrations = pgTable(
  "registrations",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    /** The cart's payment reference (structured communication). */
    reference: text().notNull(),
    cartId: integer().notNull(),
    /** The cart item it was made from: unique, so that an item is converted once. */
    cartItemId: integer().notNull(),
    customerId: integer().notNull(),
    participantId: integer().notNull(),
    availabilityId: integer().notNull(),
    totalAmount: money().notNull(),
    depositAmount: money().notNull().default(0),
    paidAmount: money().notNull().default(0),
    cancelled: boolean().notNull().default(false),
    /** The customer bundle that paid for this place, if any. */
    bundleId: integer(),
    /**
     * The customer discount applied when it was bought (decision 0100): its name and amount as
     * they were then, so that a later edit of the discount never rewrites it.
     */
    customerDiscountName: text(),
    customerDiscountAmount: money().notNull().default(0),
    options: jsonb().$type<NonNullable<CartItemPayload["options"]>>().notNull().default([]),
    questions: jsonb().$type<NonNullable<CartItemPayload["questions"]>>().notNull().default([]),
    /** The registration's id in the tool an import came from: a re-import matches it (decision 0091). */
    externalId: text(),
    createdAt: createdAt(),
  },
  (t) => [
    ...tenantKey("registrations", t),
    uniqueIndex("registrations_organiser_id_external_id_unique")
      .on(t.organiserId, t.externalId)
      .where(sql`${t.externalId} is not null`),
    unique("registrations_organiser_id_cart_item_id_unique").on(t.organiserId, t.cartItemId),
    tenantForeignKey(
      "registrations_cart_fk",
      { organiserId: t.organiserId, column: t.cartId },
      carts,
    ),
    tenantForeignKey(
      "registrations_cart_item_fk",
      { organiserId: t.organiserId, column: t.cartItemId },
      cartItems,
    ),
    tenantForeignKey(
      "registrations_customer_fk",
      { organiserId: t.organiserId, column: t.customerId },
      customers,
    ),
    tenantForeignKey(
      "registrations_participant_fk",
      { organiserId: t.organiserId, column: t.participantId },
      participants,
    ),
    tenantForeignKey(
      "registrations_availability_fk",
      { organiserId: t.organiserId, column: t.availabilityId },
      availabilities,
    ),
    tenantForeignKey(
      "registrations_bundle_fk",
      { organiserId: t.organiserId, column: t.bundleId },
      customerBundles,
    ),
    // A cart's registrations (success page), a customer's (account area), an availability's
    // (console lists), a participant's.
    index("registrations_organiser_id_cart_id_idx").on(t.organiserId, t.cartId),
    index("registrations_organiser_id_customer_id_idx").on(t.organiserId, t.customerId),
    index("registrations_organiser_id_availability_id_idx").on(t.organiserId, t.availabilityId),
    index("registrations_organiser_id_participant_id_idx").on(t.organiserId, t.participantId),
    index("registrations_organiser_id_bundle_id_idx").on(t.organiserId, t.bundleId),
    check(
      "registrations_amounts",
      sql`${t.totalAmount} >= 0 and ${t.depositAmount} >= 0 and ${t.depositAmount} <= ${t.totalAmount} and ${t.paidAmount} >= 0`,
    ),
  ],
);

/** The dates of a registration: one place on each. */
export type AttendanceStatus = "PRESENT" | "ABSENT" | "EXCUSED";

export const registrationDates = pgTable(
  "registration_dates",
  {
    organiserId: organiserId(),
    registrationId: integer().notNull(),
    availabilityDateId: integer().notNull(),
    /** Taken on the day by staff; null until then. */
    attendance: text().$type<AttendanceStatus>(),
    attendanceRecordedAt: timestamptz(),
    /** arrival and departure, where the activity's attendance billing records them */
    arrivedAt: timestamptz(),
    departedAt: timestamptz(),
  },
  (t) => [
    primaryKey({
      name: "registration_dates_pkey",
      columns: [t.organiserId, t.registrationId, t.availabilityDateId],
    }),
    check(
      "registration_dates_attendance",
      sql`${t.attendance} in ('PRESENT', 'ABSENT', 'EXCUSED')`,
    ),
    tenantForeignKey(
      "registration_dates_registration_fk",
      { organiserId: t.organiserId, column: t.registrationId },
      registrations,
      "cascade",
    ),
    tenantForeignKey(
      "registration_dates_availability_date_fk",
      { organiserId: t.organiserId, column: t.availabilityDateId },
      availabilityDates,
    ),
    // The registrations of a date (attendance lists).
    index("registration_dates_organiser_id_availability_date_id_idx").on(
      t.organiserId,
      t.availabilityDateId,
    ),
  ],
);

/** A membership bought by a customer, valid from `start_at` to `end_at`. */
export const customerMemberships = pgTable(
  "customer_memberships",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    customerId: integer().notNull(),
    participantId: integer(),
    membershipId: integer().notNull(),
    cartId: integer().notNull(),
    cartItemId: integer().notNull(),
    totalAmount: money().notNull(),
    paidAmount: money().notNull().default(0),
    startAt: timestamptz().notNull(),
    endAt: timestamptz().notNull(),
    /** Cancelled by the organiser: it no longer gives access (the account shows a badge). */
    cancelled: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    ...tenantKey("customer_memberships", t),
    unique("customer_memberships_organiser_id_cart_item_id_unique").on(t.organiserId, t.cartItemId),
    tenantForeignKey(
      "customer_memberships_customer_fk",
      { organiserId: t.organiserId, column: t.customerId },
      customers,
    ),
    tenantForeignKey(
      "customer_memberships_participant_fk",
      { organiserId: t.organiserId, column: t.participantId },
      participants,
    ),
    tenantForeignKey(
      "customer_memberships_membership_fk",
      { organiserId: t.organiserId, column: t.membershipId },
      memberships,
    ),
    tenantForeignKey(
      "customer_memberships_cart_fk",
      { organiserId: t.organiserId, column: t.cartId },
      carts,
    ),
    tenantForeignKey(
      "customer_memberships_cart_item_fk",
      { organiserId: t.organiserId, column: t.cartItemId },
      cartItems,
    ),
    index("customer_memberships_organiser_id_customer_id_idx").on(t.organiserId, t.customerId),
    index("customer_memberships_organiser_id_cart_id_idx").on(t.organiserId, t.cartId),
    index("customer_memberships_organiser_id_membership_id_idx").on(t.organiserId, t.membershipId),
    index("customer_memberships_organiser_id_participant_id_idx").on(
      t.organiserId,
      t.participantId,
    ),
    check(
      "customer_memberships_amounts",
      sql`${t.totalAmount} >= 0 and ${t.paidAmount} >= 0 and ${t.endAt} > ${t.startAt}`,
    ),
  ],
);

/**
 * A gift voucher bought by a customer: a redeemable `code`, unique per organiser. Redeeming it
 * (docs/decisions/0017-voucher-redemption.md) sets `redeemed_at`, the `recipient_id` customer and
 * optionally the recipient's `participant_id`.
 */
export const customerVouchers = pgTable(
  "customer_vouchers",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    customerId: integer().notNull(),
    /** the recipient's participant chosen at redemption (a bundle given goes to them) */
    participantId: integer(),
    voucherId: integer().notNull(),
    cartId: integer().notNull(),
    cartItemId: integer().notNull(),
    totalAmount: money().notNull(),
    paidAmount: money().notNull().default(0),
    /** 10 characters of an unambiguous upper-case alphabet (no 0/O, 1/I/L). */
    code: text().notNull(),
    expiresAt: timestamptz(),
    redeemedAt: timestamptz(),
    /** the customer who redeemed it */
    recipientId: integer(),
    /** Refunded by the organiser (decision 0087): it can no longer be redeemed. */
    refundedAt: timestamptz(),
    /** What the refund gave back to the buyer's wallet (at most what was paid). */
    refundedAmount: money(),
    createdAt: createdAt(),
  },
  (t) => [
    ...tenantKey("customer_vouchers", t),
    check(
      "customer_vouchers_refund",
      sql`(${t.refundedAt} is null) = (${t.refundedAmount} is null) and (${t.refundedAmount} is null or (${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.paidAmount}))`,
    ),
    unique("customer_vouchers_organiser_id_code_unique").on(t.organiserId, t.code),
    unique("customer_vouchers_organiser_id_cart_item_id_unique").on(t.organiserId, t.cartItemId),
    tenantForeignKey(
      "customer_vouchers_customer_fk",
      { organiserId: t.organiserId, column: t.customerId },
      customers,
    ),
    tenantForeignKey(
      "customer_vouchers_recipient_fk",
      { organiserId: t.organiserId, column: t.recipientId },
      customers,
    ),
    tenantForeignKey(
      "customer_vouchers_participant_fk",
      { organiserId: t.organiserId, column: t.participantId },
      participants,
    ),
    tenantForeignKey(
      "customer_vouchers_voucher_fk",
      { organiserId: t.organiserId, column: t.voucherId },
      vouchers,
    ),
    tenantForeignKey(
      "customer_vouchers_cart_fk",
      { organiserId: t.organiserId, column: t.cartId },
      carts,
    ),
    tenantForeignKey(
      "customer_vouchers_cart_item_fk",
      { organiserId: t.organiserId, column: t.cartItemId },
      cartItems,
    ),
    index("customer_vouchers_organiser_id_customer_id_idx").on(t.organiserId, t.customerId),
    index("customer_vouchers_organiser_id_cart_id_idx").on(t.organiserId, t.cartId),
    index("customer_vouchers_organiser_id_voucher_id_idx").on(t.organiserId, t.voucherId),
    index("customer_vouchers_organiser_id_participant_id_idx").on(t.organiserId, t.participantId),
    // The vouchers a customer received (account list).
    index("customer_vouchers_organiser_id_recipient_id_idx").on(t.organiserId, t.recipientId),
    check("customer_vouchers_code_format", sql`${t.code} ~ '^[A-Z2-9]{10}$'`),
    check("customer_vouchers_amounts", sql`${t.totalAmount} >= 0 and ${t.paidAmount} >= 0`),
  ],
);

/**
 * CHECKOUT: the wallet used at checkout; PAYMENT: a balance paid from the account (a processed
 * cart, a registration or a registration request); OVERPAYMENT: the part of an online balance
 * payment beyond what was still owed when it was confirmed, credited back
 * (docs/decisions/0019-account-payments.md).
 */
export type WalletTransactionReason =
  | "CHECKOUT"
  | "REFUND"
  | "VOUCHER"
  | "ADJUSTMENT"
  | "PAYMENT"
  | "OVERPAYMENT";

/**
 * Movements of a customer's wallet (`customers.wallet_amount` is their running balance):
 * negative amounts are debits (a checkout paying with the wallet), positive ones credits.
 */
export const walletTransactions = pgTable(
  "wallet_transactions",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    customerId: integer().notNull(),
    amount: money().notNull(),
    reason: text().$type<WalletTransactionReason>().notNull(),
    cartId: integer(),
    /** the redeemed voucher of a VOUCHER credit */
    customerVoucherId: integer(),
    /** the registration a PAYMENT paid (or an OVERPAYMENT was meant for) */
    registrationId: integer(),
    /** the registration request a PAYMENT paid (or an OVERPAYMENT was meant for) */
    registrationRequestId: integer(),
    /** the booking participation (a share of a booking) a PAYMENT paid */
    bookingParticipationId: integer(),
    /** the attendance charge a PAYMENT paid (or an OVERPAYMENT was meant for) */
    attendanceChargeId: integer(),
    /** why staff credited or debited the wallet by hand (ADJUSTMENT, from the console) */
    note: text(),
    createdAt: createdAt(),
  },
  (t) => [
    ...tenantKey("wallet_transactions", t),
    tenantForeignKey(
      "wallet_transactions_customer_fk",
      { organiserId: t.organiserId, column: t.customerId },
      customers,
    ),
    tenantForeignKey(
      "wallet_transactions_cart_fk",
      { organiserId: t.organiserId, column: t.cartId },
      carts,
    ),
    // A customer's history, newest first.
    index("wallet_transactions_organiser_id_customer_id_idx").on(
      t.organiserId,
      t.customerId,
      t.createdAt,
    ),
    index("wallet_transactions_organiser_id_cart_id_idx").on(t.organiserId, t.cartId),
    tenantForeignKey(
      "wallet_transactions_customer_voucher_fk",
      { organiserId: t.organiserId, column: t.customerVoucherId },
      customerVouchers,
    ),
    // A voucher is credited once (docs/decisions/0017-voucher-redemption.md).
    uniqueIndex("wallet_transactions_organiser_id_customer_voucher_id_unique")
      .on(t.organiserId, t.customerVoucherId)
      .where(sql`${t.reason} = 'VOUCHER'`),
    check(
      "wallet_transactions_voucher",
      sql`${t.reason} <> 'VOUCHER' or ${t.customerVoucherId} is not null`,
    ),
    check("wallet_transactions_amount", sql`${t.amount} <> 0`),
    // A hand-made movement always says why.
    check(
      "wallet_transactions_adjustment_note",
      sql`${t.reason} <> 'ADJUSTMENT' or ${t.note} is not null`,
    ),
    tenantForeignKey(
      "wallet_transactions_registration_fk",
      { organiserId: t.organiserId, column: t.registrationId },
      registrations,
    ),
    tenantForeignKey(
      "wallet_transactions_registration_request_fk",
      { organiserId: t.organiserId, column: t.registrationRequestId },
      registrationRequests,
    ),
    tenantForeignKey(
      "wallet_transactions_attendance_charge_fk",
      { organiserId: t.organiserId, column: t.attendanceChargeId },
      attendanceCharges,
    ),
    tenantForeignKey(
      "wallet_transactions_booking_participation_fk",
      { organiserId: t.organiserId, column: t.bookingParticipationId },
      bookingParticipations,
    ),
    index("wallet_transactions_organiser_id_registration_id_idx").on(
      t.organiserId,
      t.registrationId,
    ),
    index("wallet_transactions_organiser_id_registration_request_id_idx").on(
      t.organiserId,
      t.registrationRequestId,
    ),
    check(
      "wallet_transactions_reason",
      sql`${t.reason} in ('CHECKOUT', 'REFUND', 'VOUCHER', 'ADJUSTMENT', 'PAYMENT', 'OVERPAYMENT')`,
    ),
    // A balance payment (or its overpayment) names what it paid.
    check(
      "wallet_transactions_payment",
      sql`${t.reason} not in ('PAYMENT', 'OVERPAYMENT') or ${t.cartId} is not null or ${t.registrationRequestId} is not null or ${t.attendanceChargeId} is not null or ${t.bookingParticipationId} is not null`,
    ),
  ],
);

/**
 * The next payment-reference number of each organiser: checkout takes it with
 * `UPDATE … SET next_value = next_value + 1 RETURNING`, which locks the row until the
 * transaction ends, so two checkouts never get the same number and a rolled-back one gives its
 * number back.
 */
export const paymentReferenceSequences = pgTable("payment_reference_sequences", {
  organiserId: integer()
    .primaryKey()
    .references(() => organisers.id, { onDelete: "cascade" }),
  nextValue: integer().notNull().default(1),
});

import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, unique } from "drizzle-orm/pg-core";
import { attendanceCharges } from "./attendance.ts";
import { bookingParticipations } from "./bookings.ts";
import { carts } from "./carts.ts";
import { createdAt, money, timestamptz } from "./columns.ts";
import { registrationRequests } from "./registration-requests.ts";
import { registrations } from "./registrations.ts";
import { organiserId, tenantCuid, tenantForeignKey, tenantId, tenantKey } from "./tenancy.ts";

export const PAYMENT_PROVIDERS = ["test", "mollie"] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
export const PAYMENT_STATUSES = [
  "open",
  "paid",
  "failed",
  "expired",
  "canceled",
  "refunded",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/**
 * Why a confirmed payment was refunded: its hold expired and the places were taken meanwhile
 * (PLACES_TAKEN), or the cart no longer awaited it — the customer cancelled it and changed or
 * processed the cart otherwise (NOT_AWAITED).
 */
export const REFUND_REASONS = ["PLACES_TAKEN", "NOT_AWAITED"] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
/**
 * What a payment pays: a cart at its checkout (CHECKOUT: the webhook processes the cart), or what
 * is still owed on a processed cart, a registration or a registration request (BALANCE: the
 * webhook credits it; docs/decisions/0019-account-payments.md).
 */
export const PAYMENT_PURPOSES = ["CHECKOUT", "BALANCE"] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/**
 * An online payment of a cart (docs/decisions/0011-online-payments.md): created at checkout
 * with the provider while the cart waits for it, marked paid once by the provider's webhook
 * (which then processes the cart), or refunded when the cart can no longer be processed.
 * `amount` and `currency` are what we asked for; a provider answering other figures is refused.
 * `provider_state` is the built-in test provider's own record of the payment (what its
 * `fetchPayment` answers); null for real providers, which keep theirs.
 */
export const payments = pgTable(
  "payments",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    purpose: text().$type<PaymentPurpose>().notNull().default("CHECKOUT"),
    /**
     * The cart paid (CHECKOUT, or a BALANCE of the cart or of one of its registrations); null for
     * the balance of a registration request, which has no cart.
     */
    cartId: integer(),
    /** the registration whose balance is paid (BALANCE) */
    registrationId: integer(),
    /** the registration request whose balance is paid (BALANCE) */
    registrationRequestId: integer(),
    /** the booking participation (a customer's share of a booking) whose balance is paid */
    bookingParticipationId: integer(),
    /** the attendance charge whose balance is paid (BALANCE) */
    attendanceChargeId: integer(),
    /** where the customer goes back after a BALANCE payment (a path of the storefront) */
    returnPath: text(),
    provider: text().$type<PaymentProviderName>().notNull(),
    providerPaymentId: text().notNull(),
    amount: money().notNull(),
    currency: text().notNull(),
    status: text().$type<PaymentStatus>().notNull().default("open"),
    /** the provider's hosted page, answered again by a replayed checkout */
    checkoutUrl: text().notNull(),
    providerState: jsonb().$type<Record<string, unknown>>(),
    paidAt: timestamptz(),
    refundedAt: timestamptz(),
    /**
     * What was given back: all of it when refunded automatically (`refund_reason`, the payment
     * is `refunded`: it bought nothing), all or part of it when the organiser refunded it from
     * the console (`refund_note` says why; the payment stays `paid`: its order stands). One
     * refund per payment: the providers' refunds are idempotent per payment.
     */
    refundedAmount: money(),
    refundReason: text().$type<RefundReason>(),
    refundNote: text(),
    createdAt: createdAt(),
  },
  (t) => [
    ...tenantKey("payments", t),
    unique("payments_provider_provider_payment_id_unique").on(
      t.organiserId,
      t.provider,
      t.providerPaymentId,
    ),
    tenantForeignKey(
      "payments_cart_fk",
      { organiserId: t.organiserId, column: t.cartId },
      carts,
      "no action",
    ),
    tenantForeignKey(
      "payments_registration_fk",
      { organiserId: t.organiserId, column: t.registrationId },
      registrations,
      "no action",
    ),
    tenantForeignKey(
      "payments_booking_participation_fk",
      { organiserId: t.organiserId, column: t.bookingParticipationId },
      bookingParticipations,
      "no action",
    ),
    tenantForeignKey(
      "payments_attendance_charge_fk",
      { organiserId: t.organiserId, column: t.attendanceChargeId },
      attendanceCharges,
      "no action",
    ),
    tenantForeignKey(
      "payments_registration_request_fk",
      { organiserId: t.organiserId, column: t.registrationRequestId },
      registrationRequests,
      "no action",
    ),
    index("payments_organiser_id_cart_id_idx").on(t.organiserId, t.cartId),
    index("payments_organiser_id_registration_id_idx").on(t.organiserId, t.registrationId),
    index("payments_organiser_id_registration_request_id_idx").on(
      t.organiserId,
      t.registrationRequestId,
    ),
    index("payments_organiser_id_attendance_charge_id_idx").on(t.organiserId, t.attendanceChargeId),
    index("payments_organiser_id_booking_participation_id_idx").on(
      t.organiserId,
      t.bookingParticipationId,
    ),
    check("payments_purpose", sql`${t.purpose} in ('CHECKOUT', 'BALANCE')`),
    // A checkout pays its cart; a balance pays a cart, a registration (with its cart), a
    // registration request, a booking participation or an attendance charge (without a cart).
    check(
      "payments_destination",
      sql`${t.attendanceChargeId} is null and case ${t.purpose} when 'CHECKOUT' then ${t.cartId} is not null and ${t.registrationId} is null and ${t.registrationRequestId} is null and ${t.bookingParticipationId} is null and ${t.returnPath} is null else (${t.cartId} is not null and ${t.registrationRequestId} is null and ${t.bookingParticipationId} is null) or (${t.registrationRequestId} is not null and ${t.cartId} is null and ${t.registrationId} is null and ${t.bookingParticipationId} is null) or (${t.bookingParticipationId} is not null and ${t.cartId} is null and ${t.registrationId} is null and ${t.registrationRequestId} is null) end or ${t.purpose} = 'BALANCE' and ${t.attendanceChargeId} is not null and ${t.cartId} is null and ${t.registrationId} is null and ${t.registrationRequestId} is null and ${t.bookingParticipationId} is null`,
    ),
    check("payments_provider", sql`${t.provider} in ('test', 'mollie')`),
    check(
      "payments_status",
      sql`${t.status} in ('open', 'paid', 'failed', 'expired', 'canceled', 'refunded')`,
    ),
    check("payments_amount", sql`${t.amount} > 0`),
    // A refunded payment was paid first.
    check("payments_paid", sql`(${t.status} in ('paid', 'refunded')) = (${t.paidAt} is not null)`),
    check(
      "payments_refunded",
      sql`(${t.status} = 'refunded') = (${t.refundedAt} is not null and ${t.refundReason} is not null)`,
    ),
    check(
      "payments_refund_reason",
      sql`${t.refundReason} is null or ${t.refundReason} in ('PLACES_TAKEN', 'NOT_AWAITED')`,
    ),
    check(
      "payments_refunded_amount",
      sql`(${t.refundedAt} is null) = (${t.refundedAmount} is null) and (${t.refundedAmount} is null or (${t.refundedAmount} > 0 and ${t.refundedAmount} <= ${t.amount}))`,
    ),
    // Refunded by the organiser: a paid payment, with why.
    check(
      "payments_refund_note",
      sql`(${t.refundNote} is not null) = (${t.refundedAt} is not null and ${t.refundReason} is null) and (${t.refundNote} is null or ${t.status} = 'paid')`,
    ),
  ],
);

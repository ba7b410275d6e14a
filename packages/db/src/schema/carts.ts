import type { PlacePricing } from "@booking/domain";
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { availabilities, availabilityDates } from "./availabilities.ts";
import { createdAt, money, timestamptz, updatedAt } from "./columns.ts";
import { bundles, coupons, memberships, vouchers } from "./commerce.ts";
import { customers, participants } from "./customers.ts";
import { organiserId, tenantCuid, tenantForeignKey, tenantId, tenantKey } from "./tenancy.ts";

/** How a processed cart is paid (storefront.md §4 Checkout; WALLET is sent as DELAYED). */
export type PaymentStrategy = "IMMEDIATE" | "IMMEDIATE_DEPOSIT" | "DELAYED";

export type CartItemType =
  | "REGISTRATION"
  | "BUNDLE"
  | "VOUCHER"
  | "MEMBERSHIP"
  | "REGISTRATION_REQUEST"
  | "BOOKING";

/**
 * What an item carries besides its columns: the chosen options and question answers of a
 * registration, and (later) the details of registration requests and bookings.
 */
export type CartItemPayload = {
  options?: Array<{ price_id: number; content: string | null }>;
  /** Normalised answers: text or YYYY-MM-DD, a choice id, or a list of choice ids. */
  questions?: Array<{ question_id: number; content: string | number | number[] | null }>;
  /**
   * A registration's pricing of one place at the time it was added (its `price` is the estimate
   * of it): the cart applies bundles and volume discounts to it (0009-cart-pricing.md).
   */
  pricing?: PlacePricing;
  [key: string]: unknown;
};

/**
 * A customer's basket. At most one open (unprocessed) cart per customer; checkout sets
 * `processed_at` and the next add opens a new one.
 */
export const carts = pgTable(
  "carts",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    customerId: integer().notNull(),
    /** Payment reference, given at checkout. */
    reference: text(),
    couponId: integer(),
    processedAt: timestamptz(),
    /**
     * Set while an online checkout waits for its payment (docs/decisions/0011-online-payments.md):
     * the cart is frozen (no add, removal or coupon change) and holds its places; the payment's
     * webhook processes it, a failed payment clears this and the cart is open again.
     */
    paymentPendingAt: timestamptz(),
    /** When the customer accepted the terms at checkout (online: before the payment). */
    termsAcceptedAt: timestamptz(),
    /**
     * Checkout figures, set when the cart is processed (docs/decisions/0010-checkout.md). While
     * a payment is pending, `payment_strategy` and `wallet_used` are the checkout's choices.
     */
    paymentStrategy: text().$type<PaymentStrategy>(),
    /** Total after coupon, before wallet and service fees. */
    totalAmount: money(),
    depositAmount: money(),
    /** Paid so far: the wallet use at checkout, then the payments received. */
    paidAmount: money().notNull().default(0),
    walletUsed: money().notNull().default(0),
    serviceFees: money().notNull().default(0),
    /**
     * When the proofs of payment sent to this order were erased with the customer's personal
     * data (decision 0104): the order says so instead of listing them.
     */
    proofsErasedAt: timestamptz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("carts", t),
    tenantForeignKey(
      "carts_customer_fk",
      { organiserId: t.organiserId, column: t.customerId },
      customers,
      "cascade",
    ),
    tenantForeignKey(
      "carts_coupon_fk",
      { organiserId: t.organiserId, column: t.couponId },
      coupons,
    ),
    // The customer's open cart (and the guarantee there is only one, even under concurrent adds).
    uniqueIndex("carts_organiser_id_customer_id_open_unique")
      .on(t.organiserId, t.customerId)
      .where(sql`${t.processedAt} is null`),
    // The customer's past carts (account area), and the cascade when a customer is deleted.
    index("carts_organiser_id_customer_id_idx").on(t.organiserId, t.customerId),
    // The carts a bank statement line pays, by its structured reference.
    index("carts_organiser_id_reference_idx").on(t.organiserId, t.reference),
    // Detaching or deleting a coupon.
    index("carts_organiser_id_coupon_id_idx").on(t.organiserId, t.couponId),
    check(
      "carts_payment_strategy",
      sql`${t.paymentStrategy} in ('IMMEDIATE', 'IMMEDIATE_DEPOSIT', 'DELAYED')`,
    ),
    // A processed cart has its reference, strategy and totals.
    check(
      "carts_processed",
      sql`${t.processedAt} is null or (${t.reference} is not null and ${t.paymentStrategy} is not null and ${t.totalAmount} is not null and ${t.depositAmount} is not null)`,
    ),
    // Only an open cart awaits a payment.
    check("carts_payment_pending", sql`${t.paymentPendingAt} is null or ${t.processedAt} is null`),
    check(
      "carts_amounts",
      sql`${t.paidAmount} >= 0 and ${t.walletUsed} >= 0 and ${t.serviceFees} >= 0`,
    ),
  ],
);

/**
 * One unit in a cart: a registration of quantity q is q items (one place each), and likewise one
 * item per unit of a bundle, voucher or membership. An item holds its places until `expires_at`;
 * every count of holds filters on `expires_at > now()`, so an expired item frees its places
 * without any job.
 */
export const cartItems = pgTable(
  "cart_items",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    cartId: integer().notNull(),
    type: text().$type<CartItemType>().notNull(),
    participantId: integer(),
    availabilityId: integer(),
    bundleId: integer(),
    voucherId: integer(),
    membershipId: integer(),
    price: money().notNull(),
    deposit: money().notNull().default(0),
    payload: jsonb().$type<CartItemPayload>().notNull().default({}),
    expiresAt: timestamptz().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    ...tenantKey("cart_items", t),
    tenantForeignKey(
      "cart_items_cart_fk",
      { organiserId: t.organiserId, column: t.cartId },
      carts,
      "cascade",
    ),
    tenantForeignKey(
      "cart_items_participant_fk",
      { organiserId: t.organiserId, column: t.participantId },
      participants,
    ),
    tenantForeignKey(
      "cart_items_availability_fk",
      { organiserId: t.organiserId, column: t.availabilityId },
      availabilities,
      "cascade",
    ),
    tenantForeignKey(
      "cart_items_bundle_fk",
      { organiserId: t.organiserId, column: t.bundleId },
      bundles,
      "cascade",
    ),
    tenantForeignKey(
      "cart_items_voucher_fk",
      { organiserId: t.organiserId, column: t.voucherId },
      vouchers,
      "cascade",
    ),
    tenantForeignKey(
      "cart_items_membership_fk",
      { organiserId: t.organiserId, column: t.membershipId },
      memberships,
      "cascade",
    ),
    // The items of a cart (cart view, cleanup of its expired items).
    index("cart_items_organiser_id_cart_id_idx").on(t.organiserId, t.cartId),
    // Live holds (expires_at > now) and a sweep of the expired ones.
    index("cart_items_organiser_id_expires_at_idx").on(t.organiserId, t.expiresAt),
    // Foreign-key lookups when a participant or an availability goes.
    index("cart_items_organiser_id_participant_id_idx").on(t.organiserId, t.participantId),
    index("cart_items_organiser_id_availability_id_idx").on(t.organiserId, t.availabilityId),
    check(
      "cart_items_type",
      sql`${t.type} in ('REGISTRATION', 'BUNDLE', 'VOUCHER', 'MEMBERSHIP', 'REGISTRATION_REQUEST', 'BOOKING')`,
    ),
    check(
      "cart_items_amounts",
      sql`${t.price} >= 0 and ${t.deposit} >= 0 and ${t.deposit} <= ${t.price}`,
    ),
    // Each product type points at its product.
    check(
      "cart_items_product",
      sql`(${t.type} <> 'REGISTRATION' or ${t.availabilityId} is not null)
        and (${t.type} <> 'BUNDLE' or ${t.bundleId} is not null)
        and (${t.type} <> 'VOUCHER' or ${t.voucherId} is not null)
        and (${t.type} <> 'MEMBERSHIP' or ${t.membershipId} is not null)`,
    ),
  ],
);

/** The dates an item holds: one place of each date per row. */
export const cartItemDates = pgTable(
  "cart_item_dates",
  {
    organiserId: organiserId(),
    cartItemId: integer().notNull(),
    availabilityDateId: integer().notNull(),
  },
  (t) => [
    primaryKey({
      name: "cart_item_dates_pkey",
      columns: [t.organiserId, t.cartItemId, t.availabilityDateId],
    }),
    tenantForeignKey(
      "cart_item_dates_cart_item_fk",
      { organiserId: t.organiserId, column: t.cartItemId },
      cartItems,
      "cascade",
    ),
    tenantForeignKey(
      "cart_item_dates_availability_date_fk",
      { organiserId: t.organiserId, column: t.availabilityDateId },
      availabilityDates,
      "cascade",
    ),
    // Live holds of a date: the rows of some dates, joined to their items' expires_at.
    index("cart_item_dates_organiser_id_availability_date_id_idx").on(
      t.organiserId,
      t.availabilityDateId,
      t.cartItemId,
    ),
  ],
);

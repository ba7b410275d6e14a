import type { PlacePricing } from "@booking/domain";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, unique } from "drizzle-orm/pg-core";
import type { CartItemPayload } from "./carts.ts";
import { createdAt, money, timestamptz, updatedAt } from "./columns.ts";
import { customers } from "./customers.ts";
import { registrations } from "./registrations.ts";
import { organiserId, tenantCuid, tenantForeignKey, tenantId, tenantKey } from "./tenancy.ts";

// What happens to a registration after checkout, from the customer's account
// (platform-and-account.md §2.3, §7; docs/decisions/0015-account-registrations.md): its
// cancellation, the edits of its dates, options and answers, and its review.

/** Who cancelled (platform-and-account.md §9 "Cancellation types"). */
export type RegistrationCancellationType =
  | "customer"
  | "organiser"
  | "automatic"
  | "automatic-insufficient-participants";

/**
 * A registration's cancellation: who, why (the customer's message) and what had been paid then.
 * `registrations.cancelled` is the current state; rows here are its history.
 */
export const registrationCancellations = pgTable(
  "registration_cancellations",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    registrationId: integer().notNull(),
    type: text().$type<RegistrationCancellationType>().notNull(),
    /** The customer who cancelled (type customer). */
    customerId: integer(),
    message: text(),
    /** What the registration had received when it was cancelled: the organiser settles it. */
    paidAmount: money().notNull(),
    createdAt: createdAt(),
    /** Set when staff restored the registration (decision 0088): the row stays as history. */
    restoredAt: timestamptz(),
  },
  (t) => [
    ...tenantKey("registration_cancellations", t),
    tenantForeignKey(
      "registration_cancellations_registration_fk",
      { organiserId: t.organiserId, column: t.registrationId },
      registrations,
      "cascade",
    ),
    tenantForeignKey(
      "registration_cancellations_customer_fk",
      { organiserId: t.organiserId, column: t.customerId },
      customers,
    ),
    index("registration_cancellations_organiser_id_registration_id_idx").on(
      t.organiserId,
      t.registrationId,
    ),
    index("registration_cancellations_organiser_id_customer_id_idx").on(
      t.organiserId,
      t.customerId,
    ),
    check(
      "registration_cancellations_type",
      sql`${t.type} in ('customer', 'organiser', 'automatic', 'automatic-insufficient-participants')`,
    ),
    check("registration_cancellations_paid_amount", sql`${t.paidAmount} >= 0`),
  ],
);

/**
 * An edit of a registration's dates, options or answers (PUT /api/registrations): the dates it
 * added and removed, the options and answers after it, the amounts before and after, and the
 * place's pricing after it, from which the next edit is priced.
 */
export const registrationChanges = pgTable(
  "registration_changes",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    registrationId: integer().notNull(),
    /** The customer who made it. */
    customerId: integer(),
    addedDateIds: integer().array().notNull().default([]),
    removedDateIds: integer().array().notNull().default([]),
    options: jsonb().$type<NonNullable<CartItemPayload["options"]>>().notNull(),
    questions: jsonb().$type<NonNullable<CartItemPayload["questions"]>>().notNull(),
    totalBefore: money().notNull(),
    totalAfter: money().notNull(),
    depositBefore: money().notNull(),
    depositAfter: money().notNull(),
    pricing: jsonb().$type<PlacePricing>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    ...tenantKey("registration_changes", t),
    tenantForeignKey(
      "registration_changes_registration_fk",
      { organiserId: t.organiserId, column: t.registrationId },
      registrations,
      "cascade",
    ),
    tenantForeignKey(
      "registration_changes_customer_fk",
      { organiserId: t.organiserId, column: t.customerId },
      customers,
    ),
    // A registration's edits, the last one first (its pricing).
    index("registration_changes_organiser_id_registration_id_idx").on(
      t.organiserId,
      t.registrationId,
      t.id,
    ),
    index("registration_changes_organiser_id_customer_id_idx").on(t.organiserId, t.customerId),
    check(
      "registration_changes_amounts",
      sql`${t.totalBefore} >= 0 and ${t.totalAfter} >= 0 and ${t.depositBefore} >= 0 and ${t.depositAfter} >= 0 and ${t.depositAfter} <= ${t.totalAfter}`,
    ),
  ],
);

/**
 * The customer's review of a registration (platform-and-account.md §3.5 "Review"): one per
 * registration, a score from 1 to 5, an optional message, and whether the organiser may show it
 * publicly (`private` false), chosen when it is written and not changeable afterwards.
 */
export const registrationReviews = pgTable(
  "registration_reviews",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    registrationId: integer().notNull(),
    customerId: integer().notNull(),
    score: integer().notNull(),
    message: text(),
    private: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("registration_reviews", t),
    unique("registration_reviews_organiser_id_registration_id_unique").on(
      t.organiserId,
      t.registrationId,
    ),
    tenantForeignKey(
      "registration_reviews_registration_fk",
      { organiserId: t.organiserId, column: t.registrationId },
      registrations,
      "cascade",
    ),
    tenantForeignKey(
      "registration_reviews_customer_fk",
      { organiserId: t.organiserId, column: t.customerId },
      customers,
    ),
    index("registration_reviews_organiser_id_customer_id_idx").on(t.organiserId, t.customerId),
    check("registration_reviews_score", sql`${t.score} between 1 and 5`),
  ],
);

import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
} from "drizzle-orm/pg-core";
import { activities } from "./activities.ts";
import { availabilities } from "./availabilities.ts";
import { type CartItemPayload, cartItems, carts } from "./carts.ts";
import { createdAt, money, timestamptz, updatedAt } from "./columns.ts";
import { customers, participants } from "./customers.ts";
import { registrationRequestTiers } from "./registration-request-tiers.ts";
import { organiserId, tenantCuid, tenantForeignKey, tenantId, tenantKey } from "./tenancy.ts";

// Registration requests (platform-and-account.md §3.5, §4): for an activity whose
// registration_flow is REQUEST, the customer asks for a place for a participant on one or more
// of its availabilities; the organiser approves or rejects it, the customer may cancel it while
// it is PENDING. Decision record: docs/decisions/0018-account-items.md.

export const REGISTRATION_REQUEST_STATUSES = [
  "PENDING",
  "APPROVED",
  "REJECTED",
  "CANCELLED",
] as const;
export type RegistrationRequestStatus = (typeof REGISTRATION_REQUEST_STATUSES)[number];

export const registrationRequests = pgTable(
  "registration_requests",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    /** The payment reference (structured communication) of what the request costs. */
    reference: text().notNull(),
    customerId: integer().notNull(),
    participantId: integer().notNull(),
    activityId: integer().notNull(),
    /** The tier the customer asked through (null for requests made before tiers existed). */
    tierId: integer(),
    status: text().$type<RegistrationRequestStatus>().notNull().default("PENDING"),
    totalAmount: money().notNull(),
    depositAmount: money().notNull().default(0),
    paidAmount: money().notNull().default(0),
    options: jsonb().$type<NonNullable<CartItemPayload["options"]>>().notNull().default([]),
    questions: jsonb().$type<NonNullable<CartItemPayload["questions"]>>().notNull().default([]),
    /**
     * The order an approval made (its registrations, what the family owes): null until APPROVED.
     * Decision record: docs/decisions/0061-registration-request-approval.md.
     */
    cartId: integer(),
    /** The checked-out cart item that asked for it: the order it was asked in (decision 0079). */
    cartItemId: integer(),
    /** What staff wrote to the family when they rejected it. */
    message: text(),
    /** When it left PENDING (approved, rejected or cancelled); null while PENDING. */
    statusChangedAt: timestamptz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("registration_requests", t),
    tenantForeignKey(
      "registration_requests_customer_fk",
      { organiserId: t.organiserId, column: t.customerId },
      customers,
    ),
    tenantForeignKey(
      "registration_requests_participant_fk",
      { organiserId: t.organiserId, column: t.participantId },
      participants,
    ),
    tenantForeignKey(
      "registration_requests_activity_fk",
      { organiserId: t.organiserId, column: t.activityId },
      activities,
    ),
    tenantForeignKey(
      "registration_requests_cart_fk",
      { organiserId: t.organiserId, column: t.cartId },
      carts,
    ),
    unique("registration_requests_organiser_id_cart_id_unique").on(t.organiserId, t.cartId),
    tenantForeignKey(
      "registration_requests_cart_item_fk",
      { organiserId: t.organiserId, column: t.cartItemId },
      cartItems,
    ),
    unique("registration_requests_organiser_id_cart_item_id_unique").on(
      t.organiserId,
      t.cartItemId,
    ),
    tenantForeignKey(
      "registration_requests_tier_fk",
      { organiserId: t.organiserId, column: t.tierId },
      registrationRequestTiers,
    ),
    index("registration_requests_organiser_id_tier_id_idx").on(t.organiserId, t.tierId),
    // A customer's requests, newest first (account list and counter).
    index("registration_requests_organiser_id_customer_id_idx").on(
      t.organiserId,
      t.customerId,
      t.createdAt,
    ),
    index("registration_requests_organiser_id_participant_id_idx").on(
      t.organiserId,
      t.participantId,
    ),
    // An activity's requests (console, by status).
    index("registration_requests_organiser_id_activity_id_status_idx").on(
      t.organiserId,
      t.activityId,
      t.status,
    ),
    check(
      "registration_requests_status",
      sql`${t.status} in ('PENDING', 'APPROVED', 'REJECTED', 'CANCELLED')`,
    ),
    check(
      "registration_requests_status_changed_at",
      sql`(${t.status} = 'PENDING') = (${t.statusChangedAt} is null)`,
    ),
    check(
      "registration_requests_amounts",
      sql`${t.totalAmount} >= 0 and ${t.depositAmount} >= 0 and ${t.depositAmount} <= ${t.totalAmount} and ${t.paidAmount} >= 0`,
    ),
  ],
);

/** The availabilities a request asks for, in the customer's order of preference. */
export const registrationRequestAvailabilities = pgTable(
  "registration_request_availabilities",
  {
    organiserId: organiserId(),
    registrationRequestId: integer().notNull(),
    availabilityId: integer().notNull(),
    position: integer().notNull().default(0),
    /** The dates of the availability the customer chose (its availability_dates ids). */
    availabilityDateIds: integer().array().notNull().default([]),
  },
  (t) => [
    primaryKey({
      name: "registration_request_availabilities_pkey",
      columns: [t.organiserId, t.registrationRequestId, t.availabilityId],
    }),
    tenantForeignKey(
      "registration_request_availabilities_request_fk",
      { organiserId: t.organiserId, column: t.registrationRequestId },
      registrationRequests,
      "cascade",
    ),
    tenantForeignKey(
      "registration_request_availabilities_availability_fk",
      { organiserId: t.organiserId, column: t.availabilityId },
      availabilities,
    ),
    // The requests of an availability (console), and the foreign-key check when one goes.
    index("registration_request_availabilities_organiser_id_availability_id_idx").on(
      t.organiserId,
      t.availabilityId,
    ),
  ],
);

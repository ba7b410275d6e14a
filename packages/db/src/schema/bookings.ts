import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, unique } from "drizzle-orm/pg-core";
import { createdAt, cuid, id, money, timestamptz, updatedAt } from "./columns.ts";
import { customers, participants } from "./customers.ts";
import { resources } from "./resources.ts";
import { organiserId, tenantForeignKey, tenantKey } from "./tenancy.ts";

// Bookings of a resource (platform-and-account.md §3.5 "Booking"): a court or a room booked for
// one or more dates, shared by participants who may belong to different customers. Each
// participation carries its own amounts; a customer sees only their own participations (§6).
// Decision record: docs/decisions/0018-account-items.md.

export const bookings = pgTable(
  "bookings",
  {
    id: id(),
    cuid: cuid(),
    organiserId: organiserId(),
    resourceId: integer().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey("bookings", t),
    tenantForeignKey(
      "bookings_resource_fk",
      { organiserId: t.organiserId, column: t.resourceId },
      resources,
    ),
    index("bookings_organiser_id_resource_id_idx").on(t.organiserId, t.resourceId),
  ],
);

/** The periods a booking holds its resource. */
export const bookingDates = pgTable(
  "booking_dates",
  {
    id: id(),
    cuid: cuid(),
    organiserId: organiserId(),
    bookingId: integer().notNull(),
    startAt: timestamptz().notNull(),
    endAt: timestamptz().notNull(),
  },
  (t) => [
    tenantKey("booking_dates", t),
    tenantForeignKey(
      "booking_dates_booking_fk",
      { organiserId: t.organiserId, column: t.bookingId },
      bookings,
      "cascade",
    ),
    // A booking's dates in order (and its first and last for the lists).
    index("booking_dates_organiser_id_booking_id_start_at_idx").on(
      t.organiserId,
      t.bookingId,
      t.startAt,
    ),
    check("booking_dates_period", sql`${t.endAt} > ${t.startAt}`),
  ],
);

/**
 * A participant taking part in a booking, with what it costs them. `customer_id` is the
 * participant's customer, kept on the row so that a customer's bookings are one index away.
 */
export const bookingParticipations = pgTable(
  "booking_participations",
  {
    id: id(),
    cuid: cuid(),
    organiserId: organiserId(),
    bookingId: integer().notNull(),
    customerId: integer().notNull(),
    participantId: integer().notNull(),
    totalAmount: money().notNull(),
    paidAmount: money().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey("booking_participations", t),
    unique("booking_participations_organiser_id_booking_id_participant_id_unique").on(
      t.organiserId,
      t.bookingId,
      t.participantId,
    ),
    tenantForeignKey(
      "booking_participations_booking_fk",
      { organiserId: t.organiserId, column: t.bookingId },
      bookings,
      "cascade",
    ),
    tenantForeignKey(
      "booking_participations_customer_fk",
      { organiserId: t.organiserId, column: t.customerId },
      customers,
    ),
    tenantForeignKey(
      "booking_participations_participant_fk",
      { organiserId: t.organiserId, column: t.participantId },
      participants,
    ),
    // A customer's bookings (account list and counter).
    index("booking_participations_organiser_id_customer_id_booking_id_idx").on(
      t.organiserId,
      t.customerId,
      t.bookingId,
    ),
    index("booking_participations_organiser_id_participant_id_idx").on(
      t.organiserId,
      t.participantId,
    ),
    check("booking_participations_amounts", sql`${t.totalAmount} >= 0 and ${t.paidAmount} >= 0`),
  ],
);

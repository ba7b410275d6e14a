import { sql } from "drizzle-orm";
import { check, customType, index, integer, pgTable, text, unique } from "drizzle-orm/pg-core";
import { cartItems } from "./carts.ts";
import { createdAt, money, timestamptz, updatedAt } from "./columns.ts";
import { customers, participants } from "./customers.ts";
import { resources } from "./resources.ts";
import { organiserId, tenantCuid, tenantForeignKey, tenantId, tenantKey } from "./tenancy.ts";

// Bookings of a resource (platform-and-account.md §3.5 "Booking"): a court or a room booked for
// one or more dates, shared by participants who may belong to different customers. Each
// participation carries its own amounts; a customer sees only their own participations (§6).
// Decision record: docs/decisions/0018-account-items.md.

export const bookings = pgTable(
  "bookings",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    resourceId: integer().notNull(),
    /** Cancelled by staff: its periods are free again and nothing more is owed (decision 0065). */
    canceledAt: timestamptz(),
    /**
     * The checked-out cart item that made it: the order (processed cart) it belongs to; null for
     * bookings made by staff (decision 0079).
     */
    cartItemId: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("bookings", t),
    tenantForeignKey(
      "bookings_resource_fk",
      { organiserId: t.organiserId, column: t.resourceId },
      resources,
    ),
    index("bookings_organiser_id_resource_id_idx").on(t.organiserId, t.resourceId),
    tenantForeignKey(
      "bookings_cart_item_fk",
      { organiserId: t.organiserId, column: t.cartItemId },
      cartItems,
    ),
    unique("bookings_organiser_id_cart_item_id_unique").on(t.organiserId, t.cartItemId),
  ],
);

/** The periods a booking holds its resource. */
export const bookingDates = pgTable(
  "booking_dates",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    bookingId: integer().notNull(),
    startAt: timestamptz().notNull(),
    endAt: timestamptz().notNull(),
  },
  (t) => [
    ...tenantKey("booking_dates", t),
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
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    bookingId: integer().notNull(),
    customerId: integer().notNull(),
    participantId: integer().notNull(),
    totalAmount: money().notNull(),
    paidAmount: money().notNull().default(0),
    /**
     * The payment reference a bank transfer for this share carries (as a cart's or an attendance
     * charge's, decision 0072); null for shares made before it.
     */
    reference: text(),
    createdAt: createdAt(),
  },
  (t) => [
    ...tenantKey("booking_participations", t),
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

/** A PostgreSQL `tstzrange`, read and written in its text form (`[start,end)`). */
const tstzrange = customType<{ data: string }>({ dataType: () => "tstzrange" });

/**
 * A period a resource is taken: held by a cart item (while that item lives: its `expires_at`) or
 * booked (a booking date). No two periods of one resource overlap: an exclusion constraint
 * (`resource_reservations_no_overlap`, migration 0054, btree_gist) refuses the second, however
 * many customers try at once. An expired hold still occupies its row until it is deleted: the
 * add deletes the expired holds in its way first, and the cart sweep the rest (decision 0063).
 */
export const resourceReservations = pgTable(
  "resource_reservations",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    resourceId: integer().notNull(),
    /** `[start, end)` */
    period: tstzrange().notNull(),
    cartItemId: integer(),
    bookingDateId: integer(),
  },
  (t) => [
    ...tenantKey("resource_reservations", t),
    tenantForeignKey(
      "resource_reservations_resource_fk",
      { organiserId: t.organiserId, column: t.resourceId },
      resources,
      "cascade",
    ),
    tenantForeignKey(
      "resource_reservations_cart_item_fk",
      { organiserId: t.organiserId, column: t.cartItemId },
      cartItems,
      "cascade",
    ),
    tenantForeignKey(
      "resource_reservations_booking_date_fk",
      { organiserId: t.organiserId, column: t.bookingDateId },
      bookingDates,
      "cascade",
    ),
    index("resource_reservations_organiser_id_cart_item_id_idx").on(t.organiserId, t.cartItemId),
    unique("resource_reservations_organiser_id_booking_date_id_unique").on(
      t.organiserId,
      t.bookingDateId,
    ),
    // Held by a cart item or booked, never both.
    check(
      "resource_reservations_holder",
      sql`(${t.cartItemId} is null) <> (${t.bookingDateId} is null)`,
    ),
  ],
);

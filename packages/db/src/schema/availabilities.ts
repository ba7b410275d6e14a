import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { activities } from "./activities.ts";
import { categories, locations } from "./catalogue.ts";
import { createdAt, money, timestamptz, updatedAt } from "./columns.ts";
import { resources } from "./resources.ts";
import { organiserId, tenantCuid, tenantForeignKey, tenantId, tenantKey } from "./tenancy.ts";

export type AvailabilityStatus = "OPEN" | "CLOSED" | "FULL";
export type AvailabilityDateStatus = "OPEN" | "CLOSED" | "OVERLAP" | "FULL";

/** A dated session of an activity that customers register for (a camp week, a term of classes). */
export const availabilities = pgTable(
  "availabilities",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    activityId: integer().notNull(),
    locationId: integer(),
    /** The court or room it takes place on: it then shows in the resources schedules. */
    resourceId: integer(),
    status: text().$type<AvailabilityStatus>().notNull().default("OPEN"),
    startAt: timestamptz().notNull(),
    endAt: timestamptz().notNull(),
    /** Registrations open at; null means already open. */
    registrationsStartAt: timestamptz(),
    /** Registrations close at; null means until the start (or the end, see activity settings). */
    registrationsEndAt: timestamptz(),
    /** Places per date; null means unlimited. */
    capacity: integer(),
    /** Registrations counted on the availability, kept by the registration service. */
    registered: integer().notNull().default(0),
    price: money().notNull().default(0),
    deposit: money().notNull().default(0),
    ageMinimum: integer(),
    ageMaximum: integer(),
    /** The availability's id in the tool an import came from: a re-import matches it (decision 0085). */
    externalId: text(),
    /**
     * Part of its calendar feed's secret address (decision 0093): staff regenerating the address
     * bump it, and the former address stops answering.
     */
    calendarVersion: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("availabilities", t),
    uniqueIndex("availabilities_organiser_id_external_id_unique")
      .on(t.organiserId, t.externalId)
      .where(sql`${t.externalId} is not null`),
    tenantForeignKey(
      "availabilities_activity_fk",
      { organiserId: t.organiserId, column: t.activityId },
      activities,
    ),
    tenantForeignKey(
      "availabilities_location_fk",
      { organiserId: t.organiserId, column: t.locationId },
      locations,
    ),
    tenantForeignKey(
      "availabilities_resource_fk",
      { organiserId: t.organiserId, column: t.resourceId },
      resources,
    ),
    // Catalogue: the availabilities of some statuses starting in a range (`status`, `after`).
    index("availabilities_organiser_id_status_start_at_idx").on(t.organiserId, t.status, t.startAt),
    // Catalogue "not ended yet" (the catalogue page includes started availabilities): end_at >= now.
    index("availabilities_organiser_id_end_at_idx").on(t.organiserId, t.endAt),
    // Activity filter, catalog filter (through catalog_activities) and the activity pages.
    index("availabilities_organiser_id_activity_id_idx").on(t.organiserId, t.activityId),
    // Location filter.
    index("availabilities_organiser_id_location_id_idx").on(t.organiserId, t.locationId),
    // Resources schedules: the availabilities on some resources in a time range.
    index("availabilities_organiser_id_resource_id_start_at_idx").on(
      t.organiserId,
      t.resourceId,
      t.startAt,
    ),
    check("availabilities_status", sql`${t.status} in ('OPEN', 'CLOSED', 'FULL')`),
    check("availabilities_period", sql`${t.endAt} >= ${t.startAt}`),
    check(
      "availabilities_amounts",
      sql`${t.price} >= 0 and ${t.deposit} >= 0 and ${t.deposit} <= ${t.price}`,
    ),
    check(
      "availabilities_counts",
      sql`${t.registered} >= 0 and (${t.capacity} is null or ${t.capacity} >= 0)`,
    ),
  ],
);

export const availabilityCategories = pgTable(
  "availability_categories",
  {
    organiserId: organiserId(),
    availabilityId: integer().notNull(),
    categoryId: integer().notNull(),
  },
  (t) => [
    primaryKey({
      name: "availability_categories_pkey",
      columns: [t.organiserId, t.availabilityId, t.categoryId],
    }),
    tenantForeignKey(
      "availability_categories_availability_fk",
      { organiserId: t.organiserId, column: t.availabilityId },
      availabilities,
      "cascade",
    ),
    tenantForeignKey(
      "availability_categories_category_fk",
      { organiserId: t.organiserId, column: t.categoryId },
      categories,
      "cascade",
    ),
    // Category filter of the catalogue: the availability ids of some categories, read from the
    // index alone; also serves the cascade when a category is deleted.
    index("availability_categories_organiser_id_category_id_idx").on(
      t.organiserId,
      t.categoryId,
      t.availabilityId,
    ),
  ],
);

/** One day (or slot) of an availability; capacity is counted per date. */
export const availabilityDates = pgTable(
  "availability_dates",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    availabilityId: integer().notNull(),
    startAt: timestamptz().notNull(),
    endAt: timestamptz().notNull(),
    status: text().$type<AvailabilityDateStatus>().notNull().default("OPEN"),
    /** Null means unlimited. */
    capacity: integer(),
    registered: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("availability_dates", t),
    tenantForeignKey(
      "availability_dates_availability_fk",
      { organiserId: t.organiserId, column: t.availabilityId },
      availabilities,
      "cascade",
    ),
    // Calendar and dates calls without a status: the dates starting in a range.
    index("availability_dates_organiser_id_start_at_idx").on(t.organiserId, t.startAt),
    // GET /api/availabilities/dates: the dates of some statuses starting between after and before.
    index("availability_dates_organiser_id_status_start_at_idx").on(
      t.organiserId,
      t.status,
      t.startAt,
    ),
    // The dates of an availability, in order.
    index("availability_dates_organiser_id_availability_id_idx").on(
      t.organiserId,
      t.availabilityId,
      t.startAt,
    ),
    check("availability_dates_status", sql`${t.status} in ('OPEN', 'CLOSED', 'OVERLAP', 'FULL')`),
    check("availability_dates_period", sql`${t.endAt} >= ${t.startAt}`),
    check(
      "availability_dates_counts",
      sql`${t.registered} >= 0 and (${t.capacity} is null or ${t.capacity} >= 0)`,
    ),
  ],
);

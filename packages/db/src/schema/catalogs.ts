import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { activities } from "./activities.ts";
import { createdAt, updatedAt } from "./columns.ts";
import { organiserId, tenantCuid, tenantForeignKey, tenantId, tenantKey } from "./tenancy.ts";

// What the storefront's catalogue sections select and filter by (storefront.md §2 "Catalogue
// sections", §7 `catalog`, `segment` and `period`): catalogs, segments and calendar periods.

/** A group of activities shown together (the `catalog` parameter of the storefront calls). */
export const catalogs = pgTable(
  "catalogs",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    name: text().notNull(),
    description: text(),
    /** Staff's order: the console's list and the storefront follow it. */
    order: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [...tenantKey("catalogs", t)],
);

export const catalogActivities = pgTable(
  "catalog_activities",
  {
    organiserId: organiserId(),
    catalogId: integer().notNull(),
    activityId: integer().notNull(),
    /** The activity's place in the catalog: a catalog's activity grid shows them in this order. */
    position: integer().notNull().default(0),
  },
  (t) => [
    // Also the catalog filter: the activity ids of the requested catalogs, read from the index.
    primaryKey({
      name: "catalog_activities_pkey",
      columns: [t.organiserId, t.catalogId, t.activityId],
    }),
    tenantForeignKey(
      "catalog_activities_catalog_fk",
      { organiserId: t.organiserId, column: t.catalogId },
      catalogs,
      "cascade",
    ),
    tenantForeignKey(
      "catalog_activities_activity_fk",
      { organiserId: t.organiserId, column: t.activityId },
      activities,
      "cascade",
    ),
    // The catalogs of an activity, and the cascade when an activity is deleted.
    index("catalog_activities_organiser_id_activity_id_idx").on(t.organiserId, t.activityId),
  ],
);

export type SegmentEntity = "CUSTOMERS" | "PARTICIPANTS" | "AVAILABILITIES";

/**
 * Conditions of an AVAILABILITIES segment, by cuid. The lists are ANDed, the values inside one
 * list ORed; an absent or empty list does not restrict, so `{}` selects everything.
 */
export type AvailabilitySegmentConditions = {
  /** Activity cuids. */
  activities?: string[];
  /** Location cuids. */
  locations?: string[];
  /** Category cuids. */
  categories?: string[];
};

/** CUSTOMERS and PARTICIPANTS conditions are not specified yet: a free map, `{}` is everyone. */
export type SegmentConditions = AvailabilitySegmentConditions & { [condition: string]: unknown };

/**
 * A saved selection of customers, participants or availabilities (platform-and-account.md §3.2:
 * entity, name, conditions, default). Each organiser has one default segment per entity, "all
 * customers", "all participants", "all availabilities".
 */
export const segments = pgTable(
  "segments",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    entity: text().$type<SegmentEntity>().notNull(),
    name: text().notNull(),
    conditions: jsonb().$type<SegmentConditions>().notNull().default({}),
    isDefault: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("segments", t),
    check("segments_entity", sql`${t.entity} in ('CUSTOMERS', 'PARTICIPANTS', 'AVAILABILITIES')`),
    check("segments_conditions_object", sql`jsonb_typeof(${t.conditions}) = 'object'`),
    // The segments of an entity (the segment pickers and the `segment` filter).
    index("segments_organiser_id_entity_idx").on(t.organiserId, t.entity),
    // At most one default segment per entity and organiser.
    uniqueIndex("segments_organiser_id_entity_default_unique")
      .on(t.organiserId, t.entity)
      .where(sql`${t.isDefault}`),
  ],
);

/** A named span of days, such as school holidays (the `period` filter of the catalogue). */
export const calendarPeriods = pgTable(
  "calendar_periods",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    name: text().notNull(),
    /** First day, in the organiser's time zone. */
    startDate: date({ mode: "string" }).notNull(),
    /** Last day (included). */
    endDate: date({ mode: "string" }).notNull(),
    order: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("calendar_periods", t),
    check("calendar_periods_range", sql`${t.endDate} >= ${t.startDate}`),
  ],
);

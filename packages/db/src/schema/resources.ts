import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { images, locations } from "./catalogue.ts";
import { createdAt, timestamptz, updatedAt } from "./columns.ts";
import { memberships } from "./commerce.ts";
import { organiserId, tenantCuid, tenantForeignKey, tenantId, tenantKey } from "./tenancy.ts";

/** One way to book a slot: its length and what it costs. */
export type ResourceSlotPrice = {
  /** Seconds, an integer > 0. */
  duration: number;
  /** Minor units, an integer >= 0. */
  amount: number;
};

/**
 * A weekday's opening hours of a resource: slots start every first-price duration from `start`
 * while they end by `end` ("HH:MM", local time of the organiser); the console's editor makes the
 * resource's `resource_slots` from them (decision 0065).
 */
export type ResourceOpeningHours = {
  /** ISO weekday, Monday 1 … Sunday 7. */
  weekday: number;
  start: string;
  end: string;
  /** Non-empty; the first price sets the slots' length. */
  prices: ResourceSlotPrice[];
};

/** Who may book a resource of a configuration: every customer, or members only. */
export const BOOKING_AUDIENCES = ["EVERYONE", "MEMBERS"] as const;
export type BookingAudience = (typeof BOOKING_AUDIENCES)[number];

/**
 * How customers may book the resources that share it (decision 0071): who, how far ahead, until
 * when they may cancel from their account, and how many bookings a week. Null: no limit (for
 * `cancellation_hours`: customers cannot cancel, only staff).
 */
export const bookingConfigurations = pgTable(
  "booking_configurations",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    name: text().notNull(),
    /** MEMBERS: an active membership of one of `booking_configuration_memberships`. */
    audience: text().$type<BookingAudience>().notNull().default("EVERYONE"),
    daysAhead: integer(),
    cancellationHours: integer(),
    maxPerWeek: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("booking_configurations", t),
    check("booking_configurations_audience", sql`${t.audience} in ('EVERYONE', 'MEMBERS')`),
    check(
      "booking_configurations_limits",
      sql`(${t.daysAhead} is null or ${t.daysAhead} >= 0)
        and (${t.cancellationHours} is null or ${t.cancellationHours} >= 0)
        and (${t.maxPerWeek} is null or ${t.maxPerWeek} >= 1)`,
    ),
  ],
);

/** The membership products whose active holders may book under a MEMBERS configuration. */
export const bookingConfigurationMemberships = pgTable(
  "booking_configuration_memberships",
  {
    organiserId: organiserId(),
    configurationId: integer().notNull(),
    membershipId: integer().notNull(),
  },
  (t) => [
    primaryKey({
      name: "booking_configuration_memberships_pkey",
      columns: [t.organiserId, t.configurationId, t.membershipId],
    }),
    tenantForeignKey(
      "booking_configuration_memberships_configuration_fk",
      { organiserId: t.organiserId, column: t.configurationId },
      bookingConfigurations,
      "cascade",
    ),
    tenantForeignKey(
      "booking_configuration_memberships_membership_fk",
      { organiserId: t.organiserId, column: t.membershipId },
      memberships,
      "cascade",
    ),
    index("booking_configuration_memberships_membership_id_idx").on(t.membershipId),
  ],
);

/** Resources shown together (the courts of a club): the storefront groups its schedule by it. */
export const resourceGroups = pgTable(
  "resource_groups",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    name: text().notNull(),
    description: text(),
    locationId: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("resource_groups", t),
    tenantForeignKey(
      "resource_groups_location_fk",
      { organiserId: t.organiserId, column: t.locationId },
      locations,
    ),
  ],
);

export const resourceGroupImages = pgTable(
  "resource_group_images",
  {
    organiserId: organiserId(),
    groupId: integer().notNull(),
    imageId: integer().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: "resource_group_images_pkey",
      columns: [t.organiserId, t.groupId, t.imageId],
    }),
    tenantForeignKey(
      "resource_group_images_group_fk",
      { organiserId: t.organiserId, column: t.groupId },
      resourceGroups,
      "cascade",
    ),
    tenantForeignKey(
      "resource_group_images_image_fk",
      { organiserId: t.organiserId, column: t.imageId },
      images,
      "cascade",
    ),
    index("resource_group_images_image_id_idx").on(t.imageId),
  ],
);

/**
 * Something booked by the slot (a tennis court, a room): the storefront's resources schedule and
 * resource bookings. Availabilities that take place on it (`availabilities.resource_id`) appear
 * in its schedule too.
 */
export const resources = pgTable(
  "resources",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    name: text().notNull(),
    description: text(),
    locationId: integer(),
    /** At most one group; a group is not deleted while resources are in it. */
    groupId: integer(),
    /** How customers may book it (shared by several resources); null: anyone, no limits. */
    bookingConfigurationId: integer(),
    /** A booking starts at most this many days ahead; null: no limit. */
    bookingDaysAhead: integer(),
    /** The weekly hours the console edits; [] for resources whose slots were made otherwise. */
    openingHours: jsonb().$type<ResourceOpeningHours[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("resources", t),
    check(
      "resources_booking_days_ahead",
      sql`${t.bookingDaysAhead} is null or ${t.bookingDaysAhead} >= 0`,
    ),
    tenantForeignKey(
      "resources_location_fk",
      { organiserId: t.organiserId, column: t.locationId },
      locations,
    ),
    tenantForeignKey(
      "resources_group_fk",
      { organiserId: t.organiserId, column: t.groupId },
      resourceGroups,
    ),
    tenantForeignKey(
      "resources_booking_configuration_fk",
      { organiserId: t.organiserId, column: t.bookingConfigurationId },
      bookingConfigurations,
    ),
    index("resources_organiser_id_group_id_idx").on(t.organiserId, t.groupId),
  ],
);

export const resourceImages = pgTable(
  "resource_images",
  {
    organiserId: organiserId(),
    resourceId: integer().notNull(),
    imageId: integer().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ name: "resource_images_pkey", columns: [t.organiserId, t.resourceId, t.imageId] }),
    tenantForeignKey(
      "resource_images_resource_fk",
      { organiserId: t.organiserId, column: t.resourceId },
      resources,
      "cascade",
    ),
    tenantForeignKey(
      "resource_images_image_fk",
      { organiserId: t.organiserId, column: t.imageId },
      images,
      "cascade",
    ),
    index("resource_images_image_id_idx").on(t.imageId),
  ],
);

/**
 * A bookable start time of a resource (storefront "resource availability": resource_id, start_at,
 * prices). The slot ends at start + the first price's duration.
 */
export const resourceSlots = pgTable(
  "resource_slots",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    resourceId: integer().notNull(),
    startAt: timestamptz().notNull(),
    /** Non-empty; the first price sets the slot's length. */
    prices: jsonb().$type<ResourceSlotPrice[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("resource_slots", t),
    tenantForeignKey(
      "resource_slots_resource_fk",
      { organiserId: t.organiserId, column: t.resourceId },
      resources,
      "cascade",
    ),
    // GET /api/resources/availabilities: the slots of some resources between after and before.
    index("resource_slots_organiser_id_resource_id_start_at_idx").on(
      t.organiserId,
      t.resourceId,
      t.startAt,
    ),
    check(
      "resource_slots_prices",
      sql`jsonb_typeof(${t.prices}) = 'array' and jsonb_array_length(${t.prices}) > 0
        and not jsonb_path_exists(${t.prices}, '$[*] ? (!(exists(@.duration) && exists(@.amount)
          && @.duration.type() == "number" && @.amount.type() == "number"
          && @.duration > 0 && @.duration == @.duration.floor()
          && @.amount >= 0 && @.amount == @.amount.floor()))')`,
    ),
  ],
);

/** A period a resource cannot be booked (works, a tournament). */
export const resourceClosures = pgTable(
  "resource_closures",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    resourceId: integer().notNull(),
    startAt: timestamptz().notNull(),
    endAt: timestamptz().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    ...tenantKey("resource_closures", t),
    tenantForeignKey(
      "resource_closures_resource_fk",
      { organiserId: t.organiserId, column: t.resourceId },
      resources,
      "cascade",
    ),
    index("resource_closures_organiser_id_resource_id_start_at_idx").on(
      t.organiserId,
      t.resourceId,
      t.startAt,
    ),
    check("resource_closures_period", sql`${t.endAt} > ${t.startAt}`),
  ],
);

import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { activities } from "./activities.ts";
import { createdAt, money, updatedAt } from "./columns.ts";
import { bundles } from "./commerce.ts";
import { organiserId, tenantCuid, tenantForeignKey, tenantId, tenantKey } from "./tenancy.ts";

// Pricing configuration read by the cart (docs/decisions/0009-cart-pricing.md): the organiser's
// volume-discount tiers and the activities each bundle pays registrations of.

/**
 * A volume-discount tier (permission "volume discounts"): a cart holding at least
 * `min_registrations` registration places gets, on each registration line, `amount` per place or
 * `percentage` % of the line (rule 5 of packages/domain/src/pricing/index.ts). Only active tiers
 * count; among them the one with the largest threshold reached applies.
 */
export const volumeDiscounts = pgTable(
  "volume_discounts",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    minRegistrations: integer().notNull(),
    amount: money(),
    percentage: numeric({ precision: 5, scale: 2, mode: "number" }),
    active: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("volume_discounts", t),
    // One active tier per threshold, so that the tier reached is never ambiguous.
    uniqueIndex("volume_discounts_organiser_id_min_registrations_active_unique")
      .on(t.organiserId, t.minRegistrations)
      .where(sql`${t.active}`),
    check("volume_discounts_min_registrations", sql`${t.minRegistrations} >= 1`),
    check(
      "volume_discounts_amount_or_percentage",
      sql`(${t.amount} is null) <> (${t.percentage} is null)`,
    ),
    check(
      "volume_discounts_values",
      sql`(${t.amount} is null or ${t.amount} >= 0) and (${t.percentage} is null or (${t.percentage} >= 0 and ${t.percentage} <= 100))`,
    ),
  ],
);

/**
 * The activities a bundle pays registrations of: a customer bundle covers a registration only
 * when the registration's activity is listed for its bundle.
 */
export const bundleActivities = pgTable(
  "bundle_activities",
  {
    organiserId: organiserId(),
    bundleId: integer().notNull(),
    activityId: integer().notNull(),
  },
  (t) => [
    primaryKey({
      name: "bundle_activities_pkey",
      columns: [t.organiserId, t.bundleId, t.activityId],
    }),
    tenantForeignKey(
      "bundle_activities_bundle_fk",
      { organiserId: t.organiserId, column: t.bundleId },
      bundles,
      "cascade",
    ),
    tenantForeignKey(
      "bundle_activities_activity_fk",
      { organiserId: t.organiserId, column: t.activityId },
      activities,
      "cascade",
    ),
    // The bundles covering some activities (cart pricing), and the cascade from an activity.
    index("bundle_activities_organiser_id_activity_id_idx").on(t.organiserId, t.activityId),
  ],
);

import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  unique,
} from "drizzle-orm/pg-core";
import { activities } from "./activities.ts";
import { categories } from "./catalogue.ts";
import { createdAt, money, timestamptz, updatedAt } from "./columns.ts";
import { customers } from "./customers.ts";
import { organiserId, tenantCuid, tenantForeignKey, tenantId, tenantKey } from "./tenancy.ts";

// Discounts given to chosen customers (permissions discounts.discounts.* and
// customers.discounts.*; docs/decisions/0100-customer-discounts.md): the organiser defines them
// (a staff family, a social rate), staff give them to customers, cart pricing applies them.

/**
 * A discount the organiser may give to customers: `amount` per registration place or
 * `percentage` % of each registration line, optionally limited to some activities and
 * categories (none listed: every activity) and to a period of days. Only an active discount
 * inside its period applies. `applied_at` is set by the first checkout that used it: from then
 * on it can only be deactivated, never deleted (the registrations keep its name and amount).
 */
export const discounts = pgTable(
  "discounts",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    name: text().notNull(),
    amount: money(),
    percentage: numeric({ precision: 5, scale: 2, mode: "number" }),
    /** First and last day it applies (organiser's time zone), inclusive; null: open-ended. */
    validFrom: date({ mode: "string" }),
    validUntil: date({ mode: "string" }),
    active: boolean().notNull().default(true),
    appliedAt: timestamptz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("discounts", t),
    unique("discounts_organiser_id_name_unique").on(t.organiserId, t.name),
    check(
      "discounts_amount_or_percentage",
      sql`(${t.amount} is null) <> (${t.percentage} is null)`,
    ),
    check(
      "discounts_values",
      sql`(${t.amount} is null or ${t.amount} > 0) and (${t.percentage} is null or (${t.percentage} > 0 and ${t.percentage} <= 100))`,
    ),
    check(
      "discounts_period",
      sql`${t.validFrom} is null or ${t.validUntil} is null or ${t.validFrom} <= ${t.validUntil}`,
    ),
  ],
);

/** The activities a discount is limited to (with those of its categories). */
export const discountActivities = pgTable(
  "discount_activities",
  {
    organiserId: organiserId(),
    discountId: integer().notNull(),
    activityId: integer().notNull(),
  },
  (t) => [
    primaryKey({
      name: "discount_activities_pkey",
      columns: [t.organiserId, t.discountId, t.activityId],
    }),
    tenantForeignKey(
      "discount_activities_discount_fk",
      { organiserId: t.organiserId, column: t.discountId },
      discounts,
      "cascade",
    ),
    tenantForeignKey(
      "discount_activities_activity_fk",
      { organiserId: t.organiserId, column: t.activityId },
      activities,
      "cascade",
    ),
    index("discount_activities_organiser_id_activity_id_idx").on(t.organiserId, t.activityId),
  ],
);

/** The categories a discount is limited to: it applies to their activities. */
export const discountCategories = pgTable(
  "discount_categories",
  {
    organiserId: organiserId(),
    discountId: integer().notNull(),
    categoryId: integer().notNull(),
  },
  (t) => [
    primaryKey({
      name: "discount_categories_pkey",
      columns: [t.organiserId, t.discountId, t.categoryId],
    }),
    tenantForeignKey(
      "discount_categories_discount_fk",
      { organiserId: t.organiserId, column: t.discountId },
      discounts,
      "cascade",
    ),
    tenantForeignKey(
      "discount_categories_category_fk",
      { organiserId: t.organiserId, column: t.categoryId },
      categories,
      "cascade",
    ),
    index("discount_categories_organiser_id_category_id_idx").on(t.organiserId, t.categoryId),
  ],
);

/**
 * A discount given to a customer by staff, until `ends_on` (inclusive; null: no end), with the
 * reason staff wrote. A customer holds a discount once (unique), so two staff giving it at
 * once make one row.
 */
export const customerDiscounts = pgTable(
  "customer_discounts",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    customerId: integer().notNull(),
    discountId: integer().notNull(),
    endsOn: date({ mode: "string" }),
    reason: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("customer_discounts", t),
    unique("customer_discounts_customer_discount_unique").on(
      t.organiserId,
      t.customerId,
      t.discountId,
    ),
    tenantForeignKey(
      "customer_discounts_customer_fk",
      { organiserId: t.organiserId, column: t.customerId },
      customers,
      "cascade",
    ),
    tenantForeignKey(
      "customer_discounts_discount_fk",
      { organiserId: t.organiserId, column: t.discountId },
      discounts,
      "cascade",
    ),
    // The customers holding a discount (the customer list's filter, the cascade).
    index("customer_discounts_organiser_id_discount_id_idx").on(t.organiserId, t.discountId),
  ],
);

import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  unique,
} from "drizzle-orm/pg-core";
import { images } from "./catalogue.ts";
import { createdAt, money, timestamptz, updatedAt } from "./columns.ts";
import { organiserId, tenantCuid, tenantForeignKey, tenantId, tenantKey } from "./tenancy.ts";

/** Whether a product is used by one participant or shared by the customer's family. */
export type ProductEntity = "PARTICIPANTS" | "CUSTOMERS";
export type MembershipPeriodType = "FIXED" | "ROLLING";
export type PeriodUnit = "days" | "weeks" | "months" | "years";

/** A pack of registrations sold at once (a 10-session card). */
export const bundles = pgTable(
  "bundles",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    title: text().notNull(),
    /** Sanitised HTML. */
    description: text().notNull().default(""),
    price: money().notNull(),
    /** Registrations included; null means unlimited. */
    capacity: integer(),
    /** Seconds of validity from the purchase; null means no limit. */
    duration: integer(),
    /** A fixed end of validity, whichever comes first with `duration`. */
    expiresAt: timestamptz(),
    entity: text().$type<ProductEntity>().notNull().default("PARTICIPANTS"),
    published: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("bundles", t),
    check("bundles_entity", sql`${t.entity} in ('PARTICIPANTS', 'CUSTOMERS')`),
    check("bundles_price", sql`${t.price} >= 0`),
  ],
);

export const memberships = pgTable(
  "memberships",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    title: text().notNull(),
    description: text().notNull().default(""),
    price: money().notNull(),
    entity: text().$type<ProductEntity>().notNull().default("PARTICIPANTS"),
    periodType: text().$type<MembershipPeriodType>().notNull(),
    fixedPeriodStartAt: timestamptz(),
    fixedPeriodEndAt: timestamptz(),
    rollingPeriodType: text().$type<PeriodUnit>(),
    rollingPeriodDuration: integer(),
    published: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("memberships", t),
    check("memberships_entity", sql`${t.entity} in ('PARTICIPANTS', 'CUSTOMERS')`),
    check("memberships_price", sql`${t.price} >= 0`),
    // Each period type carries exactly the fields it needs.
    check(
      "memberships_period",
      sql`(${t.periodType} = 'FIXED' and ${t.fixedPeriodStartAt} is not null and ${t.fixedPeriodEndAt} > ${t.fixedPeriodStartAt})
        or (${t.periodType} = 'ROLLING' and ${t.rollingPeriodType} in ('days', 'weeks', 'months', 'years') and ${t.rollingPeriodDuration} > 0)`,
    ),
  ],
);

/** A gift voucher product: buying it issues a code worth `amount` (or a bundle). */
export const vouchers = pgTable(
  "vouchers",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    title: text().notNull(),
    description: text().notNull().default(""),
    price: money().notNull(),
    /** Value credited on redemption. */
    amount: money().notNull(),
    /** A voucher may give a bundle instead of (or on top of) wallet credit. */
    bundleId: integer(),
    /** Seconds of validity of an issued code; null means no expiry. */
    duration: integer(),
    published: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("vouchers", t),
    tenantForeignKey(
      "vouchers_bundle_fk",
      { organiserId: t.organiserId, column: t.bundleId },
      bundles,
    ),
    index("vouchers_organiser_id_bundle_id_idx").on(t.organiserId, t.bundleId),
    check("vouchers_amounts", sql`${t.price} >= 0 and ${t.amount} >= 0`),
  ],
);

export const coupons = pgTable(
  "coupons",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    /** Internal name shown in the console. */
    title: text().notNull(),
    /** What the customer sees on the cart. */
    label: text().notNull(),
    /** Stored upper-case so that a lookup of the normalised input is exact. */
    code: text().notNull(),
    amount: money(),
    percentage: numeric({ precision: 5, scale: 2, mode: "number" }),
    active: boolean().notNull().default(true),
    /** Minor units the cart total must reach for the coupon to apply. */
    minTotalAmount: money().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("coupons", t),
    unique("coupons_organiser_id_code_unique").on(t.organiserId, t.code),
    check("coupons_code_upper", sql`${t.code} = upper(${t.code})`),
    check("coupons_amount_or_percentage", sql`(${t.amount} is null) <> (${t.percentage} is null)`),
  ],
);

/** Ordered images of a bundle. */
export const bundleImages = pgTable(
  "bundle_images",
  {
    organiserId: organiserId(),
    bundleId: integer().notNull(),
    imageId: integer().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ name: "bundle_images_pkey", columns: [t.organiserId, t.bundleId, t.imageId] }),
    tenantForeignKey(
      "bundle_images_bundle_fk",
      { organiserId: t.organiserId, column: t.bundleId },
      bundles,
      "cascade",
    ),
    tenantForeignKey(
      "bundle_images_image_fk",
      { organiserId: t.organiserId, column: t.imageId },
      images,
      "cascade",
    ),
    index("bundle_images_image_id_idx").on(t.imageId),
  ],
);

/** Ordered images of a membership. */
export const membershipImages = pgTable(
  "membership_images",
  {
    organiserId: organiserId(),
    membershipId: integer().notNull(),
    imageId: integer().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: "membership_images_pkey",
      columns: [t.organiserId, t.membershipId, t.imageId],
    }),
    tenantForeignKey(
      "membership_images_membership_fk",
      { organiserId: t.organiserId, column: t.membershipId },
      memberships,
      "cascade",
    ),
    tenantForeignKey(
      "membership_images_image_fk",
      { organiserId: t.organiserId, column: t.imageId },
      images,
      "cascade",
    ),
    index("membership_images_image_id_idx").on(t.imageId),
  ],
);

/** Ordered images of a voucher. */
export const voucherImages = pgTable(
  "voucher_images",
  {
    organiserId: organiserId(),
    voucherId: integer().notNull(),
    imageId: integer().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ name: "voucher_images_pkey", columns: [t.organiserId, t.voucherId, t.imageId] }),
    tenantForeignKey(
      "voucher_images_voucher_fk",
      { organiserId: t.organiserId, column: t.voucherId },
      vouchers,
      "cascade",
    ),
    tenantForeignKey(
      "voucher_images_image_fk",
      { organiserId: t.organiserId, column: t.imageId },
      images,
      "cascade",
    ),
    index("voucher_images_image_id_idx").on(t.imageId),
  ],
);

import { z } from "zod";
import { LIMITS, listEnvelope, requiredText } from "../common.ts";
import { instantValue } from "./availabilities.ts";
import { cuidValue, moneyAmount, richText } from "./catalogue-fields.ts";
import { durationSeconds, PRODUCT_ENTITIES } from "./product-fields.ts";

/**
 * Bundles in the console (/api/admin/bundles): packs of registrations sold at once (a card of 10
 * sessions), valid for the activities listed, for a duration after purchase and/or until a date.
 */

/** POST /api/admin/bundles, PUT /api/admin/bundles/:cuid */
export const bundleBody = z.object({
  title: requiredText(LIMITS.shortText),
  description: richText.default(""),
  price: moneyAmount,
  /** registrations included; null means unlimited */
  capacity: z.int("INVALID_TYPE").min(1, "TOO_SMALL").max(10_000, "TOO_BIG").nullable(),
  duration: durationSeconds.nullable().default(null),
  /** a fixed end of validity, whichever comes first with `duration` */
  expires_at: instantValue.nullable().default(null),
  entity: z.enum(PRODUCT_ENTITIES).default("PARTICIPANTS"),
  /** cuids of the activities whose registrations it pays */
  activities: z.array(cuidValue).max(500, "TOO_BIG").default([]),
  /** on creation only: shown on the storefront straight away */
  published: z.boolean("INVALID_TYPE").default(false),
});
export type BundleBody = z.input<typeof bundleBody>;

const reference = z.object({ cuid: z.string(), title: z.string() });

export const adminBundleView = z.object({
  cuid: z.string(),
  title: z.string(),
  description: z.string(),
  price: z.int(),
  capacity: z.int().nullable(),
  duration: z.int().nullable(),
  expires_at: z.string().nullable(),
  entity: z.enum(PRODUCT_ENTITIES),
  published: z.boolean(),
  activities: z.array(reference),
  /** bought by customers (or given by vouchers): with any it can only be unpublished */
  sold: z.int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminBundleView = z.infer<typeof adminBundleView>;
export const adminBundleList = listEnvelope(adminBundleView);

/** GET /api/admin/bundles/choices: the activities a bundle may cover. */
export const adminBundleChoices = z.object({ activities: z.array(reference) });
export type AdminBundleChoices = z.infer<typeof adminBundleChoices>;

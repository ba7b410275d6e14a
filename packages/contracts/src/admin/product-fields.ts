import { z } from "zod";
import { adminListQuery, listFlag, listSort } from "./list-query.ts";

/**
 * What the console's product lists share (bundles, memberships, vouchers, coupons): the query of
 * their lists and the switch that shows or hides one. A product customers bought is never
 * deleted: it is taken off the storefront (or deactivated) instead.
 */

export const PRODUCT_SORT_KEYS = ["title", "price", "created_at"] as const;

/** `q` searches the title; `published` (`active` for coupons) filters on the switch. */
export const productListQuery = adminListQuery.extend({
  sort: listSort(PRODUCT_SORT_KEYS, "title"),
  published: listFlag,
});
export type ProductListQuery = z.input<typeof productListQuery>;

export const couponListQuery = adminListQuery.extend({
  sort: listSort(["code", "title", "created_at"], "code"),
  active: listFlag,
});
export type CouponListQuery = z.input<typeof couponListQuery>;

/** PUT …/:cuid/published: shown on the storefront or not. */
export const publishedBody = z.object({ published: z.boolean("INVALID_TYPE") });
export type PublishedBody = z.input<typeof publishedBody>;

/** Validity after purchase, in seconds (the storefront's unit); null means no limit. */
export const durationSeconds = z
  .int("INVALID_TYPE")
  .min(60, "TOO_SMALL")
  .max(20 * 365 * 86_400, "TOO_BIG");

export const PRODUCT_ENTITIES = ["PARTICIPANTS", "CUSTOMERS"] as const;

import { z } from "zod";
import { LIMITS, listEnvelope, requiredText } from "../common.ts";
import { moneyAmount } from "./catalogue-fields.ts";

/**
 * Coupons in the console (/api/admin/coupons): codes a customer types on the cart for an amount
 * or a percentage off, once its total reaches `min_total_amount`. A code is unique per organiser
 * and stored upper-case; a coupon that carts used is deactivated, never deleted.
 */

/** Letters, digits, "-" and "_", as typed on the cart (upper-cased). */
export const couponCode = z
  .string("INVALID_TYPE")
  .trim()
  .toUpperCase()
  .min(1, "REQUIRED")
  .max(40, "TOO_LONG")
  .regex(/^[A-Z0-9][A-Z0-9_-]*$/, "INVALID_FORMAT");

/** POST /api/admin/coupons, PUT /api/admin/coupons/:cuid: exactly one of amount and percentage. */
export const couponBody = z
  .object({
    /** internal name */
    title: requiredText(LIMITS.shortText),
    /** what the customer sees on the cart */
    label: requiredText(LIMITS.shortText),
    code: couponCode,
    amount: moneyAmount.min(1, "TOO_SMALL").nullable().default(null),
    percentage: z
      .number("INVALID_TYPE")
      .min(0.01, "TOO_SMALL")
      .max(100, "TOO_BIG")
      // two decimals at most, as the column keeps them
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, "INVALID_FORMAT")
      .nullable()
      .default(null),
    min_total_amount: moneyAmount.default(0),
    /** on creation only */
    active: z.boolean("INVALID_TYPE").default(true),
  })
  .superRefine((value, context) => {
    if ((value.amount === null) === (value.percentage === null)) {
      context.addIssue({ code: "custom", message: "AMOUNT_OR_PERCENTAGE", path: ["amount"] });
    }
  });
export type CouponBody = z.input<typeof couponBody>;

/** PUT /api/admin/coupons/:cuid/active */
export const couponActiveBody = z.object({ active: z.boolean("INVALID_TYPE") });

export const adminCouponView = z.object({
  cuid: z.string(),
  title: z.string(),
  label: z.string(),
  code: z.string(),
  amount: z.int().nullable(),
  percentage: z.number().nullable(),
  min_total_amount: z.int(),
  active: z.boolean(),
  /** processed carts it discounted */
  uses: z.int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminCouponView = z.infer<typeof adminCouponView>;
export const adminCouponList = listEnvelope(adminCouponView);

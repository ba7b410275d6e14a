import { z } from "zod";
import { moneyAmount } from "./catalogue-fields.ts";

/**
 * Volume discounts in the console (discounts.volume_discounts.*, decision 0092): tiers by the
 * number of registration places in a cart, each an amount per place or a percentage of each
 * registration line (already applied by cart pricing, decision 0009). Among the active tiers
 * the one with the largest threshold reached applies, so two active tiers never share a
 * threshold (VOLUME_DISCOUNT_THRESHOLD_TAKEN on `min_registrations`).
 */

/** The most places a threshold may ask: a cart never holds more. */
export const VOLUME_DISCOUNT_MAX_THRESHOLD = 1000;

/** POST /api/admin/volume-discounts, PUT /api/admin/volume-discounts/:cuid */
export const volumeDiscountBody = z
  .object({
    min_registrations: z
      .int({ error: (issue) => (issue.input === undefined ? "REQUIRED" : "INVALID_TYPE") })
      .min(2, "TOO_SMALL")
      .max(VOLUME_DISCOUNT_MAX_THRESHOLD, "TOO_BIG"),
    amount: moneyAmount.min(1, "TOO_SMALL").nullable().default(null),
    percentage: z
      .number("INVALID_TYPE")
      .min(0.01, "TOO_SMALL")
      .max(100, "TOO_BIG")
      // two decimals at most, as the column keeps them
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, "INVALID_FORMAT")
      .nullable()
      .default(null),
    active: z.boolean("INVALID_TYPE").default(true),
  })
  .superRefine((value, context) => {
    if ((value.amount === null) === (value.percentage === null)) {
      context.addIssue({ code: "custom", message: "AMOUNT_OR_PERCENTAGE", path: ["amount"] });
    }
  });
export type VolumeDiscountBody = z.input<typeof volumeDiscountBody>;

export const volumeDiscountView = z.object({
  cuid: z.string(),
  min_registrations: z.int(),
  amount: z.int().nullable(),
  percentage: z.number().nullable(),
  active: z.boolean(),
});
export type VolumeDiscountView = z.infer<typeof volumeDiscountView>;
export const volumeDiscountList = z.object({ data: z.array(volumeDiscountView) });
export type VolumeDiscountList = z.infer<typeof volumeDiscountList>;

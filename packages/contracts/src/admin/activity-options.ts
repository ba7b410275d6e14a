import { z } from "zod";
import { LIMITS, requiredText } from "../common.ts";
import { optionalText } from "../page-elements/primitives.ts";
import { cuidValue, moneyAmount } from "./catalogue-fields.ts";

/**
 * An activity's options (meals, day care, transport…) and their prices, in the console
 * (/api/admin/activities/:cuid/options). One price makes the option a switch on the storefront,
 * several a choice; each price is a fixed amount or a percentage of the registration price.
 */

export const adminOptionPriceView = z.object({
  id: z.int(),
  cuid: z.string(),
  label: z.string(),
  amount: z.int().nullable(),
  percentage: z.number().nullable(),
});

export const adminOptionView = z.object({
  id: z.int(),
  cuid: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  order: z.int(),
  answer_required: z.boolean(),
  prices: z.array(adminOptionPriceView),
});
export type AdminOptionView = z.infer<typeof adminOptionView>;
export const adminOptionList = z.object({ data: z.array(adminOptionView) });

/** A percentage of at most two decimals (stored as numeric(5,2)). */
const percentage = z
  .number("INVALID_TYPE")
  .min(0, "TOO_SMALL")
  .max(100, "TOO_BIG")
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, "INVALID_FORMAT");

const optionPriceBody = z
  .object({
    /** an existing price keeps its id (chosen prices refer to it); none: a new price */
    cuid: cuidValue.optional(),
    label: requiredText(LIMITS.shortText),
    amount: moneyAmount.nullable().default(null),
    percentage: percentage.nullable().default(null),
  })
  .superRefine((price, context) => {
    if (price.amount === null && price.percentage === null) {
      context.addIssue({ code: "custom", message: "REQUIRED", path: ["amount"] });
    }
    if (price.amount !== null && price.percentage !== null) {
      context.addIssue({ code: "custom", message: "MISMATCH", path: ["percentage"] });
    }
  });

/**
 * POST /api/admin/activities/:cuid/options, PUT …/options/:option: the option with all its
 * prices in their order; a price left out is deleted (refused while a cart or registration
 * chose it).
 */
export const optionBody = z.object({
  title: requiredText(LIMITS.shortText),
  description: optionalText(LIMITS.longText),
  answer_required: z.boolean("INVALID_TYPE").default(false),
  prices: z.array(optionPriceBody).min(1, "REQUIRED").max(50, "TOO_BIG"),
});
export type OptionBody = z.input<typeof optionBody>;

export const activityOptionParams = z.object({ cuid: cuidValue, option: cuidValue });

import { z } from "zod";
import { calendarDate, LIMITS, requiredText } from "../common.ts";
import { cuidValue, moneyAmount } from "./catalogue-fields.ts";

/**
 * Discounts given to chosen customers (decision 0100): the organiser's definitions
 * (discounts.discounts.*, Catalogue › Réductions clients) and the ones given to a customer
 * (customers.discounts.*, the customer's page). Cart pricing applies them (rule 6 of
 * packages/domain/src/pricing/index.ts).
 */

/** A percentage with two decimals at most, as the column keeps it. */
const percentageValue = z
  .number("INVALID_TYPE")
  .min(0.01, "TOO_SMALL")
  .max(100, "TOO_BIG")
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, "INVALID_FORMAT");

const optionalDay = calendarDate.nullable().default(null);
const cuidList = z.array(cuidValue).max(500, "TOO_BIG").default([]);

/** POST /api/admin/discounts, PUT /api/admin/discounts/:cuid */
export const discountBody = z
  .object({
    name: requiredText(LIMITS.name),
    amount: moneyAmount.min(1, "TOO_SMALL").nullable().default(null),
    percentage: percentageValue.nullable().default(null),
    /** none: every activity; else these activities and those of these categories */
    activities: cuidList,
    categories: cuidList,
    valid_from: optionalDay,
    valid_until: optionalDay,
    active: z.boolean("INVALID_TYPE").default(true),
  })
  .superRefine((value, context) => {
    if ((value.amount === null) === (value.percentage === null)) {
      context.addIssue({ code: "custom", message: "AMOUNT_OR_PERCENTAGE", path: ["amount"] });
    }
    if (value.valid_from && value.valid_until && value.valid_until < value.valid_from) {
      context.addIssue({ code: "custom", message: "TO_BEFORE_FROM", path: ["valid_until"] });
    }
  });
export type DiscountBody = z.input<typeof discountBody>;

const reference = z.object({ cuid: z.string(), title: z.string() });

export const discountView = z.object({
  cuid: z.string(),
  name: z.string(),
  amount: z.int().nullable(),
  percentage: z.number().nullable(),
  activities: z.array(reference),
  categories: z.array(reference),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  active: z.boolean(),
  /** customers holding it */
  customers: z.int(),
  /** used by a checkout once: it can then only be deactivated, not deleted */
  applied: z.boolean(),
});
export type DiscountView = z.infer<typeof discountView>;

/** GET /api/admin/discounts: every discount, and the activities and categories to limit one to. */
export const discountList = z.object({
  data: z.array(discountView),
  choices: z.object({ activities: z.array(reference), categories: z.array(reference) }),
});
export type DiscountList = z.infer<typeof discountList>;

/** POST /api/admin/customers/:cuid/discounts */
export const customerDiscountBody = z.object({
  discount: cuidValue,
  /** last day the customer holds it; none: until withdrawn */
  ends_on: optionalDay,
  reason: z.string("INVALID_TYPE").trim().max(LIMITS.shortText, "TOO_LONG").default(""),
});
export type CustomerDiscountBody = z.input<typeof customerDiscountBody>;

/** PUT /api/admin/customer-discounts/:item: change the end day or the reason. */
export const customerDiscountChangeBody = customerDiscountBody.omit({ discount: true });
export type CustomerDiscountChangeBody = z.input<typeof customerDiscountChangeBody>;

export const customerDiscountView = z.object({
  cuid: z.string(),
  discount: z.object({
    cuid: z.string(),
    name: z.string(),
    amount: z.int().nullable(),
    percentage: z.number().nullable(),
    active: z.boolean(),
  }),
  ends_on: z.string().nullable(),
  reason: z.string(),
  given_at: z.string(),
});
export type CustomerDiscountView = z.infer<typeof customerDiscountView>;

/** GET /api/admin/customers/:cuid/discounts: what the customer holds, and what may be given. */
export const customerDiscountList = z.object({
  data: z.array(customerDiscountView),
  choices: z.array(z.object({ cuid: z.string(), name: z.string() })),
});
export type CustomerDiscountList = z.infer<typeof customerDiscountList>;

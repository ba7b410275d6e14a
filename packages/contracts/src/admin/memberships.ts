import { z } from "zod";
import { LIMITS, listEnvelope, requiredText } from "../common.ts";
import { instantValue } from "./availabilities.ts";
import { moneyAmount, richText } from "./catalogue-fields.ts";
import { PRODUCT_ENTITIES } from "./product-fields.ts";

/**
 * Memberships in the console (/api/admin/memberships): a FIXED period (the 2026–2027 season, the
 * same dates for everyone) or a ROLLING one (12 months from the purchase). Each type carries only
 * its own fields; the other type's are stored empty.
 */

export const MEMBERSHIP_PERIOD_TYPES = ["FIXED", "ROLLING"] as const;
export const ROLLING_PERIOD_UNITS = ["days", "weeks", "months", "years"] as const;

/** POST /api/admin/memberships, PUT /api/admin/memberships/:cuid */
export const membershipBody = z
  .object({
    title: requiredText(LIMITS.shortText),
    description: richText.default(""),
    price: moneyAmount,
    entity: z.enum(PRODUCT_ENTITIES).default("PARTICIPANTS"),
    period_type: z.enum(MEMBERSHIP_PERIOD_TYPES),
    fixed_period_start_at: instantValue.nullable().default(null),
    fixed_period_end_at: instantValue.nullable().default(null),
    rolling_period_type: z.enum(ROLLING_PERIOD_UNITS).nullable().default(null),
    rolling_period_duration: z
      .int("INVALID_TYPE")
      .min(1, "TOO_SMALL")
      .max(1000, "TOO_BIG")
      .nullable()
      .default(null),
    /** on creation only: shown on the storefront straight away */
    published: z.boolean("INVALID_TYPE").default(false),
  })
  .superRefine((value, context) => {
    const required = (path: string) =>
      context.addIssue({ code: "custom", message: "REQUIRED", path: [path] });
    if (value.period_type === "FIXED") {
      const { fixed_period_start_at: start, fixed_period_end_at: end } = value;
      if (start === null) required("fixed_period_start_at");
      if (end === null) required("fixed_period_end_at");
      if (start !== null && end !== null && !(Date.parse(end) > Date.parse(start))) {
        context.addIssue({
          code: "custom",
          message: "END_NOT_AFTER_START",
          path: ["fixed_period_end_at"],
        });
      }
    } else {
      if (value.rolling_period_type === null) required("rolling_period_type");
      if (value.rolling_period_duration === null) required("rolling_period_duration");
    }
  });
export type MembershipBody = z.input<typeof membershipBody>;

export const adminMembershipView = z.object({
  cuid: z.string(),
  title: z.string(),
  description: z.string(),
  price: z.int(),
  entity: z.enum(PRODUCT_ENTITIES),
  period_type: z.enum(MEMBERSHIP_PERIOD_TYPES),
  fixed_period_start_at: z.string().nullable(),
  fixed_period_end_at: z.string().nullable(),
  rolling_period_type: z.enum(ROLLING_PERIOD_UNITS).nullable(),
  rolling_period_duration: z.int().nullable(),
  published: z.boolean(),
  /** bought by customers: with any it can only be unpublished */
  sold: z.int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminMembershipView = z.infer<typeof adminMembershipView>;
export const adminMembershipList = listEnvelope(adminMembershipView);

import { z } from "zod";
import { LIMITS, listEnvelope, requiredText } from "../common.ts";
import { cuidValue, moneyAmount, richText } from "./catalogue-fields.ts";
import { durationSeconds } from "./product-fields.ts";

/**
 * Gift vouchers in the console (/api/admin/vouchers): the products the storefront sells; buying
 * one issues a code worth `amount` of wallet credit, and/or a bundle, valid for `duration`.
 */

/** POST /api/admin/vouchers, PUT /api/admin/vouchers/:cuid */
export const voucherBody = z.object({
  title: requiredText(LIMITS.shortText),
  description: richText.default(""),
  price: moneyAmount,
  /** wallet credit on redemption */
  amount: moneyAmount,
  /** a bundle's cuid given on redemption */
  bundle: cuidValue.nullable().default(null),
  /** validity of an issued code; null means no expiry */
  duration: durationSeconds.nullable().default(null),
  /** on creation only: shown on the storefront straight away */
  published: z.boolean("INVALID_TYPE").default(false),
});
export type VoucherBody = z.input<typeof voucherBody>;

export const adminVoucherView = z.object({
  cuid: z.string(),
  title: z.string(),
  description: z.string(),
  price: z.int(),
  amount: z.int(),
  bundle: z.object({ cuid: z.string(), title: z.string() }).nullable(),
  duration: z.int().nullable(),
  published: z.boolean(),
  /** codes bought by customers: with any it can only be unpublished */
  sold: z.int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminVoucherView = z.infer<typeof adminVoucherView>;
export const adminVoucherList = listEnvelope(adminVoucherView);

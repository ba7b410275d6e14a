import { z } from "zod";
import { imageView } from "./catalogue.ts";
import { listEnvelope, pagingQuery } from "./common.ts";
import { paymentBadgeView } from "./registrations.ts";

/**
 * The customer vouchers of the account area (platform-and-account.md §2.3, §3.5, §4, §5, §6, §7):
 * the list and detail reads, and the redemption (`GET`/`PUT /api/vouchers/redeem`). Money in
 * minor units, timestamps ISO 8601. Decision record: docs/decisions/0017-voucher-redemption.md.
 */

/** The states of the redemption page, in their order of precedence (`voucherRedeemState`). */
export const VOUCHER_REDEEM_STATES = ["unpaid", "expired", "redeemed", "valid"] as const;
export type VoucherRedeemStateView = (typeof VOUCHER_REDEEM_STATES)[number];

/**
 * A code as the customer typed it, in the stored form: spaces and dashes dropped (codes are read
 * aloud or copied in groups), upper case.
 */
export function normaliseVoucherCode(input: string): string {
  return input.replace(/[\s-]+/g, "").toUpperCase();
}

/** Longest code input accepted (issued codes have 10 characters; spaces and dashes are dropped). */
export const VOUCHER_CODE_INPUT_MAX = 64;

/**
 * A voucher code as typed: at least 1 character (§5), trimmed, then normalised
 * (`normaliseVoucherCode`), so `cadeau-2345` finds `CADEAU2345`.
 */
export const voucherCodeInput = z
  .string({ error: (issue) => (issue.input === undefined ? "REQUIRED" : "INVALID_TYPE") })
  .trim()
  .min(1, "REQUIRED")
  .max(VOUCHER_CODE_INPUT_MAX, "TOO_LONG")
  .transform(normaliseVoucherCode)
  .refine((code) => code.length > 0, "REQUIRED");

/** GET /api/vouchers/redeem: the code typed on the redemption page. */
export const voucherRedeemQuery = z.object({ code: voucherCodeInput });

/** PUT /api/vouchers/redeem: the code and, optionally, one of the customer's participants. */
export const redeemVoucherBody = z.object({
  code: voucherCodeInput,
  participant_id: z
    .int("INVALID_TYPE")
    .positive("INVALID_TYPE")
    .max(2_147_483_647, "INVALID_TYPE")
    .nullable()
    .optional(),
});
export type RedeemVoucherBody = z.input<typeof redeemVoucherBody>;

export const VOUCHER_LIST_FILTERS = ["all", "available"] as const;

/**
 * GET /api/customer-vouchers: the vouchers the customer bought or redeemed, newest first, paged
 * with page_number / page_size; `filter=available` keeps those bought, fully paid, unexpired and
 * not redeemed (the `available_vouchers` counter: codes ready to be given).
 */
export const listCustomerVouchersQuery = pagingQuery.extend({
  filter: z.enum(VOUCHER_LIST_FILTERS, "INVALID_CHOICE").default("all"),
});

/** GET /api/customer-vouchers/{cuid}. */
export const customerVoucherParams = z.object({ cuid: z.string().max(64, "TOO_LONG") });

const personRef = z.object({ fullname: z.string() });

/** The voucher product and what it gives: `amount` to the wallet, `bundle` as a customer bundle. */
export const voucherProductRef = z.object({
  id: z.int(),
  cuid: z.string(),
  title: z.string(),
  amount: z.int(),
  bundle: z
    .object({
      id: z.int(),
      cuid: z.string(),
      title: z.string(),
      /** registrations included; null is unlimited */
      capacity: z.int().nullable(),
      entity: z.enum(["PARTICIPANTS", "CUSTOMERS"]),
    })
    .nullable(),
  images: z.array(imageView),
});
export type VoucherProductRef = z.infer<typeof voucherProductRef>;

export const VOUCHER_REDEMPTION_BADGES = ["redeemed", "waiting"] as const;
const redemptionBadge = z.enum(VOUCHER_REDEMPTION_BADGES).nullable();

/** A voucher as the customer who bought it sees it (§6): code, amounts and payment badge. */
export const ownedVoucherView = z.object({
  access: z.literal("owner"),
  id: z.int(),
  cuid: z.string(),
  code: z.string(),
  customer_id: z.int(),
  /** the giver: the customer who bought it */
  customer: personRef,
  /** who redeemed it, and the participant they chose */
  recipient: personRef.nullable(),
  participant: personRef.nullable(),
  redeemed_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  voucher: voucherProductRef,
  total_amount: z.int(),
  paid_amount: z.int(),
  /** §4 payment badge (no deposit for vouchers); null when nothing is to be paid */
  payment_badge: paymentBadgeView.nullable(),
  /** §4 redemption badge: only once fully paid */
  redemption_badge: redemptionBadge,
  created_at: z.string(),
});
export type OwnedVoucherView = z.infer<typeof ownedVoucherView>;

/**
 * A voucher as any other customer sees it (§6) — its recipient: the giver and the redemption
 * status, with the voucher product it is for (title, what it gives); no code, amounts or
 * payment.
 */
export const sharedVoucherView = z.object({
  access: z.literal("other"),
  cuid: z.string(),
  customer: personRef,
  voucher: voucherProductRef,
  redeemed_at: z.string().nullable(),
  redemption_badge: redemptionBadge,
});
export type SharedVoucherView = z.infer<typeof sharedVoucherView>;

export const accountVoucherView = z.discriminatedUnion("access", [
  ownedVoucherView,
  sharedVoucherView,
]);
export type AccountVoucherView = z.infer<typeof accountVoucherView>;

export const accountVoucherList = listEnvelope(accountVoucherView);
export type AccountVoucherList = z.infer<typeof accountVoucherList>;
export const accountVoucherResponse = z.object({ voucher: accountVoucherView });
export type AccountVoucherResponse = z.infer<typeof accountVoucherResponse>;

/**
 * GET /api/vouchers/redeem: what the redemption page shows of a code — its `state` (§4:
 * unpaid > expired > redeemed > valid; only valid can be submitted), the giver, the voucher
 * product and whether a participant must be chosen (a bundle for participants).
 */
export const voucherRedemptionView = z.object({
  cuid: z.string(),
  code: z.string(),
  state: z.enum(VOUCHER_REDEEM_STATES),
  expires_at: z.string().nullable(),
  participant_required: z.boolean(),
  /** true when the code is one of the customer's own vouchers */
  own: z.boolean(),
  customer: personRef,
  voucher: voucherProductRef,
});
export type VoucherRedemptionView = z.infer<typeof voucherRedemptionView>;
export const voucherRedemptionResponse = z.object({ voucher: voucherRedemptionView });
export type VoucherRedemptionResponse = z.infer<typeof voucherRedemptionResponse>;

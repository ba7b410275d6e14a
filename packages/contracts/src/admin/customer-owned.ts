import { z } from "zod";
import { amountField, requiredText } from "../common.ts";
import { instantValue } from "./availabilities.ts";

/**
 * What a customer owns, managed from the console's customer page (decision 0087): bundles
 * (consumption, validity, refund), vouchers (refund, redemption for the customer) and
 * memberships (cancellation). Amounts are integer minor units; instants ISO 8601 in UTC.
 */

const cuidValue = z.string("INVALID_TYPE").trim().min(1, "REQUIRED").max(40, "TOO_LONG");

/** /api/admin/customer-{bundles,vouchers,memberships}/:item/… */
export const customerOwnedItemParams = z.object({ item: cuidValue });

/** POST …/refund: `amount` (all that was paid by default) back to the customer's wallet. */
export const ownedRefundBody = z.object({
  amount: amountField(0).optional(),
  reason: requiredText(500),
});
export type OwnedRefundBody = z.input<typeof ownedRefundBody>;

/** PUT /api/admin/customer-bundles/:item/expiry: the new end of validity (null: never ends). */
export const bundleExpiryBody = z.object({ expires_at: instantValue.nullable() });
export type BundleExpiryBody = z.input<typeof bundleExpiryBody>;

/** POST /api/admin/customer-vouchers/:item/redeem: redeemed for its buyer, for one of their participants. */
export const voucherRedeemForCustomerBody = z.object({
  participant: cuidValue.nullable().default(null),
});
export type VoucherRedeemForCustomerBody = z.input<typeof voucherRedeemForCustomerBody>;

const refund = z.object({ amount: z.int(), at: z.string() }).nullable();

/** A registration a bundle paid for. */
export const bundleConsumptionView = z.object({
  registration: z.string(),
  participant: z.string(),
  activity: z.string(),
  start_at: z.string(),
  cancelled: z.boolean(),
  created_at: z.string(),
});

export const customerBundleAdminView = z.object({
  cuid: z.string(),
  title: z.string(),
  participant: z.string().nullable(),
  /** null: unlimited */
  capacity: z.int().nullable(),
  used: z.int(),
  expires_at: z.string().nullable(),
  /** given by a redeemed voucher rather than bought */
  from_voucher: z.boolean(),
  total_amount: z.int(),
  paid_amount: z.int(),
  refund,
  created_at: z.string(),
  consumption: z.array(bundleConsumptionView),
});
export type CustomerBundleAdminView = z.infer<typeof customerBundleAdminView>;
export const customerBundleAdminList = z.object({ data: z.array(customerBundleAdminView) });
export type CustomerBundleAdminList = z.infer<typeof customerBundleAdminList>;

export const CUSTOMER_VOUCHER_STATES = [
  "unpaid",
  "expired",
  "redeemed",
  "valid",
  "refunded",
] as const;

export const customerVoucherAdminView = z.object({
  cuid: z.string(),
  title: z.string(),
  code: z.string(),
  /** what redeeming it credits to the wallet */
  amount: z.int(),
  /** the bundle redeeming it gives, if any */
  bundle: z.string().nullable(),
  /** a participant must be chosen when redeeming (a bundle for participants) */
  participant_required: z.boolean(),
  state: z.enum(CUSTOMER_VOUCHER_STATES),
  total_amount: z.int(),
  paid_amount: z.int(),
  expires_at: z.string().nullable(),
  redeemed_at: z.string().nullable(),
  recipient: z.string().nullable(),
  refund,
  created_at: z.string(),
});
export type CustomerVoucherAdminView = z.infer<typeof customerVoucherAdminView>;
export const customerVoucherAdminList = z.object({ data: z.array(customerVoucherAdminView) });
export type CustomerVoucherAdminList = z.infer<typeof customerVoucherAdminList>;

export const customerMembershipAdminView = z.object({
  cuid: z.string(),
  title: z.string(),
  participant: z.string().nullable(),
  start_at: z.string(),
  end_at: z.string(),
  cancelled: z.boolean(),
  total_amount: z.int(),
  paid_amount: z.int(),
  created_at: z.string(),
});
export type CustomerMembershipAdminView = z.infer<typeof customerMembershipAdminView>;
export const customerMembershipAdminList = z.object({
  data: z.array(customerMembershipAdminView),
});
export type CustomerMembershipAdminList = z.infer<typeof customerMembershipAdminList>;

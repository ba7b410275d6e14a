import type {
  BundleExpiryBody,
  CustomerBundleAdminView,
  CustomerMembershipAdminView,
  CustomerVoucherAdminView,
  MembershipGiftBody,
  OwnedRefundBody,
  VoucherRedeemForCustomerBody,
} from "@booking/contracts";
import { apiRequest } from "../api";

/** The console's writes of what customers own (decision 0087), from the browser. */

const item = (kind: "bundles" | "vouchers" | "memberships", cuid: string, action: string) =>
  `/api/admin/customer-${kind}/${encodeURIComponent(cuid)}/${action}`;

export const customerOwnedApi = {
  setBundleExpiry: (cuid: string, body: BundleExpiryBody) =>
    apiRequest<CustomerBundleAdminView>("PUT", item("bundles", cuid, "expiry"), body),
  refundBundle: (cuid: string, body: OwnedRefundBody) =>
    apiRequest<CustomerBundleAdminView>("POST", item("bundles", cuid, "refund"), body),
  refundVoucher: (cuid: string, body: OwnedRefundBody) =>
    apiRequest<CustomerVoucherAdminView>("POST", item("vouchers", cuid, "refund"), body),
  redeemVoucher: (cuid: string, body: VoucherRedeemForCustomerBody) =>
    apiRequest<CustomerVoucherAdminView>("POST", item("vouchers", cuid, "redeem"), body),
  giveMembership: (customer: string, body: MembershipGiftBody) =>
    apiRequest<CustomerMembershipAdminView>(
      "POST",
      `/api/admin/customers/${encodeURIComponent(customer)}/memberships`,
      body,
    ),
  cancelMembership: (cuid: string) =>
    apiRequest<CustomerMembershipAdminView>("POST", item("memberships", cuid, "cancel"), {}),
};

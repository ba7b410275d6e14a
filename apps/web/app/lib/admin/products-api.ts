import type {
  AdminBundleView,
  AdminCouponView,
  AdminMembershipView,
  AdminVoucherView,
  BundleBody,
  CouponBody,
  MembershipBody,
  VoucherBody,
} from "@booking/contracts";
import { apiRequest } from "../api";

/**
 * The console's product calls sent by the browser: bundles, memberships and gift vouchers
 * (published on the storefront or not) and coupons (active or not). Reads go through the loaders.
 */

const path = (collection: string, ...segments: string[]) =>
  `/api/admin/${collection}${segments.map((segment) => `/${encodeURIComponent(segment)}`).join("")}`;

type Ok = { ok: true };

/** The calls of one product: create, edit, show or hide, delete. */
function productCalls<Body, View>(collection: string, toggle: "published" | "active") {
  return {
    create: (body: Body) => apiRequest<View>("POST", path(collection), body),
    update: (cuid: string, body: Body) => apiRequest<View>("PUT", path(collection, cuid), body),
    setSwitch: (cuid: string, on: boolean) =>
      apiRequest<View>("PUT", path(collection, cuid, toggle), { [toggle]: on }),
    remove: (cuid: string) => apiRequest<Ok>("DELETE", path(collection, cuid)),
  };
}

export const productsApi = {
  bundles: productCalls<BundleBody, AdminBundleView>("bundles", "published"),
  memberships: productCalls<MembershipBody, AdminMembershipView>("memberships", "published"),
  vouchers: productCalls<VoucherBody, AdminVoucherView>("vouchers", "published"),
  coupons: productCalls<CouponBody, AdminCouponView>("coupons", "active"),
};

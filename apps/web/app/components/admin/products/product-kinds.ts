import type { Permission } from "@booking/domain";

/** The products the console manages beside activities: what customers buy, and coupons. */
export type ProductKind = "bundles" | "memberships" | "vouchers" | "coupons";

type Actions = "read" | "create" | "update" | "delete";

/** Each product's permissions (the catalogue's names) and its list page. */
export const PRODUCT_KINDS: Record<
  ProductKind,
  { path: string; permissions: Record<Actions, Permission> }
> = {
  bundles: {
    path: "/admin/bundles",
    permissions: {
      read: "activities.bundles.read",
      create: "activities.bundles.create",
      update: "activities.bundles.update",
      delete: "activities.bundles.delete",
    },
  },
  memberships: {
    path: "/admin/memberships",
    permissions: {
      read: "memberships.memberships.read",
      create: "memberships.memberships.create",
      update: "memberships.memberships.update",
      delete: "memberships.memberships.delete",
    },
  },
  vouchers: {
    path: "/admin/vouchers",
    permissions: {
      read: "vouchers.vouchers.read",
      create: "vouchers.vouchers.create",
      update: "vouchers.vouchers.update",
      delete: "vouchers.vouchers.delete",
    },
  },
  coupons: {
    path: "/admin/coupons",
    permissions: {
      read: "activities.coupons.read",
      create: "activities.coupons.create",
      update: "activities.coupons.update",
      delete: "activities.coupons.delete",
    },
  },
};

export const productPath = (kind: ProductKind, cuid: string) =>
  `${PRODUCT_KINDS[kind].path}/${encodeURIComponent(cuid)}`;

/** Days of validity as an input shows a duration in seconds ("" for none). */
export const durationDays = (seconds: number | null | undefined) =>
  seconds === null || seconds === undefined ? "" : String(Math.round(seconds / 86_400));

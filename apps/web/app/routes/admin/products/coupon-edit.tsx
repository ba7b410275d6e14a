import type { AdminCouponView } from "@booking/contracts";
import { CouponForm } from "../../../components/admin/products/coupon-form";
import { PRODUCT_KINDS } from "../../../components/admin/products/product-kinds";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import type { Route } from "./+types/coupon-edit";

/** /admin/coupons/new and /admin/coupons/:cuid. */
export async function loader(args: Route.LoaderArgs) {
  const cuid = "cuid" in args.params ? args.params.cuid : undefined;
  const { permissions } = PRODUCT_KINDS.coupons;
  requirePermission(args, cuid ? permissions.read : permissions.create);
  const coupon = cuid
    ? await adminGet<AdminCouponView>(args, `/api/admin/coupons/${encodeURIComponent(cuid)}`)
    : null;
  return { coupon };
}

export default function CouponEdit({ loaderData }: Route.ComponentProps) {
  const { coupon } = loaderData;
  return <CouponForm key={coupon?.cuid ?? "new"} coupon={coupon ?? undefined} />;
}

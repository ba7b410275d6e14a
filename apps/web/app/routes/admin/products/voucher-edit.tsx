import type { AdminBundleView, AdminVoucherView, ListEnvelope } from "@booking/contracts";
import { PRODUCT_KINDS } from "../../../components/admin/products/product-kinds";
import { VoucherForm } from "../../../components/admin/products/voucher-form";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { hasPermission } from "../../../lib/admin/permissions";
import type { Route } from "./+types/voucher-edit";

/**
 * /admin/vouchers/new and /admin/vouchers/:cuid: the voucher (if any) and the bundles it may
 * give (when the collaborator may read them).
 */
export async function loader(args: Route.LoaderArgs) {
  const cuid = "cuid" in args.params ? args.params.cuid : undefined;
  const { permissions } = PRODUCT_KINDS.vouchers;
  const { session } = requirePermission(args, cuid ? permissions.read : permissions.create);
  const [voucher, bundles] = await Promise.all([
    cuid
      ? adminGet<AdminVoucherView>(args, `/api/admin/vouchers/${encodeURIComponent(cuid)}`)
      : null,
    hasPermission(session, PRODUCT_KINDS.bundles.permissions.read)
      ? adminGet<ListEnvelope<AdminBundleView>>(args, "/api/admin/bundles?page_size=100")
      : null,
  ]);
  return {
    voucher,
    bundles: (bundles?.data ?? []).map((bundle) => ({ value: bundle.cuid, label: bundle.title })),
  };
}

export default function VoucherEdit({ loaderData }: Route.ComponentProps) {
  const { voucher, bundles } = loaderData;
  return (
    <VoucherForm key={voucher?.cuid ?? "new"} voucher={voucher ?? undefined} bundles={bundles} />
  );
}

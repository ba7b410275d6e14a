import type { AdminBundleChoices, AdminBundleView } from "@booking/contracts";
import { BundleForm } from "../../../components/admin/products/bundle-form";
import { PRODUCT_KINDS } from "../../../components/admin/products/product-kinds";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import type { Route } from "./+types/bundle-edit";

/** /admin/bundles/new and /admin/bundles/:cuid: the bundle (if any) and the activities to pick. */
export async function loader(args: Route.LoaderArgs) {
  const cuid = "cuid" in args.params ? args.params.cuid : undefined;
  const { permissions } = PRODUCT_KINDS.bundles;
  requirePermission(args, cuid ? permissions.read : permissions.create);
  const [bundle, choices] = await Promise.all([
    cuid ? adminGet<AdminBundleView>(args, `/api/admin/bundles/${encodeURIComponent(cuid)}`) : null,
    adminGet<AdminBundleChoices>(args, "/api/admin/bundles/choices"),
  ]);
  return { bundle, choices };
}

export default function BundleEdit({ loaderData }: Route.ComponentProps) {
  const { bundle, choices } = loaderData;
  // A new form for another bundle of the URL (the form keeps its values in state).
  return <BundleForm key={bundle?.cuid ?? "new"} bundle={bundle ?? undefined} choices={choices} />;
}

import type { AdminMembershipView } from "@booking/contracts";
import { MembershipForm } from "../../../components/admin/products/membership-form";
import { PRODUCT_KINDS } from "../../../components/admin/products/product-kinds";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import type { Route } from "./+types/membership-edit";

/** /admin/memberships/new and /admin/memberships/:cuid. */
export async function loader(args: Route.LoaderArgs) {
  const cuid = "cuid" in args.params ? args.params.cuid : undefined;
  const { permissions } = PRODUCT_KINDS.memberships;
  requirePermission(args, cuid ? permissions.read : permissions.create);
  const membership = cuid
    ? await adminGet<AdminMembershipView>(
        args,
        `/api/admin/memberships/${encodeURIComponent(cuid)}`,
      )
    : null;
  return { membership };
}

export default function MembershipEdit({ loaderData }: Route.ComponentProps) {
  const { membership } = loaderData;
  return <MembershipForm key={membership?.cuid ?? "new"} membership={membership ?? undefined} />;
}

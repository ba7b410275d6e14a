import type { CartAdminDetail, TransactionProofAdminView } from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";
import { CartIcon } from "../../icons";
import { EmptyState } from "../empty-state";
import { CartCard } from "./cart-card";

/**
 * The customer page's carts tab: open carts first, then abandoned ones, then the orders with
 * registrations (an order of bundles, vouchers or memberships alone has nothing to cancel here:
 * the tab of what they own refunds those) unless the customer sent a proof of payment for it.
 */
export function CustomerCartsTab({
  carts,
  proofs,
}: {
  carts: readonly CartAdminDetail[];
  /** the proofs of payment of the customer's orders (none without their permission) */
  proofs: readonly TransactionProofAdminView[];
}) {
  const { t } = useTranslation();
  const proofsOf = (cart: CartAdminDetail) =>
    proofs.filter((proof) => proof.cart_cuid === cart.cuid);
  const shown = carts.filter(
    (cart) =>
      cart.state !== "processed" ||
      cart.registrations.length > 0 ||
      proofsOf(cart).length > 0 ||
      cart.proofs_erased_at !== null,
  );
  if (shown.length === 0) return <EmptyState icon={CartIcon} title={t("admin.carts.empty")} />;
  return (
    <div className="flex flex-col gap-4">
      {shown.map((cart) => (
        <CartCard key={cart.cuid} cart={cart} proofs={proofsOf(cart)} />
      ))}
    </div>
  );
}

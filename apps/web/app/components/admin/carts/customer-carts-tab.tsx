import type { CartAdminDetail } from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";
import { CartIcon } from "../../icons";
import { EmptyState } from "../empty-state";
import { CartCard } from "./cart-card";

/** The customer page's carts tab: open carts first, then abandoned ones, then orders. */
export function CustomerCartsTab({ carts }: { carts: readonly CartAdminDetail[] }) {
  const { t } = useTranslation();
  if (carts.length === 0) return <EmptyState icon={CartIcon} title={t("admin.carts.empty")} />;
  return (
    <div className="flex flex-col gap-4">
      {carts.map((cart) => (
        <CartCard key={cart.cuid} cart={cart} />
      ))}
    </div>
  );
}

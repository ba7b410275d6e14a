import { lazy, Suspense } from "react";
import { useTranslation } from "../../i18n/react";
import { useCart } from "../../lib/cart-context";
import type { StorefrontShell } from "../../lib/shell";
import { CartIcon } from "../icons";
import { useLazyDialog } from "../ui/lazy-dialog";

// The panel, its dialog and its rows are downloaded when first needed (useLazyDialog).
const loadDrawer = () => import("./cart-drawer");
const CartDrawer = lazy(loadDrawer);

/**
 * The cart button and its slide-over panel (storefront.md §2 "Cart panel and drawer"). The cart
 * itself lives in `CartProvider`; without a header the shell renders the panel alone
 * (`withButton={false}`) so that adding still opens it.
 */
export function Cart({
  shell,
  withButton = true,
}: {
  shell: StorefrontShell;
  withButton?: boolean;
}) {
  const { t } = useTranslation();
  const cart = useCart();
  const { count } = cart;
  const drawer = useLazyDialog(loadDrawer, cart.open);

  return (
    <>
      {withButton ? (
        <button
          {...drawer.buttonProps}
          type="button"
          data-testid="cart-button"
          aria-label={t("cart.button_label", { count })}
          onClick={() => cart.setOpen(true)}
          className="relative inline-flex size-11 items-center justify-center rounded-lg text-slate-900 hover:bg-slate-100"
        >
          <CartIcon className="size-6" />
          <span
            aria-hidden="true"
            data-testid="cart-count"
            className={
              count > 0
                ? "absolute -top-0.5 -right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-accent px-1 text-xs font-bold text-on-accent"
                : "absolute -top-0.5 -right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-slate-700 px-1 text-xs font-bold text-white"
            }
          >
            {count}
          </span>
        </button>
      ) : null}
      {drawer.mounted ? (
        <Suspense fallback={null}>
          <CartDrawer shell={shell} returnFocus={drawer.button} />
        </Suspense>
      ) : null}
    </>
  );
}

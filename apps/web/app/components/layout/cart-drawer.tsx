import * as Dialog from "@radix-ui/react-dialog";
import { type ReactNode, type RefObject, useMemo } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "../../i18n/react";
import { useCart } from "../../lib/cart-context";
import { createFormatters, type Formatters } from "../../lib/format";
import { stripLanguage } from "../../lib/links";
import { useLanguage } from "../../lib/root-data";
import type { StorefrontShell } from "../../lib/shell";
import { CartItemRow } from "../cart/cart-item-row";
import { CartIcon, CloseIcon } from "../icons";
import { Button, ButtonLink } from "../ui/button";
import { focusBack } from "../ui/lazy-dialog";
import { Spinner } from "../ui/spinner";
import { useAuthLinks } from "./use-auth-links";

/**
 * The cart's slide-over panel (from the right; from the bottom at 600 px and less), storefront.md
 * §2 "Cart panel and drawer", loaded by the cart button (cart.tsx) the first time it opens. Closing
 * gives the focus back to that button.
 */
export default function CartDrawer({
  shell,
  returnFocus,
}: {
  shell: StorefrontShell;
  returnFocus: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation();
  const cart = useCart();
  return (
    <Dialog.Root open={cart.open} onOpenChange={cart.setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content
          data-testid="cart-drawer"
          className="cart-panel fixed z-50 flex flex-col bg-white shadow-2xl"
          onCloseAutoFocus={focusBack(returnFocus)}
        >
          <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <Dialog.Title className="text-lg font-semibold text-slate-950">
              {t("cart.panel.title")}
            </Dialog.Title>
            <Dialog.Close
              aria-label={t("cart.panel.close")}
              className="cart-close inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
            >
              <CloseIcon className="size-5" />
            </Dialog.Close>
          </div>
          <CartContent shell={shell} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function CartContent({ shell }: { shell: StorefrontShell }) {
  const { t } = useTranslation();
  const cart = useCart();
  const authLinks = useAuthLinks();
  const language = useLanguage();
  const format = useMemo(
    () => createFormatters(language, shell.organiser.timezone, shell.organiser.currency),
    [language, shell.organiser.timezone, shell.organiser.currency],
  );

  if (!shell.customer) {
    return (
      <CartMessage
        title={t("cart.panel.login.title")}
        subtitle={t("cart.panel.login.subtitle")}
        testId="cart-login"
      >
        <div className="mt-3 flex w-full max-w-xs flex-col gap-2">
          <ButtonLink to={authLinks.login}>{t("cart.panel.login.action")}</ButtonLink>
          <ButtonLink variant="secondary" to={authLinks.register}>
            {t("cart.panel.login.register")}
          </ButtonLink>
        </div>
      </CartMessage>
    );
  }
  if (!cart.loaded) {
    return (
      <div className="flex flex-1 items-center justify-center py-10" role="status">
        <Spinner />
        <span className="sr-only">{t("common.loading")}</span>
        <Dialog.Description className="sr-only">{t("cart.panel.loading")}</Dialog.Description>
      </div>
    );
  }
  if (cart.count === 0) {
    return (
      <CartMessage
        title={t("cart.panel.empty.title")}
        subtitle={t("cart.panel.empty.subtitle")}
        testId="cart-empty"
      />
    );
  }
  return (
    <>
      <Dialog.Description className="sr-only">
        {t("cart.panel.description", { count: cart.count })}
      </Dialog.Description>
      <ul className="flex flex-1 flex-col divide-y divide-slate-200 overflow-y-auto px-5">
        {cart.items.map((item) => (
          <CartItemRow key={item.id} item={item} format={format} testId="cart-item" />
        ))}
      </ul>
      <CartFooter format={format} />
    </>
  );
}

function CartMessage({
  title,
  subtitle,
  testId,
  children,
}: {
  title: string;
  subtitle: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <div
      data-testid={testId}
      className="flex flex-1 flex-col items-center justify-center gap-3 px-6 py-10 text-center"
    >
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent-ink">
        <CartIcon className="size-7" />
      </span>
      <p className="text-lg font-semibold text-slate-950">{title}</p>
      <Dialog.Description className="max-w-xs text-sm text-slate-600">
        {subtitle}
      </Dialog.Description>
      {children}
    </div>
  );
}

function CartFooter({ format }: { format: Formatters }) {
  const { t } = useTranslation();
  const cart = useCart();
  const location = useLocation();
  const onCheckout = stripLanguage(location.pathname).startsWith("/checkout");
  const hasDeposit = cart.items.some((item) => item.deposit > 0);
  return (
    <div className="flex flex-col gap-3 border-t border-slate-200 px-5 py-4">
      <dl className="flex flex-col gap-1 text-sm">
        <div className="flex items-baseline justify-between gap-4">
          <dt className="font-semibold text-slate-950">{t("cart.panel.total")}</dt>
          <dd className="text-lg font-bold text-slate-950" data-testid="cart-total">
            {format.money(cart.total)}
          </dd>
        </div>
        {hasDeposit ? (
          <div className="flex items-baseline justify-between gap-4">
            <dt className="text-slate-700">{t("cart.panel.deposit")}</dt>
            <dd className="font-semibold text-slate-950" data-testid="cart-deposit">
              {format.money(cart.deposit)}
            </dd>
          </div>
        ) : null}
        <div className="flex items-baseline justify-between gap-4 text-slate-600">
          <dt>{t("cart.panel.items_label")}</dt>
          <dd data-testid="cart-items-count">{t("cart.panel.items", { count: cart.count })}</dd>
        </div>
      </dl>
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        {onCheckout ? (
          <Button className="flex-1" onClick={() => cart.setOpen(false)}>
            {t("cart.panel.checkout")}
          </Button>
        ) : (
          <ButtonLink to="/checkout" className="flex-1" data-testid="cart-checkout">
            {t("cart.panel.checkout")}
          </ButtonLink>
        )}
        <Dialog.Close asChild>
          <Button variant="secondary" className="cart-close flex-1">
            {t("cart.panel.close_action")}
          </Button>
        </Dialog.Close>
      </div>
    </div>
  );
}

import * as Dialog from "@radix-ui/react-dialog";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import type { StorefrontShell } from "../../lib/shell";
import { CartIcon, CloseIcon } from "../icons";
import { ButtonLink } from "../ui/button";
import { useAuthLinks } from "./use-auth-links";

/**
 * The cart button and its slide-over panel (from the right; from the bottom at 600 px and less).
 * The cart itself arrives with the checkout issue: for now the count is 0, anonymous visitors see
 * the login prompt and customers the empty state.
 */
export function Cart({ shell }: { shell: StorefrontShell }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const [openedOn, setOpenedOn] = useState(location.pathname);
  if (openedOn !== location.pathname) {
    setOpenedOn(location.pathname);
    setOpen(false);
  }
  const authLinks = useAuthLinks();
  const count = 0;

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          data-testid="cart-button"
          aria-label={t("cart.button_label", { count })}
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
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content className="cart-panel fixed z-50 flex flex-col bg-white shadow-2xl">
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
          <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 py-10 text-center">
            <span className="inline-flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent-ink">
              <CartIcon className="size-7" />
            </span>
            {shell.customer ? (
              <>
                <p className="text-lg font-semibold text-slate-950">
                  {t("cart.panel.empty.title")}
                </p>
                <Dialog.Description className="max-w-xs text-sm text-slate-600">
                  {t("cart.panel.empty.subtitle")}
                </Dialog.Description>
              </>
            ) : (
              <>
                <p className="text-lg font-semibold text-slate-950">
                  {t("cart.panel.login.title")}
                </p>
                <Dialog.Description className="max-w-xs text-sm text-slate-600">
                  {t("cart.panel.login.subtitle")}
                </Dialog.Description>
                <div className="mt-3 flex w-full max-w-xs flex-col gap-2">
                  <ButtonLink to={authLinks.login}>{t("cart.panel.login.action")}</ButtonLink>
                  <ButtonLink variant="secondary" to={authLinks.register}>
                    {t("cart.panel.login.register")}
                  </ButtonLink>
                </div>
              </>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

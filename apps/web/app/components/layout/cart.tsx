import type { CartItemView } from "@booking/contracts";
import * as Dialog from "@radix-ui/react-dialog";
import type { TFunction } from "i18next";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { ApiRequestError, api } from "../../lib/api";
import { useCart } from "../../lib/cart-context";
import { createFormatters, type Formatters } from "../../lib/format";
import { stripLanguage } from "../../lib/links";
import { useLanguage } from "../../lib/root-data";
import type { StorefrontShell } from "../../lib/shell";
import { toastError } from "../../lib/toast";
import { CartIcon, CloseIcon, TrashIcon } from "../icons";
import { Button, ButtonLink } from "../ui/button";
import { Spinner } from "../ui/spinner";
import { useAuthLinks } from "./use-auth-links";

/**
 * The cart button and its slide-over panel (from the right; from the bottom at 600 px and less),
 * storefront.md §2 "Cart panel and drawer". The cart itself lives in `CartProvider`; without a
 * header the shell renders the panel alone (`withButton={false}`) so that adding still opens it.
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

  return (
    <Dialog.Root open={cart.open} onOpenChange={cart.setOpen}>
      {withButton ? (
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
      ) : null}
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content
          data-testid="cart-drawer"
          className="cart-panel fixed z-50 flex flex-col bg-white shadow-2xl"
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
          <CartItem key={item.id} item={item} format={format} />
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

export function itemTitle(
  item: Pick<CartItemView, "availability" | "bundle" | "membership" | "voucher">,
): string {
  return (
    item.availability?.activity.title ??
    item.bundle?.title ??
    item.membership?.title ??
    item.voucher?.title ??
    ""
  );
}

/**
 * One date spelled out with its hours, or "N dates, from … to …"; without dates, the
 * availability's own span; null for items without dates.
 */
export function itemDatesSummary(
  dates: ReadonlyArray<{ start_at: string; end_at: string }>,
  availability: { start_at: string; end_at: string } | null,
  format: Formatters,
  t: TFunction,
): string | null {
  const sorted = [...dates].sort((a, b) => Date.parse(a.start_at) - Date.parse(b.start_at));
  if (sorted.length === 1) return format.dateRange(sorted[0]!.start_at, sorted[0]!.end_at);
  if (sorted.length > 1) {
    return t("cart.item.dates", {
      count: sorted.length,
      first: format.date(sorted[0]!.start_at),
      last: format.date(sorted[sorted.length - 1]!.start_at),
    });
  }
  return availability ? format.dateRange(availability.start_at, availability.end_at) : null;
}

function CartItem({ item, format }: { item: CartItemView; format: Formatters }) {
  const { t } = useTranslation();
  const cart = useCart();
  const [pending, setPending] = useState(false);
  const title = itemTitle(item);
  const datesSummary = itemDatesSummary(
    item.availability_dates.map((entry) => entry.date),
    item.availability,
    format,
    t,
  );

  const remove = async () => {
    setPending(true);
    try {
      await api.removeCartItem(item.id);
    } catch (error) {
      toastError(error instanceof ApiRequestError ? error.code : "UNKNOWN_ERROR", t);
    } finally {
      await cart.refresh();
      setPending(false);
    }
  };

  return (
    <li data-testid="cart-item" data-type={item.type} className="flex gap-3 py-4">
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold tracking-wide text-accent-ink uppercase">
          {t(`cart.item.types.${item.type}`)}
        </p>
        <p className="font-semibold break-words text-slate-950">{title}</p>
        {item.participant ? (
          <p className="text-sm text-slate-700">
            {t("cart.item.participant", { name: item.participant.fullname })}
          </p>
        ) : null}
        {datesSummary ? <p className="text-sm text-slate-600">{datesSummary}</p> : null}
        {item.deposit > 0 ? (
          <p className="text-sm text-slate-600">
            {t("cart.item.deposit", { amount: format.money(item.deposit) })}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col items-end gap-2">
        <p className="font-semibold whitespace-nowrap text-slate-950">{format.money(item.price)}</p>
        <Button
          variant="ghost"
          className="size-10 !p-0"
          onClick={remove}
          disabled={pending}
          aria-busy={pending}
          aria-label={t("cart.item.remove", { title })}
          data-testid="cart-item-remove"
        >
          {pending ? <Spinner /> : <TrashIcon className="size-5" />}
        </Button>
      </div>
    </li>
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

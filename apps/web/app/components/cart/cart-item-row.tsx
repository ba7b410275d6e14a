import type { CartItemView } from "@booking/contracts";
import { clsx } from "clsx";
import { useState } from "react";
import { useTranslation } from "../../i18n/react";
import type { TFunction } from "../../i18n/translator";
import { ApiRequestError, api } from "../../lib/api";
import { useCart } from "../../lib/cart-context";
import type { Formatters } from "../../lib/format";
import { holdEndingSoon, holdRemaining, useNow } from "../../lib/hold-countdown";
import { useLanguage } from "../../lib/root-data";
import { toastError } from "../../lib/toast";
import { choicesData } from "../account-items/answers";
import { ClockIcon, TrashIcon } from "../icons";
import { Button } from "../ui/button";
import { Spinner } from "../ui/spinner";
import { bookingItemLines } from "./booking-item-summary";
import { ConstraintNotes } from "./constraint-notes";
import { useInvalidateEstimates } from "./estimate-panel";
import { RequestItemSummary } from "./request-item-summary";

export function itemTitle(
  item: Pick<CartItemView, "availability" | "bundle" | "membership" | "voucher" | "resource">,
): string {
  return (
    item.resource?.name ??
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

/**
 * One cart item with its remove button, as the cart drawer and the checkout page list them;
 * `testId` names the row (`cart-item`, `checkout-item`) and, suffixed `-remove`, its button.
 * While an online payment of the cart is in progress nothing can be removed: no button.
 */
export function CartItemRow({
  item,
  format,
  testId,
}: {
  item: CartItemView;
  format: Formatters;
  testId: string;
}) {
  const { t } = useTranslation();
  const cart = useCart();
  const invalidateEstimates = useInvalidateEstimates();
  const [pending, setPending] = useState(false);
  const title = itemTitle(item);
  // A request holds no date: its sessions are listed by RequestItemSummary.
  const datesSummary = item.request
    ? null
    : itemDatesSummary(
        [...item.availability_dates.map((entry) => entry.date), ...item.booking_dates],
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
      await Promise.all([cart.refresh(), invalidateEstimates()]);
      setPending(false);
    }
  };

  return (
    <li data-testid={testId} data-type={item.type} className="flex gap-3 py-4">
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
        {item.request ? (
          <RequestItemSummary
            request={item.request}
            format={format}
            t={t}
            testId={`${testId}-request`}
          />
        ) : null}
        {bookingItemLines(item, format, t).map((line) => (
          <p key={line} className="text-sm text-slate-600" data-testid={`${testId}-booking`}>
            {line}
          </p>
        ))}
        <ItemChoices item={item} format={format} testId={`${testId}-choices`} />
        {item.deposit > 0 ? (
          <p className="text-sm text-slate-600">
            {t("cart.item.deposit", { amount: format.money(item.deposit) })}
          </p>
        ) : null}
        {item.request ? null : (
          <HoldCountdown expiresAt={item.expires_at} testId={`${testId}-hold`} />
        )}
        <ConstraintNotes itemId={item.id} testId={`${testId}-constraints`} />
      </div>
      <div className="flex flex-col items-end gap-2">
        <p className="font-semibold whitespace-nowrap text-slate-950">{format.money(item.price)}</p>
        {cart.cart?.awaiting_payment ? null : (
          <Button
            variant="ghost"
            className="size-10 !p-0"
            onClick={remove}
            disabled={pending}
            aria-busy={pending}
            aria-label={t("cart.item.remove", { title })}
            data-testid={`${testId}-remove`}
          >
            {pending ? <Spinner /> : <TrashIcon className="size-5" />}
          </Button>
        )}
      </div>
    </li>
  );
}

/** The chosen options (title, price label, answer) and the answered questions of an item. */
function ItemChoices({
  item,
  format,
  testId,
}: {
  item: CartItemView;
  format: Formatters;
  testId: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { options, answers } = choicesData(item, format, language, t);
  const lines = [
    ...options.map((option) =>
      [option.label ? `${option.title} (${option.label})` : option.title, option.content]
        .filter(Boolean)
        .join(" – "),
    ),
    ...answers.flatMap((answer) =>
      answer.answer ? [t("cart.item.answer", { title: answer.title, answer: answer.answer })] : [],
    ),
  ];
  if (lines.length === 0) return null;
  return (
    <ul className="mt-1 flex flex-col text-sm break-words text-slate-600" data-testid={testId}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/** How long the item still holds its places, counting down each second (from expires_at). */
function HoldCountdown({ expiresAt, testId }: { expiresAt: string; testId: string }) {
  const { t } = useTranslation();
  const now = useNow();
  if (now === null) return null;
  return (
    <p
      role="timer"
      data-testid={testId}
      className={clsx(
        "mt-1 inline-flex items-center gap-1.5 text-sm",
        holdEndingSoon(expiresAt, now) ? "font-semibold text-amber-800" : "text-slate-600",
      )}
    >
      <ClockIcon className="size-4 shrink-0" aria-hidden="true" />
      {t("cart.item.held", { time: holdRemaining(expiresAt, now) })}
    </p>
  );
}

import { type BookingStatus, bookingStatusTone } from "@booking/domain";
import { useTranslation } from "../../i18n/react";
import type { TFunction } from "../../i18n/translator";
import { ToneBadge } from "../account/tone-badge";

// A booking's status in the account (decision 0072): confirmed, or cancelled with the day and
// what was refunded to the wallet.

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  const { t } = useTranslation();
  return (
    <ToneBadge tone={bookingStatusTone(status)} value={status} testId="booking-status">
      {t(`account_items.bookings.status.${status}`)}
    </ToneBadge>
  );
}

/** "Cancelled on 12 Nov 2026 · 15,00 € refunded to your wallet" (formatted values in). */
export function cancellationNote(t: TFunction, canceledOn: string, refunded: string | null) {
  const when = t("account_items.bookings.canceled_on", { date: canceledOn });
  return refunded
    ? `${when} · ${t("account_items.bookings.refunded", { amount: refunded })}`
    : when;
}

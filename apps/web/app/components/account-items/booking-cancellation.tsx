import type { BookingCancellationView } from "@booking/contracts";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { useTranslation } from "../../i18n/react";
import { ApiRequestError, apiRequest } from "../../lib/api";
import type { Formatters } from "../../lib/format";
import { toastError, toastSuccess } from "../../lib/toast";
import { Button } from "../ui/button";
import { Spinner } from "../ui/spinner";

/** What the booking page says of cancelling it (decision 0071), its dates and amount formatted. */
export type BookingCancellationData =
  | { state: "open"; cuid: string; deadline: string; refund: string | null }
  | { state: "closed"; deadline: string }
  | { state: "not_offered" };

/** The page's data from GET /api/bookings/{cuid}/cancellation; null once it is cancelled. */
export function bookingCancellationData(
  cuid: string,
  view: BookingCancellationView | null,
  format: Pick<Formatters, "dateTime" | "money">,
): BookingCancellationData | null {
  if (!view || view.reason === "BOOKING_ALREADY_CANCELED") return null;
  if (view.allowed && view.deadline) {
    return {
      state: "open",
      cuid,
      deadline: format.dateTime(view.deadline),
      refund: view.refund_amount > 0 ? format.money(view.refund_amount) : null,
    };
  }
  if (view.reason === "BOOKING_CANCELLATION_CLOSED" && view.deadline) {
    return { state: "closed", deadline: format.dateTime(view.deadline) };
  }
  return { state: "not_offered" };
}

/**
 * Cancelling the booking from the account until its configuration's deadline (with a
 * confirmation; what was paid goes back to the wallet), or why it cannot be cancelled.
 */
export function BookingCancellation({ data }: { data: BookingCancellationData }) {
  const { t } = useTranslation();
  const { revalidate } = useRevalidator();
  const [step, setStep] = useState<"idle" | "confirm" | "pending">("idle");
  if (data.state !== "open") {
    return (
      <p
        className="border-t border-slate-100 pt-4 text-sm text-slate-700"
        data-testid="booking-cancel-unavailable"
      >
        {data.state === "closed"
          ? t("account_items.bookings.cancel.closed", { deadline: data.deadline })
          : t("account_items.bookings.cancel.not_offered")}
      </p>
    );
  }

  async function cancel(cuid: string) {
    setStep("pending");
    try {
      await apiRequest("POST", `/api/bookings/${encodeURIComponent(cuid)}/cancel`, {});
      toastSuccess(t("account_items.bookings.cancel.done"));
    } catch (error) {
      toastError(error instanceof ApiRequestError ? error.code : "UNKNOWN_ERROR", t);
    }
    await revalidate();
    setStep("idle");
  }

  return (
    <div
      className="flex flex-col gap-3 border-t border-slate-100 pt-4"
      data-testid="booking-cancel"
    >
      <p className="text-sm text-slate-700">
        {t("account_items.bookings.cancel.until", { deadline: data.deadline })}
        {data.refund
          ? ` ${t("account_items.bookings.cancel.refund", { amount: data.refund })}`
          : ""}
      </p>
      {step === "idle" ? (
        <div>
          <button
            type="button"
            className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-red-700 hover:bg-red-50"
            onClick={() => setStep("confirm")}
            data-testid="booking-cancel-action"
          >
            {t("account_items.bookings.cancel.action")}
          </button>
        </div>
      ) : (
        <div className="flex flex-col gap-3 rounded-xl bg-red-50 p-4 ring-1 ring-red-200">
          <p className="text-sm text-red-950">{t("account_items.bookings.cancel.confirm")}</p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button
              variant="danger"
              onClick={() => cancel(data.cuid)}
              disabled={step === "pending"}
              aria-busy={step === "pending"}
              data-testid="booking-cancel-submit"
            >
              {step === "pending" ? <Spinner /> : null}
              {t("account_items.bookings.cancel.submit")}
            </Button>
            <Button
              variant="secondary"
              onClick={() => setStep("idle")}
              disabled={step === "pending"}
            >
              {t("account_items.bookings.cancel.keep")}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}

import { type AdminRegistrationDetail, DEFAULT_CLAIM_HOURS } from "@booking/contracts";
import { useId, useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { registrationsApi } from "../../../lib/admin/registrations-api";
import { Button } from "../../ui/button";
import { inputClasses } from "../../ui/field";
import { Modal, ModalActions } from "../dialog";
import { minorUnits } from "./amount";

/**
 * Cancelling a registration: the places are freed at once; what was paid can go back to the
 * customer's wallet (with the refund permission), and the freed place can be offered to the
 * first one on the waiting list for a claim window.
 */
export function CancelDialog({ registration }: { registration: AdminRegistrationDetail }) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const ids = useId();
  const [open, setOpen] = useState(false);
  const canRefund = can("registrations.registrations.refund") && registration.paid_amount > 0;
  const canOffer = can("waiting_list.entries.update") && registration.waiting_list_count > 0;
  const [refund, setRefund] = useState<"none" | "wallet">("none");
  const [amount, setAmount] = useState((registration.paid_amount / 100).toFixed(2));
  const [message, setMessage] = useState("");
  const [offer, setOffer] = useState(canOffer);
  const [hours, setHours] = useState(String(DEFAULT_CLAIM_HOURS));
  const refundAmount = minorUnits(amount);
  const { mutate, pending } = useAdminMutation(
    () =>
      registrationsApi.cancel(registration.cuid, {
        refund,
        refund_amount: refund === "wallet" ? (refundAmount ?? undefined) : undefined,
        message,
        offer_waiting_list: offer,
        claim_hours: Number(hours) || DEFAULT_CLAIM_HOURS,
      }),
    {
      success: (answer) =>
        answer.offer
          ? t("admin.registrations.cancel.done_offered", { name: answer.offer.participant })
          : t("admin.registrations.cancel.done"),
    },
  );

  return (
    <Modal
      title={t("admin.registrations.cancel.title")}
      description={t("admin.registrations.cancel.description")}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="danger" data-testid="cancel-registration">
          {t("admin.registrations.cancel.open")}
        </Button>
      }
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={async (event) => {
          event.preventDefault();
          if ((await mutate()).ok) setOpen(false);
        }}
      >
        {canRefund ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-800">
              {t("admin.registrations.cancel.refund", {
                amount: format.money(registration.paid_amount),
              })}
            </legend>
            {(["none", "wallet"] as const).map((choice) => (
              <label key={choice} className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="refund"
                  value={choice}
                  checked={refund === choice}
                  onChange={() => setRefund(choice)}
                  className="size-4"
                />
                {t(`admin.registrations.cancel.refund_${choice}`)}
              </label>
            ))}
            {refund === "wallet" ? (
              <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
                {t("admin.registrations.cancel.refund_amount")}
                <input
                  inputMode="decimal"
                  value={amount}
                  onChange={(event) => setAmount(event.target.value)}
                  className={inputClasses(refundAmount === null)}
                  aria-invalid={refundAmount === null}
                />
              </label>
            ) : null}
          </fieldset>
        ) : null}
        <label
          htmlFor={`${ids}-message`}
          className="flex flex-col gap-1 text-sm font-medium text-slate-800"
        >
          {t("admin.registrations.cancel.message")}
          <textarea
            id={`${ids}-message`}
            rows={3}
            maxLength={5000}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            className={inputClasses(false)}
          />
        </label>
        {canOffer ? (
          <div className="flex flex-col gap-2 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
            <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
              <input
                type="checkbox"
                checked={offer}
                onChange={(event) => setOffer(event.target.checked)}
                className="size-4"
              />
              {t("admin.registrations.cancel.offer", { count: registration.waiting_list_count })}
            </label>
            {offer ? (
              <label className="flex items-center gap-2 text-sm text-slate-700">
                {t("admin.waiting_list.offer.hours")}
                <input
                  type="number"
                  min={1}
                  max={720}
                  value={hours}
                  onChange={(event) => setHours(event.target.value)}
                  className={`${inputClasses(false)} w-24`}
                />
              </label>
            ) : null}
          </div>
        ) : null}
        <ModalActions>
          <Button
            type="submit"
            variant="danger"
            disabled={pending || (refund === "wallet" && refundAmount === null)}
            aria-busy={pending}
            data-testid="confirm-cancel"
          >
            {t("admin.registrations.cancel.submit")}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}

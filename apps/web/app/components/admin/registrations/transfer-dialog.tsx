import type {
  AdminAvailabilityChoices,
  AdminRegistrationDetail,
  AdminTransferEstimate,
} from "@booking/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { useConsoleFormatters } from "../../../lib/admin/console";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { withQuery } from "../../../lib/admin/paths";
import { registrationsApi } from "../../../lib/admin/registrations-api";
import { ApiRequestError, apiRequest } from "../../../lib/api";
import { Button } from "../../ui/button";
import { inputClasses } from "../../ui/field";
import { Modal, ModalActions } from "../dialog";

/**
 * Moving a registration to another availability: find it by activity, see its dates (the
 * selectable ones ticked) and the price difference, keep the price or take the new one.
 */
export function TransferDialog({ registration }: { registration: AdminRegistrationDetail }) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState(registration.activity.title);
  const [choices, setChoices] = useState<AdminAvailabilityChoices["data"]>([]);
  const [target, setTarget] = useState<AdminTransferEstimate | null>(null);
  const [dates, setDates] = useState<number[]>([]);
  const [price, setPrice] = useState<"keep" | "new">("keep");
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => {
      apiRequest<AdminAvailabilityChoices>(
        "GET",
        withQuery("/api/admin/registrations/availabilities", { q: query }),
      )
        .then((answer) =>
          setChoices(answer.data.filter((row) => row.cuid !== registration.availability.cuid)),
        )
        .catch(() => setChoices([]));
    }, 250);
    return () => clearTimeout(timer);
  }, [open, query, registration.availability.cuid]);

  async function choose(cuid: string) {
    setError(null);
    try {
      const estimate = await registrationsApi.estimateTransfer(registration.cuid, {
        availability: cuid,
      });
      setTarget(estimate);
      setDates(estimate.date_ids);
    } catch (failure) {
      setTarget(null);
      const code = failure instanceof ApiRequestError ? failure.code : "UNKNOWN_ERROR";
      setError(t(`forms.errors.${code}`, { defaultValue: code }));
    }
  }

  const { mutate, pending } = useAdminMutation(
    () =>
      registrationsApi.transfer(registration.cuid, {
        availability: target!.availability.cuid,
        availability_dates: dates.map((date_id) => ({ date_id })),
        price,
      }),
    { success: t("admin.registrations.transfer.done") },
  );

  return (
    <Modal
      wide
      title={t("admin.registrations.transfer.title")}
      description={t("admin.registrations.transfer.description")}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setTarget(null);
      }}
      trigger={
        <Button variant="secondary" data-testid="transfer-registration">
          {t("admin.registrations.transfer.open")}
        </Button>
      }
    >
      <div className="flex flex-col gap-4">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          {t("admin.registrations.transfer.search")}
          <input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            className={inputClasses(false)}
          />
        </label>
        <ul className="flex max-h-56 flex-col gap-1 overflow-y-auto">
          {choices.map((choice) => (
            <li key={choice.cuid}>
              <button
                type="button"
                onClick={() => choose(choice.cuid)}
                aria-pressed={target?.availability.cuid === choice.cuid}
                className="flex w-full flex-col rounded-lg border border-slate-200 px-3 py-2 text-left hover:border-slate-400 aria-pressed:border-slate-900 aria-pressed:bg-slate-50"
              >
                <span className="font-medium text-slate-950">{choice.activity.title}</span>
                <span className="text-sm text-slate-600">
                  {format.dateRange(choice.start_at, choice.end_at)}
                </span>
              </button>
            </li>
          ))}
        </ul>
        {error ? <p className="text-sm text-red-700">{error}</p> : null}
        {target ? (
          <form
            className="flex flex-col gap-3"
            onSubmit={async (event) => {
              event.preventDefault();
              if ((await mutate()).ok) setOpen(false);
            }}
          >
            <fieldset className="flex flex-col gap-1">
              <legend className="mb-1 text-sm font-medium text-slate-800">
                {t("admin.registrations.transfer.dates")}
              </legend>
              {target.availability.dates.map((date) => (
                <label key={date.id} className="flex min-h-10 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={dates.includes(date.id)}
                    onChange={(event) =>
                      setDates((current) =>
                        event.target.checked
                          ? [...current, date.id]
                          : current.filter((id) => id !== date.id),
                      )
                    }
                  />
                  {format.dateRange(date.start_at, date.end_at)}
                </label>
              ))}
            </fieldset>
            {target.keeps_options ? null : (
              <p className="text-sm text-amber-800">
                {t("admin.registrations.transfer.options_dropped")}
              </p>
            )}
            <fieldset className="flex flex-col gap-1">
              <legend className="mb-1 text-sm font-medium text-slate-800">
                {t("admin.registrations.transfer.price", {
                  difference: `${target.difference > 0 ? "+" : ""}${format.money(target.difference)}`,
                })}
              </legend>
              {(["keep", "new"] as const).map((choice) => (
                <label key={choice} className="flex min-h-10 items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="price"
                    className="size-4"
                    checked={price === choice}
                    onChange={() => setPrice(choice)}
                  />
                  {t(`admin.registrations.transfer.price_${choice}`, {
                    amount: format.money(
                      choice === "keep" ? target.current_total : target.new_total,
                    ),
                  })}
                </label>
              ))}
            </fieldset>
            <ModalActions>
              <Button type="submit" disabled={pending || dates.length === 0} aria-busy={pending}>
                {t("admin.registrations.transfer.submit")}
              </Button>
            </ModalActions>
          </form>
        ) : null}
      </div>
    </Modal>
  );
}

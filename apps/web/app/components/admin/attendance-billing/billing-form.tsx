import type { AttendanceBillingBody, AttendanceBillingView } from "@booking/contracts";
import { ATTENDANCE_UNIT_DURATIONS, toMinorUnits } from "@booking/domain";
import { useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { attendanceBillingApi } from "../../../lib/admin/attendance-billing-api";
import { useConsole } from "../../../lib/admin/console";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { useLanguage } from "../../../lib/root-data";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/field";
import { RichTextEditor } from "../catalogue/rich-text-editor";
import { SelectField } from "../fields";
import { AmountField, amountText } from "../payments/amount-field";

/**
 * An activity's attendance billing (issue 15 §4): what the charge is called and says, monthly,
 * priced per presence or per started quarter hour, half hour or hour, and whether the attendance
 * sheet records arrival and departure times.
 */
export function BillingForm({
  activityCuid,
  billing,
}: {
  activityCuid: string;
  billing: AttendanceBillingView | null;
}) {
  const { t } = useTranslation();
  const { can, session } = useConsole();
  const language = useLanguage();
  const currency = session.organiser?.currency ?? "EUR";
  const editable = can("activities.attendance_billing.update");
  const [title, setTitle] = useState(billing?.title ?? "");
  const [description, setDescription] = useState(billing?.description ?? "");
  const [pricing, setPricing] = useState<AttendanceBillingBody["pricing"]>(
    billing?.pricing ?? "DURATION",
  );
  const [unit, setUnit] = useState(String(billing?.unit_duration ?? 1800));
  const [amount, setAmount] = useState(
    billing ? amountText(billing.unit_amount, currency, language) : "",
  );
  const [recordsTimes, setRecordsTimes] = useState(billing?.records_times ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useAdminMutation(
    (body: AttendanceBillingBody) => attendanceBillingApi.save(activityCuid, body),
    { success: t("admin.attendance_billing.saved") },
  );
  const remove = useAdminMutation(() => attendanceBillingApi.remove(activityCuid), {
    success: t("admin.attendance_billing.removed"),
  });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    let unitAmount: number | null = null;
    try {
      unitAmount = toMinorUnits(amount.trim(), currency);
    } catch {
      unitAmount = null;
    }
    const found: Record<string, string> = {};
    if (title.trim() === "") found.title = "REQUIRED";
    if (unitAmount === null || unitAmount < 0) found.unit_amount = "INVALID_TYPE";
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const outcome = await save.mutate({
      title: title.trim(),
      description,
      pricing,
      unit_duration: Number(unit) as AttendanceBillingBody["unit_duration"],
      unit_amount: unitAmount!,
      records_times: recordsTimes,
    });
    if (!outcome.ok) setErrors({});
  };

  const unitOptions = ATTENDANCE_UNIT_DURATIONS.map((seconds) => ({
    value: String(seconds),
    label: t(`admin.attendance_billing.units.${seconds}`),
  }));

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
      data-testid="attendance-billing-form"
    >
      <div>
        <h2 className="text-lg font-semibold text-slate-950">
          {t("admin.attendance_billing.heading")}
        </h2>
        <p className="text-sm text-slate-700">{t("admin.attendance_billing.intro")}</p>
      </div>
      <fieldset disabled={!editable} className="flex flex-col gap-4">
        <TextField
          name="title"
          label={t("admin.attendance_billing.title")}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          error={errors.title}
          maxLength={200}
          data-testid="billing-title"
        />
        <RichTextEditor
          label={t("admin.attendance_billing.description")}
          value={description}
          onChange={setDescription}
          readOnly={!editable}
          testId="billing-description"
        />
        <p className="text-sm text-slate-700">{t("admin.attendance_billing.cycle_monthly")}</p>
        <SelectField
          name="pricing"
          label={t("admin.attendance_billing.pricing")}
          value={pricing}
          onChange={(event) => setPricing(event.target.value as AttendanceBillingBody["pricing"])}
          options={[
            { value: "DURATION", label: t("admin.attendance_billing.pricings.DURATION") },
            { value: "PRESENCE", label: t("admin.attendance_billing.pricings.PRESENCE") },
          ]}
          data-testid="billing-pricing"
        />
        {pricing === "DURATION" ? (
          <SelectField
            name="unit_duration"
            label={t("admin.attendance_billing.unit")}
            value={unit}
            onChange={(event) => setUnit(event.target.value)}
            options={unitOptions}
            data-testid="billing-unit"
          />
        ) : null}
        <AmountField
          label={t(`admin.attendance_billing.amount.${pricing}`)}
          value={amount}
          onChange={setAmount}
          currency={currency}
          error={errors.unit_amount}
          testId="billing-amount"
        />
        <label className="flex min-h-11 items-start gap-3 text-sm text-slate-900">
          <input
            type="checkbox"
            className="mt-1 size-4"
            checked={recordsTimes}
            onChange={(event) => setRecordsTimes(event.target.checked)}
            data-testid="billing-records-times"
          />
          <span>
            <span className="font-medium">{t("admin.attendance_billing.records_times")}</span>
            <span className="block text-slate-600">
              {t("admin.attendance_billing.records_times_hint")}
            </span>
          </span>
        </label>
      </fieldset>
      {editable ? (
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.pending} data-testid="billing-save">
            {t("admin.attendance_billing.save")}
          </Button>
          {billing &&
          billing.issued_months.length === 0 &&
          can("activities.attendance_billing.delete") ? (
            <Button
              type="button"
              variant="secondary"
              disabled={remove.pending}
              onClick={() => remove.mutate()}
              data-testid="billing-remove"
            >
              {t("admin.attendance_billing.remove")}
            </Button>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}

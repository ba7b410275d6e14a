import type { AdminCancellationPolicyBody, AdminCancellationPolicyView } from "@booking/contracts";
import { useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { activityRulesApi } from "../../../lib/admin/activity-rules-api";
import { useConsole } from "../../../lib/admin/console";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { cancellationPolicyLine } from "../../../lib/cancellation-policy";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/field";
import { SelectField } from "../fields";

type Unit = "hours" | "days";

/** The delay as the form shows it: whole days when it is, else hours. */
function delayOf(hours: number | null): { amount: string; unit: Unit } {
  if (hours === null || hours === 0) return { amount: "0", unit: "days" };
  return hours % 24 === 0
    ? { amount: String(hours / 24), unit: "days" }
    : { amount: String(hours), unit: "hours" };
}

/**
 * An activity's cancellation policy (activities.cancellations.*, decision 0101): until when a
 * family may cancel online — up to a delay before the first date, or never — and what they get
 * back: nothing automatically, or a share of what was paid to their wallet. The line families
 * will read shows as it is edited.
 */
export function CancellationPolicyForm({
  activityCuid,
  policy,
}: {
  activityCuid: string;
  policy: AdminCancellationPolicyView;
}) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const editable = can("activities.cancellations.update");
  const [online, setOnline] = useState(policy.online_until_hours !== null);
  const initial = delayOf(policy.online_until_hours);
  const [amount, setAmount] = useState(initial.amount);
  const [unit, setUnit] = useState<Unit>(initial.unit);
  const [refund, setRefund] = useState(policy.refund);
  const [percentage, setPercentage] = useState(String(policy.refund_percentage));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useAdminMutation(
    (body: AdminCancellationPolicyBody) => activityRulesApi.savePolicy(activityCuid, body),
    { success: t("admin.activity_rules.policy.saved") },
  );

  const delay = Number(amount) * (unit === "days" ? 24 : 1);
  const share = Number(percentage);
  const body: AdminCancellationPolicyBody = {
    online_until_hours: online ? delay : null,
    refund,
    refund_percentage: refund === "WALLET" ? share : 100,
  };
  const valid = {
    delay: !online || (/^\d+$/.test(amount.trim()) && delay <= 8760),
    share: refund !== "WALLET" || (/^\d+$/.test(percentage.trim()) && share <= 100),
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!valid.delay) found.online_until_hours = "INVALID_TYPE";
    if (!valid.share) found.refund_percentage = "INVALID_TYPE";
    setErrors(found);
    if (Object.keys(found).length === 0) await save.mutate(body);
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
      data-testid="cancellation-policy-form"
    >
      <div>
        <h2 className="text-lg font-semibold text-slate-950">
          {t("admin.activity_rules.policy.heading")}
        </h2>
        <p className="text-sm text-slate-700">{t("admin.activity_rules.policy.intro")}</p>
        {policy.is_default ? (
          <p className="mt-2 text-sm text-slate-600">
            {t("admin.activity_rules.policy.default_notice")}
          </p>
        ) : null}
      </div>
      <fieldset disabled={!editable} className="flex flex-col gap-4">
        <SelectField
          name="online"
          label={t("admin.activity_rules.policy.online")}
          value={online ? "until" : "never"}
          onChange={(event) => setOnline(event.target.value === "until")}
          options={[
            { value: "until", label: t("admin.activity_rules.policy.online_until") },
            { value: "never", label: t("admin.activity_rules.policy.online_never") },
          ]}
          data-testid="policy-online"
        />
        {online ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              name="online_until"
              label={t("admin.activity_rules.policy.delay")}
              hint={t("admin.activity_rules.policy.delay_hint")}
              inputMode="numeric"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              error={errors.online_until_hours}
              data-testid="policy-delay"
            />
            <SelectField
              name="unit"
              label={t("admin.activity_rules.policy.unit")}
              value={unit}
              onChange={(event) => setUnit(event.target.value as Unit)}
              options={[
                { value: "days", label: t("admin.activity_rules.policy.days") },
                { value: "hours", label: t("admin.activity_rules.policy.hours") },
              ]}
              data-testid="policy-unit"
            />
          </div>
        ) : null}
        <SelectField
          name="refund"
          label={t("admin.activity_rules.policy.refund")}
          value={refund}
          onChange={(event) =>
            setRefund(event.target.value as AdminCancellationPolicyBody["refund"])
          }
          options={[
            { value: "NONE", label: t("admin.activity_rules.policy.refund_none") },
            { value: "WALLET", label: t("admin.activity_rules.policy.refund_wallet") },
          ]}
          data-testid="policy-refund"
        />
        {refund === "WALLET" ? (
          <TextField
            name="refund_percentage"
            label={t("admin.activity_rules.policy.percentage")}
            inputMode="numeric"
            value={percentage}
            onChange={(event) => setPercentage(event.target.value)}
            error={errors.refund_percentage}
            data-testid="policy-percentage"
          />
        ) : null}
      </fieldset>
      {valid.delay && valid.share ? (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800" data-testid="policy-line">
          <span className="font-semibold">{t("admin.activity_rules.policy.preview")}</span>{" "}
          {cancellationPolicyLine(t, body)}
        </p>
      ) : null}
      {editable ? (
        <div>
          <Button type="submit" disabled={save.pending} data-testid="policy-save">
            {t("admin.activity_rules.policy.save")}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-slate-600">{t("admin.activity_rules.policy.read_only")}</p>
      )}
    </form>
  );
}

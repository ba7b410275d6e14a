import { type UnpaidCancellationRuleView, unpaidCancellationRuleBody } from "@booking/contracts";
import { z } from "zod";
import { FormPanel } from "../../../components/admin/form-panel";
import { SettingsForm } from "../../../components/admin/settings/settings-form";
import { TextField } from "../../../components/ui/field";
import { useTranslation } from "../../../i18n/react";
import { automaticCancellationsApi } from "../../../lib/admin/automatic-cancellations-api";
import { useConsole } from "../../../lib/admin/console";
import { useAdminForm } from "../../../lib/admin/form";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import type { Route } from "./+types/cancellations";

/** What the form holds (a switch and the hours typed), turned into the API's body. */
const ruleForm = z
  .object({ enabled: z.boolean(), delay_hours: z.string() })
  .transform((values, context) => {
    const typed = values.delay_hours.trim();
    const result = unpaidCancellationRuleBody.safeParse({
      delay_hours: values.enabled
        ? /^\d+$/.test(typed)
          ? Number(typed)
          : typed || undefined
        : null,
    });
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      context.addIssue({ code: "custom", message: issue.message, path: ["delay_hours"] });
    }
    return z.NEVER;
  });

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "availabilities.automatic_cancellations.read");
  return {
    rule: await adminGet<UnpaidCancellationRuleView>(
      args,
      "/api/admin/settings/automatic-cancellations",
    ),
  };
}

/**
 * Automatic cancellations (decision 0088): the delay after which an order still below its
 * deposit is cancelled. An availability's minimum of participants is set on the availability.
 */
export default function CancellationSettings({ loaderData }: Route.ComponentProps) {
  const { rule } = loaderData;
  return <RuleForm key={JSON.stringify(rule)} rule={rule} />;
}

function RuleForm({ rule }: { rule: UnpaidCancellationRuleView }) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const { form, field, onSubmit, pending } = useAdminForm({
    schema: ruleForm,
    defaultValues: {
      enabled: rule.delay_hours !== null,
      delay_hours: String(rule.delay_hours ?? 48),
    },
    send: automaticCancellationsApi.updateUnpaidRule,
    success: t("admin.settings.saved"),
  });
  const label = (key: string) => t(`admin.automatic_cancellations.unpaid.${key}`);
  return (
    <SettingsForm
      onSubmit={onSubmit}
      readOnly={!can("availabilities.automatic_cancellations.update")}
      pending={pending}
      testId="unpaid-rule-form"
    >
      <FormPanel title={label("panel")} description={label("description")}>
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input type="checkbox" className="mt-0.5 size-4" {...form.register("enabled")} />
          <span className="font-medium">{label("enabled")}</span>
        </label>
        <TextField
          label={label("delay")}
          hint={label("delay_hint")}
          inputMode="numeric"
          autoComplete="off"
          className="max-w-60"
          {...field("delay_hours")}
        />
        <p className="text-sm text-slate-600">{label("availabilities")}</p>
      </FormPanel>
    </SettingsForm>
  );
}

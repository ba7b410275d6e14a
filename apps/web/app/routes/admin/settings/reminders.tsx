import { type ReminderScheduleView, reminderScheduleBody } from "@booking/contracts";
import { z } from "zod";
import { FormPanel } from "../../../components/admin/form-panel";
import { SettingsForm } from "../../../components/admin/settings/settings-form";
import { ButtonLink } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { useAdminForm } from "../../../lib/admin/form";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { remindersApi } from "../../../lib/admin/reminders-api";
import type { Route } from "./+types/reminders";

/** What the form types ("7, 21", a number or nothing), turned into the API's body. */
const scheduleForm = z
  .object({ enabled: z.boolean(), offsets_days: z.string(), overdue_after_days: z.string() })
  .transform((values, context) => {
    const offsets = values.offsets_days.split(/[,;\s]+/).filter(Boolean);
    const overdue = values.overdue_after_days.trim();
    const result = reminderScheduleBody.safeParse({
      enabled: values.enabled,
      offsets_days: offsets.map((offset) => (/^\d+$/.test(offset) ? Number(offset) : offset)),
      overdue_after_days: overdue === "" ? null : /^\d+$/.test(overdue) ? Number(overdue) : overdue,
    });
    if (result.success) return result.data;
    // An offset's error shows on the one field that lists them.
    for (const issue of result.error.issues) {
      context.addIssue({ code: "custom", message: issue.message, path: [String(issue.path[0])] });
    }
    return z.NEVER;
  });

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "customer_invoices.settings.read");
  return {
    schedule: await adminGet<ReminderScheduleView>(args, "/api/admin/payment-reminders/settings"),
  };
}

/** The payment reminder schedule (decision 0077): on or off, its days, overdue after. */
export default function ReminderSettings({ loaderData }: Route.ComponentProps) {
  const { schedule } = loaderData;
  return <ScheduleForm key={JSON.stringify(schedule)} schedule={schedule} />;
}

function ScheduleForm({ schedule }: { schedule: ReminderScheduleView }) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const { form, field, onSubmit, pending } = useAdminForm({
    schema: scheduleForm,
    defaultValues: {
      enabled: schedule.enabled,
      offsets_days: schedule.offsets_days.join(", "),
      overdue_after_days:
        schedule.overdue_after_days === null ? "" : String(schedule.overdue_after_days),
    },
    send: remindersApi.updateSchedule,
    success: t("admin.settings.saved"),
  });
  const label = (key: string) => t(`admin.reminders.settings.${key}`);
  return (
    <SettingsForm
      onSubmit={onSubmit}
      readOnly={!can("customer_invoices.settings.update")}
      pending={pending}
      testId="reminder-settings-form"
    >
      <FormPanel title={label("panel")} description={label("description")}>
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input type="checkbox" className="mt-0.5 size-4" {...form.register("enabled")} />
          <span className="font-medium">{label("enabled")}</span>
        </label>
        <TextField
          label={label("offsets")}
          hint={label("offsets_hint")}
          inputMode="numeric"
          autoComplete="off"
          className="max-w-80"
          {...field("offsets_days")}
        />
        <TextField
          label={label("overdue")}
          hint={label("overdue_hint")}
          inputMode="numeric"
          autoComplete="off"
          className="max-w-60"
          optional
          {...field("overdue_after_days")}
        />
        <p className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
          {label("template")}
          {can("notification_templates.notification_templates.read") ? (
            <ButtonLink
              to="/admin/notifications/templates/defaults/payment-reminder"
              variant="secondary"
              size="sm"
            >
              {label("template_link")}
            </ButtonLink>
          ) : null}
        </p>
      </FormPanel>
    </SettingsForm>
  );
}

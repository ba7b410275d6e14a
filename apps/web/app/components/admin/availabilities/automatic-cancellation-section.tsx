import {
  AUTOMATIC_REFUNDS,
  type AvailabilityAutomaticCancellationView,
  availabilityAutomaticCancellationBody,
} from "@booking/contracts";
import { z } from "zod";
import { useTranslation } from "../../../i18n/react";
import { automaticCancellationsApi } from "../../../lib/admin/automatic-cancellations-api";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { useAdminForm } from "../../../lib/admin/form";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { Button, SubmitButton } from "../../ui/button";
import { TextField } from "../../ui/field";
import { SelectField } from "../fields";
import { FormPanel } from "../form-panel";

type Rule = NonNullable<AvailabilityAutomaticCancellationView["automatic_cancellation"]>;

/** A typed whole number as a number (anything else stays text for the contract to refuse). */
const typedNumber = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value) : value);

const ruleForm = z
  .object({ minimum_participants: z.string(), days_before: z.string(), refund: z.string() })
  .transform((values, context) => {
    const result = availabilityAutomaticCancellationBody.safeParse({
      minimum_participants: typedNumber(values.minimum_participants),
      days_before: typedNumber(values.days_before),
      refund: values.refund,
    });
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      context.addIssue({ code: "custom", message: issue.message, path: [String(issue.path[0])] });
    }
    return z.NEVER;
  });

/**
 * An availability's minimum of participants (decision 0088): N days before its start, fewer
 * live registrations than the minimum cancel them all, refunded to the wallet or not, and close
 * the availability. Shows the deadline, the count now and what the check did.
 */
export function AutomaticCancellationSection({
  availabilityCuid,
  rule,
}: {
  availabilityCuid: string;
  rule: Rule | null;
}) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const label = (key: string, values?: Record<string, unknown>) =>
    t(`admin.automatic_cancellations.availability.${key}`, values);
  const editable = can(
    rule
      ? "availabilities.automatic_cancellations.update"
      : "availabilities.automatic_cancellations.create",
  );
  const { form, field, onSubmit, pending } = useAdminForm({
    schema: ruleForm,
    defaultValues: {
      minimum_participants: String(rule?.minimum_participants ?? 5),
      days_before: String(rule?.days_before ?? 3),
      refund: rule?.refund ?? "WALLET",
    },
    send: (body) => automaticCancellationsApi.saveAvailabilityRule(availabilityCuid, body),
    success: label("saved"),
  });
  const removal = useAdminMutation(
    () => automaticCancellationsApi.deleteAvailabilityRule(availabilityCuid),
    { success: label("deleted") },
  );

  return (
    <FormPanel
      title={label("title")}
      description={label("description")}
      testId="automatic-cancellation"
    >
      {rule ? (
        <p className="text-sm text-slate-800" data-testid="automatic-cancellation-state">
          {rule.executed_at
            ? rule.cancelled_count
              ? label("executed_cancelled", {
                  count: rule.cancelled_count,
                  at: format.dateTime(rule.executed_at),
                })
              : label("executed_kept", { at: format.dateTime(rule.executed_at) })
            : label("pending", {
                deadline: format.dateTime(rule.deadline),
                registered: rule.registered,
                minimum: rule.minimum_participants,
              })}
        </p>
      ) : (
        <p className="text-sm text-slate-600">{label("none")}</p>
      )}
      {editable ? (
        <form
          method="post"
          onSubmit={onSubmit}
          noValidate
          className="grid gap-3 sm:grid-cols-3 sm:items-end"
        >
          <TextField
            label={label("minimum")}
            inputMode="numeric"
            autoComplete="off"
            {...field("minimum_participants")}
          />
          <TextField
            label={label("days_before")}
            inputMode="numeric"
            autoComplete="off"
            {...field("days_before")}
          />
          <SelectField
            label={label("refund")}
            options={AUTOMATIC_REFUNDS.map((refund) => ({
              value: refund,
              label: label(`refunds.${refund}`),
            }))}
            {...form.register("refund")}
          />
          <div className="flex flex-wrap gap-2 sm:col-span-3 sm:justify-end">
            {rule && can("availabilities.automatic_cancellations.delete") ? (
              <Button
                variant="secondary"
                onClick={() => void removal.mutate()}
                disabled={removal.pending}
              >
                {label("delete")}
              </Button>
            ) : null}
            <SubmitButton pending={pending} data-testid="automatic-cancellation-save">
              {label("save")}
            </SubmitButton>
          </div>
        </form>
      ) : null}
    </FormPanel>
  );
}

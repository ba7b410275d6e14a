import {
  type AdminRegistrationConstraintView,
  CONSTRAINT_SCOPES,
  CONSTRAINT_TYPES,
  registrationConstraintBody,
} from "@booking/contracts";
import { z } from "zod";
import { useTranslation } from "../../../i18n/react";
import { constraintsApi } from "../../../lib/admin/constraints-api";
import { useAdminForm } from "../../../lib/admin/form";
import { SubmitButton } from "../../ui/button";
import { TextField } from "../../ui/field";
import { ModalActions } from "../dialog";
import { SelectField } from "../fields";
import { apiPathFields, checkedBy } from "./form-inputs";

/** The form's text inputs, turned into the API's body: a whole count, no scope as null. */
const constraintForm = z
  .object({
    label: z.string(),
    type: z.enum(CONSTRAINT_TYPES),
    optional: z.boolean(),
    payload: z.object({
      value: z.string(),
      scope: z.string(),
      period_start: z.string(),
      period_end: z.string(),
      message: z.string(),
    }),
  })
  .transform(({ payload, ...rest }) => ({
    ...rest,
    payload: {
      ...payload,
      value: /^\s*\d+\s*$/.test(payload.value) ? Number(payload.value) : payload.value,
      scope: payload.scope === "" ? null : payload.scope,
    },
  }))
  .transform(checkedBy(registrationConstraintBody));
type ConstraintFormValues = z.input<typeof constraintForm>;

/** A new constraint starts as the most common one: at most so many registrations. */
const MAXIMUM_REGISTRATIONS = CONSTRAINT_TYPES[1];

/**
 * A registration constraint in a modal: what is counted (registrations or locations), at least
 * or at most how many, grouped by an optional scope, within optional dates, the message customers
 * read when it is not met, and whether it is only advice.
 */
export function ConstraintForm({
  activityCuid,
  constraint,
  onDone,
}: {
  activityCuid: string;
  constraint?: AdminRegistrationConstraintView;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const payload = constraint?.payload;
  const { form, field, onSubmit, pending } = useAdminForm({
    schema: constraintForm,
    defaultValues: {
      label: constraint?.label ?? "",
      type: constraint?.type ?? MAXIMUM_REGISTRATIONS,
      optional: constraint?.optional ?? false,
      payload: {
        value: payload ? String(payload.value) : "1",
        scope: payload?.scope ?? "",
        period_start: payload?.period_start ?? "",
        period_end: payload?.period_end ?? "",
        message: payload?.message ?? "",
      },
    } satisfies ConstraintFormValues,
    send: (values) =>
      constraint
        ? constraintsApi.update(activityCuid, constraint.cuid, values)
        : constraintsApi.create(activityCuid, values),
    success: (saved) => t("admin.registration_constraints.saved", { label: saved.label }),
    resolveField: apiPathFields<ConstraintFormValues>(["label", "type", "payload", "optional"]),
    onSuccess: onDone,
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <TextField
        label={t("admin.registration_constraints.label")}
        hint={t("admin.registration_constraints.label_hint")}
        autoComplete="off"
        data-testid="constraint-label"
        {...field("label")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t("admin.registration_constraints.type")}
          options={CONSTRAINT_TYPES.map((value) => ({
            value,
            label: t(`admin.registration_constraints.types.${value}`),
          }))}
          data-testid="constraint-type"
          {...field("type")}
        />
        <TextField
          label={t("admin.registration_constraints.value")}
          inputMode="numeric"
          autoComplete="off"
          data-testid="constraint-value"
          {...field("payload.value")}
        />
      </div>
      <SelectField
        label={t("admin.registration_constraints.scope")}
        hint={t("admin.registration_constraints.scope_hint")}
        options={[
          { value: "", label: t("admin.registration_constraints.scopes.none") },
          ...CONSTRAINT_SCOPES.map((value) => ({
            value,
            label: t(`admin.registration_constraints.scopes.${value}`),
          })),
        ]}
        data-testid="constraint-scope"
        {...field("payload.scope")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          type="date"
          optional
          label={t("admin.registration_constraints.period_start")}
          data-testid="constraint-period-start"
          {...field("payload.period_start")}
        />
        <TextField
          type="date"
          optional
          label={t("admin.registration_constraints.period_end")}
          data-testid="constraint-period-end"
          {...field("payload.period_end")}
        />
      </div>
      <TextField
        label={t("admin.registration_constraints.message")}
        hint={t("admin.registration_constraints.message_hint")}
        autoComplete="off"
        data-testid="constraint-message"
        {...field("payload.message")}
      />
      <label className="flex items-start gap-2 text-sm font-medium text-slate-800">
        <input type="checkbox" className="mt-0.5 size-4" {...form.register("optional")} />
        <span>
          {t("admin.registration_constraints.optional")}
          <span className="block font-normal text-slate-600">
            {t("admin.registration_constraints.optional_hint")}
          </span>
        </span>
      </label>
      <ModalActions>
        <SubmitButton pending={pending} data-testid="save-constraint">
          {t("admin.catalogue.save")}
        </SubmitButton>
      </ModalActions>
    </form>
  );
}

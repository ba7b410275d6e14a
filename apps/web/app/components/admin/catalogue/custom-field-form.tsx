import { type AdminCustomFieldView, CUSTOM_FIELD_TYPES, customFieldBody } from "@booking/contracts";
import { useFieldArray } from "react-hook-form";
import type { z } from "zod";
import { useTranslation } from "../../../i18n/react";
import { catalogueApi } from "../../../lib/admin/catalogue-api";
import { useAdminForm } from "../../../lib/admin/form";
import { SubmitButton } from "../../ui/button";
import { TextField } from "../../ui/field";
import { ModalActions } from "../dialog";
import { SelectField } from "../fields";
import { ChoicesEditor } from "./choices-editor";
import { apiPathFields } from "./form-inputs";

type CustomFieldFormValues = z.input<typeof customFieldBody>;
type Entity = CustomFieldFormValues["entity"];

/**
 * A custom field of customers or participants in a modal. Once people have filled it in its
 * type is fixed (the API answers CUSTOM_FIELD_HAS_VALUES), so the type select says so.
 */
export function CustomFieldForm({
  entity,
  field: existing,
  onDone,
}: {
  entity: Entity;
  field?: AdminCustomFieldView;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { form, field, onSubmit, pending } = useAdminForm({
    schema: customFieldBody,
    defaultValues: {
      entity,
      type: existing?.type ?? "TEXT",
      title: existing?.title ?? "",
      description: existing?.description ?? "",
      required: existing?.required ?? false,
      active: existing?.active ?? true,
      pattern: existing?.pattern ?? "",
      choices: existing?.choices ?? [],
    } satisfies CustomFieldFormValues,
    send: (values) =>
      existing
        ? catalogueApi.updateCustomField(existing.cuid, values)
        : catalogueApi.createCustomField(values),
    success: (saved) => t("admin.custom_fields.saved", { title: saved.title }),
    resolveField: apiPathFields<CustomFieldFormValues>([
      "type",
      "title",
      "description",
      "pattern",
      "choices",
    ]),
    onSuccess: onDone,
  });
  const choices = useFieldArray({ control: form.control, name: "choices" });
  const type = form.watch("type");
  const typeLocked = (existing?.values_count ?? 0) > 0;

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <SelectField
        label={t("admin.custom_fields.type")}
        options={CUSTOM_FIELD_TYPES.map((value) => ({
          value,
          label: t(`admin.custom_fields.types.${value}`),
        }))}
        hint={typeLocked ? t("admin.custom_fields.type_locked") : undefined}
        {...field("type")}
      />
      <TextField
        label={t("admin.custom_fields.title_label")}
        autoComplete="off"
        data-testid="custom-field-title"
        {...field("title")}
      />
      <TextField
        label={t("admin.custom_fields.description_label")}
        hint={t("admin.custom_fields.description_hint")}
        optional
        autoComplete="off"
        {...field("description")}
      />
      {type === "TEXT" || type === "LONGTEXT" ? (
        <TextField
          label={t("admin.custom_fields.pattern")}
          hint={t("admin.custom_fields.pattern_hint")}
          optional
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          {...field("pattern")}
        />
      ) : null}
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input type="checkbox" className="size-4" {...form.register("required")} />
          {t("admin.custom_fields.required")}
        </label>
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input type="checkbox" className="size-4" {...form.register("active")} />
          {t("admin.custom_fields.active")}
        </label>
      </div>
      {type.startsWith("CHOICES_") ? (
        <ChoicesEditor
          choices={choices}
          label={(index) => field(`choices.${index}.label`)}
          labelOf={(index) => form.getValues(`choices.${index}.label`) ?? ""}
          error={(form.formState.errors.choices as { message?: string } | undefined)?.message}
        />
      ) : null}
      <ModalActions>
        <SubmitButton pending={pending} data-testid="save-custom-field">
          {t("admin.catalogue.save")}
        </SubmitButton>
      </ModalActions>
    </form>
  );
}

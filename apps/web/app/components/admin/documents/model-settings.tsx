import { useTranslation } from "../../../i18n/react";
import { TextField } from "../../ui/field";
import { SelectField } from "../fields";
import type { ModelDraft } from "./model-draft";

// A model's own settings (§3.5 "Document"): its title and description on the registration's
// page, whether it is offered, and its payment and date requirements.

type Props = {
  draft: ModelDraft;
  errors: Record<string, string>;
  onChange: (patch: Partial<ModelDraft>) => void;
  readOnly: boolean;
};

export function ModelSettings({ draft, errors, onChange, readOnly }: Props) {
  const { t } = useTranslation();
  const label = (key: string) => t(`admin.document_models.fields.${key}`);
  const error = (key: string) =>
    errors[key] ? t(`admin.document_models.errors.${errors[key]}`) : undefined;
  return (
    <fieldset
      disabled={readOnly}
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2"
    >
      <legend className="sr-only">{t("admin.document_models.settings")}</legend>
      <TextField
        name="title"
        label={label("title")}
        value={draft.title}
        onChange={(event) => onChange({ title: event.target.value })}
        error={error("title")}
        data-testid="document-model-title"
      />
      <TextField
        name="description"
        label={label("description")}
        value={draft.description ?? ""}
        onChange={(event) => onChange({ description: event.target.value || null })}
      />
      <SelectField
        name="payment_requirement"
        label={label("payment_requirement")}
        placeholder={t("admin.document_models.payment.none")}
        options={(["DEPOSIT", "TOTAL"] as const).map((value) => ({
          value,
          label: t(`admin.document_models.payment.${value}`),
        }))}
        value={draft.payment_requirement ?? ""}
        onChange={(event) =>
          onChange({
            payment_requirement: (event.target.value || null) as ModelDraft["payment_requirement"],
          })
        }
      />
      <SelectField
        name="date_requirement"
        label={label("date_requirement")}
        placeholder={t("admin.document_models.date.none")}
        options={(["AVAILABILITY_START", "AVAILABILITY_END"] as const).map((value) => ({
          value,
          label: t(`admin.document_models.date.${value}`),
        }))}
        value={draft.date_requirement ?? ""}
        onChange={(event) =>
          onChange({
            date_requirement: (event.target.value || null) as ModelDraft["date_requirement"],
          })
        }
      />
      <label className="flex items-center gap-2 text-sm text-slate-900">
        <input
          type="checkbox"
          checked={draft.active ?? true}
          onChange={(event) => onChange({ active: event.target.checked })}
        />
        {label("active")}
      </label>
      <label className="flex items-start gap-2 text-sm text-slate-900">
        <input
          type="checkbox"
          className="mt-1"
          checked={draft.all_activities ?? true}
          onChange={(event) => onChange({ all_activities: event.target.checked })}
        />
        <span>
          {label("all_activities")}
          {draft.all_activities === false ? (
            <span className="block text-slate-600">
              {t("admin.document_models.fields.activities_count", {
                count: draft.activities?.length ?? 0,
              })}
            </span>
          ) : null}
        </span>
      </label>
    </fieldset>
  );
}

import type { DocumentModelCustomFieldBody } from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";
import { PlusIcon, TrashIcon } from "../../icons";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/field";
import { SelectField } from "../fields";

// The custom fields a model asks customers for on download (§3.5 `custom_field`): an element
// shows one by choosing it. Choices are typed one per line; a choice keeps its id while its
// label stays (the answers name it).

const TYPES = ["TEXT", "LONGTEXT", "DATE", "CHOICES_SINGLE", "CHOICES_MULTIPLE"] as const;

function choicesFromLines(field: DocumentModelCustomFieldBody, text: string) {
  const previous = new Map((field.choices ?? []).map((choice) => [choice.label, choice.id]));
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .map((label) => ({ id: previous.get(label), label }));
}

type Props = {
  fields: DocumentModelCustomFieldBody[];
  errors: Record<string, string>;
  onChange: (fields: DocumentModelCustomFieldBody[]) => void;
  /** removes a field (the elements showing it then show nothing of it) */
  onRemove: (index: number) => void;
  readOnly: boolean;
};

export function CustomFieldsEditor({ fields, errors, onChange, onRemove, readOnly }: Props) {
  const { t } = useTranslation();
  const label = (key: string) => t(`admin.document_models.custom_fields.${key}`);
  const update = (index: number, patch: Partial<DocumentModelCustomFieldBody>) =>
    onChange(fields.map((field, i) => (i === index ? { ...field, ...patch } : field)));
  const error = (path: string) => {
    const code = errors[`custom_fields.${path}`];
    return code ? t(`admin.document_models.errors.${code}`) : undefined;
  };
  return (
    <fieldset disabled={readOnly} className="flex flex-col gap-4">
      <legend className="font-semibold text-slate-950">{label("title")}</legend>
      <p className="text-sm text-slate-600">{label("description")}</p>
      {fields.map((field, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: new fields have no id yet
          key={index}
          className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-2"
        >
          <TextField
            name={`custom_fields.${index}.title`}
            label={label("field_title")}
            value={field.title}
            onChange={(event) => update(index, { title: event.target.value })}
            error={error(`${index}.title`)}
          />
          <SelectField
            name={`custom_fields.${index}.type`}
            label={label("type")}
            options={TYPES.map((type) => ({
              value: type,
              label: t(`admin.document_models.field_types.${type}`),
            }))}
            value={field.type}
            onChange={(event) =>
              update(index, { type: event.target.value as (typeof TYPES)[number] })
            }
          />
          {field.type.startsWith("CHOICES_") ? (
            <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-900 sm:col-span-2">
              {label("choices")}
              <textarea
                name={`custom_fields.${index}.choices`}
                rows={3}
                className="rounded-lg border border-slate-300 px-3 py-2 font-normal"
                defaultValue={(field.choices ?? []).map((choice) => choice.label).join("\n")}
                onBlur={(event) =>
                  update(index, { choices: choicesFromLines(field, event.target.value) })
                }
              />
              {error(`${index}.choices`) ? (
                <span className="text-sm text-red-700">{error(`${index}.choices`)}</span>
              ) : null}
            </label>
          ) : null}
          <label className="flex items-center gap-2 text-sm text-slate-900">
            <input
              type="checkbox"
              checked={field.required ?? false}
              onChange={(event) => update(index, { required: event.target.checked })}
            />
            {label("required")}
          </label>
          <div className="flex justify-end">
            <Button variant="ghost" size="sm" onClick={() => onRemove(index)}>
              <TrashIcon className="size-4" />
              {label("remove")}
              <span className="sr-only">{field.title}</span>
            </Button>
          </div>
        </div>
      ))}
      <div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onChange([...fields, { type: "TEXT", title: "", required: false }])}
        >
          <PlusIcon className="size-4" />
          {label("add")}
        </Button>
      </div>
    </fieldset>
  );
}

import { clsx } from "clsx";
import { type ReactNode, useId } from "react";
import type { FieldErrors, UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "../i18n/react";
import { type CustomField, type CustomValues, fieldKey } from "../lib/custom-fields";
import { describedBy, FieldErrorText, FieldShell, inputClasses, useErrorMessage } from "./ui/field";

/** More choices than this become a select instead of radio buttons. */
const RADIO_LIMIT = 5;

/** What the input needs of a field: customer and participant fields, document custom fields. */
type InputField = Pick<CustomField, "type" | "title" | "description" | "required" | "choices">;

/**
 * The inputs of the organiser's custom fields of a form (customer or participant), in order:
 * `register` gives a field's registration by its form key (`fieldKey`), `errors` holds the errors
 * of those values by the same keys. Called while the form renders, so the fields register in the
 * form's own order (the first invalid one gets the focus).
 */
export function customFieldInputs(
  fields: CustomField[],
  register: (key: string) => UseFormRegisterReturn,
  errors: FieldErrors<CustomValues> | undefined,
): ReactNode[] {
  return fields.map((field) => (
    <CustomFieldInput
      key={field.id}
      field={field}
      registration={register(fieldKey(field))}
      error={errors?.[fieldKey(field)]?.message}
    />
  ));
}

/** One custom field, rendered by type with its rules (required, pattern, choices, date). */
export function CustomFieldInput({
  field,
  registration,
  error,
}: {
  field: InputField;
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  const id = useId();
  const { t } = useTranslation();
  const hint = field.description || undefined;
  const aria = {
    ...describedBy(id, hint, error),
    "aria-required": field.required ? (true as const) : undefined,
  };

  if (
    field.type === "CHOICES_MULTIPLE" ||
    (field.type === "CHOICES_SINGLE" && field.choices.length <= RADIO_LIMIT)
  ) {
    return (
      <ChoiceGroup
        field={field}
        registration={registration}
        error={error}
        multiple={field.type === "CHOICES_MULTIPLE"}
      />
    );
  }

  let control: ReactNode;
  switch (field.type) {
    case "LONGTEXT":
      control = (
        <textarea
          id={id}
          rows={4}
          className={inputClasses(Boolean(error))}
          {...aria}
          {...registration}
        />
      );
      break;
    case "DATE":
      control = (
        <input
          id={id}
          type="date"
          className={inputClasses(Boolean(error))}
          {...aria}
          {...registration}
        />
      );
      break;
    case "CHOICES_SINGLE":
      control = (
        <select id={id} className={inputClasses(Boolean(error))} {...aria} {...registration}>
          <option value="">{t("forms.choose")}</option>
          {field.choices.map((choice) => (
            <option key={choice.id} value={choice.label}>
              {choice.label}
            </option>
          ))}
        </select>
      );
      break;
    default:
      control = (
        <input
          id={id}
          type="text"
          className={inputClasses(Boolean(error))}
          {...aria}
          {...registration}
        />
      );
  }
  return (
    <FieldShell id={id} label={field.title} hint={hint} error={error} optional={!field.required}>
      {control}
    </FieldShell>
  );
}

function ChoiceGroup({
  field,
  registration,
  error,
  multiple,
}: {
  field: InputField;
  registration: UseFormRegisterReturn;
  error?: string;
  multiple: boolean;
}) {
  const id = useId();
  const { t } = useTranslation();
  const message = useErrorMessage()(error);
  const hint = field.description || undefined;
  return (
    <fieldset className="flex flex-col gap-1.5" {...describedBy(id, hint, error)}>
      <legend className="mb-1.5 text-sm font-medium text-slate-900">
        {field.title}
        {field.required ? null : (
          <span className="ml-1 font-normal text-slate-600">({t("forms.optional")})</span>
        )}
      </legend>
      <div className="flex flex-col gap-2">
        {field.choices.map((choice) => (
          <label
            key={choice.id}
            className={clsx(
              "flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-base text-slate-900 hover:bg-slate-50",
              error ? "border-red-600" : "border-slate-300",
            )}
          >
            <input
              type={multiple ? "checkbox" : "radio"}
              value={choice.label}
              className="size-4 accent-[var(--accent-ink)]"
              {...registration}
            />
            <span className="min-w-0 break-words">{choice.label}</span>
          </label>
        ))}
      </div>
      {hint && !message ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {message ? <FieldErrorText id={`${id}-error`}>{message}</FieldErrorText> : null}
    </fieldset>
  );
}

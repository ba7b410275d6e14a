import type { CustomDataEntry, CustomFieldView, StorefrontOrganiser } from "@booking/contracts";
import { customDataErrorKey, storedChoiceLabels, validateCustomData } from "@booking/domain";
import type { FieldValues, Path } from "react-hook-form";
import { z } from "zod";
import { sameNameFields } from "./form-errors";

/** Custom fields (platform-and-account.md §3.5) as the storefront context gives them. */
export type CustomField = CustomFieldView;
export type CustomFields = StorefrontOrganiser["custom_fields"];

/** Form key of a field: `f12` (a numeric key would make react-hook-form build an array). */
export const fieldKey = (field: Pick<CustomField, "id">) => `f${field.id}`;

export type CustomValue = string | string[];
export type CustomValues = Record<string, CustomValue>;

export function defaultCustomValues(fields: CustomField[]): CustomValues {
  return Object.fromEntries(
    fields.map((field) => [fieldKey(field), field.type === "CHOICES_MULTIPLE" ? [] : ""]),
  );
}

/**
 * Form values checked with the domain's custom-field rules (required, pattern, choices, dates),
 * each error set on its field's input.
 */
export function customValuesSchema(fields: CustomField[]) {
  return z
    .record(z.string(), z.union([z.string(), z.array(z.string())]))
    .superRefine((values, ctx) => {
      const result = validateCustomData(fields, toCustomData(fields, values));
      if (result.ok) return;
      for (const field of fields) {
        const code = result.errors[customDataErrorKey(field.id)];
        if (code) ctx.addIssue({ code: "custom", path: [fieldKey(field)], message: code });
      }
    });
}

/**
 * The values as stored custom data: one entry per field in field order (so a structural API error
 * on `custom_data.{i}.data` points at fields[i]); multiple choices joined with ", ", empty values
 * as null.
 */
export function toCustomData(
  fields: CustomField[],
  values: CustomValues | undefined,
): CustomDataEntry[] {
  return fields.map((field) => {
    const value = values?.[fieldKey(field)];
    let data: string | null;
    if (Array.isArray(value)) data = value.length > 0 ? value.join(", ") : null;
    else data = value?.trim() ? value.trim() : null;
    return { field_id: field.id, data };
  });
}

/** Stored custom data as form values (profile and participant edit forms). */
export function customValuesFrom(
  fields: CustomField[],
  entries: ReadonlyArray<CustomDataEntry> | undefined,
): CustomValues {
  const stored = new Map((entries ?? []).map((entry) => [entry.field_id, entry.data]));
  return Object.fromEntries(
    fields.map((field) => {
      const data = stored.get(field.id) ?? null;
      if (field.type === "CHOICES_MULTIPLE") {
        return [fieldKey(field), storedChoiceLabels(field.choices, data)];
      }
      return [fieldKey(field), data ?? ""];
    }),
  );
}

/**
 * The field an API error path points at: `custom_data.{field_id}` for a value's rule, or
 * `custom_data.{index}.{key}` for the shape of the entry sent at that index (the forms send one
 * entry per field, in field order, see `toCustomData`); null for any other path.
 */
export function customFieldOfErrorPath(fields: CustomField[], path: string): CustomField | null {
  const match = /^custom_data\.(\d+)(\.\w+)?$/.exec(path);
  if (!match) return null;
  const field = match[2]
    ? fields[Number(match[1])]
    : fields.find((candidate) => candidate.id === Number(match[1]));
  return field ?? null;
}

/**
 * A form's resolver of API error paths: the `plain` fields by their own names, a custom field's
 * path (`custom_data.12`, `custom_data.0.data`) to its `custom.{fieldKey}` input; null otherwise.
 */
export function customFormFieldOf<T extends FieldValues>(
  plain: readonly Path<T>[],
  fields: CustomField[],
) {
  const plainField = sameNameFields<T>(plain);
  return (path: string): Path<T> | null => {
    const named = plainField(path);
    if (named) return named;
    const field = customFieldOfErrorPath(fields, path);
    return field ? (`custom.${fieldKey(field)}` as Path<T>) : null;
  };
}

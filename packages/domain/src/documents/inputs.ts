import {
  CHOICES_SEPARATOR,
  type CustomFieldErrorCode,
  parseCalendarDate,
  validateCustomFieldValue,
} from "../custom-fields.ts";
import type { DocumentCustomField, DocumentElementType } from "./elements.ts";
import { type DocumentCustomValue, parseDecimalText } from "./values.ts";

/**
 * The inputs of a document's custom elements (platform-and-account.md §5 "Document custom
 * fields", §7 `GET /api/documents/download` with `custom_element_{id}=value`): an element with a
 * custom field asks the customer for a value when downloading.
 *
 * Rules, per custom element, first failure wins (the error is keyed `custom_element_{id}`):
 * 1. a `custom_element_{id}` that is not a custom element of the document → UNKNOWN_FIELD;
 * 2. the field's own rules (custom-fields.ts): required or optional by `custom_field.required`
 *    (REQUIRED), TEXT and LONGTEXT patterns (INVALID_FORMAT), DATE a calendar day
 *    (INVALID_DATE), single and multiple choices among the field's labels (INVALID_CHOICE); a
 *    value repeated in the query is a list, allowed for multiple choices only (INVALID_TYPE);
 * 3. what the element shows must be readable from it: a NUMBER or CURRENCY element needs a
 *    decimal number (INVALID_FORMAT), a DATE element a calendar day (INVALID_DATE).
 */

export type DocumentCustomElement = {
  id: number;
  type: DocumentElementType;
  custom_field: DocumentCustomField;
};

/** A submitted value: one text, several (a repeated query parameter), or nothing. */
export type DocumentInputValue = string | readonly string[] | undefined;

export type CustomElementInputs =
  | {
      ok: true;
      /** normalised inputs, one per custom element, in the elements' order */
      values: Array<DocumentCustomValue & { element_id: number }>;
    }
  | { ok: false; errors: Record<string, CustomFieldErrorCode> };

const KEY = /^custom_element_([1-9]\d*)$/;

/** The query parameter of a custom element's input. */
export function customElementKey(elementId: number): string {
  return `custom_element_${elementId}`;
}

/** The element id of a `custom_element_{id}` parameter; null for any other name. */
export function customElementIdOf(key: string): number | null {
  const match = KEY.exec(key);
  return match ? Number(match[1]) : null;
}

function checkValue(
  element: DocumentCustomElement,
  raw: DocumentInputValue,
): { ok: true; data: string | null } | { ok: false; code: CustomFieldErrorCode } {
  let value: unknown = raw;
  if (Array.isArray(raw)) {
    if (element.custom_field.type !== "CHOICES_MULTIPLE")
      return { ok: false, code: "INVALID_TYPE" };
    value = raw
      .map((part) => part.trim())
      .filter((part) => part !== "")
      .join(CHOICES_SEPARATOR);
  }
  const result = validateCustomFieldValue(element.custom_field, value);
  if (!result.ok || result.data === null) return result;
  switch (element.type) {
    case "NUMBER":
    case "CURRENCY":
      return parseDecimalText(result.data) === null
        ? { ok: false, code: "INVALID_FORMAT" }
        : result;
    case "DATE": {
      const day = parseCalendarDate(result.data);
      return day === null ? { ok: false, code: "INVALID_DATE" } : { ok: true, data: day };
    }
    default:
      return result;
  }
}

/**
 * Checks the inputs of a download against the document's custom elements. `inputs` holds the
 * `custom_element_{id}` parameters (any other name is the caller's business).
 */
export function validateCustomElementInputs(
  elements: readonly DocumentCustomElement[],
  inputs: Readonly<Record<string, DocumentInputValue>>,
): CustomElementInputs {
  const errors: Record<string, CustomFieldErrorCode> = {};
  const known = new Set(elements.map((element) => element.id));
  for (const key of Object.keys(inputs)) {
    const id = customElementIdOf(key);
    if (id === null || !known.has(id)) errors[key] = "UNKNOWN_FIELD";
  }
  const values: Array<DocumentCustomValue & { element_id: number }> = [];
  for (const element of elements) {
    const key = customElementKey(element.id);
    const result = checkValue(element, inputs[key]);
    if (!result.ok) {
      errors[key] = result.code;
      continue;
    }
    values.push({
      element_id: element.id,
      field_id: element.custom_field.id,
      type: element.custom_field.type,
      value: result.data,
    });
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, values };
}

/**
 * The inputs as document values by custom field: `custom_fields.{id}` is the first non-empty
 * input given for that field.
 */
export function customFieldInputs(
  values: ReadonlyArray<DocumentCustomValue & { element_id: number }>,
): DocumentCustomValue[] {
  const byField = new Map<number, DocumentCustomValue>();
  for (const { element_id: _, ...value } of values) {
    const seen = byField.get(value.field_id);
    if (!seen || seen.value === null) byField.set(value.field_id, value);
  }
  return [...byField.values()];
}

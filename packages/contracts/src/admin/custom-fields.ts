import { z } from "zod";
import { LIMITS, requiredText } from "../common.ts";
import { optionalText } from "../page-elements/primitives.ts";
import {
  choicesBody,
  choiceView,
  cuidValue,
  orderBody,
  requireChoicesFor,
} from "./catalogue-fields.ts";

/**
 * The organiser's extra fields on customers and participants (/api/admin/custom-fields,
 * platform-and-account.md §3.5 "Custom field"). Values are stored on the customer or participant
 * as `{ field_id, data }`; a field holding values keeps its type and cannot be deleted
 * (CUSTOM_FIELD_HAS_VALUES): deactivate it instead.
 */

/** COLLABORATORS: fields about the organiser's staff (decision 0088). */
export const CUSTOM_FIELD_ENTITIES = ["CUSTOMERS", "PARTICIPANTS", "COLLABORATORS"] as const;
export const CUSTOM_FIELD_TYPES = [
  "TEXT",
  "LONGTEXT",
  "DATE",
  "CHOICES_SINGLE",
  "CHOICES_MULTIPLE",
] as const;

export const adminCustomFieldView = z.object({
  id: z.int(),
  cuid: z.string(),
  entity: z.enum(CUSTOM_FIELD_ENTITIES),
  type: z.enum(CUSTOM_FIELD_TYPES),
  title: z.string(),
  description: z.string().nullable(),
  required: z.boolean(),
  active: z.boolean(),
  order: z.int(),
  pattern: z.string().nullable(),
  choices: z.array(choiceView),
  /** customers or participants holding a value */
  values_count: z.int(),
});
export type AdminCustomFieldView = z.infer<typeof adminCustomFieldView>;
export const adminCustomFieldList = z.object({ data: z.array(adminCustomFieldView) });

/** GET /api/admin/custom-fields: both entities unless one is asked for. */
export const adminCustomFieldsQuery = z.object({
  entity: z.enum(CUSTOM_FIELD_ENTITIES).optional(),
});

/**
 * POST /api/admin/custom-fields, PUT /api/admin/custom-fields/:cuid (`entity` is fixed at
 * creation). `pattern`: a regular expression TEXT values must match whole; an invalid one is
 * refused (INVALID_FORMAT).
 */
export const customFieldBody = z
  .object({
    entity: z.enum(CUSTOM_FIELD_ENTITIES),
    type: z.enum(CUSTOM_FIELD_TYPES),
    title: requiredText(LIMITS.shortText),
    description: optionalText(LIMITS.longText),
    required: z.boolean("INVALID_TYPE").default(false),
    active: z.boolean("INVALID_TYPE").default(true),
    pattern: optionalText(LIMITS.shortText).refine(
      (value) => value === null || isRegularExpression(value),
      "INVALID_FORMAT",
    ),
    choices: choicesBody.default([]),
  })
  .superRefine(requireChoicesFor);
export type CustomFieldBody = z.input<typeof customFieldBody>;

/** PUT /api/admin/custom-fields/order: the fields of one entity in their new order. */
export const customFieldOrderBody = orderBody.extend({ entity: z.enum(CUSTOM_FIELD_ENTITIES) });
export type CustomFieldOrderBody = z.input<typeof customFieldOrderBody>;

export const customFieldParams = z.object({ cuid: cuidValue });

function isRegularExpression(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

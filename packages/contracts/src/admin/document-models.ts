import { z } from "zod";
import { LIMITS, requiredText } from "../common.ts";
import {
  documentDateRequirement,
  documentElementUnion,
  documentImageUrl,
  documentPaymentRequirement,
} from "../documents.ts";
import { choicesBody, choiceView, cuidValue, requireChoicesFor } from "./catalogue-fields.ts";

// The console's document models (platform-and-account.md §3.1, §3.5 "Document", §6
// documents.models.*): a model is edited whole — its settings, the custom fields customers fill
// in on download, and its pages with their elements. The layout rules (elements on their page,
// known data fields) are the domain's documentLayoutIssues, applied by the service.

export const DOCUMENT_MODEL_LIMITS = { pages: 20, elementsPerPage: 200, customFields: 50 };

const optionalText = (max: number) =>
  z
    .string("INVALID_TYPE")
    .trim()
    .max(max, "TOO_LONG")
    .nullish()
    .transform((value) => (value ? value : null));

/** A whole point of the page (the model stores integers). */
const point = z.int("INVALID_TYPE").min(0, "TOO_SMALL").max(2000, "TOO_BIG");

const editorTextPayload = z.object({ data: z.string("INVALID_TYPE").max(2000, "TOO_LONG") });

/**
 * An element as the editor sends it; `custom_field` is the index of one of the model's fields.
 * An element saved before keeps its `id` (customers' download forms name it); a new one has none.
 */
export const documentModelElementBody = documentElementUnion(editorTextPayload, {
  id: z.int("INVALID_TYPE").positive("INVALID_TYPE").max(2_147_483_647, "TOO_BIG").optional(),
  x: point,
  y: point,
  width: z.int("INVALID_TYPE").positive("TOO_SMALL").max(2000, "TOO_BIG").nullable(),
  align: z.enum(["left", "center", "right"], "INVALID_CHOICE").default("left"),
  custom_field: z
    .int("INVALID_TYPE")
    .min(0, "INVALID_CHOICE")
    .max(DOCUMENT_MODEL_LIMITS.customFields - 1, "INVALID_CHOICE")
    .nullable()
    .default(null),
});
export type DocumentModelElementBody = z.input<typeof documentModelElementBody>;

export const documentModelPageBody = z.object({
  size: z.enum(["A4", "LETTER"], "INVALID_CHOICE").default("A4"),
  orientation: z.enum(["portrait", "landscape"], "INVALID_CHOICE").default("portrait"),
  background_url: documentImageUrl.nullish().transform((value) => value ?? null),
  elements: z.array(documentModelElementBody).max(DOCUMENT_MODEL_LIMITS.elementsPerPage, "TOO_BIG"),
});
export type DocumentModelPageBody = z.input<typeof documentModelPageBody>;

/** A custom field asked on download; an existing one keeps its id (customers' links name it). */
export const documentModelCustomFieldBody = z
  .object({
    id: z.int("INVALID_TYPE").positive("INVALID_TYPE").max(2_147_483_647, "TOO_BIG").optional(),
    type: z.enum(["TEXT", "LONGTEXT", "DATE", "CHOICES_SINGLE", "CHOICES_MULTIPLE"], {
      error: () => "INVALID_CHOICE",
    }),
    title: requiredText(LIMITS.shortText),
    description: optionalText(LIMITS.longText),
    required: z.boolean("INVALID_TYPE").default(false),
    pattern: optionalText(LIMITS.shortText).refine((pattern) => {
      if (pattern === null) return true;
      try {
        new RegExp(pattern, "u");
        return true;
      } catch {
        return false;
      }
    }, "INVALID_FORMAT"),
    choices: choicesBody.default([]),
  })
  .superRefine(requireChoicesFor);
export type DocumentModelCustomFieldBody = z.input<typeof documentModelCustomFieldBody>;

/** POST /api/admin/document-models, PUT /api/admin/document-models/:cuid */
export const documentModelBody = z.object({
  title: requiredText(LIMITS.shortText),
  description: optionalText(LIMITS.longText),
  icon: optionalText(60),
  active: z.boolean("INVALID_TYPE").default(true),
  payment_requirement: documentPaymentRequirement.nullable().default(null),
  date_requirement: documentDateRequirement.nullable().default(null),
  /** offered for every activity's registrations, else only for `activities` (their cuids) */
  all_activities: z.boolean("INVALID_TYPE").default(true),
  activities: z.array(cuidValue).max(500, "TOO_BIG").default([]),
  custom_fields: z
    .array(documentModelCustomFieldBody)
    .max(DOCUMENT_MODEL_LIMITS.customFields, "TOO_BIG")
    .default([]),
  pages: z.array(documentModelPageBody).max(DOCUMENT_MODEL_LIMITS.pages, "TOO_BIG").default([]),
});
export type DocumentModelBody = z.input<typeof documentModelBody>;
export type DocumentModelValues = z.output<typeof documentModelBody>;

/** A model in the console's list. */
export const adminDocumentModelSummary = z.object({
  cuid: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  payment_requirement: documentPaymentRequirement.nullable(),
  date_requirement: documentDateRequirement.nullable(),
  all_activities: z.boolean(),
  pages: z.int(),
  elements: z.int(),
  downloads: z.int(),
});
export type AdminDocumentModelSummary = z.infer<typeof adminDocumentModelSummary>;
export const adminDocumentModelList = z.object({ data: z.array(adminDocumentModelSummary) });

const elementView = z.object({
  id: z.int(),
  type: z.enum(["STRING", "NUMBER", "CURRENCY", "DATE", "IMAGE"]),
  x: z.int(),
  y: z.int(),
  width: z.int().nullable(),
  align: z.enum(["left", "center", "right"]),
  payload: z.object({ data: z.string(), url: z.string().nullish() }),
  settings: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  custom_field: z.int().nullable(),
});

/** GET /api/admin/document-models/:cuid — the model as the editor loads it (a body plus ids). */
export const adminDocumentModelView = z.object({
  id: z.int(),
  cuid: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  icon: z.string().nullable(),
  active: z.boolean(),
  payment_requirement: documentPaymentRequirement.nullable(),
  date_requirement: documentDateRequirement.nullable(),
  all_activities: z.boolean(),
  activities: z.array(z.string()),
  custom_fields: z.array(
    z.object({
      id: z.int(),
      type: z.enum(["TEXT", "LONGTEXT", "DATE", "CHOICES_SINGLE", "CHOICES_MULTIPLE"]),
      title: z.string(),
      description: z.string().nullable(),
      required: z.boolean(),
      pattern: z.string().nullable(),
      choices: z.array(choiceView),
    }),
  ),
  pages: z.array(
    z.object({
      size: z.enum(["A4", "LETTER"]),
      orientation: z.enum(["portrait", "landscape"]),
      background_url: z.string().nullable(),
      elements: z.array(elementView),
    }),
  ),
});
export type AdminDocumentModelView = z.infer<typeof adminDocumentModelView>;

/** GET /api/admin/document-models/:cuid/preview?registration= — the PDF for that registration. */
export const documentModelPreviewQuery = z.object({ registration: cuidValue });

/**
 * POST /api/admin/document-models/preview?registration=&model= — the PDF of a draft (the body,
 * checked as a save is) for that registration, saving nothing; `model` is the saved model the
 * draft edits, whose custom fields and elements it may keep.
 */
export const documentDraftPreviewQuery = z.object({
  registration: cuidValue,
  model: cuidValue.optional(),
});

/** POST /api/admin/document-images: one PNG or JPEG file (the type is read from its bytes). */
export const DOCUMENT_IMAGE_UPLOAD = { maxBytes: 2 * 1024 * 1024, accept: "image/png,image/jpeg" };

/** An uploaded picture: `url` is what a page's background or an IMAGE element takes. */
export const adminDocumentImageView = z.object({
  cuid: z.string(),
  url: z.string(),
  content_type: z.enum(["image/png", "image/jpeg"]),
  width: z.int(),
  height: z.int(),
});
export type AdminDocumentImageView = z.infer<typeof adminDocumentImageView>;

/** The body that saves a model as it was loaded (the editor's starting point). */
export function documentModelBodyOf(model: AdminDocumentModelView): DocumentModelBody {
  return {
    title: model.title,
    description: model.description,
    icon: model.icon,
    active: model.active,
    payment_requirement: model.payment_requirement,
    date_requirement: model.date_requirement,
    all_activities: model.all_activities,
    activities: model.activities,
    custom_fields: model.custom_fields.map((field) => ({
      id: field.id,
      type: field.type,
      title: field.title,
      description: field.description,
      required: field.required,
      pattern: field.pattern,
      choices: field.choices,
    })),
    pages: model.pages.map((page) => ({
      size: page.size,
      orientation: page.orientation,
      background_url: page.background_url,
      // The stored settings are the type's (the service wrote them through this contract).
      elements: page.elements as DocumentModelElementBody[],
    })),
  };
}

import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
} from "drizzle-orm/pg-core";
import { activities } from "./activities.ts";
import { createdAt, updatedAt } from "./columns.ts";
import type { Choice, CustomFieldType } from "./customers.ts";
import { registrations } from "./registrations.ts";
import { organiserId, tenantCuid, tenantForeignKey, tenantId, tenantKey } from "./tenancy.ts";

// Document models (platform-and-account.md §3.1, §3.5 "Document"): an organiser's certificates
// and attestations, made of pages of positioned elements, that customers download as PDFs for
// their registrations (apps/server/src/modules/documents). Decision record:
// docs/decisions/0016-documents.md.

export type DocumentPaymentRequirement = "DEPOSIT" | "TOTAL";
export type DocumentDateRequirement = "AVAILABILITY_START" | "AVAILABILITY_END";
export type DocumentElementType = "STRING" | "NUMBER" | "CURRENCY" | "DATE" | "IMAGE";

/**
 * An element's payload without its custom field (a column): `data` is a text with
 * `{{group.field}}` placeholders, `url` an IMAGE's picture.
 */
export type DocumentElementPayload = { data: string; url?: string | null };

/** As §3.1 gives them per type; checked by the contracts' documentElementInput on write. */
export type DocumentElementSettings = Record<string, string | number | null>;

/** A model: what the registration's page lists and when it can be downloaded. */
export const documentModels = pgTable(
  "document_models",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    title: text().notNull(),
    description: text(),
    /** A name from the web app's icon set. */
    icon: text(),
    /** null: no payment needed. */
    paymentRequirement: text().$type<DocumentPaymentRequirement>(),
    /** null: available at once. */
    dateRequirement: text().$type<DocumentDateRequirement>(),
    /** Offered for every activity's registrations, or only those of `document_model_activities`. */
    allActivities: boolean().notNull().default(true),
    active: boolean().notNull().default(true),
    order: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("document_models", t),
    index("document_models_organiser_id_order_idx").on(t.organiserId, t.order),
    check(
      "document_models_payment_requirement",
      sql`${t.paymentRequirement} in ('DEPOSIT', 'TOTAL')`,
    ),
    check(
      "document_models_date_requirement",
      sql`${t.dateRequirement} in ('AVAILABILITY_START', 'AVAILABILITY_END')`,
    ),
  ],
);

/** The activities a model is offered for when it is not for all of them. */
export const documentModelActivities = pgTable(
  "document_model_activities",
  {
    organiserId: organiserId(),
    documentModelId: integer().notNull(),
    activityId: integer().notNull(),
  },
  (t) => [
    primaryKey({
      name: "document_model_activities_pkey",
      columns: [t.organiserId, t.documentModelId, t.activityId],
    }),
    tenantForeignKey(
      "document_model_activities_document_model_fk",
      { organiserId: t.organiserId, column: t.documentModelId },
      documentModels,
      "cascade",
    ),
    tenantForeignKey(
      "document_model_activities_activity_fk",
      { organiserId: t.organiserId, column: t.activityId },
      activities,
      "cascade",
    ),
    // The models of an activity's registration.
    index("document_model_activities_organiser_id_activity_id_idx").on(t.organiserId, t.activityId),
  ],
);

/** A value the customer types when downloading (§3.5 `custom_field` of an element). */
export const documentCustomFields = pgTable(
  "document_custom_fields",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    documentModelId: integer().notNull(),
    type: text().$type<CustomFieldType>().notNull(),
    title: text().notNull(),
    description: text(),
    required: boolean().notNull().default(false),
    /** A regular expression that TEXT values must match. */
    pattern: text(),
    order: integer().notNull().default(0),
    choices: jsonb().$type<Choice[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("document_custom_fields", t),
    tenantForeignKey(
      "document_custom_fields_document_model_fk",
      { organiserId: t.organiserId, column: t.documentModelId },
      documentModels,
      "cascade",
    ),
    index("document_custom_fields_organiser_id_document_model_id_idx").on(
      t.organiserId,
      t.documentModelId,
    ),
    check(
      "document_custom_fields_type",
      sql`${t.type} in ('TEXT', 'LONGTEXT', 'DATE', 'CHOICES_SINGLE', 'CHOICES_MULTIPLE')`,
    ),
  ],
);

/** A page of a model, in `position` order. */
export const documentPages = pgTable(
  "document_pages",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    documentModelId: integer().notNull(),
    position: integer().notNull(),
    size: text().$type<"A4" | "LETTER">().notNull().default("A4"),
    orientation: text().$type<"portrait" | "landscape">().notNull().default("portrait"),
    /** A picture drawn under the elements over the whole page: an http(s) or data: URL. */
    backgroundUrl: text(),
    createdAt: createdAt(),
  },
  (t) => [
    ...tenantKey("document_pages", t),
    unique("document_pages_document_model_id_position_unique").on(
      t.organiserId,
      t.documentModelId,
      t.position,
    ),
    tenantForeignKey(
      "document_pages_document_model_fk",
      { organiserId: t.organiserId, column: t.documentModelId },
      documentModels,
      "cascade",
    ),
    check("document_pages_size", sql`${t.size} in ('A4', 'LETTER')`),
    check("document_pages_orientation", sql`${t.orientation} in ('portrait', 'landscape')`),
    check("document_pages_position", sql`${t.position} >= 0`),
  ],
);

/**
 * An element of a page, drawn in `position` order at `x`, `y` points from the page's top-left
 * corner; texts wrap within `width` points when it is set.
 */
export const documentElements = pgTable(
  "document_elements",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    documentPageId: integer().notNull(),
    type: text().$type<DocumentElementType>().notNull(),
    position: integer().notNull().default(0),
    x: integer().notNull(),
    y: integer().notNull(),
    width: integer(),
    align: text().$type<"left" | "center" | "right">().notNull().default("left"),
    payload: jsonb().$type<DocumentElementPayload>().notNull(),
    settings: jsonb().$type<DocumentElementSettings>().notNull().default({}),
    /** The element shows what the customer typed for this field. */
    customFieldId: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("document_elements", t),
    tenantForeignKey(
      "document_elements_document_page_fk",
      { organiserId: t.organiserId, column: t.documentPageId },
      documentPages,
      "cascade",
    ),
    tenantForeignKey(
      "document_elements_custom_field_fk",
      { organiserId: t.organiserId, column: t.customFieldId },
      documentCustomFields,
    ),
    index("document_elements_organiser_id_document_page_id_idx").on(
      t.organiserId,
      t.documentPageId,
      t.position,
    ),
    index("document_elements_organiser_id_custom_field_id_idx").on(t.organiserId, t.customFieldId),
    check(
      "document_elements_type",
      sql`${t.type} in ('STRING', 'NUMBER', 'CURRENCY', 'DATE', 'IMAGE')`,
    ),
    check("document_elements_align", sql`${t.align} in ('left', 'center', 'right')`),
    check(
      "document_elements_placement",
      sql`${t.x} >= 0 and ${t.y} >= 0 and (${t.width} is null or ${t.width} > 0)`,
    ),
    check("document_elements_payload", sql`jsonb_typeof(${t.payload} -> 'data') = 'string'`),
  ],
);

/**
 * A document issued for a registration: made on its first download, so that its `cuid` and
 * `created_at` (the data fields document.cuid and document.created_at) stay the same on every
 * later download of the same model for the same registration.
 */
export const issuedDocuments = pgTable(
  "issued_documents",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    documentModelId: integer().notNull(),
    registrationId: integer().notNull(),
    downloads: integer().notNull().default(1),
    lastDownloadedAt: createdAt(),
    createdAt: createdAt(),
  },
  (t) => [
    ...tenantKey("issued_documents", t),
    unique("issued_documents_document_model_id_registration_id_unique").on(
      t.organiserId,
      t.documentModelId,
      t.registrationId,
    ),
    tenantForeignKey(
      "issued_documents_document_model_fk",
      { organiserId: t.organiserId, column: t.documentModelId },
      documentModels,
      "cascade",
    ),
    tenantForeignKey(
      "issued_documents_registration_fk",
      { organiserId: t.organiserId, column: t.registrationId },
      registrations,
      "cascade",
    ),
    index("issued_documents_organiser_id_registration_id_idx").on(t.organiserId, t.registrationId),
    check("issued_documents_downloads", sql`${t.downloads} >= 1`),
  ],
);

/** The picture types a document model may embed (PDF renderers take PNG and JPEG). */
export type DocumentImageType = "image/png" | "image/jpeg";

/**
 * A picture staff uploaded for a document model (a page's background or an IMAGE element,
 * decision 0103): the file lives under DATA_DIR (`storage_path`), never served statically; models
 * name it `upload:{cuid}`, and only the organiser's own uploads are accepted.
 */
export const documentImages = pgTable(
  "document_images",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    contentType: text().$type<DocumentImageType>().notNull(),
    sizeBytes: integer().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    /** `{organiser cuid}/{random key}`, relative to the document images' folder */
    storagePath: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    ...tenantKey("document_images", t),
    check("document_images_content_type", sql`${t.contentType} in ('image/png', 'image/jpeg')`),
    check("document_images_size", sql`${t.sizeBytes} > 0`),
  ],
);

import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  unique,
} from "drizzle-orm/pg-core";
import { activities } from "./activities.ts";
import { createdAt, updatedAt } from "./columns.ts";
import { documentModels } from "./documents.ts";
import { organiserId, tenantCuid, tenantForeignKey, tenantId, tenantKey } from "./tenancy.ts";

// Per-activity rules (issue 17 §4, docs/decisions/0101-activity-confirmations-cancellation-policy.md):
// until when and with what refund a family may cancel online, and what the family's
// confirmation e-mail adds for the activity (a message, document models, files, the calendar).

/** What a family's online cancellation gives back: nothing automatically, or to the wallet. */
export type CancellationRefund = "NONE" | "WALLET";

/**
 * An activity's cancellation policy. No row: today's rule (until the first registered date
 * starts, no automatic refund). `online_until_hours` null: never online.
 */
export const activityCancellationPolicies = pgTable(
  "activity_cancellation_policies",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    activityId: integer().notNull(),
    /** hours before the first registered date starts; null: families cannot cancel online */
    onlineUntilHours: integer(),
    refund: text().$type<CancellationRefund>().notNull().default("NONE"),
    /** the share of what was paid credited to the wallet, with `refund` WALLET */
    refundPercentage: integer().notNull().default(100),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("activity_cancellation_policies", t),
    unique("activity_cancellation_policies_activity_unique").on(t.organiserId, t.activityId),
    tenantForeignKey(
      "activity_cancellation_policies_activity_fk",
      { organiserId: t.organiserId, column: t.activityId },
      activities,
      "cascade",
    ),
    check(
      "activity_cancellation_policies_numbers",
      sql`(${t.onlineUntilHours} is null or ${t.onlineUntilHours} between 0 and 8760) and ${t.refundPercentage} between 0 and 100`,
    ),
    check("activity_cancellation_policies_refund", sql`${t.refund} in ('NONE', 'WALLET')`),
  ],
);

/** The organiser's confirmation for an activity: its message and whether the calendar goes. */
export const activityConfirmations = pgTable(
  "activity_confirmations",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    activityId: integer().notNull(),
    /** Liquid over sanitised HTML, rendered with the notification templates' data */
    message: text().notNull().default(""),
    calendarFile: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("activity_confirmations", t),
    unique("activity_confirmations_activity_unique").on(t.organiserId, t.activityId),
    tenantForeignKey(
      "activity_confirmations_activity_fk",
      { organiserId: t.organiserId, column: t.activityId },
      activities,
      "cascade",
    ),
  ],
);

/** The document models a confirmation attaches (as the customer would download them). */
export const activityConfirmationDocuments = pgTable(
  "activity_confirmation_documents",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    confirmationId: integer().notNull(),
    documentModelId: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    ...tenantKey("activity_confirmation_documents", t),
    unique("activity_confirmation_documents_unique").on(
      t.organiserId,
      t.confirmationId,
      t.documentModelId,
    ),
    tenantForeignKey(
      "activity_confirmation_documents_confirmation_fk",
      { organiserId: t.organiserId, column: t.confirmationId },
      activityConfirmations,
      "cascade",
    ),
    tenantForeignKey(
      "activity_confirmation_documents_document_model_fk",
      { organiserId: t.organiserId, column: t.documentModelId },
      documentModels,
      "cascade",
    ),
    index("activity_confirmation_documents_model_idx").on(t.organiserId, t.documentModelId),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/** A PDF the organiser uploaded for a confirmation (a packing list), sent as it is. */
export const activityConfirmationFiles = pgTable(
  "activity_confirmation_files",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    confirmationId: integer().notNull(),
    fileName: text().notNull(),
    sizeBytes: integer().notNull(),
    content: bytea().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    ...tenantKey("activity_confirmation_files", t),
    tenantForeignKey(
      "activity_confirmation_files_confirmation_fk",
      { organiserId: t.organiserId, column: t.confirmationId },
      activityConfirmations,
      "cascade",
    ),
    index("activity_confirmation_files_confirmation_idx").on(t.organiserId, t.confirmationId),
    check("activity_confirmation_files_size", sql`${t.sizeBytes} between 1 and 2097152`),
  ],
);

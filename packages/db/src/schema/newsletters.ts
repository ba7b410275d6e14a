import { sql } from "drizzle-orm";
import { check, foreignKey, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { segments } from "./catalogs.ts";
import { collaborators } from "./collaborators.ts";
import { createdAt, timestamptz, updatedAt } from "./columns.ts";
import { organiserId, tenantCuid, tenantForeignKey, tenantId, tenantKey } from "./tenancy.ts";

export type NewsletterStatus = "DRAFT" | "SCHEDULED" | "SENDING" | "SENT" | "CANCELLED";

/**
 * A newsletter (decision 0056): rich HTML sent to the consenting customers a segment reaches.
 * The sender walks those customers by id (`cursorCustomerId`, keyset pagination) and moves the
 * cursor in the transaction that queues the batch, so a crash resumes after the last batch
 * committed; the messages' idempotency key is the second wall against duplicates.
 */
export const newsletters = pgTable(
  "newsletters",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    subject: text().notNull(),
    /** HTML from the rich editor, sanitised on write. */
    content: text().notNull(),
    segmentId: integer().notNull(),
    status: text().$type<NewsletterStatus>().notNull().default("DRAFT"),
    /** When a SCHEDULED newsletter starts sending. */
    scheduledAt: timestamptz(),
    startedAt: timestamptz(),
    sentAt: timestamptz(),
    /** Last customer id queued: the next batch starts after it. */
    cursorCustomerId: integer().notNull().default(0),
    /** Messages queued so far (one per consenting customer reached). */
    recipientsCount: integer().notNull().default(0),
    createdBy: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey("newsletters", t),
    tenantForeignKey(
      "newsletters_segment_fk",
      { organiserId: t.organiserId, column: t.segmentId },
      segments,
    ),
    foreignKey({
      name: "newsletters_created_by_fk",
      columns: [t.createdBy],
      foreignColumns: [collaborators.id],
    }).onDelete("set null"),
    check(
      "newsletters_status",
      sql`${t.status} in ('DRAFT', 'SCHEDULED', 'SENDING', 'SENT', 'CANCELLED')`,
    ),
    check(
      "newsletters_scheduled_at",
      sql`${t.status} <> 'SCHEDULED' or ${t.scheduledAt} is not null`,
    ),
    index("newsletters_organiser_id_created_at_idx").on(t.organiserId, t.createdAt),
    index("newsletters_organiser_id_segment_id_idx").on(t.organiserId, t.segmentId),
    // The sender's scan across organisers: only the newsletters that have work to do.
    index("newsletters_pending_idx")
      .on(t.scheduledAt)
      .where(sql`${t.status} in ('SCHEDULED', 'SENDING')`),
  ],
);

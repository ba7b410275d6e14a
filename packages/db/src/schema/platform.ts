import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, cuid, id, timestamptz, updatedAt } from "./columns.ts";
import { organisers } from "./organisers.ts";

/**
 * QUEUED: written in the transaction of the change that causes it (transactional outbox), waiting
 * for its delivery job. Then SENT, FAILED, or OUTBOX when no SMTP server is configured (kept for
 * the development outbox page instead of being sent).
 */
export type EmailStatus = "QUEUED" | "OUTBOX" | "SENT" | "FAILED";

/**
 * Every e-mail the platform sends or would send: the delivery log, and the dev outbox page when
 * no SMTP server is configured. Platform-level because some mail (collaborator invitations,
 * platform billing) belongs to no organiser.
 */
export const emails = pgTable(
  "emails",
  {
    id: id(),
    cuid: cuid(),
    organiserId: integer().references(() => organisers.id, { onDelete: "cascade" }),
    toAddress: text().notNull(),
    subject: text().notNull(),
    html: text().notNull(),
    /** The plain-text alternative. */
    text: text().notNull(),
    status: text().$type<EmailStatus>().notNull().default("QUEUED"),
    error: text(),
    createdAt: createdAt(),
    sentAt: timestamptz(),
  },
  (t) => [
    index("emails_status_created_at_idx").on(t.status, t.createdAt),
    index("emails_organiser_id_created_at_idx").on(t.organiserId, t.createdAt),
    index("emails_to_address_created_at_idx").on(t.toAddress, t.createdAt),
    check("emails_status", sql`${t.status} in ('QUEUED', 'OUTBOX', 'SENT', 'FAILED')`),
  ],
);

/** Facts about the database itself, e.g. `demo_seed` once the demo data was written. */
export const platformMeta = pgTable("platform_meta", {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: updatedAt(),
});

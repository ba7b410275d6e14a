import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { collaborators } from "./collaborators.ts";
import { createdAt, timestamptz } from "./columns.ts";
import { organiserId, tenantCuid, tenantId, tenantKey } from "./tenancy.ts";

export type ImportKind = "CUSTOMERS" | "ACTIVITIES" | "AVAILABILITIES" | "REGISTRATIONS";
/** UPLOADED until committed; EXPIRED once its rows are dropped unused (decision 0085). */
export type ImportStatus = "UPLOADED" | "COMMITTED" | "EXPIRED";
/** What a commit did, per record type (customers, participants, activities, dates...). */
export type ImportCounts = { created: number; updated: number; unchanged: number };
export type ImportSummary = Record<string, ImportCounts>;

/**
 * A file an organiser uploaded to import (issue 17 §2): its cells as read, kept until the import
 * is committed or expires, the column mapping chosen, and what the commit did.
 */
export const imports = pgTable(
  "imports",
  {
    id: tenantId(),
    cuid: tenantCuid(),
    organiserId: organiserId(),
    kind: text().$type<ImportKind>().notNull(),
    fileName: text().notNull(),
    /** SHA-256 of the cells as read: the same file uploaded twice has the same digest. */
    digest: text().notNull(),
    headers: jsonb().$type<string[]>().notNull(),
    /** The data rows' cells as text; null once the import is committed or expired. */
    rows: jsonb().$type<string[][]>(),
    rowCount: integer().notNull(),
    /** The target field of each column, by column index; null for a column left out. */
    mapping: jsonb().$type<(string | null)[]>().notNull(),
    status: text().$type<ImportStatus>().notNull().default("UPLOADED"),
    summary: jsonb().$type<ImportSummary>(),
    collaboratorId: integer().references(() => collaborators.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamptz().notNull(),
    committedAt: timestamptz(),
  },
  (t) => [
    ...tenantKey("imports", t),
    index("imports_organiser_id_created_at_idx").on(t.organiserId, t.createdAt),
    check(
      "imports_kind",
      sql`${t.kind} in ('CUSTOMERS', 'ACTIVITIES', 'AVAILABILITIES', 'REGISTRATIONS')`,
    ),
    check("imports_status", sql`${t.status} in ('UPLOADED', 'COMMITTED', 'EXPIRED')`),
    check(
      "imports_committed",
      sql`(${t.status} = 'COMMITTED') = (${t.committedAt} is not null and ${t.summary} is not null)`,
    ),
  ],
);

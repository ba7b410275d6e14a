import { z } from "zod";
import { listEnvelope, pagingQuery } from "../common.ts";

/** The console's imports (issue 17 §2, docs/decisions/0085-imports.md). */

/** Largest file accepted (CSV or XLSX). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Largest number of data rows in one file. */
export const IMPORT_MAX_ROWS = 20_000;
/** Largest number of columns in one file. */
export const IMPORT_MAX_COLUMNS = 100;
/** Data rows shown in the preview. */
export const IMPORT_PREVIEW_ROWS = 10;
/** Row errors listed in a check's answer (all of them are in the CSV download). */
export const IMPORT_LISTED_ERRORS = 200;

export const IMPORT_KINDS = ["CUSTOMERS", "ACTIVITIES", "AVAILABILITIES", "REGISTRATIONS"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const IMPORT_STATUSES = ["UPLOADED", "COMMITTED", "EXPIRED"] as const;

export const importLocale = z.enum(["fr", "en"], { error: "INVALID_CHOICE" }).default("fr");

/** POST /api/admin/imports?kind=… (multipart, one `file`) */
export const importUploadQuery = z.object({
  kind: z.enum(IMPORT_KINDS, { error: "INVALID_CHOICE" }),
});

/** GET /api/admin/imports/:cuid/check and /errors.csv */
export const importCheckQuery = z.object({ locale: importLocale });

/** PUT /api/admin/imports/:cuid/mapping: the target of each column, by index (null: left out). */
export const importMappingBody = z.object({
  mapping: z
    .array(z.string("INVALID_TYPE").max(100, "TOO_LONG").nullable())
    .max(IMPORT_MAX_COLUMNS, "TOO_BIG"),
});

const importCounts = z.object({ created: z.int(), updated: z.int(), unchanged: z.int() });
/** What a commit does or did per record type: customers and participants, activities… */
export const importSummary = z.record(z.string(), importCounts);
export type ImportSummaryView = z.infer<typeof importSummary>;

/** A field a column can be mapped to: fixed ones are named by key, custom fields by title. */
export const importTarget = z.object({
  key: z.string(),
  required: z.boolean(),
  custom_field_title: z.string().nullable(),
});

export const importListItem = z.object({
  cuid: z.string(),
  kind: z.enum(IMPORT_KINDS),
  file_name: z.string(),
  status: z.enum(IMPORT_STATUSES),
  row_count: z.int(),
  summary: importSummary.nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  committed_at: z.string().nullable(),
});
export type ImportListItem = z.infer<typeof importListItem>;
export const importList = listEnvelope(importListItem);
export const importListQuery = pagingQuery;

/** An import with its columns, guessed or chosen mapping and first rows. */
export const importDetail = importListItem.extend({
  headers: z.array(z.string()),
  mapping: z.array(z.string().nullable()),
  preview: z.array(z.array(z.string())),
  targets: z.array(importTarget),
});
export type ImportDetail = z.infer<typeof importDetail>;

export const importRowError = z.object({
  line: z.int(),
  column: z.string().nullable(),
  code: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowError>;

/** What keeps the mapping from being used: column indexes and required targets. */
export const importMappingProblems = z.object({
  unknown: z.array(z.int()),
  duplicate: z.array(z.int()),
  missing: z.array(z.string()),
});

/**
 * GET /api/admin/imports/:cuid/check: every row checked and the dry run — what a commit would
 * create, update or leave unchanged (null while the mapping or rows have errors).
 */
export const importCheck = z.object({
  mapping_problems: importMappingProblems.nullable(),
  row_count: z.int(),
  error_count: z.int(),
  errors: z.array(importRowError),
  summary: importSummary.nullable(),
});
export type ImportCheck = z.infer<typeof importCheck>;

/**
 * POST /api/admin/imports/:cuid/commit?send_confirmations=true: a registrations' import sends
 * the confirmations register-by-hand sends only when asked (decision 0091).
 */
export const importCommitQuery = z.object({
  send_confirmations: z
    .enum(["true", "false"], { error: "INVALID_CHOICE" })
    .default("false")
    .transform((value) => value === "true"),
});

/** POST /api/admin/imports/:cuid/commit */
export const importCommitResponse = z.object({ cuid: z.string(), summary: importSummary });
export type ImportCommitResponse = z.infer<typeof importCommitResponse>;

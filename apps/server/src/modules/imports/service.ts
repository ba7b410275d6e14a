import {
  IMPORT_LISTED_ERRORS,
  IMPORT_PREVIEW_ROWS,
  type ImportCheck,
  type ImportDetail,
  type ImportKind,
  type ImportListItem,
  type ImportSummaryView,
  type importListQuery,
  type ListEnvelope,
} from "@booking/contracts";
import { type ImportLocale, importErrorMessage, REGISTRATION_SAMPLE } from "@booking/domain";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import { nowOf } from "../../http/clock.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { envelope, iso, pageOf } from "../account-items/views.ts";
import { csvField, neutraliseFormula } from "../exports/csv.ts";
import type { CommitOptions, KindCheck, KindTargets } from "./kind-check.ts";
import { importKind } from "./kinds.ts";
import {
  expireImports,
  findImport,
  type ImportListRow,
  type ImportRow,
  insertImport,
  listImports,
  lockImportCommits,
  updateImport,
} from "./queries.ts";
import type { ImportFile } from "./read-file.ts";

// The console's imports (issue 17 §2, docs/decisions/0085-imports.md): a file is uploaded and
// kept for a day, its mapping guessed and adjusted, every row checked with the dry run's
// counts, then committed in the console's one transaction, audited.

/** How long an upload waits for its commit. */
const RETENTION_MS = 24 * 60 * 60 * 1000;

function listItem(row: ImportRow, createdBy: string | null): ImportListItem {
  return {
    cuid: row.cuid,
    // Uploads take only the contracts' kinds (IMPORT_KINDS).
    kind: row.kind as ImportKind,
    file_name: row.fileName,
    status: row.status,
    row_count: row.rowCount,
    summary: row.summary,
    created_by: createdBy,
    created_at: iso(row.createdAt),
    expires_at: iso(row.expiresAt),
    committed_at: row.committedAt ? iso(row.committedAt) : null,
  };
}

function detail(row: ImportRow, targets: KindTargets): ImportDetail {
  const required = new Set(targets.required);
  return {
    ...listItem(row, null),
    headers: row.headers,
    mapping: row.mapping,
    preview: (row.rows ?? []).slice(0, IMPORT_PREVIEW_ROWS),
    targets: targets.keys.map((key) => ({
      key,
      required: required.has(key),
      custom_field_title: targets.titles.get(key) ?? null,
    })),
  };
}

/** The import, still open to changes: not committed, not expired. */
async function requireOpenImport(
  context: ConsoleContext,
  cuid: string,
  options: { lock?: boolean } = {},
): Promise<ImportRow> {
  const row = await findImport(context.db, context.organiser.id, cuid, options);
  if (!row) throw new AppError("IMPORT_NOT_FOUND");
  if (row.status === "COMMITTED") throw new AppError("IMPORT_ALREADY_COMMITTED");
  if (row.status === "EXPIRED" || row.expiresAt <= nowOf(context) || row.rows === null) {
    throw new AppError("IMPORT_EXPIRED");
  }
  return row;
}

const checked = (context: ConsoleContext, row: ImportRow): Promise<KindCheck> =>
  importKind(row.kind).check(context, row);

const targetsOf = (context: ConsoleContext, row: Pick<ImportRow, "kind">) =>
  importKind(row.kind).targets(context);

const withMessages = (check: KindCheck, locale: ImportLocale) =>
  check.errors.map((error) => ({ ...error, message: importErrorMessage(error.code, locale) }));

/** A CSV of rows as the errors' download writes them: BOM, commas, CRLF. */
const csvOf = (rows: readonly (readonly string[])[]) =>
  `\uFEFF${rows.map((fields) => `${fields.map(csvField).join(",")}\r\n`).join("")}`;

/** The sample registration file in the staff's language (decision 0091). */
export const registrationSampleCsv = (locale: ImportLocale) => csvOf(REGISTRATION_SAMPLE[locale]);

export const importsConsole = {
  async upload(
    context: ConsoleContext,
    input: { kind: ImportRow["kind"]; fileName: string; file: ImportFile },
  ): Promise<ImportDetail> {
    const { db, organiser, actor } = context;
    const now = nowOf(context);
    await expireImports(db, organiser.id, now);
    const targets = await targetsOf(context, input);
    const row = await insertImport(db, organiser.id, {
      kind: input.kind,
      fileName: input.fileName,
      digest: input.file.digest,
      headers: input.file.headers,
      rows: input.file.rows,
      rowCount: input.file.rows.length,
      mapping: targets.guess(input.file.headers),
      collaboratorId: actor.collaboratorId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RETENTION_MS),
    });
    return detail(row, targets);
  },

  async detail(context: ConsoleContext, cuid: string): Promise<ImportDetail> {
    const row = await findImport(context.db, context.organiser.id, cuid);
    if (!row) throw new AppError("IMPORT_NOT_FOUND");
    return detail(row, await targetsOf(context, row));
  },

  /** Saves the mapping: one known target or null per column. */
  async setMapping(
    context: ConsoleContext,
    cuid: string,
    mapping: (string | null)[],
  ): Promise<ImportDetail> {
    const row = await requireOpenImport(context, cuid, { lock: true });
    const targets = await targetsOf(context, row);
    if (mapping.length !== row.headers.length) throw validationError({ mapping: "INVALID_FORMAT" });
    const known = new Set(targets.keys);
    const errors: Record<string, string> = {};
    mapping.forEach((target, index) => {
      if (target !== null && !known.has(target)) errors[`mapping.${index}`] = "INVALID_CHOICE";
    });
    if (Object.keys(errors).length > 0) throw validationError(errors);
    return detail(
      await updateImport(context.db, context.organiser.id, row.id, { mapping }),
      targets,
    );
  },

  /** Every row checked, and what a commit would do when none has an error (the dry run). */
  async check(context: ConsoleContext, cuid: string, locale: ImportLocale): Promise<ImportCheck> {
    const row = await requireOpenImport(context, cuid);
    const result = await checked(context, row);
    return {
      mapping_problems: result.problems,
      row_count: row.rowCount,
      error_count: result.errors.length,
      errors: withMessages(result, locale).slice(0, IMPORT_LISTED_ERRORS),
      summary: result.plan?.summary ?? null,
    };
  },

  /** Every row error as CSV (line, column, code, message), to fix the file in a spreadsheet. */
  async errorsCsv(context: ConsoleContext, cuid: string, locale: ImportLocale): Promise<string> {
    const row = await requireOpenImport(context, cuid);
    const header =
      locale === "fr"
        ? ["Ligne", "Colonne", "Code", "Message"]
        : ["Line", "Column", "Code", "Message"];
    const lines = withMessages(await checked(context, row), locale).map((error) => [
      String(error.line),
      neutraliseFormula(error.column ?? ""),
      error.code,
      error.message,
    ]);
    return csvOf([header, ...lines]);
  },

  /**
   * Writes the import in the console's transaction, after any other commit of the organiser's
   * (lockImportCommits): the same file committed twice at once creates nothing twice.
   */
  async commit(
    context: ConsoleContext,
    cuid: string,
    options: CommitOptions = { sendConfirmations: false },
  ): Promise<{ cuid: string; summary: ImportSummaryView }> {
    const { db, organiser } = context;
    await lockImportCommits(db, organiser.id);
    const row = await requireOpenImport(context, cuid, { lock: true });
    const result = await checked(context, row);
    if (!result.plan) {
      throw new AppError("IMPORT_HAS_ERRORS", undefined, { error_count: result.errors.length });
    }
    await result.plan.apply(options);
    const { summary } = result.plan;
    await updateImport(db, organiser.id, row.id, {
      status: "COMMITTED",
      summary,
      committedAt: nowOf(context),
      rows: null,
    });
    await context.audit({
      action: "import.committed",
      entity: "import",
      entityId: row.cuid,
      after: {
        kind: row.kind,
        file_name: row.fileName,
        row_count: row.rowCount,
        summary,
        ...(row.kind === "REGISTRATIONS" ? { send_confirmations: options.sendConfirmations } : {}),
      },
    });
    return { cuid: row.cuid, summary };
  },

  async list(
    context: ConsoleContext,
    query: z.output<typeof importListQuery>,
  ): Promise<ListEnvelope<ImportListItem>> {
    const page = pageOf(query);
    const { rows, count } = await listImports(context.db, context.organiser.id, page);
    return envelope(
      rows.map((row: ImportListRow) => listItem(row, row.createdBy)),
      count,
      page,
    );
  },
};

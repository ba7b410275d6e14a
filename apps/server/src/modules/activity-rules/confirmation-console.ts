import {
  type AdminActivityConfirmationBody,
  type AdminActivityConfirmationView,
  type AdminConfirmationPreview,
  type AdminConfirmationPreviewBody,
  CONFIRMATION_FILE_MAX_BYTES,
  CONFIRMATION_FILES_MAX,
} from "@booking/contracts";
import { sanitizeHtml } from "@booking/domain/html";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import type { PublicUrls } from "../../http/public-urls.ts";
import { requireActivity } from "../activities/console-service.ts";
import { listOfferedModels } from "../documents/queries.ts";
import {
  checkTemplate,
  renderEmail,
  type TemplateLanguage,
  TemplateRenderError,
  TemplateSyntaxError,
} from "../notifications/render/index.ts";
import { sampleTemplateData } from "../notifications/template-data.ts";
import { organiserBrand } from "../notifications/template-links.ts";
import {
  type ConfirmationRow,
  deleteConfirmationFile,
  findConfirmations,
  insertConfirmationFile,
  listConfirmationDocuments,
  listConfirmationFiles,
  lockConfirmation,
  replaceConfirmationDocuments,
  saveConfirmation,
} from "./queries.ts";

// An activity's confirmation in the console (docs/decisions/0101), activities.confirmations.*:
// the organiser's message (Liquid over the rich editor's HTML, as the notification templates),
// the document models and uploaded PDFs that go with it and whether the calendar file goes.

/** The Liquid that does not parse or render, as the editor shows it (400 TEMPLATE_INVALID). */
function messageInvalid(error: unknown): never {
  if (error instanceof TemplateSyntaxError || error instanceof TemplateRenderError) {
    throw new AppError(
      "TEMPLATE_INVALID",
      { message: "TEMPLATE_INVALID" },
      { line: error.line, message: error.message, field: "message" },
    );
  }
  throw error;
}

/** The stored form of a message: sanitised HTML whose Liquid parses. */
function storedMessage(message: string): string {
  const clean = sanitizeHtml(message);
  try {
    checkTemplate({ subject: "", content: clean });
  } catch (error) {
    messageInvalid(error);
  }
  return clean;
}

async function confirmationView(
  context: ConsoleContext,
  activityId: number,
  row: ConfirmationRow | undefined,
): Promise<AdminActivityConfirmationView> {
  const { db, organiser } = context;
  const ids = row ? [row.id] : [];
  const documents = await listConfirmationDocuments(db, organiser.id, ids);
  const files = await listConfirmationFiles(db, organiser.id, ids);
  const models = await listOfferedModels(db, organiser.id, activityId);
  return {
    message: row?.message ?? "",
    calendar_file: row?.calendarFile ?? false,
    document_models: documents.map((document) => document.cuid),
    available_document_models: models.map((model) => ({ cuid: model.cuid, title: model.title })),
    files: files.map((file) => ({
      cuid: file.cuid,
      file_name: file.fileName,
      size_bytes: file.sizeBytes,
      created_at: file.createdAt.toISOString(),
    })),
  };
}

async function activityConfirmation(context: ConsoleContext, cuid: string) {
  const activity = await requireActivity(context, cuid);
  const [row] = await findConfirmations(context.db, context.organiser.id, [activity.id]);
  return { activity, row };
}

/** The confirmation row of an activity, made empty when it has none yet (for an upload). */
async function ensureConfirmation(context: ConsoleContext, cuid: string) {
  const { activity, row } = await activityConfirmation(context, cuid);
  const confirmation =
    row ??
    (await saveConfirmation(context.db, {
      organiserId: context.organiser.id,
      activityId: activity.id,
      message: "",
      calendarFile: false,
    }));
  return { activity, row: confirmation };
}

/** The ids of the chosen models, each offered for the activity's registrations (else INVALID_CHOICE). */
async function chosenModelIds(
  context: ConsoleContext,
  activityId: number,
  cuids: string[],
): Promise<number[]> {
  const models = await listOfferedModels(context.db, context.organiser.id, activityId);
  const byCuid = new Map(models.map((model) => [model.cuid, model.id]));
  const unknown = cuids.findIndex((cuid) => !byCuid.has(cuid));
  if (unknown >= 0) throw validationError({ [`document_models.${unknown}`]: "INVALID_CHOICE" });
  return [...new Set(cuids.map((cuid) => byCuid.get(cuid)!))];
}

const PDF_MAGIC = Buffer.from("%PDF-", "latin1");

/** A file name as shown and sent: no path, no control characters, at most 120 characters. */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const visible = base.replace(/[\u0000-\u001f\u007f"]/g, "").trim();
  const named = visible.length > 0 ? visible : "document.pdf";
  const pdf = /\.pdf$/i.test(named) ? named : `${named}.pdf`;
  return pdf.length > 120 ? `${pdf.slice(0, 116)}.pdf` : pdf;
}

export const confirmationConsole = {
  /** GET /api/admin/activities/:cuid/confirmation. */
  async read(context: ConsoleContext, cuid: string): Promise<AdminActivityConfirmationView> {
    const { activity, row } = await activityConfirmation(context, cuid);
    return confirmationView(context, activity.id, row);
  },

  /** PUT /api/admin/activities/:cuid/confirmation: the message, models and calendar choice. */
  async write(
    context: ConsoleContext,
    cuid: string,
    body: AdminActivityConfirmationBody,
  ): Promise<AdminActivityConfirmationView> {
    const { activity, row: before } = await activityConfirmation(context, cuid);
    const message = storedMessage(body.message);
    const modelIds = await chosenModelIds(context, activity.id, body.document_models);
    const beforeView = await confirmationView(context, activity.id, before);
    const row = await saveConfirmation(context.db, {
      organiserId: context.organiser.id,
      activityId: activity.id,
      message,
      calendarFile: body.calendar_file,
    });
    await replaceConfirmationDocuments(context.db, context.organiser.id, row.id, modelIds);
    const after = await confirmationView(context, activity.id, row);
    const audited = (view: AdminActivityConfirmationView) => ({
      message: view.message,
      calendar_file: view.calendar_file,
      document_models: view.document_models,
    });
    await context.audit({
      action: "activity.confirmation.updated",
      entity: "activity",
      entityId: activity.cuid,
      before: audited(beforeView),
      after: audited(after),
    });
    return after;
  },

  /**
   * POST /api/admin/activities/:cuid/confirmation/preview: the message as typed, rendered on
   * the organiser's latest real data in the e-mail's frame; nothing is written.
   */
  async preview(
    context: ConsoleContext,
    urls: PublicUrls,
    cuid: string,
    body: AdminConfirmationPreviewBody,
  ): Promise<AdminConfirmationPreview> {
    const { activity } = await activityConfirmation(context, cuid);
    const message = storedMessage(body.message);
    const language: TemplateLanguage = context.organiser.language === "en" ? "en" : "fr";
    const data = await sampleTemplateData(context.db, context.organiser, urls);
    try {
      const email = await renderEmail({
        language,
        organiser: organiserBrand(context.organiser, urls),
        template: { subject: activity.title, content: message },
        data,
      });
      return { html: email.html, text: email.text };
    } catch (error) {
      messageInvalid(error);
    }
  },

  /**
   * POST /api/admin/activities/:cuid/confirmation/files: a PDF (by its bytes) of at most
   * CONFIRMATION_FILE_MAX_BYTES, at most CONFIRMATION_FILES_MAX per activity (counted under
   * the confirmation's lock, so racing uploads never pass it).
   */
  async upload(
    context: ConsoleContext,
    cuid: string,
    upload: { name: string; bytes: Buffer },
  ): Promise<AdminActivityConfirmationView> {
    if (upload.bytes.length > CONFIRMATION_FILE_MAX_BYTES) {
      throw new AppError("CONFIRMATION_FILE_TOO_LARGE");
    }
    if (!upload.bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) {
      throw new AppError("CONFIRMATION_FILE_UNSUPPORTED");
    }
    const { activity, row } = await ensureConfirmation(context, cuid);
    await lockConfirmation(context.db, context.organiser.id, row.id);
    const files = await listConfirmationFiles(context.db, context.organiser.id, [row.id]);
    if (files.length >= CONFIRMATION_FILES_MAX) {
      throw new AppError("CONFIRMATION_FILE_LIMIT_REACHED");
    }
    const fileName = cleanFileName(upload.name);
    await insertConfirmationFile(context.db, {
      organiserId: context.organiser.id,
      confirmationId: row.id,
      fileName,
      sizeBytes: upload.bytes.length,
      content: upload.bytes,
    });
    await context.audit({
      action: "activity.confirmation.file_added",
      entity: "activity",
      entityId: cuid,
      after: { file_name: fileName, size_bytes: upload.bytes.length },
    });
    return confirmationView(context, activity.id, row);
  },

  /** DELETE /api/admin/activities/:cuid/confirmation/files/:file (404 when not its file). */
  async removeFile(
    context: ConsoleContext,
    cuid: string,
    fileCuid: string,
  ): Promise<AdminActivityConfirmationView> {
    const { activity, row } = await activityConfirmation(context, cuid);
    const removed = row
      ? await deleteConfirmationFile(context.db, context.organiser.id, row.id, fileCuid)
      : null;
    if (!row || !removed) throw new AppError("CONFIRMATION_FILE_NOT_FOUND");
    await context.audit({
      action: "activity.confirmation.file_removed",
      entity: "activity",
      entityId: cuid,
      before: { file_name: removed.fileName },
    });
    return confirmationView(context, activity.id, row);
  },
};

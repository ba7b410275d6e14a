import type {
  AdminDocumentModelSummary,
  AdminDocumentModelView,
  DocumentModelValues,
} from "@booking/contracts";
import { documentLayoutIssues } from "@booking/domain";
import { numberChoices } from "@booking/domain/choices";
import { AppError, validationError } from "../../http/app-error.ts";
import { nowOf } from "../../http/clock.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import {
  type CustomFieldValues,
  deleteModel,
  deleteOtherCustomFields,
  deletePages,
  type ElementValues,
  findActivities,
  findIssuedDocument,
  findModel,
  findRegistrationByCuid,
  insertCustomField,
  insertModel,
  insertPage,
  listModelActivityCuids,
  listModelCustomFields,
  listModelSummaries,
  listProfileCustomFields,
  nextModelOrder,
  replaceModelActivities,
  updateCustomField,
  updateModel,
} from "./console-queries.ts";
import type { PreparedDocument } from "./pdf.ts";
import { prepareDocument } from "./prepare.ts";
import { type DocumentModelRow, listModelElements } from "./queries.ts";

// The console's document models (platform-and-account.md §3.1, §6 documents.models.*): staff
// edit a model whole — settings, custom fields asked on download, pages and their elements —
// and preview it as a PDF on a real registration with the renderer customers download from.

type StoredField = Awaited<ReturnType<typeof listModelCustomFields>>[number];

const modelValues = (input: DocumentModelValues) => ({
  title: input.title,
  description: input.description,
  icon: input.icon,
  active: input.active,
  paymentRequirement: input.payment_requirement,
  dateRequirement: input.date_requirement,
  allActivities: input.all_activities,
});

const auditOf = (model: DocumentModelRow, input?: DocumentModelValues) => ({
  title: model.title,
  active: model.active,
  payment_requirement: model.paymentRequirement,
  date_requirement: model.dateRequirement,
  ...(input
    ? {
        pages: input.pages.length,
        elements: input.pages.reduce((sum, page) => sum + page.elements.length, 0),
        custom_fields: input.custom_fields.length,
      }
    : {}),
});

async function requireModel(context: ConsoleContext, cuid: string, forUpdate = false) {
  const model = await findModel(context.db, context.organiser.id, cuid, { forUpdate });
  if (!model) throw new AppError("NOT_FOUND");
  return model;
}

/**
 * The input's references checked against what exists, before anything is written: the custom
 * fields it keeps must be the model's, its activities the organiser's, its choices' ids their
 * field's, and its layout must hold (documentLayoutIssues: elements on their page, data fields
 * that exist). Answers the activities' ids and each custom field's values; else 400.
 */
async function checkInput(
  context: ConsoleContext,
  input: DocumentModelValues,
  stored: StoredField[],
) {
  const { db, organiser } = context;
  const errors: Record<string, string> = {};
  const storedById = new Map(stored.map((field) => [field.id, field]));
  const fields: Array<{ id: number | undefined; values: CustomFieldValues }> = [];
  input.custom_fields.forEach((field, index) => {
    const kept = field.id === undefined ? undefined : storedById.get(field.id);
    if (field.id !== undefined && !kept) errors[`custom_fields.${index}.id`] = "INVALID_CHOICE";
    const numbering = numberChoices(kept?.choices ?? [], field.choices);
    if (!numbering.ok) {
      for (const choice of Object.keys(numbering.errors)) {
        errors[`custom_fields.${index}.choices.${choice}.id`] = "INVALID_CHOICE";
      }
    }
    fields.push({
      id: kept?.id,
      values: {
        type: field.type,
        title: field.title,
        description: field.description,
        required: field.required,
        pattern: field.pattern,
        order: index,
        choices: numbering.ok ? numbering.choices : [],
      },
    });
  });
  const wanted = input.all_activities ? [] : [...new Set(input.activities)];
  const activities = await findActivities(db, organiser.id, wanted);
  if (activities.length !== wanted.length) errors.activities = "INVALID_CHOICE";

  const known = new Set<string>();
  for (const field of await listProfileCustomFields(db, organiser.id)) {
    if (field.entity === "CUSTOMERS") known.add(`customer.custom_fields.${field.id}`);
    if (field.entity === "PARTICIPANTS") known.add(`participant.custom_fields.${field.id}`);
  }
  for (const field of fields) if (field.id) known.add(`custom_fields.${field.id}`);
  for (const issue of documentLayoutIssues(input.pages, input.custom_fields.length, known)) {
    errors[issue.path.join(".")] ??= issue.code;
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return { activityIds: activities.map((activity) => activity.id), fields };
}

/** Writes the model's custom fields, pages and elements and activities, replacing what was. */
async function writeContent(
  context: ConsoleContext,
  modelId: number,
  input: DocumentModelValues,
  checked: Awaited<ReturnType<typeof checkInput>>,
): Promise<void> {
  const { db, organiser } = context;
  // The pages go first: their elements hold the custom fields that may be deleted.
  await deletePages(db, organiser.id, modelId);
  const fieldIds: number[] = [];
  for (const field of checked.fields) {
    if (field.id === undefined) {
      fieldIds.push(await insertCustomField(db, organiser.id, modelId, field.values));
    } else {
      await updateCustomField(db, organiser.id, field.id, field.values);
      fieldIds.push(field.id);
    }
  }
  await deleteOtherCustomFields(db, organiser.id, modelId, fieldIds);
  for (const [position, page] of input.pages.entries()) {
    const elements: ElementValues[] = page.elements.map((element, index) => ({
      type: element.type,
      position: index,
      x: element.x,
      y: element.y,
      width: element.width,
      align: element.align,
      payload:
        element.type === "IMAGE"
          ? { data: element.payload.data, url: element.payload.url ?? null }
          : { data: element.payload.data },
      settings: element.settings,
      customFieldId: element.custom_field === null ? null : fieldIds[element.custom_field]!,
    }));
    await insertPage(
      db,
      organiser.id,
      modelId,
      position,
      {
        size: page.size,
        orientation: page.orientation,
        backgroundUrl: page.background_url,
      },
      elements,
    );
  }
  await replaceModelActivities(db, organiser.id, modelId, checked.activityIds);
}

async function modelView(
  context: ConsoleContext,
  model: DocumentModelRow,
): Promise<AdminDocumentModelView> {
  const { db, organiser } = context;
  const fields = await listModelCustomFields(db, organiser.id, model.id);
  const rows = await listModelElements(db, organiser.id, [model.id]);
  const pages = new Map<number, AdminDocumentModelView["pages"][number]>();
  for (const row of rows) {
    let page = pages.get(row.pageId);
    if (!page) {
      page = {
        size: row.size,
        orientation: row.orientation,
        background_url: row.backgroundUrl,
        elements: [],
      };
      pages.set(row.pageId, page);
    }
    const element = row.element;
    if (!element) continue;
    const fieldIndex = fields.findIndex((field) => field.id === element.customFieldId);
    page.elements.push({
      id: element.id,
      type: element.type,
      x: element.x,
      y: element.y,
      width: element.width,
      align: element.align,
      payload: element.payload,
      settings: element.settings,
      custom_field: fieldIndex < 0 ? null : fieldIndex,
    });
  }
  return {
    id: model.id,
    cuid: model.cuid,
    title: model.title,
    description: model.description,
    icon: model.icon,
    active: model.active,
    payment_requirement: model.paymentRequirement,
    date_requirement: model.dateRequirement,
    all_activities: model.allActivities,
    activities: await listModelActivityCuids(db, organiser.id, model.id),
    custom_fields: fields.map((field) => ({
      id: field.id,
      type: field.type,
      title: field.title,
      description: field.description,
      required: field.required,
      pattern: field.pattern,
      choices: field.choices.map((choice) => ({ id: Number(choice.id), label: choice.label })),
    })),
    pages: [...pages.values()],
  };
}

export const documentModelsConsole = {
  async list(context: ConsoleContext): Promise<AdminDocumentModelSummary[]> {
    const rows = await listModelSummaries(context.db, context.organiser.id);
    return rows.map(({ model, pages, elements, downloads }) => ({
      cuid: model.cuid,
      title: model.title,
      description: model.description,
      active: model.active,
      payment_requirement: model.paymentRequirement,
      date_requirement: model.dateRequirement,
      all_activities: model.allActivities,
      pages,
      elements,
      downloads,
    }));
  },

  async get(context: ConsoleContext, cuid: string): Promise<AdminDocumentModelView> {
    return modelView(context, await requireModel(context, cuid));
  },

  async create(
    context: ConsoleContext,
    input: DocumentModelValues,
  ): Promise<AdminDocumentModelView> {
    const checked = await checkInput(context, input, []);
    const order = await nextModelOrder(context.db, context.organiser.id);
    const model = await insertModel(context.db, context.organiser.id, {
      ...modelValues(input),
      order,
    });
    await writeContent(context, model.id, input, checked);
    await context.audit({
      action: "document_model.created",
      entity: "document_model",
      entityId: model.cuid,
      after: auditOf(model, input),
    });
    return modelView(context, model);
  },

  async update(
    context: ConsoleContext,
    cuid: string,
    input: DocumentModelValues,
  ): Promise<AdminDocumentModelView> {
    const model = await requireModel(context, cuid, true);
    const stored = await listModelCustomFields(context.db, context.organiser.id, model.id);
    const checked = await checkInput(context, input, stored);
    const updated = await updateModel(
      context.db,
      context.organiser.id,
      model.id,
      modelValues(input),
    );
    await writeContent(context, model.id, input, checked);
    await context.audit({
      action: "document_model.updated",
      entity: "document_model",
      entityId: cuid,
      before: auditOf(model),
      after: auditOf(updated, input),
    });
    return modelView(context, updated);
  },

  async remove(context: ConsoleContext, cuid: string): Promise<void> {
    const model = await requireModel(context, cuid, true);
    // The pages (and their elements) first: an element holds its custom field, which the
    // model's cascade would otherwise delete under it.
    await deletePages(context.db, context.organiser.id, model.id);
    await deleteModel(context.db, context.organiser.id, model.id);
    await context.audit({
      action: "document_model.deleted",
      entity: "document_model",
      entityId: cuid,
      before: auditOf(model),
    });
  },

  /**
   * The saved model as the registration's customer would download it now, whatever its
   * requirements (staff see it before they are met). Inputs the customer would type show as
   * the field's title in brackets; document.cuid and created_at are those of the issued
   * document when the customer has one. Unknown model or registration: 404.
   */
  async preview(
    context: ConsoleContext,
    cuid: string,
    registrationCuid: string,
  ): Promise<PreparedDocument> {
    const { db, organiser } = context;
    const model = await requireModel(context, cuid);
    const registration = await findRegistrationByCuid(db, organiser.id, registrationCuid);
    if (!registration) throw new AppError("REGISTRATION_NOT_FOUND");
    const fields = await listModelCustomFields(db, organiser.id, model.id);
    const now = nowOf(context);
    const issued = await findIssuedDocument(db, organiser.id, model.id, registration.id);
    return prepareDocument(db, organiser, context.log, {
      title: model.title,
      rows: await listModelElements(db, organiser.id, [model.id]),
      registration,
      customInputs: fields.map((field) => ({
        field_id: field.id,
        type: "TEXT",
        value: `[${field.title}]`,
      })),
      document: issued ?? { cuid: registration.cuid, createdAt: now },
      now,
    });
  },
};

import type {
  AdminDocumentModelSummary,
  AdminDocumentModelView,
  DocumentModelValues,
} from "@booking/contracts";
import { documentImageUpload } from "@booking/contracts";
import { documentLayoutIssues } from "@booking/domain";
import { numberChoices } from "@booking/domain/choices";
import { AppError, validationError } from "../../http/app-error.ts";
import { nowOf } from "../../http/clock.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import {
  type CustomFieldValues,
  deleteLeftovers,
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
  listModelActivityCuids,
  listModelCustomFields,
  listModelLayout,
  listModelSummaries,
  listProfileCustomFields,
  nextModelOrder,
  replaceModelActivities,
  saveElement,
  savePage,
  updateCustomField,
  updateModel,
} from "./console-queries.ts";
import type { PreparedDocument } from "./pdf.ts";
import { prepareDocument } from "./prepare.ts";
import { type DocumentElementRow, type DocumentModelRow, listModelElements } from "./queries.ts";
import { uploadedImagePaths } from "./uploads.ts";

// The console's document models (platform-and-account.md §3.1, §6 documents.models.*): staff
// edit a model whole — settings, custom fields asked on download, pages and their elements —
// and preview it as a PDF on a real registration with the renderer customers download from.

type StoredField = Awaited<ReturnType<typeof listModelCustomFields>>[number];

const MAX_ID = 2_147_483_647;

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
  storedElementIds: number[] = [],
) {
  const { db, organiser } = context;
  const errors: Record<string, string> = {};
  // A kept element must be one of this model's, once.
  const keepable = new Set(storedElementIds);
  input.pages.forEach((page, pageIndex) => {
    page.elements.forEach((element, index) => {
      if (element.id === undefined) return;
      if (!keepable.delete(element.id)) {
        errors[`pages.${pageIndex}.elements.${index}.id`] = "INVALID_CHOICE";
      }
    });
  });
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
  // Uploaded pictures must be the organiser's own.
  const pictures = input.pages.flatMap((page, index) => [
    [`pages.${index}.background_url`, page.background_url] as const,
    ...page.elements.map(
      (element, position) =>
        [
          `pages.${index}.elements.${position}.payload.url`,
          element.type === "IMAGE" ? element.payload.url : null,
        ] as const,
    ),
  ]);
  const uploads = await uploadedImagePaths(
    db,
    organiser.id,
    pictures.map(([, source]) => source),
  );
  for (const [path, source] of pictures) {
    const cuid = documentImageUpload(source);
    if (cuid && !uploads[cuid]) errors[path] ??= "INVALID_CHOICE";
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return { activityIds: activities.map((activity) => activity.id), fields };
}

type ElementInput = DocumentModelValues["pages"][number]["elements"][number];

/** An element of the editor's input as stored, its custom field given as the stored field's id. */
function elementValues(
  element: ElementInput,
  position: number,
  customFieldId: number | null,
): ElementValues {
  return {
    type: element.type,
    position,
    x: element.x,
    y: element.y,
    width: element.width,
    align: element.align,
    payload:
      element.type === "IMAGE"
        ? { data: element.payload.data, url: element.payload.url ?? null }
        : { data: element.payload.data },
    settings: element.settings,
    customFieldId,
  };
}

/**
 * Writes the model's custom fields, pages, elements and activities over what was: pages and
 * elements are updated in place where the input keeps them (an element by its id, a page by its
 * position), so that a download form opened before the save still names existing elements.
 */
async function writeContent(
  context: ConsoleContext,
  modelId: number,
  input: DocumentModelValues,
  checked: Awaited<ReturnType<typeof checkInput>>,
): Promise<void> {
  const { db, organiser } = context;
  const fieldIds: number[] = [];
  for (const field of checked.fields) {
    if (field.id === undefined) {
      fieldIds.push(await insertCustomField(db, organiser.id, modelId, field.values));
    } else {
      await updateCustomField(db, organiser.id, field.id, field.values);
      fieldIds.push(field.id);
    }
  }
  const layout = await listModelLayout(db, organiser.id, modelId);
  const kept = new Set<number>();
  for (const [position, page] of input.pages.entries()) {
    const pageId = await savePage(
      db,
      organiser.id,
      modelId,
      position,
      { size: page.size, orientation: page.orientation, backgroundUrl: page.background_url },
      layout.pages[position]?.id,
    );
    for (const [index, element] of page.elements.entries()) {
      const fieldId = element.custom_field === null ? null : fieldIds[element.custom_field]!;
      const values = elementValues(element, index, fieldId);
      kept.add(await saveElement(db, organiser.id, pageId, values, element.id));
    }
  }
  // The elements dropped go before the custom fields they may show.
  const dropped = layout.elementIds.filter((id) => !kept.has(id));
  await deleteLeftovers(db, organiser.id, modelId, dropped, input.pages.length);
  await deleteOtherCustomFields(db, organiser.id, modelId, fieldIds);
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
    const layout = await listModelLayout(context.db, context.organiser.id, model.id);
    const checked = await checkInput(context, input, stored, layout.elementIds);
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
   * requirements (staff see it before they are met). Unknown model or registration: 404.
   */
  async preview(
    context: ConsoleContext,
    cuid: string,
    registrationCuid: string,
  ): Promise<PreparedDocument> {
    const { db, organiser } = context;
    const model = await requireModel(context, cuid);
    return previewOf(context, {
      title: model.title,
      modelId: model.id,
      rows: await listModelElements(db, organiser.id, [model.id]),
      fields: await listModelCustomFields(db, organiser.id, model.id),
      registrationCuid,
    });
  },

  /**
   * A draft as `preview` shows a saved model, checked as a save is (400 with the same field
   * errors) and saving nothing: the editor's PDF follows its unsaved changes. `model` is the
   * saved model it edits (its custom fields and elements may be kept).
   */
  async previewDraft(
    context: ConsoleContext,
    input: DocumentModelValues,
    query: { registration: string; model?: string | undefined },
  ): Promise<PreparedDocument> {
    const { db, organiser } = context;
    const model = query.model ? await requireModel(context, query.model) : null;
    const stored = model ? await listModelCustomFields(db, organiser.id, model.id) : [];
    const layout = model ? await listModelLayout(db, organiser.id, model.id) : null;
    const checked = await checkInput(context, input, stored, layout?.elementIds);
    // A field not saved yet gets a stand-in id from the top of the id range (ids are positive).
    const fields = checked.fields.map(
      ({ id, values }, index) => ({ id: id ?? MAX_ID - index, ...values }) as StoredField,
    );
    return previewOf(context, {
      title: input.title,
      modelId: model?.id ?? null,
      rows: draftRows(input, fields),
      fields,
      registrationCuid: query.registration,
    });
  },
};

/**
 * What the registration's customer would download from `rows`: inputs the customer would type
 * show as the field's title in brackets; document.cuid and created_at are those of the issued
 * document when the customer has one, else the registration's cuid and now. It issues nothing.
 */
async function previewOf(
  context: ConsoleContext,
  source: {
    title: string;
    modelId: number | null;
    rows: DocumentElementRow[];
    fields: StoredField[];
    registrationCuid: string;
  },
): Promise<PreparedDocument> {
  const { db, organiser } = context;
  const registration = await findRegistrationByCuid(db, organiser.id, source.registrationCuid);
  if (!registration) throw new AppError("REGISTRATION_NOT_FOUND");
  const now = nowOf(context);
  const issued =
    source.modelId === null
      ? null
      : await findIssuedDocument(db, organiser.id, source.modelId, registration.id);
  return prepareDocument(db, organiser, context.log, {
    title: source.title,
    rows: source.rows,
    registration,
    customInputs: source.fields.map((field) => ({
      field_id: field.id,
      type: "TEXT",
      value: `[${field.title}]`,
    })),
    document: issued ?? { cuid: registration.cuid, createdAt: now },
    now,
  });
}

/** A draft's pages and elements as listModelElements gives a saved model's (ids stand in). */
function draftRows(input: DocumentModelValues, fields: StoredField[]): DocumentElementRow[] {
  let standIn = 0;
  return input.pages.flatMap((page, position) => {
    const pageRow = {
      modelId: 0,
      pageId: -(position + 1),
      pagePosition: position,
      size: page.size,
      orientation: page.orientation,
      backgroundUrl: page.background_url,
    };
    if (page.elements.length === 0) return [{ ...pageRow, element: null, field: null }];
    return page.elements.map((element, index) => {
      const field = element.custom_field === null ? null : (fields[element.custom_field] ?? null);
      return {
        ...pageRow,
        element: {
          id: element.id ?? --standIn,
          ...elementValues(element, index, field?.id ?? null),
        } as DocumentElementRow["element"],
        field,
      };
    });
  });
}

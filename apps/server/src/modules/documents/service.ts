import {
  type DocumentAvailabilityView,
  type DocumentDownloadQuery,
  documentDownloadPath,
  type RegistrationDocumentView,
} from "@booking/contracts";
import {
  customFieldInputs,
  type DocumentCustomElement,
  type DocumentRequirements,
  documentAvailability,
  validateCustomElementInputs,
} from "@booking/domain";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ServiceContext } from "../../http/service-context.ts";
import {
  findRegistrationAvailability,
  type RegistrationAvailability,
  type RegistrationRow,
} from "../registrations/queries.ts";
import { ownRegistration } from "../registrations/service.ts";
import type { PreparedDocument } from "./pdf.ts";
import { customFieldView, prepareDocument } from "./prepare.ts";
import {
  type DocumentElementRow,
  type DocumentModelRow,
  findOfferedModel,
  issueDocument,
  listModelElements,
  listOfferedModels,
} from "./queries.ts";

// The documents of a customer's registrations (platform-and-account.md §3.1, §3.5, §4, §5, §7):
// which models are offered, whether they can be downloaded now, and the content of a download.
// The PDF itself is drawn by the route after the transaction (pdf.ts). Decision record:
// docs/decisions/0016-documents.md.

/**
 * The customer's registration with its availability's activity and period, else 404
 * REGISTRATION_NOT_FOUND (see ownRegistration).
 */
async function ownRegistrationWithAvailability(
  context: ServiceContext,
  key: { id: number } | { cuid: string },
): Promise<{ registration: RegistrationRow; availability: RegistrationAvailability }> {
  const registration = await ownRegistration(context, key);
  const availability = await findRegistrationAvailability(
    context.db,
    context.organiser.id,
    registration.availabilityId,
  );
  if (!availability) throw new AppError("REGISTRATION_NOT_FOUND");
  return { registration, availability };
}

function requirementsOf(model: DocumentModelRow): DocumentRequirements {
  return {
    payment_requirement: model.paymentRequirement,
    date_requirement: model.dateRequirement,
  };
}

function availabilityOf(
  model: DocumentModelRow,
  registration: RegistrationRow,
  availability: RegistrationAvailability,
  now: Date,
) {
  return documentAvailability(
    requirementsOf(model),
    {
      cancelled: registration.cancelled,
      deposit_amount: registration.depositAmount,
      total_amount: registration.totalAmount,
      paid_amount: registration.paidAmount,
      availability: { start_at: availability.startAt, end_at: availability.endAt },
    },
    now,
  );
}

/** The elements of a model's rows that ask for a value, in page and drawing order. */
function customElementsOf(rows: DocumentElementRow[]): DocumentCustomElement[] {
  return rows.flatMap((row) =>
    row.element && row.field
      ? [{ id: row.element.id, type: row.element.type, custom_field: customFieldView(row.field) }]
      : [],
  );
}

/**
 * The documents of one of the customer's registrations with whether each can be downloaded
 * now; none for a cancelled registration. Another customer's registration, or an unknown one,
 * is 404 REGISTRATION_NOT_FOUND.
 */
export async function listRegistrationDocuments(
  context: ServiceContext,
  key: { id: number } | { cuid: string },
): Promise<RegistrationDocumentView[]> {
  const { registration, availability } = await ownRegistrationWithAvailability(context, key);
  if (registration.cancelled) return [];
  const { db, organiser } = context;
  const models = await listOfferedModels(db, organiser.id, availability.activityId);
  const rows = await listModelElements(
    db,
    organiser.id,
    models.map((model) => model.id),
    { customOnly: true },
  );
  const now = new Date();
  return models.map((model) => {
    const state = availabilityOf(model, registration, availability, now);
    const pages = new Map<number, DocumentElementRow[]>();
    for (const row of rows) {
      if (row.modelId === model.id) pages.set(row.pageId, [...(pages.get(row.pageId) ?? []), row]);
    }
    return {
      id: model.id,
      cuid: model.cuid,
      title: model.title,
      description: model.description,
      icon: model.icon,
      settings: requirementsOf(model),
      pages: [...pages.values()].map((pageRows) => ({
        elements: customElementsOf(pageRows).map((element) => ({
          id: element.id,
          type: element.type,
          custom_field_id: element.custom_field.id,
          custom_field: element.custom_field,
        })),
      })),
      availability: availabilityView(state),
      download_url: documentDownloadPath(registration.id, model.id),
    };
  });
}

/** The same list for a page loader: null for a visitor or a registration that is not theirs. */
export async function registrationDocumentsOrNull(
  context: ServiceContext,
  cuid: string,
): Promise<RegistrationDocumentView[] | null> {
  if (context.actor.kind !== "customer") return null;
  try {
    return await listRegistrationDocuments(context, { cuid });
  } catch (error) {
    if (error instanceof AppError && error.code === "REGISTRATION_NOT_FOUND") return null;
    throw error;
  }
}

function availabilityView(
  state: ReturnType<typeof documentAvailability>,
): DocumentAvailabilityView {
  return state.state === "UNAVAILABLE"
    ? {
        state: "UNAVAILABLE",
        amount_owed: state.amount_owed,
        available_from: state.available_from?.toISOString() ?? null,
      }
    : { state: "AVAILABLE" };
}

function customInputs(query: DocumentDownloadQuery) {
  const { registration_id: _, document_id: __, ...inputs } = query;
  return inputs;
}

/**
 * GET /api/documents/download: checks that the document may be downloaded and resolves what its
 * elements show. In this order: the registration must be the customer's (404
 * REGISTRATION_NOT_FOUND) and not cancelled (409 REGISTRATION_CANCELLED); the model must be
 * offered for its activity (404 DOCUMENT_NOT_FOUND); its requirements must be met (409
 * DOCUMENT_PAYMENT_REQUIRED with `amount_owed`, else DOCUMENT_NOT_YET_AVAILABLE with
 * `available_from`); the custom inputs must pass the §5 rules (400 VALIDATION_ERROR on
 * `custom_element_{id}`). The first download issues the document (document.cuid, created_at).
 */
export async function prepareDocumentDownload(
  context: ServiceContext,
  query: DocumentDownloadQuery,
): Promise<PreparedDocument> {
  const { db, organiser } = context;
  const { registration, availability } = await ownRegistrationWithAvailability(context, {
    id: query.registration_id,
  });
  if (registration.cancelled) throw new AppError("REGISTRATION_CANCELLED");
  const model = await findOfferedModel(
    db,
    organiser.id,
    availability.activityId,
    query.document_id,
  );
  if (!model) throw new AppError("DOCUMENT_NOT_FOUND");
  const now = new Date();
  const state = availabilityOf(model, registration, availability, now);
  if (state.state === "UNAVAILABLE") {
    throw new AppError(
      state.amount_owed !== null ? "DOCUMENT_PAYMENT_REQUIRED" : "DOCUMENT_NOT_YET_AVAILABLE",
      undefined,
      {
        amount_owed: state.amount_owed,
        available_from: state.available_from?.toISOString() ?? null,
      },
    );
  }

  const rows = await listModelElements(db, organiser.id, [model.id]);
  const inputs = validateCustomElementInputs(customElementsOf(rows), customInputs(query));
  if (!inputs.ok) throw validationError(inputs.errors);
  const issued = await issueDocument(db, organiser.id, model.id, registration.id);
  return prepareDocument(db, organiser, context.log, {
    title: model.title,
    rows,
    registration,
    customInputs: customFieldInputs(inputs.values),
    document: issued,
    now,
  });
}

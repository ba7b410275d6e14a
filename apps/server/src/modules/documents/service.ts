import {
  type DocumentAvailabilityView,
  type DocumentDownloadQuery,
  documentDownloadPath,
  documentElementInput,
  type RegistrationDocumentView,
} from "@booking/contracts";
import {
  attendanceQrPayload,
  buildDocumentValues,
  type CustomFieldType,
  customFieldInputs,
  type DocumentCustomElement,
  type DocumentCustomField,
  type DocumentElement,
  type DocumentFormat,
  type DocumentRequirements,
  documentAvailability,
  resolveDocumentElement,
  templatePaths,
  validateCustomElementInputs,
} from "@booking/domain";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ServiceContext } from "../../http/service-context.ts";
import { listRegistrationDates } from "../checkout/queries.ts";
import {
  findRegistrationAvailability,
  type RegistrationAvailability,
  type RegistrationRow,
} from "../registrations/queries.ts";
import { ownRegistration } from "../registrations/service.ts";
import { listAvailabilityStaff } from "../staff-notifications/assignments.ts";
import { qrCodeDataUri } from "./images.ts";
import type { PreparedDocument, PreparedElement, PreparedPage } from "./pdf.ts";
import {
  type DocumentCustomFieldRow,
  type DocumentElementRow,
  type DocumentModelRow,
  findAvailabilityDetail,
  findOfferedModel,
  findPeople,
  findRegistrationBundle,
  issueDocument,
  listCustomFieldTypes,
  listModelElements,
  listOfferedModels,
} from "./queries.ts";

// The documents of a customer's registrations (platform-and-account.md §3.1, §3.5, §4, §5, §7):
// which models are offered, whether they can be downloaded now, and the content of a download.
// The PDF itself is drawn by the route after the transaction (pdf.ts). Decision record:
// docs/decisions/0016-documents.md.

const LOCALES = { fr: "fr-BE", en: "en-GB" } as const;

const DEFAULT_FONT_SIZE = 11;
const DEFAULT_COLOR = "#111827";

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

function customFieldView(field: DocumentCustomFieldRow): DocumentCustomField {
  return {
    id: field.id,
    type: field.type,
    title: field.title,
    description: field.description,
    required: field.required,
    pattern: field.pattern,
    order: field.order,
    choices: field.choices,
  };
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

/** A stored element as the domain rule reads it; null when it breaks the §5 rules. */
function domainElement(row: DocumentElementRow): DocumentElement | null {
  const element = row.element;
  if (!element) return null;
  const parsed = documentElementInput.safeParse({
    type: element.type,
    payload: {
      data: element.payload.data,
      ...(element.type === "IMAGE"
        ? { url: element.payload.url ?? null }
        : { custom_field_id: element.customFieldId }),
    },
    settings: element.settings,
    x: element.x,
    y: element.y,
    width: element.width,
    align: element.align,
  });
  if (!parsed.success) return null;
  const value = parsed.data;
  return {
    id: element.id,
    type: value.type,
    payload: {
      data: value.payload.data,
      url: "url" in value.payload ? (value.payload.url ?? null) : null,
      custom_field_id: element.customFieldId,
    },
    settings: value.settings,
    x: value.x,
    y: value.y,
    width: value.width,
    align: value.align,
    custom_field: row.field ? customFieldView(row.field) : null,
  };
}

function customInputs(query: DocumentDownloadQuery) {
  const { registration_id: _, document_id: __, ...inputs } = query;
  return inputs;
}

/** Custom-field values stored on a customer or participant, typed by their field. */
function typedCustomData(
  entries: Array<{ field_id: number; data: string | null }>,
  types: Map<number, CustomFieldType>,
) {
  return entries.flatMap((entry) => {
    const type = types.get(entry.field_id);
    return type ? [{ field_id: entry.field_id, type, value: entry.data }] : [];
  });
}

function fileName(text: string): string {
  const cleaned = text
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return cleaned.slice(0, 120) || "document";
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

  const people = await findPeople(
    db,
    organiser.id,
    registration.customerId,
    registration.participantId,
  );
  const detail = await findAvailabilityDetail(db, organiser.id, registration.availabilityId);
  if (!people || !detail) throw new AppError("REGISTRATION_NOT_FOUND");
  const { customer, participant } = people;
  const bundle = registration.bundleId
    ? await findRegistrationBundle(db, organiser.id, registration.bundleId)
    : null;
  const heldDates = await listRegistrationDates(db, organiser.id, [registration.id]);
  const staff = await listAvailabilityStaff(db, organiser.id, registration.availabilityId);
  const fieldTypes = new Map(
    (await listCustomFieldTypes(db, organiser.id)).map((field) => [field.id, field.type]),
  );
  const elements = rows.map(domainElement);
  const wantsQrCode = elements.some((element) =>
    templatePaths(element?.payload.data ?? "").includes("participant.attendance_qr_code"),
  );
  const issued = await issueDocument(db, organiser.id, model.id, registration.id);

  const values = buildDocumentValues(
    {
      customer: {
        cuid: customer.cuid,
        firstname: customer.firstname,
        lastname: customer.lastname,
        email: customer.email,
        phone: customer.phone,
        created_at: customer.createdAt,
        custom_fields: typedCustomData(customer.customData, fieldTypes),
      },
      participant: {
        cuid: participant.cuid,
        firstname: participant.firstname,
        lastname: participant.lastname,
        birthdate: participant.birthdate,
        created_at: participant.createdAt,
        attendance_qr_code: wantsQrCode
          ? await qrCodeDataUri(attendanceQrPayload(organiser.cuid, participant.cuid))
          : null,
        custom_fields: typedCustomData(participant.customData, fieldTypes),
      },
      availability: {
        cuid: detail.availability.cuid,
        capacity: detail.availability.capacity,
        registered: detail.availability.registered,
        start_at: detail.availability.startAt,
        end_at: detail.availability.endAt,
        dates: detail.dates.map((date) => ({ start_at: date.startAt, end_at: date.endAt })),
        activity: detail.activity,
        location: detail.location,
        collaborators: staff.map(({ collaborator }) => ({
          cuid: collaborator.cuid,
          firstname: collaborator.firstname,
          lastname: collaborator.lastname,
          email: collaborator.email,
          phone: collaborator.phone,
          created_at: collaborator.createdAt,
        })),
      },
      registration: {
        cuid: registration.cuid,
        reference: registration.reference,
        deposit_amount: registration.depositAmount,
        total_amount: registration.totalAmount,
        created_at: registration.createdAt,
        dates: heldDates.map((date) => ({ start_at: date.startAt, end_at: date.endAt })),
        bundle: bundle
          ? {
              cuid: bundle.cuid,
              title: bundle.title,
              total_amount: bundle.totalAmount,
              capacity: bundle.capacity,
              expires_at: bundle.expiresAt,
              created_at: bundle.createdAt,
            }
          : null,
      },
      document: { cuid: issued.cuid, created_at: issued.createdAt },
      custom_fields: customFieldInputs(inputs.values),
    },
    { timeZone: organiser.timezone, now, ageFormats: organiser.settings.formats.ages },
  );

  const format: DocumentFormat = {
    locale: LOCALES[organiser.language],
    currency: organiser.currency,
    timeZone: organiser.timezone,
  };
  const pages = new Map<number, PreparedPage>();
  rows.forEach((row, index) => {
    let page = pages.get(row.pageId);
    if (!page) {
      page = { size: row.size, orientation: row.orientation, elements: [] };
      pages.set(row.pageId, page);
    }
    const element = elements[index];
    if (!row.element) return;
    if (!element) {
      context.log.warn({ elementId: row.element.id }, "document element breaks the model rules");
      return;
    }
    page.elements.push(preparedElement(element, resolveDocumentElement(element, values, format)));
  });

  const fullname = `${participant.firstname} ${participant.lastname}`.trim();
  return {
    title: `${model.title} – ${fullname}`,
    filename: fileName(`${model.title} - ${fullname}`),
    author: organiser.name,
    language: format.locale,
    // A model without pages still gives a (blank) page: a PDF needs one.
    pages:
      pages.size > 0
        ? [...pages.values()]
        : [{ size: "A4", orientation: "portrait", elements: [] }],
  };
}

function preparedElement(
  element: DocumentElement,
  content: PreparedElement["content"],
): PreparedElement {
  const settings = element.settings as {
    fontSize?: number | null;
    fontWeight?: string | null;
    color?: string | null;
  };
  return {
    content,
    x: element.x,
    y: element.y,
    width: element.width,
    align: element.align,
    fontSize: settings.fontSize ?? DEFAULT_FONT_SIZE,
    bold: settings.fontWeight === "bold",
    color: settings.color ?? DEFAULT_COLOR,
  };
}

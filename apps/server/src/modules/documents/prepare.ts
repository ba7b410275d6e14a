import { documentElementInput } from "@booking/contracts";
import type { TenantTx } from "@booking/db";
import {
  attendanceQrPayload,
  buildDocumentValues,
  type CustomFieldType,
  DEFAULT_DOCUMENT_FONT_SIZE,
  type DocumentCustomField,
  type DocumentCustomValue,
  type DocumentElement,
  type DocumentFormat,
  resolveDocumentElement,
  templatePaths,
} from "@booking/domain";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../../http/app-error.ts";
import { listRegistrationDates } from "../checkout/queries.ts";
import type { Organiser } from "../organisers/queries.ts";
import type { RegistrationRow } from "../registrations/queries.ts";
import { listAvailabilityStaff } from "../staff-notifications/assignments.ts";
import { qrCodeDataUri } from "./images.ts";
import type { PreparedDocument, PreparedElement, PreparedPage } from "./pdf.ts";
import {
  type DocumentCustomFieldRow,
  type DocumentElementRow,
  findAvailabilityDetail,
  findPeople,
  findRegistrationBundle,
  listCustomFieldTypes,
} from "./queries.ts";
import { uploadedImagePaths } from "./uploads.ts";

// What a document of a model shows for one registration, ready for the PDF renderer (pdf.ts):
// the values of its data fields (§3.1) resolved by each element. Customers' downloads
// (service.ts) and the console's preview of a model (console-service.ts) both go through here,
// so that staff see exactly what customers get.

const LOCALES = { fr: "fr-BE", en: "en-GB" } as const;
const DEFAULT_COLOR = "#111827";

export function customFieldView(field: DocumentCustomFieldRow): DocumentCustomField {
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
    fontSize: settings.fontSize ?? DEFAULT_DOCUMENT_FONT_SIZE,
    bold: settings.fontWeight === "bold",
    color: settings.color ?? DEFAULT_COLOR,
  };
}

export type DocumentRequest = {
  title: string;
  /** the model's pages and elements (listModelElements) */
  rows: DocumentElementRow[];
  registration: RegistrationRow;
  /** what was typed for the model's custom fields */
  customInputs: DocumentCustomValue[];
  /** the issued document (document.cuid, document.created_at) */
  document: { cuid: string; createdAt: Date };
  now: Date;
};

/** Reads what the document is made from and resolves what each element shows. */
export async function prepareDocument(
  db: TenantTx,
  organiser: Organiser,
  log: FastifyBaseLogger,
  request: DocumentRequest,
): Promise<PreparedDocument> {
  const { registration, rows, now } = request;
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
      document: { cuid: request.document.cuid, created_at: request.document.createdAt },
      custom_fields: request.customInputs,
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
      page = {
        size: row.size,
        orientation: row.orientation,
        background: row.backgroundUrl,
        elements: [],
      };
      pages.set(row.pageId, page);
    }
    const element = elements[index];
    if (!row.element) return;
    if (!element) {
      log.warn({ elementId: row.element.id }, "document element breaks the model rules");
      return;
    }
    page.elements.push(preparedElement(element, resolveDocumentElement(element, values, format)));
  });

  const fullname = `${participant.firstname} ${participant.lastname}`.trim();
  const uploads = await uploadedImagePaths(
    db,
    organiser.id,
    rows.flatMap((row) => [row.backgroundUrl, row.element?.payload.url]),
  );
  return {
    uploads,
    title: `${request.title} – ${fullname}`,
    filename: fileName(`${request.title} - ${fullname}`),
    author: organiser.name,
    language: format.locale,
    // A model without pages still gives a (blank) page: a PDF needs one.
    pages:
      pages.size > 0
        ? [...pages.values()]
        : [{ size: "A4", orientation: "portrait", background: null, elements: [] }],
  };
}

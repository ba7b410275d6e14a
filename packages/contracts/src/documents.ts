import { z } from "zod";

/**
 * Document models and their downloads (platform-and-account.md §3.1 element types, §3.5
 * "Document", §5 "Document element rules" and "Document custom fields", §7
 * `GET /api/documents/download`). The element schemas enforce §5 on what a model stores; the
 * pure rules (availability, values, custom-element inputs) are in packages/domain/src/documents.
 */

const missingOrInvalid = {
  error: (issue: { input?: unknown }) => (issue.input === undefined ? "REQUIRED" : "INVALID_TYPE"),
};

const positiveId = z.int(missingOrInvalid).positive("INVALID_TYPE").max(2_147_483_647, "TOO_BIG");

/** An id in a query string. */
const idParam = z
  .string(missingOrInvalid)
  .regex(/^\d{1,10}$/, "INVALID_TYPE")
  .transform(Number)
  .pipe(positiveId);

/** §5: "color exactly 7 characters" — a "#rrggbb" colour. */
const color = z
  .string("INVALID_TYPE")
  .length(7, "INVALID_FORMAT")
  .regex(/^#[0-9a-fA-F]{6}$/, "INVALID_FORMAT");

/** §3.1 base settings of STRING, NUMBER and CURRENCY (and DATE). */
export const documentTextSettings = z.object({
  fontSize: z.number("INVALID_TYPE").min(1, "TOO_SMALL").max(200, "TOO_BIG").nullish(),
  fontWeight: z.enum(["normal", "bold"], "INVALID_CHOICE").nullish(),
  color: color.nullish(),
});

export const documentNumberSettings = documentTextSettings.extend({
  decimals: z.int("INVALID_TYPE").min(0, "TOO_SMALL").max(20, "TOO_BIG").nullish(),
});

const datePart = z.enum(["numeric", "2-digit"], "INVALID_CHOICE").nullish();

export const documentDateSettings = documentTextSettings.extend({
  weekday: z.enum(["short", "long"], "INVALID_CHOICE").nullish(),
  day: datePart,
  hours: datePart,
  minutes: datePart,
  seconds: datePart,
  year: z.enum(["2-digit", "numeric"], "INVALID_CHOICE").nullish(),
  month: z.enum(["2-digit", "numeric", "short", "long"], "INVALID_CHOICE").nullish(),
});

export const documentImageSettings = z.object({
  width: z.number(missingOrInvalid).positive("TOO_SMALL").max(2000, "TOO_BIG"),
  height: z.number(missingOrInvalid).positive("TOO_SMALL").max(2000, "TOO_BIG"),
});

/** 2 MB of base64: a data: URI picture is stored inside the model. */
const MAX_URL_LENGTH = 2_800_000;

/** A picture staff uploaded for document models (decision 0103), as models name it. */
export const DOCUMENT_IMAGE_REFERENCE = /^upload:([a-z][a-z0-9]{23})$/;

/** The cuid of an uploaded picture's reference, or null for any other picture source. */
export function documentImageUpload(source: string | null | undefined): string | null {
  return DOCUMENT_IMAGE_REFERENCE.exec(source ?? "")?.[1] ?? null;
}

/**
 * §5 "image url must be a valid URL": a picture staff uploaded (`upload:{cuid}`, what the editor
 * makes), or, as models saved before uploads kept them, an absolute http(s) URL or a data: URI of
 * a PNG or JPEG picture.
 */
export const documentImageUrl = z
  .string("INVALID_TYPE")
  .trim()
  .min(1, "REQUIRED")
  .max(MAX_URL_LENGTH, "TOO_LONG")
  .refine((value) => {
    if (documentImageUpload(value)) return true;
    try {
      const url = new URL(value);
      if (url.protocol === "data:") return /^data:image\/(png|jpe?g);base64,/i.test(value);
      return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
    } catch {
      return false;
    }
  }, "INVALID_FORMAT");

const textPayload = z.object({
  data: z.string("INVALID_TYPE").max(2000, "TOO_LONG"),
  custom_field_id: positiveId.nullish(),
});

/** Where an element sits on its page, in points from the top-left corner. */
const placement = {
  x: z.number("INVALID_TYPE").min(0, "TOO_SMALL").max(2000, "TOO_BIG"),
  y: z.number("INVALID_TYPE").min(0, "TOO_SMALL").max(2000, "TOO_BIG"),
  width: z.number("INVALID_TYPE").positive("TOO_SMALL").max(2000, "TOO_BIG").nullable(),
  align: z.enum(["left", "center", "right"], "INVALID_CHOICE").default("left"),
};

const imagePayload = z
  .object({
    data: z.string("INVALID_TYPE").max(2000, "TOO_LONG"),
    url: documentImageUrl.nullish(),
  })
  .refine((payload) => payload.data.trim() !== "" || !!payload.url, {
    message: "REQUIRED",
    path: ["url"],
  });

/**
 * The five element types of §3.1 with their settings, each with `shape` added (what places the
 * element and, in the editor, links its custom field) and its text payload.
 */
export function documentElementUnion<
  Payload extends z.ZodType,
  Shape extends Record<string, z.ZodType>,
>(textPayloadSchema: Payload, shape: Shape) {
  return z.discriminatedUnion(
    "type",
    [
      z.object({
        type: z.literal("STRING"),
        payload: textPayloadSchema,
        settings: documentTextSettings,
        ...shape,
      }),
      z.object({
        type: z.literal("NUMBER"),
        payload: textPayloadSchema,
        settings: documentNumberSettings,
        ...shape,
      }),
      z.object({
        type: z.literal("CURRENCY"),
        payload: textPayloadSchema,
        settings: documentTextSettings,
        ...shape,
      }),
      z.object({
        type: z.literal("DATE"),
        payload: textPayloadSchema,
        settings: documentDateSettings,
        ...shape,
      }),
      z.object({
        type: z.literal("IMAGE"),
        payload: imagePayload,
        settings: documentImageSettings,
        ...shape,
      }),
    ],
    { error: () => "INVALID_CHOICE" },
  );
}

/** One element of a model's page as a model stores it (§3.1 and the §5 rules). */
export const documentElementInput = documentElementUnion(textPayload, placement);
export type DocumentElementInput = z.input<typeof documentElementInput>;

export const documentPaymentRequirement = z.enum(["DEPOSIT", "TOTAL"], "INVALID_CHOICE");
export const documentDateRequirement = z.enum(
  ["AVAILABILITY_START", "AVAILABILITY_END"],
  "INVALID_CHOICE",
);

/** A document's custom field (§3.5 `custom_field`). */
export const documentCustomFieldView = z.object({
  id: z.int(),
  type: z.enum(["TEXT", "LONGTEXT", "DATE", "CHOICES_SINGLE", "CHOICES_MULTIPLE"]),
  title: z.string(),
  description: z.string().nullable(),
  required: z.boolean(),
  pattern: z.string().nullable(),
  order: z.number(),
  choices: z.array(z.object({ id: z.union([z.int(), z.string()]), label: z.string() })),
});
export type DocumentCustomFieldView = z.infer<typeof documentCustomFieldView>;

/**
 * Whether the document can be downloaded now: AVAILABLE, or UNAVAILABLE with the amount still
 * owed (minor units) and/or the instant from which it can be.
 */
export const documentAvailabilityView = z.discriminatedUnion("state", [
  z.object({ state: z.literal("AVAILABLE") }),
  z.object({
    state: z.literal("UNAVAILABLE"),
    amount_owed: z.int().nullable(),
    available_from: z.string().nullable(),
  }),
]);
export type DocumentAvailabilityView = z.infer<typeof documentAvailabilityView>;

/** A document of a registration, as the registration's page lists it (§3.5 "Document"). */
export const registrationDocumentView = z.object({
  id: z.int(),
  cuid: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  icon: z.string().nullable(),
  settings: z.object({
    payment_requirement: documentPaymentRequirement.nullable(),
    date_requirement: documentDateRequirement.nullable(),
  }),
  /** only the elements that ask the customer for a value, page by page */
  pages: z.array(
    z.object({
      elements: z.array(
        z.object({
          id: z.int(),
          type: z.enum(["STRING", "NUMBER", "CURRENCY", "DATE", "IMAGE"]),
          custom_field_id: z.int(),
          custom_field: documentCustomFieldView,
        }),
      ),
    }),
  ),
  availability: documentAvailabilityView,
  /** GET /api/documents/download with this registration and document (no custom inputs) */
  download_url: z.string(),
});
export type RegistrationDocumentView = z.infer<typeof registrationDocumentView>;

/** GET /api/documents?registration_id= — the documents of one of the customer's registrations. */
export const registrationDocumentsQuery = z.object({ registration_id: idParam });
export const registrationDocumentsResponse = z.object({ data: z.array(registrationDocumentView) });
export type RegistrationDocumentsResponse = z.infer<typeof registrationDocumentsResponse>;

/**
 * GET /api/documents/download: `registration_id`, `document_id` and one `custom_element_{id}`
 * per custom element (repeated for a multiple choice). The custom inputs are checked against
 * the document by the domain rule; other names are UNKNOWN_FIELD.
 */
export const documentDownloadQuery = z
  .object({ registration_id: idParam, document_id: idParam })
  .catchall(
    z.union([z.string("INVALID_TYPE"), z.array(z.string("INVALID_TYPE")).max(100, "TOO_BIG")]),
  );
export type DocumentDownloadQuery = z.infer<typeof documentDownloadQuery>;

/** The path of a document's download, with the custom inputs as query parameters. */
export function documentDownloadPath(
  registrationId: number,
  documentId: number,
  inputs: Record<string, string | readonly string[]> = {},
): string {
  const query = new URLSearchParams({
    registration_id: String(registrationId),
    document_id: String(documentId),
  });
  for (const [key, value] of Object.entries(inputs)) {
    for (const item of typeof value === "string" ? [value] : value) query.append(key, item);
  }
  return `/api/documents/download?${query.toString()}`;
}

/**
 * The body of a 409 refusing a download: DOCUMENT_PAYMENT_REQUIRED (with `amount_owed`) when
 * the payment requirement is not met, else DOCUMENT_NOT_YET_AVAILABLE (with `available_from`);
 * both figures are given whenever both stand in the way.
 */
export const documentUnavailableError = z.object({
  error: z.enum(["DOCUMENT_PAYMENT_REQUIRED", "DOCUMENT_NOT_YET_AVAILABLE"]),
  amount_owed: z.int().nullable(),
  available_from: z.string().nullable(),
});
export type DocumentUnavailableError = z.infer<typeof documentUnavailableError>;

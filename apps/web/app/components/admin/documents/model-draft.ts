import type { DocumentModelBody, DocumentModelElementBody } from "@booking/contracts";
import {
  DOCUMENT_DATA_FIELDS,
  type DocumentElementType,
  documentLayoutIssues,
  type LayoutElement,
} from "@booking/domain";

// The model being edited in the console (a DocumentModelBody) and what the editor derives from
// it: the layout rules the server applies (documentLayoutIssues), new elements and pages.

export type ModelDraft = DocumentModelBody & {
  custom_fields: NonNullable<DocumentModelBody["custom_fields"]>;
  pages: NonNullable<DocumentModelBody["pages"]>;
};

export const DATA_FIELD_PATHS = Object.keys(DOCUMENT_DATA_FIELDS);

export function layoutElement(element: DocumentModelElementBody): LayoutElement {
  return {
    type: element.type,
    x: element.x,
    y: element.y,
    width: element.width,
    payload: { data: element.payload.data },
    settings: element.settings as LayoutElement["settings"],
    custom_field: element.custom_field ?? null,
  };
}

/** The layout issues by path (`pages.0.elements.1.x` …), as the server would answer them. */
export function draftIssues(draft: ModelDraft): Record<string, string> {
  const pages = draft.pages.map((page) => ({
    size: page.size ?? "A4",
    orientation: page.orientation ?? "portrait",
    elements: page.elements.map(layoutElement),
  }));
  return Object.fromEntries(
    documentLayoutIssues(pages, draft.custom_fields.length).map((issue) => [
      issue.path.join("."),
      issue.code,
    ]),
  );
}

/** A new element of `type` near the page's top-left corner. */
export function newElement(type: DocumentElementType, data: string): DocumentModelElementBody {
  const place = { x: 40, y: 40, width: null, align: "left" as const, custom_field: null };
  if (type === "IMAGE") {
    return {
      ...place,
      type,
      payload: { data: "{{participant.attendance_qr_code}}", url: null },
      settings: { width: 80, height: 80 },
    };
  }
  return { ...place, type, payload: { data }, settings: { fontSize: 12 } };
}

export function emptyDraft(title: string): ModelDraft {
  return {
    title,
    description: null,
    icon: null,
    active: true,
    payment_requirement: null,
    date_requirement: null,
    all_activities: true,
    activities: [],
    custom_fields: [],
    pages: [{ size: "A4", orientation: "portrait", background_url: null, elements: [] }],
  };
}

import type { CustomFieldChoice, CustomFieldType } from "../custom-fields.ts";

/**
 * The elements of a document model's pages (platform-and-account.md §3.1): STRING, NUMBER and
 * CURRENCY show a text, DATE a formatted date, IMAGE a picture. Their settings as the spec gives
 * them; the shared contracts hold the zod schemas that enforce the §5 rules on them.
 *
 * Placement (not in the spec, which leaves the model editor "not shown"): each element sits at
 * `x`, `y` points from the page's top-left corner (1 pt = 1/72 inch; an A4 page is 595 × 842),
 * texts wrap inside `width` points when it is set and are aligned in that box by `align`.
 */

export const DOCUMENT_ELEMENT_TYPES = ["STRING", "NUMBER", "CURRENCY", "DATE", "IMAGE"] as const;
export type DocumentElementType = (typeof DOCUMENT_ELEMENT_TYPES)[number];

export type DocumentTextSettings = {
  fontSize?: number | null;
  fontWeight?: "normal" | "bold" | null;
  /** "#rrggbb" */
  color?: string | null;
};

export type DocumentNumberSettings = DocumentTextSettings & { decimals?: number | null };

export type DocumentDateSettings = DocumentTextSettings & {
  weekday?: "short" | "long" | null;
  day?: "numeric" | "2-digit" | null;
  hours?: "numeric" | "2-digit" | null;
  minutes?: "numeric" | "2-digit" | null;
  seconds?: "numeric" | "2-digit" | null;
  year?: "2-digit" | "numeric" | null;
  month?: "2-digit" | "numeric" | "short" | "long" | null;
};

export type DocumentImageSettings = { width: number; height: number };

export type DocumentElementSettings =
  | DocumentTextSettings
  | DocumentNumberSettings
  | DocumentDateSettings
  | DocumentImageSettings;

/** A field whose value the customer types when downloading (§3.5 Document, §5). */
export type DocumentCustomField = {
  id: number;
  type: CustomFieldType;
  title: string;
  description: string | null;
  required: boolean;
  pattern: string | null;
  order: number;
  choices: CustomFieldChoice[];
};

export type DocumentElementAlign = "left" | "center" | "right";

export type DocumentElement = {
  id: number;
  type: DocumentElementType;
  /**
   * `data`: a text with `{{group.field}}` placeholders (see values.ts); for IMAGE, a placeholder
   * of an image field or a URL. `url`: IMAGE only, a picture's http(s) or data: URL, used before
   * `data`. `custom_field_id`: the element shows what the customer typed for that field.
   */
  payload: { data: string; url?: string | null; custom_field_id?: number | null };
  settings: DocumentElementSettings;
  x: number;
  y: number;
  width: number | null;
  align: DocumentElementAlign;
  custom_field: DocumentCustomField | null;
};

export type DocumentPageSize = "A4" | "LETTER";
export type DocumentPageOrientation = "portrait" | "landscape";

export type DocumentPage = {
  size: DocumentPageSize;
  orientation: DocumentPageOrientation;
  elements: DocumentElement[];
};

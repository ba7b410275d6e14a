import type { DocumentElementType, DocumentPageOrientation, DocumentPageSize } from "./elements.ts";
import { isDocumentFieldPath, templatePaths } from "./values.ts";

/**
 * The rules a document model's layout follows when staff edit it (the console's model editor,
 * platform-and-account.md §3.1): every element lies on its page, names only data fields that
 * exist, and a custom element asks for one of the model's own custom fields.
 *
 * Pages are measured in PDF points (1/72 inch) as the renderer draws them, the long side rounded
 * down (an A4 page is 595.28 × 841.89 pt). A text's drawn width depends on its words, so a text
 * without `width` only has to start on the page with its first line inside it; a text with
 * `width` must fit that box across, a picture its whole box.
 */

export const DOCUMENT_PAGE_POINTS: Record<DocumentPageSize, { width: number; height: number }> = {
  A4: { width: 595, height: 841 },
  LETTER: { width: 612, height: 792 },
};

/** The size of a text whose element sets none (as the PDF renderer draws it). */
export const DEFAULT_DOCUMENT_FONT_SIZE = 11;

export function documentPageDimensions(
  size: DocumentPageSize,
  orientation: DocumentPageOrientation,
): { width: number; height: number } {
  const { width, height } = DOCUMENT_PAGE_POINTS[size];
  return orientation === "landscape" ? { width: height, height: width } : { width, height };
}

export type LayoutElement = {
  type: DocumentElementType;
  x: number;
  y: number;
  width: number | null;
  payload: { data: string };
  settings: { fontSize?: number | null; width?: number; height?: number };
  /** the index of the model's custom field it asks for, if any */
  custom_field: number | null;
};

export type LayoutPage = {
  size: DocumentPageSize;
  orientation: DocumentPageOrientation;
  elements: LayoutElement[];
};

/** TOO_BIG: beyond the page's edge; UNKNOWN_FIELD: a data field that does not exist. */
export type LayoutIssueCode = "TOO_BIG" | "UNKNOWN_FIELD" | "INVALID_CHOICE";

export type LayoutIssue = { path: Array<string | number>; code: LayoutIssueCode };

/** The box an element covers on its page: its whole picture, or a text's first line. */
export function documentElementBox(element: LayoutElement): {
  x: number;
  y: number;
  width: number;
  height: number;
} {
  if (element.type === "IMAGE") {
    return {
      x: element.x,
      y: element.y,
      width: element.settings.width ?? 0,
      height: element.settings.height ?? 0,
    };
  }
  return {
    x: element.x,
    y: element.y,
    width: element.width ?? 0,
    height: element.settings.fontSize ?? DEFAULT_DOCUMENT_FONT_SIZE,
  };
}

/** Whether the element's box lies on the page (a text without width: its start and first line). */
export function isInsidePage(
  element: LayoutElement,
  page: { width: number; height: number },
): boolean {
  const box = documentElementBox(element);
  const right = box.width > 0 ? box.x + box.width : box.x + 1;
  return box.x >= 0 && box.y >= 0 && right <= page.width && box.y + box.height <= page.height;
}

/**
 * The data fields a `data` text names that are unknown: not a data field of §3.1, or a custom
 * field path that `knownCustomPaths` (when given) does not hold — the organiser's customer and
 * participant fields (`customer.custom_fields.{id}`, …) and the model's own (`custom_fields.{id}`).
 */
export function unknownDataFields(data: string, knownCustomPaths?: ReadonlySet<string>): string[] {
  return templatePaths(data).filter((path) => {
    if (!isDocumentFieldPath(path)) return true;
    if (!knownCustomPaths || !path.includes("custom_fields.")) return false;
    return !knownCustomPaths.has(path);
  });
}

/**
 * Every issue of a model's pages, keyed by the path of the offending value inside the model
 * (`pages.{i}.elements.{j}.x`, `….payload.data`, `….custom_field`); none means the layout holds.
 */
export function documentLayoutIssues(
  pages: readonly LayoutPage[],
  customFieldCount: number,
  knownCustomPaths?: ReadonlySet<string>,
): LayoutIssue[] {
  const issues: LayoutIssue[] = [];
  pages.forEach((page, pageIndex) => {
    const dimensions = documentPageDimensions(page.size, page.orientation);
    page.elements.forEach((element, elementIndex) => {
      const at = (...rest: Array<string | number>) => [
        "pages",
        pageIndex,
        "elements",
        elementIndex,
        ...rest,
      ];
      if (!isInsidePage(element, dimensions)) issues.push({ path: at("x"), code: "TOO_BIG" });
      if (unknownDataFields(element.payload.data, knownCustomPaths).length > 0) {
        issues.push({ path: at("payload", "data"), code: "UNKNOWN_FIELD" });
      }
      const field = element.custom_field;
      if (field !== null && (element.type === "IMAGE" || field >= customFieldCount)) {
        issues.push({ path: at("custom_field"), code: "INVALID_CHOICE" });
      }
    });
  });
  return issues;
}

import { escapeHtmlText } from "../html.ts";
import type { ImportError } from "./errors.ts";
import { normaliseHeader } from "./headers.ts";
import {
  type MappingProblems,
  mappingProblems,
  type RowCells,
  type RowInput,
  rowCells,
} from "./kind.ts";

/**
 * One row of an activity file: an activity of the catalogue, matched by its external id, else
 * its name. An empty cell keeps what is stored (a new activity takes the catalogue's default).
 */

export type ImportedActivity = {
  line: number;
  externalId: string | null;
  title: string;
  /** the category named, to link the activity to; null when the cell is empty */
  categoryId: number | null;
  /** sanitised HTML made from the cell's text; null when empty */
  description: string | null;
  ageMinimum: number | null;
  ageMaximum: number | null;
  /** in cents */
  price: number | null;
};

export type ActivityRowContext = {
  categories: readonly { id: number; title: string }[];
};

export const ACTIVITY_TARGETS = [
  "activity.external_id",
  "activity.title",
  "activity.category",
  "activity.description",
  "activity.age_minimum",
  "activity.age_maximum",
  "activity.price",
] as const;
export const ACTIVITY_REQUIRED_TARGETS = ["activity.title"] as const;

/** The headers naming each target, normalised (normaliseHeader), in French and English. */
const ACTIVITY_ALIASES: Record<(typeof ACTIVITY_TARGETS)[number], readonly string[]> = {
  "activity.external_id": [
    "id",
    "external id",
    "id externe",
    "identifiant",
    "reference",
    "code",
    "activity id",
    "id activite",
  ],
  "activity.title": [
    "nom",
    "name",
    "titre",
    "title",
    "activite",
    "activity",
    "intitule",
    "nom de l activite",
    "activity name",
  ],
  "activity.category": ["categorie", "category", "type", "discipline"],
  "activity.description": ["description", "descriptif", "details", "presentation"],
  "activity.age_minimum": [
    "age minimum",
    "age min",
    "minimum age",
    "min age",
    "des",
    "a partir de",
    "from age",
  ],
  "activity.age_maximum": [
    "age maximum",
    "age max",
    "maximum age",
    "max age",
    "jusqu a",
    "to age",
    "up to age",
  ],
  "activity.price": ["prix", "price", "tarif", "montant", "cout", "cost", "amount"],
};

/** The target of each column of an activity file, each target to its first column. */
export function guessActivityMapping(headers: readonly string[]): (string | null)[] {
  const taken = new Set<string>();
  return headers.map((header) => {
    const text = normaliseHeader(header);
    const found = Object.entries(ACTIVITY_ALIASES).find(([, aliases]) => aliases.includes(text));
    if (!found || taken.has(found[0])) return null;
    taken.add(found[0]);
    return found[0];
  });
}

export function activityMappingProblems(
  mapping: readonly (string | null)[],
): MappingProblems | null {
  return mappingProblems(mapping, ACTIVITY_TARGETS, ACTIVITY_REQUIRED_TARGETS);
}

const TITLE_MAX = 200;
const EXTERNAL_ID_MAX = 100;
const DESCRIPTION_MAX = 20_000;
/** A price above this is a typing mistake (cents). */
const PRICE_MAX = 100_000_000;

/**
 * An amount in cents from what spreadsheets write: "12", "12,50", "12.5", "€ 12,50", "12,50 €".
 * Thousands separators are refused: "1.250" could be either.
 */
export function parseImportAmount(value: string): number | null {
  const text = value.replace(/[€$£\s\u00a0]|EUR/gi, "");
  const match = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
  return cents <= PRICE_MAX ? cents : null;
}

/** An age in whole years (0 to 120); "6 ans" and "6 years" too. */
export function parseImportAge(value: string): number | null {
  const match = /^(\d{1,3})\s*(?:ans?|years?|yrs?)?$/i.exec(value.trim());
  const age = match ? Number(match[1]) : Number.NaN;
  return Number.isInteger(age) && age <= 120 ? age : null;
}

/** A description's plain text as the catalogue's HTML: one paragraph per line. */
export function importedDescriptionHtml(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .map((line) => `<p>${escapeHtmlText(line)}</p>`)
    .join("");
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function optional<T>(
  cells: RowCells,
  target: string,
  parse: (text: string) => T | null,
  code: "INVALID_NUMBER",
): T | null {
  const text = cells.value(target);
  if (text === "") return null;
  const value = parse(text);
  if (value === null) cells.fail(target, code);
  return value;
}

/** One data row of an activity file, or every error of its cells. */
export function readActivityRow(
  input: RowInput,
  context: ActivityRowContext,
): { row: ImportedActivity } | { errors: ImportError[] } {
  const cells = rowCells(input);
  const title = cells.value("activity.title");
  if (title === "") cells.fail("activity.title", "REQUIRED");
  else if (title.length > TITLE_MAX) cells.fail("activity.title", "TOO_LONG");
  const externalId = cells.value("activity.external_id");
  if (externalId.length > EXTERNAL_ID_MAX) cells.fail("activity.external_id", "TOO_LONG");
  const categoryName = cells.value("activity.category");
  const category = context.categories.find((c) => sameName(c.title, categoryName));
  if (categoryName !== "" && !category) cells.fail("activity.category", "UNKNOWN_CATEGORY");
  const descriptionText = cells.value("activity.description");
  if (descriptionText.length > DESCRIPTION_MAX) cells.fail("activity.description", "TOO_LONG");
  const ageMinimum = optional(cells, "activity.age_minimum", parseImportAge, "INVALID_NUMBER");
  const ageMaximum = optional(cells, "activity.age_maximum", parseImportAge, "INVALID_NUMBER");
  if (ageMinimum !== null && ageMaximum !== null && ageMinimum > ageMaximum) {
    cells.fail("activity.age_minimum", "INVALID_AGE_RANGE");
  }
  const price = optional(cells, "activity.price", parseImportAmount, "INVALID_NUMBER");
  if (cells.errors.length > 0) return { errors: cells.errors };
  return {
    row: {
      line: input.line,
      externalId: externalId === "" ? null : externalId,
      title,
      categoryId: category?.id ?? null,
      description: descriptionText === "" ? null : importedDescriptionHtml(descriptionText),
      ageMinimum,
      ageMaximum,
      price,
    },
  };
}

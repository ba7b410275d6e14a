import type { CustomDataEntry, CustomFieldEntity, Language } from "@booking/db";
import type { CustomFieldColumn } from "./queries.ts";

/** What a cell holds, by column type; each encoder writes each type its own way. */
export type CellValues = {
  text: string;
  /** a count or an id */
  integer: number;
  /** integer minor units of the organiser's currency */
  money: number;
  /** wall-clock time in the organiser's time zone, `YYYY-MM-DD HH:MM:SS` */
  datetime: string;
  /** a calendar day, `YYYY-MM-DD` */
  date: string;
  boolean: boolean;
};
export type CellType = keyof CellValues;

/** One column of an export: its header, its type, and its cell of a row (null: empty). */
export type Column<Row> = {
  [T in CellType]: { header: string; type: T; value: (row: Row) => CellValues[T] | null };
}[CellType];

/** What the encoders need to know of the organiser. */
export type ExportSettings = { language: Language; currency: string };

/** A text in each language an organiser may use. */
export type Translated = Record<Language, string>;

/** Declares columns with headers in both languages; the organiser's is kept. */
export function columnsIn<Row>(language: Language) {
  return <T extends CellType>(
    type: T,
    header: Translated,
    value: (row: Row) => CellValues[T] | null,
  ) => ({ header: header[language], type, value }) as Column<Row>;
}

/** The translated label of a code; an unknown code (newer than this file) shows as it is. */
export function labelOf(labels: Record<string, Translated>, language: Language, code: string) {
  return labels[code]?.[language] ?? code;
}

const ENTITY_SUFFIX: Record<CustomFieldEntity, Translated> = {
  CUSTOMERS: { fr: "client", en: "customer" },
  PARTICIPANTS: { fr: "participant", en: "participant" },
  COLLABORATORS: { fr: "collaborateur", en: "collaborator" },
};

/**
 * One column per custom field of `entity`, headed by its title and, when `labelled`, the entity
 * it describes ("Allergies (participant)"). A DATE field's cells are days; the others, text.
 */
export function customFieldColumns<Row>(
  fields: readonly CustomFieldColumn[],
  entity: CustomFieldEntity,
  language: Language,
  entries: (row: Row) => readonly CustomDataEntry[],
  { labelled }: { labelled: boolean },
): Column<Row>[] {
  return fields
    .filter((field) => field.entity === entity)
    .map((field) => {
      const header = labelled ? `${field.title} (${ENTITY_SUFFIX[entity][language]})` : field.title;
      const value = (row: Row) =>
        entries(row).find((entry) => entry.field_id === field.id)?.data ?? null;
      return field.type === "DATE"
        ? { header, type: "date", value }
        : { header, type: "text", value };
    });
}

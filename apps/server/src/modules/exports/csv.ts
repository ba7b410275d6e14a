import { fromMinorUnits } from "@booking/domain";
import type { Column, ExportSettings, Translated } from "./columns.ts";
import type { Encoder } from "./row-stream.ts";

// CSV as RFC 4180 writes it: fields separated by commas, records ended by CRLF, a field quoted
// when it holds a comma, a quote, CR or LF (its quotes doubled). The file starts with a UTF-8
// byte-order mark, without which Excel reads it in the machine's legacy code page and garbles
// accents. The separator is a comma, not the semicolon a French Excel expects when it opens a
// file by double-click: a comma is what every other tool reads, and Excel's import (Data > From
// Text/CSV) detects it (docs/decisions/0021-exports.md). Values are machine-readable: amounts in
// the currency's units with a point ("12.50"), times as local "YYYY-MM-DD HH:MM", days
// "YYYY-MM-DD", booleans as the organiser's yes / no.

export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";
const BOM = "\uFEFF";
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * OWASP "CSV Injection": a spreadsheet evaluates a cell starting with = + - @ (or a tab or CR
 * before one of them) as a formula. An apostrophe in front makes it text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function csvField(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const YES_NO: Record<"yes" | "no", Translated> = {
  yes: { fr: "oui", en: "yes" },
  no: { fr: "non", en: "no" },
};

const orEmpty = <T>(value: T | null, text: (value: T) => string) =>
  value === null ? "" : text(value);

/** The text of a cell; only free text can carry a formula, the other types are ours. */
function cellText<Row>(column: Column<Row>, row: Row, settings: ExportSettings): string {
  switch (column.type) {
    case "text":
      return orEmpty(column.value(row), neutraliseFormula);
    case "integer":
      return orEmpty(column.value(row), String);
    case "money":
      return orEmpty(column.value(row), (minor) => fromMinorUnits(minor, settings.currency));
    case "datetime":
      // seconds are noise in a list of registrations and payments
      return orEmpty(column.value(row), (time) => time.slice(0, 16));
    case "date":
      return orEmpty(column.value(row), (day) => day);
    case "boolean":
      return orEmpty(column.value(row), (yes) => YES_NO[yes ? "yes" : "no"][settings.language]);
  }
}

export function csvEncoder<Row>(columns: Column<Row>[], settings: ExportSettings): Encoder<Row> {
  const line = (fields: string[]) => `${fields.map(csvField).join(",")}\r\n`;
  return {
    head: () => BOM + line(columns.map((column) => neutraliseFormula(column.header))),
    rows: (batch) =>
      batch.map((row) => line(columns.map((column) => cellText(column, row, settings)))).join(""),
    tail: () => "",
  };
}

import type { Readable } from "node:stream";
import type { ExportFormat, ReportColumn, ReportName, ReportTable } from "@booking/contracts";
import type { Language } from "@booking/db";
import { formatInZone, localDay } from "@booking/domain";
import { type Column, type ExportSettings, labelOf } from "../exports/columns.ts";
import { CSV_CONTENT_TYPE, csvEncoder } from "../exports/csv.ts";
import { encodedRows, type RowCursor } from "../exports/row-stream.ts";
import { sheetEncoder, XLSX_CONTENT_TYPE, xlsxFile } from "../exports/xlsx.ts";
import { CODE_LABELS, COLUMN_HEADERS, REPORT_TITLES } from "./labels.ts";
import type { ReportRow } from "./tables.ts";

// A report's table as CSV or XLSX, written by the exports module's encoders
// (docs/decisions/0021-exports.md): the same cell types, headers in the organiser's language.

type Organiser = { language: Language; timezone: string; currency: string };

/** Rows already in memory, handed out a batch at a time like a database cursor. */
function arrayCursor<Row>(rows: readonly Row[]): RowCursor<Row> {
  let at = 0;
  return {
    read: async (count) => {
      const batch = rows.slice(at, at + count);
      at += batch.length;
      return batch;
    },
    close: async () => {},
  };
}

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
const hours = (minutes: number) =>
  `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;

/** The export column of a report column: rates as percentages, minutes as H:MM, codes labelled. */
function exportColumn(column: ReportColumn, organiser: Organiser): Column<ReportRow> {
  const header = labelOf(COLUMN_HEADERS, organiser.language, column.key);
  const cell = (row: ReportRow) => row[column.key] ?? null;
  const number = (row: ReportRow) => (typeof cell(row) === "number" ? (cell(row) as number) : null);
  switch (column.type) {
    case "integer":
    case "money":
      return { header, type: column.type, value: number };
    case "rate":
      return { header, type: "text", value: (row) => mapped(number(row), percent) };
    case "minutes":
      return { header, type: "text", value: (row) => mapped(number(row), hours) };
    case "date":
      return { header, type: "date", value: (row) => mapped(cell(row), String) };
    case "datetime":
      return {
        header,
        type: "datetime",
        value: (row) =>
          mapped(cell(row), (at) =>
            formatInZone(String(at), organiser.timezone).slice(0, 19).replace("T", " "),
          ),
      };
    case "text": {
      const codes = CODE_LABELS[column.key];
      return {
        header,
        type: "text",
        value: (row) =>
          mapped(cell(row), (text) =>
            codes ? labelOf(codes, organiser.language, String(text)) : String(text),
          ),
      };
    }
  }
}

const mapped = <T, U>(value: T | null, map: (value: T) => U): U | null =>
  value === null ? null : map(value);

export type ReportFile = { stream: Readable; contentType: string; fileName: string };

/** One table of a report as a file, named after the report, the table and today. */
export function reportFile(
  report: ReportName,
  reportTable: ReportTable,
  format: ExportFormat,
  organiser: Organiser,
  now: Date,
): ReportFile {
  const settings: ExportSettings = { language: organiser.language, currency: organiser.currency };
  const columns = reportTable.columns.map((column) => exportColumn(column, organiser));
  const title = REPORT_TITLES[report][organiser.language];
  const cursor = arrayCursor(reportTable.rows);
  const stream =
    format === "csv"
      ? encodedRows(cursor, csvEncoder(columns, settings))
      : xlsxFile(encodedRows(cursor, sheetEncoder(columns, settings)), {
          ...settings,
          sheetName: title,
        });
  const day = localDay(now, organiser.timezone);
  return {
    stream,
    contentType: format === "csv" ? CSV_CONTENT_TYPE : XLSX_CONTENT_TYPE,
    fileName: `${report}-${reportTable.key.replaceAll("_", "-")}-${day}.${format}`,
  };
}

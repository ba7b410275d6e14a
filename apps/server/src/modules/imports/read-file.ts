import { createHash } from "node:crypto";
import { IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS } from "@booking/contracts";
import { parse } from "csv-parse/sync";
import { type CellValue, readSheet } from "read-excel-file/node";
import { AppError, validationError } from "../../http/app-error.ts";

/**
 * An uploaded file's cells as text: the first non-empty row is the header. CSV files are read in
 * UTF-8 (a byte-order mark skipped), else in Windows-1252, which French Excel writes; their
 * separator is the one of , ; or tab the header line uses most. XLSX files are read from their
 * first sheet. The upload's size is bounded (IMPORT_MAX_BYTES), so reading it whole stays within
 * bounded memory.
 */
export type ImportFile = { headers: string[]; rows: string[][]; digest: string };

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

const isZip = (bytes: Uint8Array) => ZIP_SIGNATURE.every((byte, index) => bytes[index] === byte);

function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/** The separator the header line holds most of, outside quotes; a comma when none. */
function separatorOf(text: string): string {
  const counts = new Map<string, number>([
    [",", 0],
    [";", 0],
    ["\t", 0],
  ]);
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  return [...counts].reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
}

function readCsv(bytes: Uint8Array): string[][] {
  // No text format carries a NUL, and PostgreSQL could not store the text around one.
  if (bytes.includes(0)) throw validationError({ file: "INVALID_CHARACTERS" });
  const text = decodeText(bytes);
  try {
    return parse(text, {
      bom: true,
      delimiter: separatorOf(text.replace(/^\uFEFF/, "")),
      relax_column_count: true,
      skip_empty_lines: false,
      to_line: IMPORT_MAX_ROWS + 2,
    }) as string[][];
  } catch {
    throw new AppError("IMPORT_FILE_INVALID");
  }
}

/** A day as YYYY-MM-DD (dates of a sheet are at midnight UTC), else the full instant. */
function cellText(value: CellValue | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : iso;
  }
  return String(value);
}

async function readXlsx(bytes: Uint8Array): Promise<string[][]> {
  let sheet: unknown[][];
  try {
    sheet = (await readSheet(Buffer.from(bytes))) as unknown[][];
  } catch {
    throw new AppError("IMPORT_FILE_INVALID");
  }
  const rows = sheet
    .slice(0, IMPORT_MAX_ROWS + 2)
    .map((row) => row.map((v) => cellText(v as CellValue)));
  if (rows.some((row) => row.some((cell) => cell.includes("\u0000")))) {
    throw validationError({ file: "INVALID_CHARACTERS" });
  }
  return rows;
}

const isBlank = (row: readonly string[]) => row.every((cell) => cell.trim() === "");

/** The header and data rows of an uploaded CSV or XLSX file. */
export async function readImportFile(bytes: Uint8Array): Promise<ImportFile> {
  const records = isZip(bytes) ? await readXlsx(bytes) : readCsv(bytes);
  const start = records.findIndex((row) => !isBlank(row));
  if (start === -1) throw new AppError("IMPORT_FILE_INVALID");
  const headers = records[start]!.map((cell) => cell.trim());
  if (headers.length > IMPORT_MAX_COLUMNS) throw new AppError("PAYLOAD_TOO_LARGE");
  // Trailing blank rows are the spreadsheet's, not data.
  let end = records.length;
  while (end > start + 1 && isBlank(records[end - 1]!)) end -= 1;
  const rows = records.slice(start + 1, end);
  if (rows.length > IMPORT_MAX_ROWS) throw new AppError("PAYLOAD_TOO_LARGE");
  const width = headers.length;
  const cells = rows.map((row) => Array.from({ length: width }, (_, index) => row[index] ?? ""));
  const digest = createHash("sha256")
    .update(JSON.stringify([headers, cells]))
    .digest("hex");
  return { headers, rows: cells, digest };
}

import type { Readable } from "node:stream";
import { minorUnitDigits } from "@booking/domain";
import { ZipFile } from "yazl";
import type { Column, ExportSettings } from "./columns.ts";
import type { Encoder } from "./row-stream.ts";

// A minimal SpreadsheetML workbook of one sheet, written as it streams (decision
// docs/decisions/0021-exports.md): the sheet's XML is produced batch by batch and deflated into a
// zip by yazl, so memory does not grow with the rows. Strings are inline (`t="inlineStr"`), not
// in a shared-strings table that would have to be complete before the zip is. Styles: a bold
// header row, frozen; local date-times and days as real Excel dates; amounts as numbers in the
// currency's units with a currency number format. Inline strings are never evaluated, so the
// CSV's formula neutralisation is not needed here.

export const XLSX_CONTENT_TYPE =
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Excel's limits: rows per sheet (the header included) and characters per cell. */
const MAX_ROWS = 1_048_576;
const MAX_CELL_LENGTH = 32_767;

/** Indexes into the `cellXfs` of {@link stylesXml}. */
const STYLE = { header: 1, datetime: 2, date: 3, money: 4 } as const;

const LOCALES = { fr: "fr-BE", en: "en-GB" } as const;

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const RELATIONSHIPS_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PACKAGE_RELATIONSHIPS_NS = "http://schemas.openxmlformats.org/package/2006/relationships";

/** Characters XML 1.0 does not allow (C0 controls but tab and line ends, lone surrogates). */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters XML forbids are what it removes
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const XML_SPECIAL = /[&<>"]/g;
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

export function xmlEscape(text: string): string {
  return text.replace(NOT_XML, "").replace(XML_SPECIAL, (char) => ENTITIES[char]!);
}

/** A text cell: at most Excel's length (never cutting a surrogate pair), spaces kept. */
function inlineString(reference: string, text: string, style = 0): string {
  let value = text;
  if (value.length > MAX_CELL_LENGTH) {
    value = value.slice(0, MAX_CELL_LENGTH).replace(/[\uD800-\uDBFF]$/, "");
  }
  const space = value.trim() === value ? "" : ' xml:space="preserve"';
  const styled = style === 0 ? "" : ` s="${style}"`;
  return `<c r="${reference}"${styled} t="inlineStr"><is><t${space}>${xmlEscape(value)}</t></is></c>`;
}

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;
const MS_PER_DAY = 86_400_000;
/** Excel's serial of 1970-01-01 (its 1900 date system counts a 29 February 1900). */
const UNIX_EPOCH_SERIAL = 25_569;

/**
 * The Excel serial number of a local `YYYY-MM-DD[ HH:MM:SS]`: days since 1899-12-30 plus the
 * fraction of the day. Null for text that is not one, or before 1901 (Excel's 1900 leap-year bug).
 */
export function excelSerial(local: string): number | null {
  const match = LOCAL_TIME.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  if (year! < 1901) return null;
  const ms = Date.UTC(year!, month! - 1, day!, hour, minute, second);
  return ms / MS_PER_DAY + UNIX_EPOCH_SERIAL;
}

/** A, B, …, Z, AA, AB, … */
function columnLetters(index: number): string {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

function dateCell(reference: string, local: string, style: number): string {
  const serial = excelSerial(local);
  return serial === null
    ? inlineString(reference, local)
    : `<c r="${reference}" s="${style}"><v>${serial}</v></c>`;
}

function cellXml<Row>(column: Column<Row>, row: Row, reference: string, scale: number): string {
  switch (column.type) {
    case "text": {
      const value = column.value(row);
      return value === null ? "" : inlineString(reference, value);
    }
    case "integer": {
      const value = column.value(row);
      return value === null ? "" : `<c r="${reference}"><v>${value}</v></c>`;
    }
    case "money": {
      const value = column.value(row);
      return value === null
        ? ""
        : `<c r="${reference}" s="${STYLE.money}"><v>${value / scale}</v></c>`;
    }
    case "datetime": {
      const value = column.value(row);
      return value === null ? "" : dateCell(reference, value, STYLE.datetime);
    }
    case "date": {
      const value = column.value(row);
      return value === null ? "" : dateCell(reference, value, STYLE.date);
    }
    case "boolean": {
      const value = column.value(row);
      return value === null ? "" : `<c r="${reference}" t="b"><v>${value ? 1 : 0}</v></c>`;
    }
  }
}

const WIDTHS = { integer: 12, money: 13, datetime: 17, date: 12, boolean: 10 } as const;

function columnWidth<Row>(column: Column<Row>): number {
  const header = column.header.length + 3;
  return column.type === "text"
    ? Math.min(40, Math.max(14, header))
    : Math.max(WIDTHS[column.type], header);
}

/** The sheet's XML: a frozen bold header row, then a row per row. */
export function sheetEncoder<Row>(columns: Column<Row>[], settings: ExportSettings): Encoder<Row> {
  const letters = columns.map((_, index) => columnLetters(index));
  const scale = 10 ** minorUnitDigits(settings.currency);
  let rowNumber = 1;
  const widths = columns
    .map((column, index) => {
      const width = columnWidth(column);
      return `<col min="${index + 1}" max="${index + 1}" width="${width}" customWidth="1"/>`;
    })
    .join("");
  return {
    head: () =>
      `${XML_DECLARATION}<worksheet xmlns="${MAIN_NS}">` +
      '<sheetViews><sheetView workbookViewId="0">' +
      '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
      "</sheetView></sheetViews>" +
      `<cols>${widths}</cols><sheetData><row r="1">${columns
        .map((column, index) => inlineString(`${letters[index]}1`, column.header, STYLE.header))
        .join("")}</row>`,
    rows: (batch) => {
      if (rowNumber + batch.length > MAX_ROWS) {
        throw new RangeError(`An XLSX sheet holds at most ${MAX_ROWS - 1} rows`);
      }
      let xml = "";
      for (const row of batch) {
        rowNumber += 1;
        xml += `<row r="${rowNumber}">`;
        for (let index = 0; index < columns.length; index++) {
          xml += cellXml(columns[index]!, row, `${letters[index]}${rowNumber}`, scale);
        }
        xml += "</row>";
      }
      return xml;
    },
    tail: () => "</sheetData></worksheet>",
  };
}

/**
 * The Excel number format of an amount in `currency`, placed as the organiser's locale places
 * the symbol: `#,##0.00\ "€"` in French, `"£"#,##0.00` in English.
 */
export function moneyFormat(currency: string, language: ExportSettings["language"]): string {
  const digits = minorUnitDigits(currency);
  const number = digits > 0 ? `#,##0.${"0".repeat(digits)}` : "#,##0";
  const parts = new Intl.NumberFormat(LOCALES[language], {
    style: "currency",
    currency,
  }).formatToParts(1);
  const symbolAt = parts.findIndex((part) => part.type === "currency");
  const numberAt = parts.findIndex((part) => part.type === "integer");
  const symbol = `"${parts[symbolAt]!.value.replaceAll('"', "")}"`;
  return symbolAt < numberAt ? `${symbol}${number}` : `${number}\\ ${symbol}`;
}

function stylesXml(settings: ExportSettings): string {
  const xf = (numFmtId: number, fontId: number) =>
    `<xf numFmtId="${numFmtId}" fontId="${fontId}" fillId="0" borderId="0" xfId="0"` +
    `${numFmtId === 0 ? "" : ' applyNumberFormat="1"'}${fontId === 0 ? "" : ' applyFont="1"'}/>`;
  const money = xmlEscape(moneyFormat(settings.currency, settings.language));
  return (
    `${XML_DECLARATION}<styleSheet xmlns="${MAIN_NS}">` +
    '<numFmts count="3"><numFmt numFmtId="164" formatCode="dd/mm/yyyy hh:mm"/>' +
    `<numFmt numFmtId="165" formatCode="dd/mm/yyyy"/><numFmt numFmtId="166" formatCode="${money}"/></numFmts>` +
    '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font>' +
    '<font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill>' +
    '<fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    // the order of STYLE: default, header, datetime, date, money
    `<cellXfs count="5">${xf(0, 0)}${xf(0, 1)}${xf(164, 0)}${xf(165, 0)}${xf(166, 0)}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
    "</styleSheet>"
  );
}

const CONTENT_TYPES =
  `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  "</Types>";

const ROOT_RELATIONSHIPS =
  `${XML_DECLARATION}<Relationships xmlns="${PACKAGE_RELATIONSHIPS_NS}">` +
  `<Relationship Id="rId1" Type="${RELATIONSHIPS_NS}/officeDocument" Target="xl/workbook.xml"/>` +
  "</Relationships>";

const WORKBOOK_RELATIONSHIPS =
  `${XML_DECLARATION}<Relationships xmlns="${PACKAGE_RELATIONSHIPS_NS}">` +
  `<Relationship Id="rId1" Type="${RELATIONSHIPS_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${RELATIONSHIPS_NS}/styles" Target="styles.xml"/>` +
  "</Relationships>";

function workbookXml(sheetName: string): string {
  return (
    `${XML_DECLARATION}<workbook xmlns="${MAIN_NS}" xmlns:r="${RELATIONSHIPS_NS}">` +
    `<sheets><sheet name="${xmlEscape(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`
  );
}

/**
 * The .xlsx file around `sheet` (the XML of {@link sheetEncoder}), as a stream. Destroying the
 * file's stream (the HTTP client gone) destroys `sheet`, which closes its cursor; an error of
 * `sheet` or of the zip fails the file's stream.
 */
export function xlsxFile(
  sheet: Readable,
  settings: ExportSettings & { sheetName: string },
): Readable {
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(CONTENT_TYPES), "[Content_Types].xml");
  zip.addBuffer(Buffer.from(ROOT_RELATIONSHIPS), "_rels/.rels");
  zip.addBuffer(Buffer.from(workbookXml(settings.sheetName)), "xl/workbook.xml");
  zip.addBuffer(Buffer.from(WORKBOOK_RELATIONSHIPS), "xl/_rels/workbook.xml.rels");
  zip.addBuffer(Buffer.from(stylesXml(settings)), "xl/styles.xml");
  zip.addReadStream(sheet, "xl/worksheets/sheet1.xml");
  zip.end();
  const file = zip.outputStream as Readable;
  zip.on("error", (error: Error) => file.destroy(error));
  sheet.on("error", (error) => file.destroy(error));
  file.on("close", () => sheet.destroy());
  return file;
}

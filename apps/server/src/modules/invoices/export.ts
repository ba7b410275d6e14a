import type { Readable } from "node:stream";
import type { Language } from "@booking/db";
import { localDay } from "@booking/domain";
import { ZipFile } from "yazl";
import { type Column, columnsIn, type ExportSettings } from "../exports/columns.ts";
import { CSV_CONTENT_TYPE, csvEncoder } from "../exports/csv.ts";
import { encodedRows, type RowCursor } from "../exports/row-stream.ts";
import { sheetEncoder, XLSX_CONTENT_TYPE, xlsxFile } from "../exports/xlsx.ts";
import type { ConsoleInvoiceRow } from "./console-queries.ts";
import { consoleInvoiceView } from "./console-service.ts";
import { invoiceUbl } from "./files.ts";

// The console's export of a period's documents (issue 16 §1): the list as CSV or XLSX with the
// exports' writers, or every document's Peppol UBL in one ZIP for the accountant.

export type InvoiceExportFormat = "csv" | "xlsx" | "ubl-zip";

function invoiceColumns(language: Language, timezone: string): Column<ConsoleInvoiceRow>[] {
  const column = columnsIn<ConsoleInvoiceRow>(language);
  const view = (row: ConsoleInvoiceRow) => consoleInvoiceView(row);
  return [
    column("text", { fr: "Numéro", en: "Number" }, (row) => row.number),
    column("text", { fr: "Type", en: "Type" }, (row) =>
      row.type === "INVOICE"
        ? { fr: "Facture", en: "Invoice" }[language]
        : { fr: "Note de crédit", en: "Credit note" }[language],
    ),
    column("date", { fr: "Date", en: "Date" }, (row) => localDay(row.issued_at, timezone)),
    column("date", { fr: "Échéance", en: "Due date" }, (row) =>
      row.due_at ? localDay(row.due_at, timezone) : null,
    ),
    column("text", { fr: "Client", en: "Customer" }, (row) => row.snapshot.customer.fullname),
    column("text", { fr: "Société", en: "Company" }, (row) => row.snapshot.customer.company_name),
    column("text", { fr: "N° TVA", en: "VAT number" }, (row) => row.snapshot.customer.vat_number),
    column("text", { fr: "Communication", en: "Reference" }, (row) => row.cart_reference),
    column(
      "text",
      { fr: "Facture créditée", en: "Credited invoice" },
      (row) => row.credited_invoice_number,
    ),
    column("money", { fr: "Base HTVA", en: "Taxable" }, (row) => row.snapshot.taxable_amount),
    column("money", { fr: "TVA", en: "VAT" }, (row) => row.snapshot.vat_amount),
    column("money", { fr: "Total TVAC", en: "Total incl. VAT" }, (row) => row.total_amount),
    column("money", { fr: "Payé", en: "Paid" }, (row) => view(row).paid_amount),
    column(
      "money",
      { fr: "Reste à payer", en: "Outstanding" },
      (row) => view(row).outstanding_amount,
    ),
  ];
}

function arrayCursor<Row>(rows: Row[]): RowCursor<Row> {
  let next = 0;
  return {
    async read(count) {
      const batch = rows.slice(next, next + count);
      next += batch.length;
      return batch;
    },
    async close() {},
  };
}

function ublZip(rows: ConsoleInvoiceRow[]): Readable {
  const zip = new ZipFile();
  for (const row of rows) zip.addBuffer(Buffer.from(invoiceUbl(row.snapshot)), `${row.number}.xml`);
  zip.end();
  return zip.outputStream as Readable;
}

/** The file of `rows` in `format`, named after the organiser's day. */
export function invoiceExportFile(
  rows: ConsoleInvoiceRow[],
  format: InvoiceExportFormat,
  organiser: { language: Language; timezone: string; currency: string },
): { stream: Readable; contentType: string; fileName: string } {
  const title = organiser.language === "en" ? "invoices" : "factures";
  const day = localDay(new Date(), organiser.timezone);
  if (format === "ubl-zip") {
    return {
      stream: ublZip(rows),
      contentType: "application/zip",
      fileName: `${title}-ubl-${day}.zip`,
    };
  }
  const settings: ExportSettings = { language: organiser.language, currency: organiser.currency };
  const columns = invoiceColumns(organiser.language, organiser.timezone);
  const stream =
    format === "csv"
      ? encodedRows(arrayCursor(rows), csvEncoder(columns, settings))
      : xlsxFile(encodedRows(arrayCursor(rows), sheetEncoder(columns, settings)), {
          ...settings,
          sheetName: title,
        });
  return {
    stream,
    contentType: format === "csv" ? CSV_CONTENT_TYPE : XLSX_CONTENT_TYPE,
    fileName: `${title}-${day}.${format}`,
  };
}

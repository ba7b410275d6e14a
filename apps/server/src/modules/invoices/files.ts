import type { InvoiceSnapshot } from "@booking/domain";
import { toUbl } from "@booking/domain/e-invoicing/ubl";
import type { FastifyReply } from "fastify";
import { AppError } from "../../http/app-error.ts";
import { contentDisposition } from "../documents/routes.ts";
import { eInvoiceOf } from "./e-invoice-mapping.ts";
import { renderInvoicePdf } from "./pdf.ts";

/** An issued document and what its source has been paid by now. */
export interface InvoiceFile {
  number: string;
  snapshot: InvoiceSnapshot;
  paid: number;
}

/** A business customer's documents also exist as Peppol UBL: a company with a VAT number or Peppol id. */
export function hasUbl(row: { snapshot: InvoiceSnapshot }): boolean {
  const { customer } = row.snapshot;
  return (
    customer.company_name !== null && (customer.vat_number !== null || customer.peppol_id !== null)
  );
}

/** The document's Peppol BIS 3.0 UBL. */
export function invoiceUbl(snapshot: InvoiceSnapshot): string {
  return toUbl(eInvoiceOf(snapshot));
}

/**
 * Answers the PDF or (for a business customer's document; 404 otherwise) the UBL, drawn once the
 * transaction that read it has committed.
 */
export async function sendInvoiceFile(
  reply: FastifyReply,
  file: InvoiceFile,
  format: "pdf" | "ubl",
): Promise<FastifyReply> {
  const filename = file.number;
  if (format === "ubl") {
    if (!hasUbl(file)) throw new AppError("INVOICE_NOT_FOUND");
    return reply
      .header("content-type", "application/xml; charset=utf-8")
      .header("content-disposition", contentDisposition(filename, "xml"))
      .header("cache-control", "private, no-store")
      .send(invoiceUbl(file.snapshot));
  }
  return reply
    .header("content-type", "application/pdf")
    .header("content-disposition", contentDisposition(filename))
    .header("cache-control", "private, no-store")
    .send(await renderInvoicePdf(file));
}
